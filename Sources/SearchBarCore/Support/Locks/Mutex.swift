import Glibc

/// A mutual-exclusion lock protecting one value, with the `withLock` API of
/// `Synchronization.Mutex`, which it shadows in this module and in the export layer (which
/// names it through a type alias). A default pthread mutex: ``PthreadMutex`` says why.
public struct Mutex<Value: ~Copyable>: ~Copyable {
    @usableFromInline let lock: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// A lock holding `initialValue`.
    @inlinable
    public init(_ initialValue: consuming sending Value) {
        lock = PthreadMutex.make()
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    @inlinable
    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        PthreadMutex.free(lock)
    }

    /// Runs `body` with the lock held and the value lent to it for change.
    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        PthreadMutex.lock(lock)
        defer { PthreadMutex.unlock(lock) }
        return try body(&value.pointee)
    }
}

extension Mutex: @unchecked Sendable where Value: ~Copyable {}
