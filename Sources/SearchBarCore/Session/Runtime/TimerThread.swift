import Glibc

/// One background thread that runs the ``SystemClock``'s timers in deadline order.
///
/// It sleeps on a `CLOCK_MONOTONIC` condition variable until the earliest deadline, so an idle
/// process costs nothing. Actions run on this thread, one at a time, outside its lock.
final class TimerThread: @unchecked Sendable {
    private struct Entry {
        var deadline: UInt64
        var order: UInt64
        var timer: SessionTimer
    }

    private let condition = Condition()
    // Guarded by `condition`.
    private var entries: [Entry] = []
    private var nextOrder: UInt64 = 0
    private var started = false

    /// Adds a timer; starts the thread on first use.
    func add(_ timer: SessionTimer, at deadline: UInt64) {
        let mustStart = condition.withLock {
            entries.append(Entry(deadline: deadline, order: nextOrder, timer: timer))
            nextOrder &+= 1
            let mustStart = !started
            started = true
            condition.signal()
            return mustStart
        }
        if mustStart { start() }
    }

    /// In a forked child: the thread stayed in the parent and its lock may have been held
    /// there, so the lock and condition are made anew, the parent's timers dropped (their
    /// sessions cannot be used in the child) and the thread started again on the next add.
    /// Runs on the child's only thread, before anything else can run.
    func resetInForkedChild() {
        condition.resetInForkedChild()
        entries.removeAll()
        started = false
    }

    private func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<TimerThread>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, context)
        if status == 0 {
            pthread_detach(thread)
        } else {
            // No thread could be created: fire what is pending now (a search runs early rather
            // than never) and try to start a thread again on the next add.
            Unmanaged<TimerThread>.fromOpaque(context).release()
            let all = condition.withLock {
                started = false
                let all = entries
                entries.removeAll()
                return all
            }
            for entry in all { entry.timer.fire() }
        }
    }

    private func run() {
        condition.lock()
        while true {
            entries.removeAll { !$0.timer.isPending }
            guard let index = entries.indices.min(by: {
                (entries[$0].deadline, entries[$0].order) < (entries[$1].deadline, entries[$1].order)
            }) else {
                condition.wait()
                continue
            }
            let deadline = entries[index].deadline
            let now = SystemClock.monotonicNanoseconds()
            if deadline > now {
                condition.wait(untilMonotonicNanoseconds: deadline)
                continue
            }
            let timer = entries.remove(at: index).timer
            condition.unlock()
            timer.fire()
            condition.lock()
        }
    }
}
