/// A lock that protects no value of its own: taken and released by hand where the protected
/// span crosses calls (a session holds it for the whole of a host call, veto callbacks
/// included, so calls from several host threads apply one after the other).
final class Lock: @unchecked Sendable {
    private let mutex = PthreadMutex.make()

    deinit { PthreadMutex.free(mutex) }

    /// Takes the lock, waiting while another thread holds it.
    func lock() { PthreadMutex.lock(mutex) }

    /// Releases the lock, which the calling thread holds.
    func unlock() { PthreadMutex.unlock(mutex) }
}
