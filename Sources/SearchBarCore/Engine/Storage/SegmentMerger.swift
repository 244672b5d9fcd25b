/// Merges segments into one, keeping only live items: texts and attributes are copied, term ids
/// remapped into one sorted vocabulary, and postings joined from the inputs' (inputs of
/// consecutive items, as streamed batches make) or rebuilt from the forward index. No text is
/// analysed again, and nothing the inputs hold sorted is sorted again: the vocabulary, the
/// title byte order and the rank-key order are merged from the inputs' (``SortedRuns``), and
/// the per-item presence masks and character postings are carried over, so a merge costs
/// little more than copying.
enum SegmentMerger {
    /// One segment made of the live items of `views` (ids must be unique across live items), or
    /// nil when `cancellation` was set before the merge was done (it is checked between steps:
    /// after the id order, the item map, and on one thread between the steps run as tasks, so
    /// freeing an index, or a host taking over, waits at most for one of those steps of a
    /// background merge, or for the merged segment's derivations).
    /// With a `pool` (a caller that waits for the merge), its independent steps run in parallel
    /// on it (the vocabulary and the title order, the longest, beside the columns); without one
    /// (the background merge), all on the calling thread.
    static func merge(_ views: [SegmentView], cancellation: CancellationFlag? = nil, pool: ThreadPool? = nil)
        -> Segment?
    {
        // Live items in id order, and each input item's index in the merged segment.
        // (A merge's largest array: in pages of its own, and sorted only when the inputs' ids do
        // not follow one another, as a stream's batches' do.)
        // The live items counted as the gather below finds them, so its writes fill the column.
        let live = views.reduce(0) { total, view in
            total + (view.deleted == nil ? view.segment.count : (0..<view.segment.count).count(where: view.isLive))
        }
        let order = Column<Entry>.filled(count: live) { order in
            var n = 0
            for (v, view) in views.enumerated() {
                for i in 0..<view.segment.count where view.isLive(i) {
                    (order.base + n).initialize(to: (view.segment.ids[i], Int32(v), UInt32(i)))
                    n += 1
                }
            }
            var entries = UnsafeMutableBufferPointer(start: order.base, count: n)
            if !entries.isEmpty, zip(entries.dropLast(), entries.dropFirst()).contains(where: { $0.id >= $1.id }) {
                entries.sort { $0.id < $1.id }
            }
        }
        if let cancellation, cancellation.isCancelled { return nil }
        // (Per input, in pages of their own when large, as the maps of its terms.)
        var inputStarts = [0]
        for view in views { inputStarts.append(inputStarts[inputStarts.count - 1] + view.segment.count) }
        let mergedIndex = Column<UInt32>.split(counts: views.map(\.segment.count)) { index in
            index.base.initialize(repeating: dropped, count: inputStarts[views.count])
            for (n, entry) in order.enumerated() {
                index[inputStarts[Int(entry.view)] + Int(entry.local)] = UInt32(truncatingIfNeeded: n)
            }
        }

        if let cancellation, cancellation.isCancelled { return nil }

        // Columns, each gathered in one pass through raw views of the inputs (no reference
        // counted per item) into an array of its exact size, and the sorted structures merged
        // from the inputs'; independent steps are tasks that run in parallel on `pool` when
        // there is one.
        let count = order.count
        let segments = views.map(\.segment)
        let ids = Column<UInt64>.generated(count: count) { order[$0].id }
        let fields = SlotArray<(patches: ByteArena, folded: ByteArena)>(count: 3)
        let index = SlotArray<MergedIndex>(count: 1)
        let keys = SlotArray<(presence: Column<UInt64>, scopes: Column<UInt32>, weights: Column<UInt32>)>(count: 1)
        let chars = SlotArray<CharPostings>(count: 1)
        let titles = SlotArray<Column<UInt32>>(count: 1)
        let rankKeys = SlotArray<(keys: Column<UInt64>, order: Column<UInt32>)>(count: 1)
        let mapped = mergedIndex
        var tasks: [@Sendable () -> Void] = [
            {
                // The vocabulary, then the forward index and postings carried over or rebuilt from it.
                let (vocabulary, maps) = mergedVocabulary(views, pool: pool)
                if let cancellation, cancellation.isCancelled { return }
                let termCount = vocabulary.count
                let punctuated = punctuatedTerms(segments, maps)
                if let carried = carriedIndex(order, segments, maps, mapped, termCount: termCount, pool: pool) {
                    index[0] = MergedIndex(
                        vocabulary: vocabulary, punctuatedTerms: punctuated, offsets: carried.offsets,
                        forward: carried.forward, postings: carried.postings)
                    return
                }
                let (offsets, forward) = gatherForward(order, segments, maps)
                let (postingOffsets, postings) = buildPostings(forward, offsets, termCount: termCount)
                index[0] = MergedIndex(
                    vocabulary: vocabulary, punctuatedTerms: punctuated, offsets: offsets, forward: NarrowArray(forward),
                    postings: PostingLists.encoded(
                        offsets: NarrowArray(postingOffsets), values: NarrowArray(postings), itemCount: count, pool: pool))
            },
            // The title byte order, merged from the inputs', read through the inputs' columns
            // (so it needs no gathered column); the rank keys gathered, and their order merged.
            { titles[0] = titleOrder(views, mapped, order, cancellation: cancellation) },
            {
                let keys = segments.map(\.rankKeys).withUnsafeBufferPointer { columns in
                    Column<UInt64>.generated(count: count) { columns[Int(order[$0].view)][Int(order[$0].local)] }
                }
                rankKeys[0] = (keys, rankKeyOrderMerged(views, mapped, keys))
            },
            {
                let presence = segments.map(\.presence).withUnsafeBufferPointer { columns in
                    Column<UInt64>.generated(count: count) { columns[Int(order[$0].view)].compactKey(Int(order[$0].local)) }
                }
                var scopes = Column<UInt32>(), weights = Column<UInt32>()
                if segments.contains(where: { !$0.scopes.isEmpty }) {
                    scopes = Column<UInt32>.generated(count: count) { segments[Int(order[$0].view)].scope(Int(order[$0].local)) }
                }
                if segments.contains(where: { !$0.weightKeys.isEmpty }) {
                    weights = Column<UInt32>.generated(count: count) { segments[Int(order[$0].view)].weightKey(Int(order[$0].local)) }
                }
                keys[0] = (presence, scopes, weights)
            },
            // What a segment derives per item is carried over, not derived again.
            { chars[0] = CharPostings.merged(segments.map(\.charPostings), mapped, dropped: dropped) },
        ]
        for f in 0..<3 where segments.contains(where: { !$0.folded[f].isBlank || !$0.originalPatches[f].isBlank }) {
            tasks.append {
                fields[f] = (
                    gatherTexts(order, segments.map { $0.originalPatches[f] }).blankIfEmpty(),
                    gatherTexts(order, segments.map { $0.folded[f] }).blankIfEmpty()
                )
            }
        }
        run(tasks, pool: pool, cancellation: cancellation)
        if let cancellation, cancellation.isCancelled { return nil }
        var attributes = AttributeTable(itemCount: count)
        if segments.contains(where: { !$0.attributes.names.isEmpty }) {
            attributes = AttributeTable()
            for entry in order { attributes.append(from: segments[Int(entry.view)].attributes, item: Int(entry.local)) }
        }
        var runExceptions: [UInt32] = []
        for (v, segment) in segments.enumerated() {
            for i in segment.runExceptions where mergedIndex[v][Int(i)] != dropped { runExceptions.append(mergedIndex[v][Int(i)]) }
        }
        runExceptions.sort()
        let originalPatches = (0..<3).map { fields[$0]?.patches ?? ByteArena() }
        let folded = (0..<3).map { fields[$0]?.folded ?? ByteArena() }
        guard let built = index.remove(0), let columns = keys.remove(0), let charPostings = chars.remove(0),
            let titleOrder = titles.remove(0), let rankKeys = rankKeys.remove(0)
        else { return nil }
        let sortedOrders = (titles: titleOrder, rankKeys: rankKeys.order)
        let carried = (
            presence: columns.presence, charPostings: charPostings, punctuatedTerms: built.punctuatedTerms
        )
        return Segment(
            ids: ItemIDs(ids), scopes: columns.scopes, weightKeys: columns.weights,
            rankKeys: rankKeys.keys, originalPatches: originalPatches, folded: folded,
            forwardOffsets: NarrowArray(built.offsets), forward: built.forward, forwardIsNarrowest: true,
            vocabulary: built.vocabulary,
            postings: built.postings, attributes: attributes,
            runExceptions: runExceptions,
            pool: pool, sortedOrders: sortedOrders, carried: carried)
    }

    /// The merged segment's vocabulary and the structures made with its term ids.
    struct MergedIndex: Sendable {
        /// The union of the inputs' vocabularies, sorted.
        var vocabulary: ByteArena
        /// Its ``PunctuatedTerms``.
        var punctuatedTerms: [UInt32]
        /// Per item, the start of its forward entries, plus the end.
        var offsets: Column<UInt32>
        /// The forward entries, in as few bits as the greatest needs.
        var forward: NarrowArray
        /// The postings.
        var postings: PostingLists
    }

    /// Runs `tasks`, in parallel on `pool` when there is one, else one after another until
    /// `cancellation` is set (the caller then finds results missing and checks the flag).
    private static func run(_ tasks: [@Sendable () -> Void], pool: ThreadPool?, cancellation: CancellationFlag?) {
        guard let pool else {
            for task in tasks {
                if let cancellation, cancellation.isCancelled { return }
                task()
            }
            return
        }
        pool.forEach(tasks.count) { tasks[$0]() }
    }

    /// An item of the merged segment: its id, its input and its index there.
    typealias Entry = (id: UInt64, view: Int32, local: UInt32)

    /// Per entry of `order`, its value in its input's column (each input's column as long as
    /// the input; the views keep the columns alive).
    private static func gather<T>(_ order: Column<Entry>, _ columns: [Column<T>]) -> [T] {
        let bases = columns.map { $0.withUnsafeBufferPointer { $0.baseAddress } }
        return bases.withUnsafeBufferPointer { bases in
            order.map { bases[Int($0.view)].unsafelyUnwrapped[Int($0.local)] }
        }
    }

    /// Per entry of `order`, its text in its input's arena, end to end: sizes first, then one
    /// copy into an arena of the exact size, texts that lie end to end in their input (an
    /// input's consecutive live items) copied in one piece.
    private static func gatherTexts(_ order: Column<Entry>, _ arenas: [ByteArena]) -> ByteArena {
        let raws = arenas.map(RawArena.init)
        return raws.withUnsafeBufferPointer { raws in
            var total = 0
            for entry in order { total += raws[Int(entry.view)].text(Int(entry.local)).count }
            guard total > 0 else { return ByteArena(bytes: [], offsets: [UInt32](repeating: 0, count: order.count + 1)) }
            var offsets = Column<UInt32>()
            let bytes = Column<UInt8>.filled(count: total) { bytes in
                offsets = Column<UInt32>.filled(count: order.count + 1) { offsets in
                    offsets[0] = 0
                    // The source bytes not copied yet: texts that follow one another there.
                    var (pending, pendingCount) = (UnsafePointer<UInt8>(bitPattern: 0), 0)
                    var at = 0
                    for (n, entry) in order.enumerated() {
                        let text = raws[Int(entry.view)].text(Int(entry.local))
                        if let source = text.baseAddress, text.count > 0 {
                            if let start = pending, start + pendingCount == source {
                                pendingCount += text.count
                            } else {
                                if let start = pending {
                                    (bytes.base + at - pendingCount).initialize(from: start, count: pendingCount)
                                }
                                (pending, pendingCount) = (source, text.count)
                            }
                        }
                        at += text.count
                        offsets[n + 1] = UInt32(truncatingIfNeeded: at)
                    }
                    if let start = pending { (bytes.base + at - pendingCount).initialize(from: start, count: pendingCount) }
                }
            }
            return ByteArena(bytes: bytes, offsets: offsets)
        }
    }

    /// The forward offsets and entries of the entries of `order`, term ids mapped by `maps`.
    static func gatherForward(_ order: Column<Entry>, _ segments: [Segment], _ maps: [Column<UInt32>])
        -> (offsets: Column<UInt32>, forward: [UInt32])
    {
        let offsets = forwardOffsets(order, segments)
        let total = Int(offsets[order.count])
        guard total > 0 else { return (offsets, []) }
        let forward = [UInt32].filled(count: total) { forward in
            mapForward(order, segments, maps) { forward[$0] = $1 }
        }
        return (offsets, forward)
    }

    /// The forward offsets of the entries of `order`: their inputs' entry counts, summed.
    static func forwardOffsets(_ order: Column<Entry>, _ segments: [Segment]) -> Column<UInt32> {
        let starts = segments.map(\.forwardOffsets.reader)
        return starts.withUnsafeBufferPointer { starts in Column<UInt32>.filled(count: order.count + 1) { offsets in
            offsets[0] = 0
            var total = 0
            for (n, entry) in order.enumerated() {
                let (from, local) = (starts[Int(entry.view)], Int(entry.local))
                total += Int(from[local + 1] &- from[local])
                offsets[n + 1] = UInt32(truncatingIfNeeded: total)
            }
        } }
    }

    /// Calls `write(k, entry)` for the forward entries of `order`, one after another (k from
    /// 0), their term ids mapped by `maps`.
    @inline(__always)
    static func mapForward(_ order: Column<Entry>, _ segments: [Segment], _ maps: [Column<UInt32>], _ write: (Int, UInt32) -> Void) {
        let starts = segments.map(\.forwardOffsets.reader)
        let readers = segments.map(\.forward.reader)
        let mapBases = maps.map { $0.withUnsafeBufferPointer { $0.baseAddress } }
        starts.withUnsafeBufferPointer { starts in
            readers.withUnsafeBufferPointer { readers in
                mapBases.withUnsafeBufferPointer { mapBases in
                    var at = 0
                    for entry in order {
                        let v = Int(entry.view)
                        let (from, local) = (starts[v], Int(entry.local))
                        let (reader, map) = (readers[v], mapBases[v].unsafelyUnwrapped)
                        for k in Int(from[local])..<Int(from[local + 1]) {
                            let value = reader[k]
                            write(at, map[Int(value & Segment.termMask)] | (value & ~Segment.termMask))
                            at += 1
                        }
                    }
                }
            }
        }
    }

    /// The merged vocabulary's ``PunctuatedTerms``: the inputs', mapped to merged ids (whether a
    /// term is punctuated depends on its bytes alone, and the merged vocabulary is the union of
    /// the inputs', dead items' terms included), ascending, each once.
    static func punctuatedTerms(_ segments: [Segment], _ maps: [Column<UInt32>]) -> [UInt32] {
        var ids: [UInt32] = []
        ids.reserveCapacity(segments.reduce(0) { $0 + $1.punctuatedTerms.count })
        for (segment, map) in zip(segments, maps) {
            for t in segment.punctuatedTerms { ids.append(map[Int(t)]) }
        }
        ids.sort()
        var unique = 0
        for k in ids.indices where unique == 0 || ids[unique - 1] != ids[k] {
            ids[unique] = ids[k]
            unique += 1
        }
        ids.removeLast(ids.count - unique)
        return ids
    }

    /// ``mergedIndex``'s value for an item that is not merged (dead).
    static let dropped = UInt32.max

    /// Input terms from which ``mergedVocabulary(_:pool:parallelTerms:)`` splits the merge among
    /// a pool's threads.
    static let parallelVocabularyTerms = 1 << 16

    /// The union of the inputs' sorted vocabularies, sorted, and per input the merged id of
    /// each of its terms. With a `pool` and `parallelTerms` input terms or more, they are cut
    /// into ranges at terms of the largest input (every input's terms below the first cut, then
    /// below the next, ...), merged in parallel and joined.
    static func mergedVocabulary(
        _ views: [SegmentView], pool: ThreadPool? = nil, parallelTerms: Int = parallelVocabularyTerms
    ) -> (ByteArena, [Column<UInt32>]) {
        mergedVocabulary(views.map(\.segment.vocabulary), pool: pool, parallelTerms: parallelTerms)
    }

    /// ``mergedVocabulary(_:pool:parallelTerms:)-([SegmentView],_,_)`` of the vocabularies
    /// themselves.
    static func mergedVocabulary(
        _ vocabularies: [ByteArena], pool: ThreadPool? = nil, parallelTerms: Int = parallelVocabularyTerms
    ) -> (ByteArena, [Column<UInt32>]) {
        let raw = vocabularies.map(RawArena.init)
        // Every input's map in one buffer (input r's from mapStarts[r]).
        var mapStarts = [0]
        for vocabulary in vocabularies { mapStarts.append(mapStarts[mapStarts.count - 1] + vocabulary.count) }
        let inputStrings = mapStarts[vocabularies.count]
        let bounds = vocabularyCuts(raw, parts: inputStrings >= parallelTerms ? min(pool?.threadCount ?? 1, 8) : 1)
        let parts = bounds.count - 1
        // Every input term's merged id, the ranges' terms and the merged vocabulary in pages of
        // their own when large (a merge's temporaries would otherwise stay at the top of its
        // thread's allocator arena).
        return PageBuffer.withScratch(UInt32.self, count: max(inputStrings, 1)) { flat -> (ByteArena, [Column<UInt32>]) in
            flat.initialize(repeating: 0)
            let results = SlotArray<(bytes: Column<UInt8>, offsets: Column<UInt32>)>(count: parts)
            withExtendedLifetime(vocabularies) {
                let (ids, starts) = (SharedPointer(flat.baseAddress.unsafelyUnwrapped), mapStarts)
                let body: @Sendable (Int) -> Void = { p in
                    results[p] = mergedTerms(raw, from: bounds[p], to: bounds[p + 1], mapStarts: starts, ids: ids)
                }
                if parts > 1, let pool { pool.forEach(parts, body) } else { body(0) }
            }
            var merged: ByteArena
            if parts == 1, let only = results.remove(0) {
                merged = ByteArena(bytes: only.bytes, offsets: only.offsets)
            } else {
                // The ranges end to end; each range's ids move up by the terms of the ranges before.
                let ranges = (0..<parts).map { results.remove($0) ?? (Column(), Column([0])) }
                var offsets = Column<UInt32>()
                let bytes = Column<UInt8>.filled(count: ranges.reduce(0) { $0 + $1.bytes.count }) { bytes in
                    offsets = Column<UInt32>.filled(count: ranges.reduce(1) { $0 + $1.offsets.count - 1 }) { offsets in
                        offsets[0] = 0
                        var (byteCount, termCount) = (0, 0)
                        for (p, range) in ranges.enumerated() {
                            let (byteBase, idBase) = (UInt32(truncatingIfNeeded: byteCount), UInt32(truncatingIfNeeded: termCount))
                            range.bytes.withUnsafeBufferPointer { source in
                                if let from = source.baseAddress, source.count > 0 {
                                    (bytes.base + byteCount).initialize(from: from, count: source.count)
                                }
                                byteCount += source.count
                            }
                            for k in 1..<range.offsets.count { offsets[termCount + k] = byteBase &+ range.offsets[k] }
                            termCount += range.offsets.count - 1
                            guard p > 0 else { continue }
                            for r in vocabularies.indices {
                                for j in bounds[p][r]..<bounds[p + 1][r] { flat[mapStarts[r] + j] &+= idBase }
                            }
                        }
                    }
                }
                merged = ByteArena(bytes: bytes, offsets: offsets)
            }
            merged.shrink()
            let maps = Column<UInt32>.split(counts: (0..<vocabularies.count).map { mapStarts[$0 + 1] - mapStarts[$0] }) { maps in
                maps.base.initialize(from: flat.baseAddress.unsafelyUnwrapped, count: inputStrings)
            }
            return (merged, maps)
        }
    }

    /// Where `parts` ranges of the merged vocabulary start in each input (`cuts[p][r]`, from
    /// all 0 to every input's count): at the terms of the largest input at even steps, each
    /// input cut before its first term not below that term (so equal terms share a range).
    /// One range when there are no terms.
    private static func vocabularyCuts(_ raw: [RawArena], parts: Int) -> [[Int]] {
        var cuts = [raw.map { _ in 0 }]
        if parts > 1, let largest = raw.indices.max(by: { raw[$0].count < raw[$1].count }), raw[largest].count > 0 {
            for p in 1..<parts {
                let pivot = raw[largest].text(raw[largest].count * p / parts)
                cuts.append(raw.indices.map { r in
                    let below = lowerBound(in: 0..<raw[r].count) { ByteOrder.compare(raw[r].text($0), pivot) < 0 }
                    // A hostile file's unsorted vocabulary must still give ranges that follow on.
                    return max(below, cuts[p - 1][r])
                })
            }
        }
        cuts.append(raw.map(\.count))
        return cuts
    }

    /// A run's head in ``mergedTerms(_:from:to:mapStarts:ids:)``: its index, its text and the
    /// text's leading bytes, read once per head.
    private struct VocabularyHead {
        /// The head's index in its input's vocabulary.
        var index = 0
        /// The head term's bytes.
        var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        /// The head term's leading bytes.
        var key = LeadingBytes(UnsafeBufferPointer(start: nil, count: 0))
    }

    /// The union of the inputs' terms `from[r]..<to[r]`, sorted (bytes and offsets from 0),
    /// each input term's id in it written at `ids[mapStarts[r] + index]`. The terms are written
    /// through raw pointers into columns of the range's total size, trimmed to what they hold.
    private static func mergedTerms(
        _ raw: [RawArena], from: [Int], to: [Int], mapStarts: [Int], ids: SharedPointer<UInt32>
    ) -> (bytes: Column<UInt8>, offsets: Column<UInt32>) {
        let inputStrings = raw.indices.reduce(0) { $0 + to[$1] - from[$1] }
        // The terms' own lengths, not offset differences: offsets read from a hostile file may
        // make terms overlap, and the buffer below must hold every term as copied.
        let inputBytes = raw.indices.reduce(0) { total, r in total + (from[r]..<to[r]).reduce(0) { $0 + raw[r].text($1).count } }
        var heads = raw.indices.map { VocabularyHead(index: from[$0]) }
        var offsets = Column<UInt32>()
        let bytes = Column<UInt8>.uninitialized(capacity: inputBytes) { bytes in
            var byteCount = 0
            offsets = Column<UInt32>.uninitialized(capacity: inputStrings + 1) { offsets in
                offsets[0] = 0
                var offsetCount = 1
                raw.withUnsafeBufferPointer { raw in
                    heads.withUnsafeMutableBufferPointer { heads in
                        var last = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                        var lastKey = LeadingBytes(last)
                        var any = false
                        /// The order of two terms of equal leading bytes: by length alone when
                        /// both are that short.
                        @inline(__always) func compareTail(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
                            -> Int
                        {
                            a.count <= LeadingBytes.width && b.count <= LeadingBytes.width
                                ? a.count - b.count : ByteOrder.compare(a, b)
                        }
                        SortedRuns.merge(
                            raw.count, isEmpty: { from[$0] >= to[$0] },
                            key: { r in
                                let text = raw[r].text(heads[r].index)
                                let key = LeadingBytes(text)
                                (heads[r].text, heads[r].key) = (text, key)
                                return key
                            },
                            tie: { a, b in
                                let order = compareTail(heads[a].text, heads[b].text)
                                return order != 0 ? order < 0 : a < b
                            },
                            take: { r in
                                let (term, key) = (heads[r].text, heads[r].key)
                                // Equal terms come together; differing leading bytes settle it.
                                if !any || key != lastKey || compareTail(last, term) != 0 {
                                    if let source = term.baseAddress, term.count > 0 {
                                        (bytes + byteCount).initialize(
                                            from: source, count: term.count)
                                    }
                                    byteCount += term.count
                                    offsets[offsetCount] = UInt32(truncatingIfNeeded: byteCount)
                                    offsetCount += 1
                                }
                                (last, lastKey, any) = (term, key, true)
                                ids[mapStarts[r] + heads[r].index] = UInt32(truncatingIfNeeded: offsetCount - 2)
                                heads[r].index += 1
                                return heads[r].index == to[r]
                            })
                    }
                }
                return offsetCount
            }
            return byteCount
        }
        return (bytes, offsets)
    }

    /// Postings (one per item and term, ascending items) from a forward index.
    static func buildPostings<Offsets: RandomAccessCollection<UInt32>>(
        _ forward: [UInt32], _ forwardOffsets: Offsets, termCount: Int
    ) -> (offsets: [UInt32], postings: [UInt32]) where Offsets.Index == Int {
        let itemCount = forwardOffsets.count - 1
        var counts = [UInt32](repeating: 0, count: termCount + 1)
        var last = [Int32](repeating: -1, count: termCount)
        for i in 0..<itemCount {
            for k in Int(forwardOffsets[i])..<Int(forwardOffsets[i + 1]) {
                let t = Int(forward[k] & Segment.termMask)
                if last[t] != Int32(truncatingIfNeeded: i) {
                    last[t] = Int32(truncatingIfNeeded: i)
                    counts[t] &+= 1
                }
            }
        }
        var offsets = [UInt32](repeating: 0, count: termCount + 1)
        var running: UInt32 = 0
        for t in 0..<termCount {
            offsets[t] = running
            running &+= counts[t]
        }
        offsets[termCount] = running
        var fill = offsets
        var postings = [UInt32](repeating: 0, count: Int(running))
        for t in 0..<termCount { last[t] = -1 }
        for i in 0..<itemCount {
            for k in Int(forwardOffsets[i])..<Int(forwardOffsets[i + 1]) {
                let t = Int(forward[k] & Segment.termMask)
                if last[t] != Int32(truncatingIfNeeded: i) {
                    last[t] = Int32(truncatingIfNeeded: i)
                    postings[Int(fill[t])] = UInt32(truncatingIfNeeded: i)
                    fill[t] &+= 1
                }
            }
        }
        return (offsets, postings)
    }
}
