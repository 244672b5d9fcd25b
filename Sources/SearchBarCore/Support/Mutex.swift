import Glibc

/// A mutual-exclusion lock over `pthread_mutex_t` protecting one value, with the `withLock` API
/// of `Synchronization.Mutex`, which it shadows in this module.
///
/// Why not `Synchronization.Mutex`: on Linux its contended path is a priority-inheritance futex
/// (FUTEX_LOCK_PI), and the kernel hands a PI lock straight to the waiter at the head, so a
/// thread that releases and retakes the lock must wait its turn behind sleeping threads. Many
/// threads calling into the library at once (results read hit by hit, searches, writers) formed
/// a lock convoy: a context switch per acquisition, and the C stress test spent a third of its
/// samples in the lock's slow path. A default pthread mutex lets a running thread take a free
/// lock at once. ThreadSanitizer also sees pthread mutexes, where it saw no happens-before edge
/// in the PI handoff (Tests/tsan-mutex-repro.swift) and reported every locked access as a race.
struct Mutex<Value: ~Copyable>: ~Copyable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    /// A lock holding `initialValue`.
    init(_ initialValue: consuming sending Value) {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with the lock held and the value lent to it for change.
    borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value.pointee)
    }
}

extension Mutex: @unchecked Sendable where Value: ~Copyable {}
