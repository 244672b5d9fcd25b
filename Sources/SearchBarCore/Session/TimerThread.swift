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

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var entries: [Entry] = []
    private var nextOrder: UInt64 = 0
    private var started = false

    init() {
        initializeLock()
    }

    /// Makes the lock and its `CLOCK_MONOTONIC` condition (anew in a forked child).
    private func initializeLock() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// Adds a timer; starts the thread on first use.
    func add(_ timer: SessionTimer, at deadline: UInt64) {
        pthread_mutex_lock(mutex)
        entries.append(Entry(deadline: deadline, order: nextOrder, timer: timer))
        nextOrder &+= 1
        let mustStart = !started
        started = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        if mustStart { start() }
    }

    /// In a forked child: the thread stayed in the parent and its lock may have been held
    /// there, so the lock and condition are made anew, the parent's timers dropped (their
    /// sessions cannot be used in the child) and the thread started again on the next add.
    /// Runs on the child's only thread, before anything else can run.
    func resetInForkedChild() {
        initializeLock()
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
            pthread_mutex_lock(mutex)
            started = false
            let all = entries
            entries.removeAll()
            pthread_mutex_unlock(mutex)
            for entry in all { entry.timer.fire() }
        }
    }

    private func run() {
        pthread_mutex_lock(mutex)
        while true {
            entries.removeAll { !$0.timer.isPending }
            guard let index = entries.indices.min(by: {
                (entries[$0].deadline, entries[$0].order) < (entries[$1].deadline, entries[$1].order)
            }) else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            let deadline = entries[index].deadline
            let now = SystemClock.monotonicNanoseconds()
            if deadline > now {
                var wake = timespec(
                    tv_sec: Int(clamping: deadline / 1_000_000_000),
                    tv_nsec: Int(deadline % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &wake)
                continue
            }
            let timer = entries.remove(at: index).timer
            pthread_mutex_unlock(mutex)
            timer.fire()
            pthread_mutex_lock(mutex)
        }
    }
}
