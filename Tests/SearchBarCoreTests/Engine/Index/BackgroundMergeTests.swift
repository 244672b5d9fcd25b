import Glibc
import Testing

@testable import SearchBarCore

/// The background merge: folding segments never changes a search's hits, their order, scores,
/// highlights, texts or total; a search holding an older snapshot sees what it started on; a
/// save writes the snapshot of its time; and freeing the index stops a merge.
@Suite("Engine: the background merge")
struct BackgroundMergeTests {
    static let words = [
        "médecin", "лицо", "猫", "وجه", "πρόσωπο", "หน้า", "gesicht", "кошка", "얼굴", "yüz", "corazón",
        "γάτα", "face", "with", "garten", "haus", "straße", "naïve", "garçon", "apple", "file10", "file2",
    ]

    /// Item `id`'s fields, made from the word list so that many titles tie on score and rank key.
    static func item(_ id: Int, variant: Int = 0) -> IndexItem {
        let w = words
        let title = "\(w[(id * 7 + variant) % w.count]) \(w[(id / 3 + variant) % w.count]) \(id % 5 == 0 ? "" : w[id % w.count])"
        return IndexItem(
            id: UInt64(id), title: title, subtitle: id % 4 == 0 ? w[(id + 3) % w.count] : "",
            keywords: id % 6 == 0 ? "\(w[(id + 5) % w.count]) kw\(id % 10)" : "", scope: UInt32(id % 3),
            weight: id % 9 == 0 ? Double(id % 4) : 0,
            attributes: id % 2 == 0 ? [ItemAttribute("size", .number(Double(id % 50)))] : [])
    }

    /// Two threads whose merge thread keeps the process's priority: the suite asserts the merge's
    /// protocol (who merges, what a search sees), and on a loaded machine a thread at nice 19 can
    /// wait longer for a processor than the suite's one-minute waits allow. The caller keeps the
    /// pool alive while its indexes merge (an index's view of a pool that stopped takes no task).
    static func poolAtTheProcessPriority() -> ThreadPool {
        ThreadPool(threads: 2, startingWorker: { BackgroundWorker.start(lower: { false }) })
    }

    /// The pool of the suite's indexes (kept for the process); a test that holds the merge
    /// thread in a step makes a pool of its own, so that no other test waits behind it.
    static let pool = poolAtTheProcessPriority()

    /// An index on `pool` of 60 batches, with replacements and removals between them, its
    /// background merge paused so its segments stay apart until the test merges them.
    static func streamedIndex(mode: MatchMode = .prefix, batches: Int = 60, on pool: ThreadPool = Self.pool) throws
        -> SearchIndex
    {
        let index = try SearchIndex(locale: try SearchLocale("en"), mode: mode, on: pool)
        index.pauseBackgroundMerges(true)
        for b in 0..<batches {
            index.add((0..<40).map { item(b * 40 + $0) })
            if b % 7 == 3 { index.add((0..<10).map { item(b * 30 + $0 * 3, variant: b) }) }
            if b % 5 == 4 { index.remove(ids: (0..<15).map { UInt64(b * 37 + $0 * 2) }) }
        }
        return index
    }

    static let queries: [(String, SearchOptions)] = {
        var queries: [(String, SearchOptions)] = []
        for mode in [MatchMode.prefix, .contains, .fuzzy] {
            for text in ["m", "me", "med", "gar", "ga", "f", "fi", "file", "лиц", "猫", "ya", "yuz", "face w", "strasse",
                         "γατα", "hau", "e", "a"]
            {
                queries.append((text, SearchOptions(mode: mode, limit: 25)))
            }
            queries.append(("a", SearchOptions(mode: mode, limit: 10, offset: 5, exactTotal: true)))
            queries.append(("g", SearchOptions(mode: mode, limit: 30, scopes: [1])))
            queries.append(("", SearchOptions(mode: mode, limit: 40, filters: [.range(name: "size", min: 10, max: 30)])))
            queries.append(("", SearchOptions(mode: mode, limit: 100, listsAllWhenEmpty: true)))
        }
        return queries
    }()

    /// Every query's results, searched afresh (the result cache emptied first).
    static func results(_ index: SearchIndex, on snapshot: Snapshot? = nil) throws -> [HitsWithTexts] {
        try queries.map { (text, options) in
            index.cache.removeAll()
            if let snapshot { return try index.search(text, options: options, on: snapshot) }
            return try index.search(text, options: options)
        }
    }

    @Test func mergingIntoOneSegmentChangesNoResult() throws {
        let index = try Self.streamedIndex()
        let segments = index.segmentCount
        #expect(segments > 4)
        let before = try Self.results(index)
        let held = index.snapshot
        index.waitForMerges()
        #expect(index.segmentCount == 1)
        let after = try Self.results(index)
        for (k, (b, a)) in zip(before, after).enumerated() where b != a {
            Issue.record("query \(Self.queries[k].0) \(Self.queries[k].1.mode.map { "\($0)" } ?? ""): \(b.hits.map(\.id)) before the merge, \(a.hits.map(\.id)) after")
        }
        #expect(before.contains { !$0.hits.isEmpty })
        // A search that holds the snapshot of before the merge still sees that one.
        #expect(try Self.results(index, on: held) == before)
        #expect(held.segments.count == segments)
    }

    /// Held background merges (``SearchIndex/holdBackgroundMerges(_:)``, what
    /// `SEARCHBAR_HOLD_MERGES=1` sets for a profile): writes queue no merge task, and
    /// ``SearchIndex/waitForMerges()`` still folds every segment without changing a result.
    @Test func heldMergesWaitForTheHost() throws {
        let index = try SearchIndex(locale: try SearchLocale("en"), on: Self.pool)
        index.holdBackgroundMerges(true)
        // Segments kept apart: the writer folds none into a delta.
        index.merges.condition.withLock { index.merges.foldsWriterDelta = false }
        for b in 0..<12 { index.add((0..<40).map { Self.item(b * 40 + $0) }) }
        #expect(index.segmentCount > 1)
        index.merges.condition.withLock { #expect(!index.merges.queued && !index.merges.running) }
        let before = try Self.results(index)
        index.waitForMerges()
        #expect(index.segmentCount == 1)
        #expect(try Self.results(index) == before)
    }

    @Test func aTieredMergeChangesNoResultEither() throws {
        let index = try Self.streamedIndex(mode: .contains, batches: 6)
        // Four more batches of one tier: a run the policy merges while adds go on.
        for b in 0..<MergePolicy.fanIn { index.add((0..<40).map { Self.item(10_000 + b * 40 + $0) }) }
        let views = index.snapshot.segments
        try #require(MergePolicy.next(views, full: false) != nil)
        let before = try Self.results(index)
        // The background task merges the policy's runs (and everything, if this test was slow
        // enough for adds to count as paused).
        index.pauseBackgroundMerges(false)
        index.add([Self.item(99_999)])
        index.remove(ids: [99_999])
        index.waitUntilMergesIdle()
        #expect(index.segmentCount < views.count)
        #expect(try Self.results(index) == before)
    }

    @Test func writesDuringAMergeAreKept() throws {
        // The merge's inputs lose items to a remove and a replacement after the merge planned
        // them; the swap marks those dead in the merged segment.
        let index = try Self.streamedIndex(batches: 8)
        let held = index.snapshot.segments
        index.remove(ids: [1, 2, 3])
        index.add([IndexItem(id: 4, title: "replaced title zzz")])
        // Merge the held views as if the merge had planned them before those writes.
        let merged = try #require(SegmentMerger.merge(held))
        index.swapIn(merged, replacing: held)
        #expect(index.segmentCount == 2)  // the merged segment and the replacement's
        #expect(index.item(id: 1) == nil && index.item(id: 2) == nil && index.item(id: 3) == nil)
        #expect(index.item(id: 4)?.title == "replaced title zzz")
        #expect(try EngineTestSupport.ids(index, "zzz") == [4])
        let fresh = try Self.streamedIndex(batches: 8)
        fresh.remove(ids: [1, 2, 3])
        fresh.add([IndexItem(id: 4, title: "replaced title zzz")])
        #expect(index.count == fresh.count)
        #expect(try Self.results(index) == Self.results(fresh))
    }

    @Test func aMergeOfSegmentsReplacedMeanwhileIsDropped() throws {
        let index = try Self.streamedIndex()
        let held = index.snapshot.segments
        index.removeAll()
        index.add([Self.item(1)])
        let merged = try #require(SegmentMerger.merge(held))
        index.swapIn(merged, replacing: held)
        #expect(index.count == 1)
    }

    @Test func aCancelledMergeMakesNothing() throws {
        let index = try Self.streamedIndex()
        let flag = CancellationFlag()
        flag.cancel()
        #expect(SegmentMerger.merge(index.snapshot.segments, cancellation: flag) == nil)
    }

    @Test func aSaveWritesTheSnapshotOfItsTime() throws {
        let index = try Self.streamedIndex()
        let directory = IndexFileTests.directory()
        defer { IndexFileTests.remove(directory) }
        let before = try Self.results(index)
        let apart = directory + "/apart.sbindex"
        try index.save(to: apart)
        index.waitForMerges()
        let merged = directory + "/merged.sbindex"
        try index.save(to: merged)
        let openedApart = try SearchIndex.open(path: apart, threads: 2)
        let openedMerged = try SearchIndex.open(path: merged, threads: 2)
        #expect(openedApart.segmentCount > 1)
        #expect(openedMerged.segmentCount == 1)
        #expect(try Self.results(openedApart) == before)
        #expect(try Self.results(openedMerged) == before)
    }

    @Test func cancellingStopsMergesForGood() throws {
        let index = try Self.streamedIndex()
        index.pauseBackgroundMerges(false)
        index.add([Self.item(50_000)])
        index.cancelMergesAndWait()
        let segments = index.segmentCount
        index.waitForMerges()  // returns at once: merges are off
        #expect(index.segmentCount == segments)
        index.add([Self.item(50_001)])
        #expect(index.item(id: 50_001) != nil)
        #expect(try EngineTestSupport.ids(index, Self.item(50_001).title).contains(50_001))
    }

    @Test func aDroppedIndexWithAQueuedMergeGoesAway() throws {
        weak var dropped: SearchIndex?
        do {
            let index = try Self.streamedIndex()
            index.pauseBackgroundMerges(false)
            index.add([Self.item(60_000)])
            dropped = index
        }
        // The queued task holds the index weakly; a running one finishes its merge first.
        var waited = 0
        while dropped != nil && waited < 30_000 {
            usleep(1_000)
            waited += 1
        }
        #expect(dropped == nil)
    }

    /// Starts the background task on `index` (its segments held apart so far) with a full merge
    /// planned, and holds it at its first step; returns once it is held there.
    static func holdBackgroundFullMerge(_ index: SearchIndex, _ log: TaskLog) -> Bool {
        index.merges.condition.withLock {
            index.merges.beforeStep = { background in
                guard background else { return }
                log.record("background step")
                log.hold()
            }
        }
        index.pauseBackgroundMerges(false)
        // Adds paused long ago, as far as the merge can tell: it plans the full merge.
        index.merges.lastWrite.store(0, ordering: .relaxed)
        index.merges.wantsFullMerge.store(true, ordering: .releasing)
        index.mergeIfQuiet()
        return log.waitFor("background step")
    }

    /// Waits (a minute at most) until `done` holds under the merge state's lock.
    static func waitUntil(_ index: SearchIndex, _ done: (MergeState) -> Bool) -> Bool {
        let deadline = MergeState.now() + 60_000_000_000
        return index.merges.condition.withLock {
            while !done(index.merges) && MergeState.now() < deadline {
                index.merges.condition.wait(untilMonotonicNanoseconds: min(deadline, MergeState.now() + 10_000_000))
            }
            return done(index.merges)
        }
    }

    @Test func aHostThatWaitsTakesOverFromTheBackgroundMerge() throws {
        let pool = Self.poolAtTheProcessPriority()
        defer { withExtendedLifetime(pool) {} }
        let index = try Self.streamedIndex(on: pool)
        let before = try Self.results(index)
        let log = TaskLog()
        try #require(Self.holdBackgroundFullMerge(index, log))
        // A host asks for the merge while the background merge holds the claim.
        let host = ThreadStart.start(named: "test-host") {
            index.waitForMerges()
            log.record("host merged")
        }
        let hostThread = try #require(host)
        #expect(Self.waitUntil(index) { $0.waiters == 1 })
        log.release()
        #expect(log.waitFor("host merged"))
        pthread_join(hostThread, nil)
        // The background merge gave way at its next check; the host's thread made the segment.
        let (yielded, mergedOn) = index.merges.condition.withLock { (index.merges.yieldedToHost, index.merges.lastMergeThread) }
        #expect(yielded == 1)
        #expect(mergedOn.map { pthread_equal($0, hostThread) != 0 } == true)
        #expect(index.segmentCount == 1)
        #expect(try Self.results(index) == before)
    }

    @Test func freeingTheIndexStopsARunningMergeAtItsNextCheck() throws {
        let pool = Self.poolAtTheProcessPriority()
        defer { withExtendedLifetime(pool) {} }
        let index = try Self.streamedIndex(on: pool)
        let segments = index.segmentCount
        let log = TaskLog()
        try #require(Self.holdBackgroundFullMerge(index, log))
        let freeing = try #require(ThreadStart.start(named: "test-free") {
            index.cancelMergesAndWait()
            log.record("cancelled")
        })
        #expect(Self.waitUntil(index) { $0.closed })
        log.release()
        #expect(log.waitFor("cancelled"))
        pthread_join(freeing, nil)
        // The held step found its flag set and made nothing.
        #expect(index.segmentCount == segments)
        #expect(index.merges.condition.withLock { index.merges.lastMergeThread } == nil)
    }

    @Test func theItemsThatDiedDuringAMergeAreFoundFromTheTombstones() throws {
        let index = try Self.streamedIndex(batches: 12)
        let held = index.snapshot.segments
        let merged = try #require(SegmentMerger.merge(held))
        index.remove(ids: [5, 44, 45, 130, 131, 479])
        index.add([IndexItem(id: 7, title: "replaced")])
        let now = Array(index.snapshot.segments.prefix(held.count))
        try #require(zip(held, now).allSatisfy { $0.segment === $1.segment })
        let found = SearchIndex.newlyDead(from: held, to: now, in: merged).sorted()
        // Every item live before and dead now, by walking every item.
        var expected: [Int] = []
        for (was, view) in zip(held, now) {
            for i in 0..<view.segment.count where was.isLive(i) && !view.isLive(i) {
                expected.append(try #require(merged.localIndex(of: view.segment.ids[i])))
            }
        }
        #expect(found == expected.sorted())
        #expect(found.count == 7)
        #expect(SearchIndex.newlyDead(from: now, to: now, in: merged).isEmpty)
    }
}
