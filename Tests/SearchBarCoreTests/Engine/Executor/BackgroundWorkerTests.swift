import Glibc
import Testing

@testable import SearchBarCore

/// Background tasks (an index's merges) run on a thread of their own at the lowest priority:
/// they never hold a pool thread a search waits for, they run in the order submitted, and a
/// queued one can be taken back. The tests assert order and placement, never timing
/// (``TaskLog``).
@Suite("Engine: background tasks run on a low-priority thread of their own")
struct BackgroundWorkerTests {
    /// The calling thread's nice value (-100 when it cannot be read).
    static func priority() -> Int32 { BackgroundWorker.currentThreadPriority() ?? -100 }

    /// The calling thread's name as the kernel has it.
    static func threadName() -> String {
        guard let file = fopen("/proc/thread-self/comm", "r") else { return "?" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 32)
        guard fgets(&buffer, 32, file) != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingSuffix("\n")
    }

    @Test func aBackgroundTaskNeverHoldsThePoolsOnlyThread() {
        let pool = ThreadPool(threads: 1)
        let log = TaskLog()
        pool.submitInBackground {
            log.record("background started")
            log.hold()
            log.record("background done")
        }
        #expect(log.waitFor("background started"))
        // The background task blocks; a search submitted now still gets the pool's thread.
        pool.submit { log.record("search") }
        #expect(log.waitFor("search"))
        #expect(!log.recorded.contains("background done"))
        log.release()
        #expect(log.waitFor("background done"))
    }

    @Test func backgroundTasksRunInOrderOnTheLowPriorityThread() {
        let pool = ThreadPool(threads: 2)
        let log = TaskLog()
        for k in 0..<5 {
            pool.submitInBackground { log.record("\(k) \(Self.threadName()) \(Self.priority())") }
        }
        #expect(log.waitFor(count: 5))
        let order = log.recorded.map { $0.split(separator: " ") }
        #expect(order.map { String($0[0]) } == ["0", "1", "2", "3", "4"])
        #expect(order.allSatisfy { String($0[1]) == BackgroundWorker.threadName })
        if pool.backgroundPriorityLowered == true {
            #expect(order.allSatisfy { Int32($0[2]) == BackgroundWorker.niceValue })
        }
        // The pool's own threads keep the process's priority.
        pool.submit { log.record("pool \(Self.threadName()) \(Self.priority())") }
        #expect(log.waitFor("pool \(ThreadPool.threadName) \(Self.priority())"))
    }

    @Test func queuedBackgroundTasksCanBeTakenBack() {
        let pool = ThreadPool(threads: 1)
        let log = TaskLog()
        final class Owner {}
        let owner = Owner(), other = Owner()
        pool.submitInBackground(owner: other) {
            log.record("holding")
            log.hold()
        }
        #expect(log.waitFor("holding"))
        pool.submitInBackground(owner: owner) { log.record("taken 1") }
        pool.submitInBackground(owner: other) { log.record("kept") }
        pool.submitInBackground(owner: owner) { log.record("taken 2") }
        let taken = pool.takeQueued(of: owner)
        #expect(taken.count == 2)
        log.release()
        #expect(log.waitFor("kept"))
        #expect(log.recorded == ["holding", "kept"])
        for task in taken { task() }
        #expect(log.recorded == ["holding", "kept", "taken 1", "taken 2"])
    }

    @Test func anIndexsMergeRunsOnTheBackgroundThreadAndKeepsWritesVisible() throws {
        let index = try SearchIndex(mode: .prefix, threads: 1)
        index.merges.condition.withLock { index.merges.foldsWriterDelta = false }
        // Enough batches for a tiered merge: the writes stay visible at every step.
        for b in 0..<(MergePolicy.fanIn * 2) {
            index.add((0..<4).map { IndexItem(id: UInt64(b * 4 + $0), title: "garden w\(b)z \($0)") })
            #expect(try index.search("garden w\(b)z").hits.count == 4)
        }
        index.remove(ids: [0, 1])
        index.waitUntilMergesIdle()
        #expect(index.segmentCount < MergePolicy.fanIn * 2)
        let all = try index.search("garden", options: SearchOptions(limit: 1000, exactTotal: true))
        #expect(all.total == MergePolicy.fanIn * 2 * 4 - 2)
        #expect(try index.search("garden w0z").hits.map(\.id).sorted() == [2, 3])
        // The merge recorded the thread it ran on: the pool's background thread.
        let worker = try #require(index.pool.backgroundThread)
        let mergedOn = try #require(index.merges.condition.withLock { index.merges.lastMergeThread })
        #expect(pthread_equal(mergedOn, worker) != 0)
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
