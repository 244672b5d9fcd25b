import Glibc
import Testing

@testable import SearchBarCore

/// The pool serves lanes in turn and alternates help offers with tasks, so no submitter's
/// backlog can hold another's work back. Each test holds the pool's only thread busy while it
/// queues, so the order the queued work runs in is decided by the pool alone.
@Suite("Engine: the thread pool's lanes and help offers take turns")
struct ThreadPoolFairnessTests {
    @Test func aLaneWaitsOneTaskPerBusyLaneNotTheirBacklog() {
        let pool = ThreadPool(threads: 1)
        let log = TaskLog()
        occupy(pool, log)
        for k in 0..<50 { pool.submit { log.record("flood \(k)") } }
        let session = TaskLane()
        pool.submit(on: session) { log.record("session 0") }
        pool.submit(on: session) { log.record("session 1") }
        log.release()
        #expect(log.waitFor(count: 52))
        let order = log.recorded
        // The flood's lane had work first, so it goes first; then the lanes alternate.
        #expect(Array(order.prefix(4)) == ["flood 0", "session 0", "flood 1", "session 1"])
        #expect(order.filter { $0.hasPrefix("flood") } == (0..<50).map { "flood \($0)" })
    }

    @Test func helpOffersAndTasksTakeTurns() {
        let pool = ThreadPool(threads: 1)
        let log = TaskLog()
        occupy(pool, log)
        for k in 0..<3 { pool.submit { log.record("task \(k)") } }
        // Two parallel jobs offer help while the pool's thread is busy; their coordinators run
        // on threads of their own and wait until the offers were taken.
        var coordinators: [pthread_t] = []
        for j in 0..<2 {
            let job = ParallelJob(taskCount: 2, maxParticipants: 2, cancellation: nil) { slot, task in
                if slot == 1 { log.record("help \(j)") }
                if slot == 0 { while log.recorded.filter({ $0 == "help \(j)" }).isEmpty { usleep(100) } }
            }
            coordinators.append(startThread { pool.run(job) })
            while pool.pendingCount < 3 + 1 + j { usleep(100) }
        }
        log.release()
        #expect(log.waitFor(count: 5))
        for thread in coordinators { pthread_join(thread, nil) }
        let order = log.recorded
        // Newest offer first, then a task, an offer, the remaining tasks.
        #expect(order == ["help 1", "task 0", "help 0", "task 1", "task 2"])
    }

    /// Makes the pool's only thread run `log.hold()`, and returns once it does.
    private func occupy(_ pool: ThreadPool, _ log: TaskLog) {
        pool.submit { log.hold() }
        while pool.pendingCount > 0 { usleep(100) }
    }

    private func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
        var thread = pthread_t()
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        pthread_create(&thread, nil, { raw in
            Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, box)
        return thread
    }
}
