import Glibc

/// A lock with a condition variable on `CLOCK_MONOTONIC`, for the few blocking waits: the
/// executor's, the index writer's and the timer thread's.
final class Condition: @unchecked Sendable {
    private let mutex = PthreadMutex.make()
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Creates an unlocked mutex and its condition.
    init() {
        initializeCondition()
    }

    deinit {
        PthreadMutex.check(pthread_cond_destroy(cond), "pthread_cond_destroy")
        cond.deallocate()
        PthreadMutex.free(mutex)
    }

    private func initializeCondition() {
        var attributes = pthread_condattr_t()
        PthreadMutex.check(pthread_condattr_init(&attributes), "pthread_condattr_init")
        PthreadMutex.check(pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC), "pthread_condattr_setclock")
        PthreadMutex.check(pthread_cond_init(cond, &attributes), "pthread_cond_init")
        pthread_condattr_destroy(&attributes)
    }

    /// In a forked child, whose other threads are gone: makes the mutex and condition anew, as
    /// the parent's threads may have held or waited on them at the fork.
    func resetInForkedChild() {
        PthreadMutex.initialize(mutex)
        initializeCondition()
    }

    /// Runs `body` with the mutex held.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        PthreadMutex.lock(mutex)
        defer { PthreadMutex.unlock(mutex) }
        return try body()
    }

    /// Takes the mutex (for a loop that releases it around work; pair with ``unlock()``).
    func lock() { PthreadMutex.lock(mutex) }

    /// Releases the mutex taken with ``lock()``.
    func unlock() { PthreadMutex.unlock(mutex) }

    /// Waits for a signal; call only with the mutex held.
    func wait() { PthreadMutex.check(pthread_cond_wait(cond, mutex), "pthread_cond_wait") }

    /// Waits for a signal or until the monotonic clock reads `deadline` nanoseconds, whichever
    /// comes first; call only with the mutex held.
    func wait(untilMonotonicNanoseconds deadline: UInt64) {
        var wake = timespec(
            tv_sec: Int(clamping: deadline / 1_000_000_000),
            tv_nsec: Int(deadline % 1_000_000_000))
        let result = pthread_cond_timedwait(cond, mutex, &wake)
        if result != ETIMEDOUT { PthreadMutex.check(result, "pthread_cond_timedwait") }
    }

    /// Wakes one waiter.
    func signal() { PthreadMutex.check(pthread_cond_signal(cond), "pthread_cond_signal") }

    /// Wakes every waiter.
    func broadcast() { PthreadMutex.check(pthread_cond_broadcast(cond), "pthread_cond_broadcast") }
}
