import Glibc
import Synchronization

/// Knows which threads are inside one of a session's callbacks, so a mutating call made from
/// inside a callback fails with ``SearchBarError/Code/misuse`` instead of deadlocking.
final class CallbackGuard: Sendable {
    private let depths = Mutex<[UInt: Int]>([:])

    /// The calling thread's identity.
    private static var currentThread: UInt { UInt(pthread_self()) }

    /// True when the calling thread is running one of this session's callbacks.
    var isInsideCallback: Bool {
        let thread = Self.currentThread
        return depths.withLock { $0[thread] != nil }
    }

    /// Runs `body` (a callback) with the calling thread marked.
    func run<R>(_ body: () -> R) -> R {
        let thread = Self.currentThread
        depths.withLock { $0[thread, default: 0] += 1 }
        defer {
            depths.withLock { table in
                let depth = (table[thread] ?? 1) - 1
                table[thread] = depth > 0 ? depth : nil
            }
        }
        return body()
    }

    /// Throws ``SearchBarError/Code/misuse`` when called from inside a callback.
    func checkOutside(_ operation: String) throws(SearchBarError) {
        if isInsideCallback {
            throw SearchBarError(
                .misuse, "\(operation) was called from inside one of this session's callbacks; "
                    + "defer it until the callback has returned")
        }
    }
}
