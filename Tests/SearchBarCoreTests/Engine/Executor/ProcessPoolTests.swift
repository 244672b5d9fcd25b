import Glibc
import Testing

@testable import SearchBarCore

/// Indexes share one pool: each works on a view of it, and freeing an index can take back the
/// searches no thread has started (the shared threads may all be busy elsewhere).
@Suite("Engine: one thread pool per process")
struct ProcessPoolTests {
    @Test func indexesShareTheProcessPool() throws {
        let pool = try ProcessPool.shared()
        #expect(try ProcessPool.shared() === pool)
        #expect(ProcessPool.threadCount == pool.threadCount)
        let a = try SearchIndex(threads: 0)
        let b = try SearchIndex(threads: 1)
        #expect(a.threadCount == pool.threadCount)
        #expect(b.threadCount == 1)
        #expect(throws: SearchBarError.self) { try ProcessPool.configure(threads: pool.threadCount + 1) }
        try ProcessPool.configure(threads: pool.threadCount)  // the size it has: accepted
    }

    @Test func aViewCapsThreadsAndSharesTheQueue() {
        let base = ThreadPool(threads: 2)
        #expect(ThreadPool(sharing: base, limit: 1).threadCount == 1)
        #expect(ThreadPool(sharing: base, limit: 0).threadCount == base.threadCount)
        #expect(ThreadPool(sharing: base, limit: 9).threadCount == base.threadCount)
        let view = ThreadPool(sharing: base, limit: 1)
        let done = Condition()
        nonisolated(unsafe) var ran = 0
        view.submit {
            done.withLock {
                ran += 1
                done.broadcast()
            }
        }
        done.withLock { while ran == 0 { done.wait() } }
        #expect(ran == 1)
    }

    @Test func queuedTasksCanBeTakenBackByTheirOwner() {
        let pool = ThreadPool(threads: 1)
        let gate = Condition()
        nonisolated(unsafe) var open = false
        nonisolated(unsafe) var order: [String] = []
        pool.submit { gate.withLock { while !open { gate.wait() } } }  // holds the only thread
        while pool.pendingCount > 0 { usleep(100) }
        final class Owner {}
        let mine = Owner(), other = Owner()
        for k in 0..<3 { pool.submit(owner: mine) { gate.withLock { order.append("mine \(k)") } } }
        pool.submit(owner: other) { gate.withLock { order.append("other"); gate.broadcast() } }
        let taken = pool.takeQueued(of: mine)
        #expect(taken.count == 3)
        #expect(pool.pendingCount == 1)
        for task in taken { task() }
        gate.withLock {
            open = true
            gate.broadcast()
        }
        gate.withLock { while !order.contains("other") { gate.wait() } }
        #expect(order == ["mine 0", "mine 1", "mine 2", "other"])
    }
}
