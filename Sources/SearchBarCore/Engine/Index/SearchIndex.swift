import Glibc
import Synchronization

/// A searchable collection of items: add, replace and remove them in batches while searches
/// run; every search sees one consistent snapshot.
///
/// Thread safety: every method may be called from any thread at any time. Writers (``add(_:)``,
/// ``remove(ids:)``) run one at a time and build outside the snapshot lock; searches never wait
/// for writers.
public final class SearchIndex: Sendable, ProcessBound {
    /// ``ForkWatch/generation`` when the index was made.
    public let forkGeneration = ForkWatch.generation
    /// The locale items and queries are folded for.
    public let locale: SearchLocale
    /// The match mode used when a search does not name one.
    public let defaultMode: MatchMode
    /// The fields stored and searched.
    public let fields: SearchFields
    /// True when item texts in Cyrillic, Greek, Armenian, Georgian, Hebrew, Arabic, Hangul,
    /// kana and Devanagari (and Han, as pinyin, under a `zh` locale) are also found by their
    /// Latin transliteration (see ``Transliteration``).
    public var transliterates: Bool { analysis.transliteration != nil }
    /// The most threads one search or batch of this index runs on (the process pool's threads,
    /// or fewer when the index was made with a lower `threads`).
    public var threadCount: Int { pool.threadCount }

    let analysis: ItemAnalysis
    let pool: ThreadPool
    /// A one-thread view of ``pool``, for building a small batch on the writer's thread alone:
    /// its parallel steps would otherwise offer help to the pool threads, waking them (and
    /// taking turns with a running search's help offers) for microseconds of work each.
    private let writerOnly: ThreadPool
    let cache = ResultCache()
    private let current = Mutex<Snapshot>(.empty)
    private let writer = Condition()
    private let attributeNames = Mutex<Set<String>>([])
    /// Items built or merged since the heap was last trimmed (writers and the merge add to it;
    /// a count lost to a race only moves a trim).
    private let builtSinceTrim = Atomic<Int>(0)
    let asyncSearches = AsyncSearches()
    /// The background merge's state (`SearchIndex+Merging`).
    let merges = MergeState()
    /// True when a build of this index may have left the analyzer's pooled word break memos
    /// filled for the next batch of a stream (`SegmentBuilder.build`'s `keepsBreakMemos`);
    /// ``forgetStreamMemos()`` empties them once adds pause.
    let keptBreakMemos = Atomic<Bool>(false)
    private let tuningValue = Mutex(SearchTuning())
    private let statisticsSum = Mutex(SearchStatistics())

    /// How this index's searches do their work (tests turn shortcuts off; see ``SearchTuning``).
    /// A search reads it once, when it starts.
    var tuning: SearchTuning {
        get { tuningValue.withLock { $0 } }
        set { tuningValue.withLock { $0 = newValue } }
    }

    /// The statistics of every search of this index so far, summed (see ``SearchStatistics``).
    var statistics: SearchStatistics { statisticsSum.withLock { $0 } }

    /// Adds one search's statistics to ``statistics``.
    func record(_ statistics: SearchStatistics) {
        guard statistics != SearchStatistics() else { return }
        statisticsSum.withLock { $0.add(statistics) }
    }

    /// Creates an empty index.
    /// - Parameters:
    ///   - locale: folding and collation locale (``SearchLocale/none`` for none).
    ///   - mode: the default match mode.
    ///   - fields: the fields to store and search (empty means all).
    ///   - threads: at most this many of the process pool's threads work on one search or batch
    ///     of this index; 0 means all of them. The index starts no thread of its own: every
    ///     index shares ``ProcessPool``, which starts on first use.
    ///   - transliterate: also index item texts in other scripts by their Latin
    ///     transliteration (``transliterates``).
    /// - Throws: ``SearchBarError/Code/invalidArgument`` for a negative thread count,
    ///   ``SearchBarError/Code/outOfMemory`` when the process pool could not start one thread, or
    ///   what ``Collator`` or ``ProcessPool/shared()`` throws.
    public convenience init(
        locale: SearchLocale = .none, mode: MatchMode = .prefix, fields: SearchFields = .all, threads: Int = 0,
        transliterate: Bool = false
    ) throws(SearchBarError) {
        try self.init(locale: locale, mode: mode, fields: fields, threads: threads, transliterate: transliterate, on: nil)
    }

    /// An empty index on `base`'s threads rather than the process pool's (nil: the process
    /// pool); tests give it a pool of their own.
    init(
        locale: SearchLocale = .none, mode: MatchMode = .prefix, fields: SearchFields = .all, threads: Int = 0,
        transliterate: Bool = false, on base: ThreadPool?
    ) throws(SearchBarError) {
        guard threads >= 0 else { throw .invalidArgument("threads is \(threads); it must be 0 (one per core) or more") }
        guard threads <= 256 else { throw .invalidArgument("threads is \(threads); at most 256 are allowed") }
        self.locale = locale
        defaultMode = mode
        self.fields = fields.isEmpty ? .all : fields.intersection(.all)
        analysis = ItemAnalysis(
            analyzer: AnalyzerCache.shared.analyzer(for: locale), collator: try Collator(locale: locale),
            fields: self.fields, transliteration: transliterate ? Transliteration(locale: locale) : nil)
        let shared: ThreadPool
        if let base { shared = base } else { shared = try ProcessPool.shared() }
        pool = ThreadPool(sharing: shared, limit: threads)
        writerOnly = ThreadPool(sharing: pool, limit: 1)
    }

    deinit {
        asyncSearches.cancelAll()
        // A queued merge task holds the index weakly and finds it gone; a running one holds it,
        // so this does not run meanwhile.
        merges.condition.withLock { merges.closed = true }
        forgetStreamMemos()
    }

    /// The number of live items.
    public var count: Int { current.withLock { $0.liveCount } }

    /// The current snapshot.
    var snapshot: Snapshot { current.withLock { $0 } }

    /// The fields searched, in rank order.
    var searchedFields: [SearchField] { SearchField.allCases.filter { fields.includes($0) } }

    // MARK: - Writing

    /// Adds items; an item whose id is already present replaces it (within the batch, the last
    /// one with an id wins). Searches running meanwhile see the index before or after the whole
    /// batch, never part of it.
    public func add(_ items: [IndexItem]) {
        guard !items.isEmpty else { return }
        let batch = Self.deduplicated(items)
        let names = Set(batch.flatMap { $0.attributes.map(\.name) })
        writer.withLock {
            var built: [Segment] = []
            for group in Self.groups(batch) {
                let small = group.count <= SegmentBuilder.chunkSize
                built.append(
                    SegmentBuilder.build(group, analysis: analysis, pool: small ? writerOnly : pool, keepsBreakMemos: true))
            }
            keptBreakMemos.store(true, ordering: .relaxed)
            analysis.transliteration?.forgetWords()
            let base = snapshot
            var views = base.segments
            // Tombstone the older copies of replaced ids.
            let ids = batch.map(\.id)
            views = Self.tombstoning(ids, in: views)
            views.append(contentsOf: built.map(SegmentView.init))
            let (busy, folds) = merges.condition.withLock { (merges.busy, merges.foldsWriterDelta && !merges.paused) }
            if folds { views = Self.foldingDelta(views, busy: busy) }
            views = MergePolicy.capped(views, busy: busy, pool: pool)
            if !names.isEmpty { attributeNames.withLock { $0.formUnion(names) } }
            publish(Snapshot(version: base.version &+ 1, segments: views), built: batch.count)
        }
        noteWrite()
    }

    /// Adds `count` items made on demand by `item(k)` for k in 0..<count, called from the
    /// executor's threads (so it must be thread-safe); their ids must ascend strictly and must not
    /// be in the index yet. Saves holding every item at once (a host streaming millions of rows).
    /// - Throws: ``SearchBarError/Code/invalidArgument`` when an id does not ascend (nothing is
    ///   added then).
    public func add(count: Int, item: @escaping @Sendable (Int) -> IndexItem) throws(SearchBarError) {
        try add(builtFrom: count, item)
    }

    /// ``add(count:item:)`` of items whose texts are UTF-8 read in place (``UTF8Item``: no
    /// `String` is made per text), with the same checks and result.
    public func add(count: Int, utf8Item: @escaping @Sendable (Int) -> UTF8Item) throws(SearchBarError) {
        try add(builtFrom: count, utf8Item)
    }

    /// ``add(count:item:)`` for either kind of item.
    private func add<Item: AnalyzableItem>(builtFrom count: Int, _ item: @escaping @Sendable (Int) -> Item)
        throws(SearchBarError)
    {
        guard count > 0 else { return }
        let failure = writer.withLock { () -> SearchBarError? in
            let segment = SegmentBuilder.build(
                count: count, item: item, analysis: analysis, pool: pool, keepsBreakMemos: true)
            keptBreakMemos.store(true, ordering: .relaxed)
            analysis.transliteration?.forgetWords()
            for k in 1..<max(segment.count, 1) where segment.ids[k - 1] >= segment.ids[k] {
                return .invalidArgument("ids must ascend strictly; id \(segment.ids[k]) follows \(segment.ids[k - 1])")
            }
            let base = snapshot
            if let clash = base.firstLive(among: segment.ids) {
                return .invalidArgument("id \(clash) is already in the index")
            }
            var views = base.segments
            views.append(SegmentView(segment))
            views = MergePolicy.capped(views, busy: busySegments, pool: pool)
            publish(Snapshot(version: base.version &+ 1, segments: views), built: segment.count)
            return nil
        }
        if let failure { throw failure }
        noteWrite()
    }

    /// Removes the items with these ids (unknown ids are ignored). Returns how many were removed.
    @discardableResult
    public func remove(ids: [UInt64]) -> Int {
        guard !ids.isEmpty else { return 0 }
        let removed = writer.withLock {
            let base = snapshot
            var views = Self.tombstoning(ids, in: base.segments)
            let removed = base.liveCount - views.reduce(0) { $0 + $1.liveCount }
            guard removed > 0 else { return 0 }
            views = MergePolicy.capped(views, busy: busySegments, pool: pool)
            publish(Snapshot(version: base.version &+ 1, segments: views))
            return removed
        }
        if removed > 0 { noteWrite() }
        return removed
    }

    /// Removes every item.
    public func removeAll() {
        cancelRunningMerge()
        writer.withLock {
            let base = snapshot
            publish(Snapshot(version: base.version &+ 1, segments: []))
        }
    }

    /// The item with this id as it was added, or nil: its texts as given (a field the index
    /// does not store is ""), its scope, its weight at `Float` precision (as it ranks), and its
    /// attributes with text values folded (as filters compare them).
    public func item(id: UInt64) -> IndexItem? {
        let snapshot = self.snapshot
        guard let (s, local) = snapshot.locate(id) else { return nil }
        return snapshot.segments[s].segment.item(local)
    }

    /// Items built between two trims of the heap: a trim walks the whole heap under the
    /// allocator's locks, which a host writing small batches many times a second paid per batch,
    /// and the pages it gives back fault in again at the next build. Items a merge copies count
    /// too: a run of merges trims when it is done and its inputs are freed
    /// (``trimAfter(built:)``).
    static let itemsPerTrim = 1 << 18

    /// Makes `snapshot` the current one; `built` items were just built for it.
    private func publish(_ snapshot: Snapshot, built: Int = 0) {
        current.withLock { $0 = snapshot }
        trimAfter(built: built)
    }

    /// Counts `built` items built or merged; once ``itemsPerTrim`` have been since the last trim,
    /// gives the pages their many freed allocations left back to the system: on the calling
    /// thread, or with `onPool` as a task of the pool. The background merge thread passes
    /// `onPool`: a trim holds each allocator arena's lock while it walks it, and preempted at
    /// that thread's lowest priority it would stall every thread that allocates, searches
    /// included.
    func trimAfter(built: Int, onPool: Bool = false) {
        let total = builtSinceTrim.add(built, ordering: .relaxed).newValue
        if total >= Self.itemsPerTrim {
            builtSinceTrim.store(0, ordering: .relaxed)
            if onPool {
                pool.submit { MemoryTrim.release() }
            } else {
                MemoryTrim.release()
            }
        }
    }

    /// Replaces the contents with `segments` (an index file just read): the first snapshot of
    /// a new index, before any other call can see it.
    func install(_ segments: [SegmentView]) {
        cancelRunningMerge()
        writer.withLock {
            let names = segments.flatMap { $0.segment.attributes.names }
            if !names.isEmpty { attributeNames.withLock { $0.formUnion(names) } }
            let base = snapshot
            publish(Snapshot(version: base.version &+ 1, segments: segments))
        }
    }

    /// Empties the analyzer's pooled word break memos that this index's builds kept for the
    /// next batch of a stream; returns whether there were any to empty. Called when a full merge
    /// finds the adds paused and when the index goes away: a stream's batches break the same
    /// Thai and CJK words again and again, and relearning them from ICU at every batch cost each
    /// batch what one large build pays once, while memos kept for the analyzer's (the process's)
    /// life would stay resident after the stream.
    @discardableResult
    func forgetStreamMemos() -> Bool {
        guard keptBreakMemos.exchange(false, ordering: .relaxed) else { return false }
        analysis.analyzer.forgetBreakMemos()
        return true
    }

    /// Runs `body` as the only writer.
    func withWriterLock<T>(_ body: () -> T) -> T { writer.withLock(body) }

    /// Publishes a snapshot a merge made (the writer lock held): the same items as the current one.
    func publishMerged(_ snapshot: Snapshot) { current.withLock { $0 = snapshot } }

    /// The serials of the segments the background merge is folding (an add must not merge them).
    private var busySegments: Set<UInt64> { merges.condition.withLock { merges.busy } }

    /// True when some item has an attribute with this name.
    func hasAttribute(_ name: String) -> Bool { attributeNames.withLock { $0.contains(name) } }

    /// The batch sorted by id, keeping the last item of each id.
    static func deduplicated(_ items: [IndexItem]) -> [IndexItem] {
        let order = items.indices.sorted { a, b in
            items[a].id != items[b].id ? items[a].id < items[b].id : a < b
        }
        var result: [IndexItem] = []
        result.reserveCapacity(items.count)
        for (k, index) in order.enumerated() {
            if k + 1 < order.count && items[order[k + 1]].id == items[index].id { continue }
            result.append(items[index])
        }
        return result
    }

    /// Splits a sorted batch so that no segment's text arena passes 1 GiB.
    static func groups(_ batch: [IndexItem]) -> [[IndexItem]] {
        let limit = 1 << 30
        var groups: [[IndexItem]] = []
        var start = 0
        var bytes = 0
        for (i, item) in batch.enumerated() {
            let size = item.title.utf8.count + item.subtitle.utf8.count + item.keywords.utf8.count
            if bytes + size > limit && i > start {
                groups.append(Array(batch[start..<i]))
                start = i
                bytes = 0
            }
            bytes += size
        }
        if start < batch.count { groups.append(Array(batch[start...])) }
        return groups
    }

    /// The views with every live copy of `ids` marked dead.
    static func tombstoning(_ ids: [UInt64], in views: [SegmentView]) -> [SegmentView] {
        var dead = [[Int]](repeating: [], count: views.count)
        for id in ids {
            for s in views.indices.reversed() {
                if let local = views[s].segment.localIndex(of: id), views[s].isLive(local) {
                    dead[s].append(local)
                    break
                }
            }
        }
        return views.indices.map { views[$0].deleting(dead[$0]) }
    }
}
