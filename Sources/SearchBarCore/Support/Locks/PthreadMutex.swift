import Glibc

/// The one place the library calls `pthread_mutex_*`: every lock of the family (``Mutex``,
/// ``Lock``, ``Condition``) is a default pthread mutex made and taken here, with each call's
/// result checked. A non-zero result means a corrupted or destroyed lock (a default mutex has no
/// other failure), which no caller could recover from, so it stops the process with the call's
/// name rather than run on unprotected.
///
/// Why pthread mutexes and not `Synchronization.Mutex`: on Linux the latter's contended path is
/// a priority-inheritance futex (FUTEX_LOCK_PI), and the kernel hands a PI lock straight to the
/// waiter at the head, so a thread that releases and retakes the lock waits its turn behind
/// sleeping threads. Many threads calling into the library at once formed a lock convoy (the C
/// stress test spent a third of its samples in the lock's slow path); a default pthread mutex
/// lets a running thread take a free lock at once. ThreadSanitizer also sees pthread mutexes,
/// where it saw no happens-before edge in the PI handoff (Tests/tsan-mutex-repro.swift) and
/// reported every locked access as a race.
@usableFromInline
enum PthreadMutex {
    /// A new, unlocked default mutex on the heap.
    @usableFromInline
    static func make() -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        initialize(mutex)
        return mutex
    }

    /// Initializes `mutex` in place (also anew in a forked child, whatever state it was in).
    @usableFromInline
    static func initialize(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        check(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
    }

    /// Destroys and frees a mutex made by ``make()``; it must be unlocked.
    @usableFromInline
    static func free(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        mutex.deallocate()
    }

    /// Takes `mutex`, waiting while another thread holds it.
    @inlinable @inline(__always)
    static func lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
    }

    /// Releases `mutex`, which the calling thread holds.
    @inlinable @inline(__always)
    static func unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
        check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
    }

    /// Stops the process when a pthread call failed (see the type's comment).
    @inlinable @inline(__always)
    static func check(_ result: Int32, _ call: StaticString) {
        if _slowPath(result != 0) { failed(result, call) }
    }

    @usableFromInline
    static func failed(_ result: Int32, _ call: StaticString) -> Never {
        fatalError("\(call) failed with error \(result): a corrupted lock")
    }
}
