#if SEARCHBAR_TSAN
import Glibc

/// ThreadSanitizer builds only (`-D SEARCHBAR_TSAN`, set by `SEARCHBAR_SANITIZE=thread` and by
/// `Tests/run.sh --sanitize thread`): a `Mutex` over `pthread_mutex_t` that shadows
/// `Synchronization.Mutex` in this module, with the same `withLock` API.
///
/// Why: under contention, `Synchronization.Mutex` on Linux hands the lock over in the kernel
/// (FUTEX_LOCK_PI / FUTEX_UNLOCK_PI, from its uninstrumented slow path), so TSan sees no
/// happens-before edge and reports every access made inside `withLock` closures as a race
/// (`Tests/tsan-mutex-repro.swift`). TSan intercepts pthread mutexes, so with this type it
/// checks searchbar's locking for real instead of needing a suppression per locked type.
/// Release builds never compile this file's contents.
struct Mutex<Value: ~Copyable>: ~Copyable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

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

    borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value.pointee)
    }
}

extension Mutex: @unchecked Sendable where Value: ~Copyable {}
#endif
