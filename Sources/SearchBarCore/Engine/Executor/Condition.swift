import Glibc

/// A pthread mutex with a condition variable, for the executor's few blocking waits.
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Creates an unlocked mutex and its condition.
    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        cond.deallocate()
    }

    /// Runs `body` with the mutex held.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a signal; call only with the mutex held (inside ``withLock(_:)``).
    func wait() { pthread_cond_wait(cond, mutex) }

    /// Wakes one waiter.
    func signal() { pthread_cond_signal(cond) }

    /// Wakes every waiter.
    func broadcast() { pthread_cond_broadcast(cond) }
}
