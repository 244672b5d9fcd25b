import Glibc
import Testing

@testable import SearchBarCore

/// Background tasks when the system refuses what the merge thread needs: a thread (they run on
/// pool threads when nothing else waits) or a lower priority (the thread runs at the process's);
/// and a pool that stopped, which takes no task rather than losing it. Order and placement are
/// asserted, never timing (``TaskLog``).
@Suite("Engine: background tasks without a low-priority thread, and after the pool stopped")
struct BackgroundFallbackTests {
    /// A pool whose background thread the system refused.
    static func poolWithoutWorker(threads: Int) -> ThreadPool {
        ThreadPool(threads: threads, startingWorker: { nil })
    }

    /// A pool whose background thread could not lower its priority.
    static func poolWithUnloweredWorker(threads: Int) -> ThreadPool {
        ThreadPool(threads: threads, startingWorker: { BackgroundWorker.start(lower: { false }) })
    }

    /// An index on `pool` with enough batches for the policy's tiered merge.
    static func tieredIndex(on pool: ThreadPool) throws -> SearchIndex {
        let index = try SearchIndex(mode: .prefix, on: pool)
        index.merges.condition.withLock { index.merges.foldsWriterDelta = false }
        for b in 0..<(MergePolicy.fanIn * 2) {
            index.add((0..<4).map { IndexItem(id: UInt64(b * 4 + $0), title: "garden w\(b)z \($0)") })
        }
        return index
    }

    @Test func withoutAWorkerBackgroundTasksRunOnPoolThreadsAfterSearches() {
        let pool = Self.poolWithoutWorker(threads: 1)
        let log = TaskLog()
        pool.submit {
            log.record("holding")
            log.hold()
        }
        #expect(log.waitFor("holding"))
        // Queued while the only thread is busy: the search goes first, though submitted later.
        #expect(pool.submitInBackground { log.record("background \(BackgroundWorkerTests.threadName())") })
        pool.submit { log.record("search") }
        log.release()
        #expect(log.waitFor(count: 3))
        #expect(log.recorded == ["holding", "search", "background \(ThreadPool.threadName)"])
        #expect(pool.backgroundThread == nil)
        #expect(pool.backgroundPriorityLowered == nil)
    }

    @Test func withoutAWorkerAnIndexStillMerges() throws {
        let pool = Self.poolWithoutWorker(threads: 2)
        let index = try Self.tieredIndex(on: pool)
        index.waitUntilMergesIdle()
        #expect(index.segmentCount < MergePolicy.fanIn * 2)
        #expect(index.merges.condition.withLock { index.merges.lastMergeThread } != nil)
        #expect(try index.search("garden", options: SearchOptions(limit: 1000, exactTotal: true)).total == MergePolicy.fanIn * 8)
        #expect(pool.backgroundThread == nil)
    }

    @Test func aWorkerThatCouldNotLowerItsPriorityStillRunsTheMerges() throws {
        let pool = Self.poolWithUnloweredWorker(threads: 2)
        let index = try Self.tieredIndex(on: pool)
        index.waitUntilMergesIdle()
        #expect(pool.backgroundPriorityLowered == false)
        #expect(index.segmentCount < MergePolicy.fanIn * 2)
        let worker = try #require(pool.backgroundThread)
        let mergedOn = try #require(index.merges.condition.withLock { index.merges.lastMergeThread })
        #expect(pthread_equal(mergedOn, worker) != 0)
        // It runs at the process's priority: the same as the pool's threads.
        let log = TaskLog()
        pool.submitInBackground { log.record("\(BackgroundWorkerTests.threadName()) \(BackgroundWorkerTests.priority())") }
        #expect(log.waitFor("\(BackgroundWorker.threadName) \(BackgroundWorkerTests.priority())"))
    }

    @Test(arguments: [false, true])
    func aStoppedPoolTakesNoBackgroundTask(withWorker: Bool) {
        let pool = withWorker ? ThreadPool(threads: 1) : Self.poolWithoutWorker(threads: 1)
        let log = TaskLog()
        #expect(pool.submitInBackground { log.record("before") })
        pool.stop()
        // The queued task ran before the threads ended; one submitted now is handed back.
        #expect(log.recorded == ["before"])
        #expect(!pool.submitInBackground { log.record("after") })
        pool.stop()
        #expect(log.recorded == ["before"])
    }

    @Test func anIndexWhosePoolStoppedIsNotLeftWaitingForAMerge() throws {
        let pool = ThreadPool(threads: 1)
        let index = try SearchIndex(mode: .prefix, on: pool)
        index.merges.condition.withLock { index.merges.foldsWriterDelta = false }
        index.pauseBackgroundMerges(true)
        for b in 0..<(MergePolicy.fanIn * 2) {
            index.add((0..<4).map { IndexItem(id: UInt64(b * 4 + $0), title: "garden w\(b)z \($0)") })
        }
        pool.stop()
        index.pauseBackgroundMerges(false)
        index.add([IndexItem(id: 1000, title: "garden late")])
        // The refused task left no claim behind: merges are idle, and a host's merge still runs.
        #expect(index.merges.condition.withLock { !index.merges.queued && !index.merges.running })
        index.waitUntilMergesIdle()
        index.waitForMerges()
        #expect(index.segmentCount == 1)
        #expect(index.item(id: 1000)?.title == "garden late")
    }
}
