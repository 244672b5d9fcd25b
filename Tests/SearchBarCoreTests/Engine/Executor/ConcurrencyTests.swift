import Glibc
import Synchronization
import Testing

@testable import SearchBarCore

@Suite("Engine: concurrent writers and readers, executor, refinement")
struct ConcurrencyTests {
    /// A writer replaces and removes whole generations of items while a reader types: every
    /// search must see exactly one generation (never a mix, never a removed item).
    @Test func searchesSeeOneSnapshotWhileWritersRun() throws {
        let index = try SearchIndex(threads: 2)
        let perGeneration = 400
        @Sendable func generation(_ g: Int) -> [IndexItem] {
            (0..<perGeneration).map { k in
                IndexItem(id: UInt64(k), title: "gen\(g) item number\(k) common")
            }
        }
        index.add(generation(0))
        let done = Atomic<Bool>(false)
        let problems = Mutex<[String]>([])
        let writer = Thread {
            for g in 1...30 {
                index.add(generation(g))  // replaces every id: the whole generation changes at once
                if g % 10 == 0 {
                    index.remove(ids: (0..<UInt64(perGeneration)).map { $0 })
                    index.add(generation(g))
                }
            }
            done.store(true, ordering: .releasing)
        }
        var searches = 0
        while !done.load(ordering: .acquiring) || searches < 50 {
            let query = ["c", "co", "com", "common", "common n", "common number"][searches % 6]
            let hits = try index.search(query, options: SearchOptions(limit: 10_000))
            // A torn view would show an id twice (old and new copy) or miss some.
            let ids = hits.map(\.id)
            if !ids.isEmpty && (ids.count != perGeneration || Set(ids) != Set((0..<UInt64(perGeneration)))) {
                problems.withLock { $0.append("search \(searches) for \(query) saw \(ids.count) hits") }
            }
            searches += 1
        }
        writer.join()
        #expect(problems.withLock { $0 } == [])
        #expect(index.count == perGeneration)
        let final = try index.search("gen30 common", options: SearchOptions(limit: 10_000))
        #expect(final.count == perGeneration)
        #expect(try index.search("gen29").isEmpty)
    }

    @Test func generationsNeverMix() throws {
        let index = try SearchIndex(threads: 2)
        @Sendable func batch(_ g: Int) -> [IndexItem] {
            (0..<300).map { IndexItem(id: UInt64($0), title: "alpha \($0)", keywords: "gen\(g)") }
        }
        index.add(batch(0))
        let done = Atomic<Bool>(false)
        let writer = Thread {
            for g in 1...25 { index.add(batch(g)) }
            done.store(true, ordering: .releasing)
        }
        var mixed = 0
        var runs = 0
        while !done.load(ordering: .acquiring) || runs < 20 {
            let snapshot = index.snapshot
            var generations = Set<String>()
            for view in snapshot.segments {
                for i in 0..<view.segment.count where view.isLive(i) {
                    generations.insert(view.segment.originalText(.keywords, i))
                }
            }
            if generations.count != 1 || snapshot.liveCount != 300 { mixed += 1 }
            let hits = try index.search("alpha", options: SearchOptions(limit: 10_000))
            if hits.count != 300 { mixed += 1 }
            runs += 1
        }
        writer.join()
        #expect(mixed == 0)
    }

    @Test func executorRunsEveryChunkOnceAndHonoursTheThreadCount() {
        let pool = ThreadPool(threads: 3)
        #expect(pool.threadCount == 3)
        let counts = SlotArray<Int>(count: 1000)
        let slots = Mutex<Set<Int>>([])
        let job = ParallelJob(taskCount: 1000, maxParticipants: pool.threadCount, cancellation: nil) { slot, task in
            counts[task] = (counts[task] ?? 0) + 1
            slots.withLock { _ = $0.insert(slot) }
        }
        pool.run(job)
        #expect(counts.take() == Array(repeating: 1, count: 1000))
        #expect(slots.withLock { $0.allSatisfy { $0 < 3 } })
    }

    @Test func onceValueIsMadeOnceForEveryThread() {
        let pool = ThreadPool(threads: 4)
        for _ in 0..<20 {
            let makes = Atomic<Int>(0)
            let once = OnceValue<[Int]> {
                makes.add(1, ordering: .relaxed)
                return Array(0..<1000)
            }
            #expect(!once.isMade)
            let sums = SlotArray<Int>(count: 64)
            let job = ParallelJob(taskCount: 64, maxParticipants: pool.threadCount, cancellation: nil) { _, task in
                sums[task] = once.value.reduce(0, +)
            }
            pool.run(job)
            #expect(makes.load(ordering: .relaxed) == 1)
            #expect(once.isMade)
            #expect(sums.take() == Array(repeating: 499_500, count: 64))
        }
    }

    @Test func cancellationStopsAJob() {
        let pool = ThreadPool(threads: 2)
        let flag = CancellationFlag()
        let ran = Atomic<Int>(0)
        let job = ParallelJob(taskCount: 10_000, maxParticipants: 2, cancellation: flag) { _, task in
            if task == 10 { flag.cancel() }
            ran.wrappingAdd(1, ordering: .relaxed)
        }
        pool.run(job)
        #expect(ran.load(ordering: .relaxed) < 100)
    }

    @Test func cancelledSearchThrows() throws {
        let index = try EngineTestSupport.index((0..<20_000).map { "word\($0) shared" })
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: SearchBarError.self) { try index.search("shared", cancellation: flag) }
    }

    @Test func asyncSearchCompletesAndCancels() throws {
        let index = try EngineTestSupport.index((0..<5000).map { "entry \($0) text" })
        let results = Mutex<[Result<HitsWithTexts, SearchBarError>]>([])
        let ticket = index.searchAsync("entry 42") { result in results.withLock { $0.append(result) } }
        let cancelled = index.searchAsync("text") { result in results.withLock { $0.append(result) } }
        cancelled.cancel()
        index.cancelAllSearchesAndWait()
        let all = results.withLock { $0 }
        #expect(all.count == 2)
        #expect(ticket.id != cancelled.id)
    }

    @Test func refinementReusesMatchesAndBackspaceIsCached() throws {
        let index = try EngineTestSupport.index((0..<5000).map { "record \($0) value\($0 % 7)" })
        let full = try index.search("record value3", options: SearchOptions(limit: 10_000))
        index.cache.removeAll()
        _ = try index.search("record", options: SearchOptions(limit: 10_000))
        _ = try index.search("record val", options: SearchOptions(limit: 10_000))
        let refined = try index.search("record value3", options: SearchOptions(limit: 10_000))
        #expect(refined.map(\.id) == full.map(\.id))
        let again = try index.search("record val", options: SearchOptions(limit: 10_000))
        #expect(again.count == 5000)
        // A batch added after the previous keystroke is searched too (its segment is new).
        index.add([IndexItem(id: 99_999, title: "record value3 late")])
        let withLate = try index.search("record value3", options: SearchOptions(limit: 10_000))
        #expect(withLate.count == full.count + 1)
    }

    @Test func refinementRules() throws {
        let index = try EngineTestSupport.index(["x"])
        func compile(_ q: String, _ mode: MatchMode = .prefix) -> CompiledQuery {
            CompiledQuery(q, options: SearchOptions(mode: mode), defaultMode: .prefix, analysis: index.analysis, isAttribute: { _ in false })
        }
        #expect(compile("satu").refines(compile("sat")))
        #expect(!compile("satud").refines(compile("satu")))  // the typo budget grows at 5 letters
        #expect(compile("new y").refines(compile("new")))
        #expect(!compile("new y").refines(compile("new ")))  // "newy" could join them
        #expect(compile("abc", .fuzzy).refines(compile("ab", .fuzzy)))
        #expect(!compile("ab").refines(compile("abc")))
    }
}

/// A pthread running a closure, joined explicitly.
final class Thread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { raw in
            let me = Unmanaged<Thread>.fromOpaque(raw!).takeRetainedValue()
            me.body()
            return nil
        }, context)
    }

    func join() { pthread_join(thread, nil) }
}
