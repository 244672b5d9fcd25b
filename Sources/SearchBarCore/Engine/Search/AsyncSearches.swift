import Glibc
import Synchronization

/// A handle on an asynchronous search.
public final class SearchTicket: Sendable {
    /// The ticket's number, unique within its index.
    public let id: UInt64
    /// Set to stop the search.
    let flag = CancellationFlag()

    init(id: UInt64) { self.id = id }

    /// Asks the search to stop; its completion then reports ``SearchBarError/Code/cancelled``
    /// (unless it had already finished).
    public func cancel() { flag.cancel() }
}

/// The asynchronous searches of one index that have not completed yet.
final class AsyncSearches: Sendable {
    private let condition = Condition()
    private let state = Mutex<(next: UInt64, pending: [UInt64: SearchTicket])>((1, [:]))

    /// Registers a new search.
    func start() -> SearchTicket {
        condition.withLock {
            state.withLock { state in
                let ticket = SearchTicket(id: state.next)
                state.next &+= 1
                state.pending[ticket.id] = ticket
                return ticket
            }
        }
    }

    /// Marks a search as completed.
    func finish(_ ticket: SearchTicket) {
        condition.withLock {
            state.withLock { _ = $0.pending.removeValue(forKey: ticket.id) }
            condition.broadcast()
        }
    }

    /// Cancels one pending search.
    func cancel(_ id: UInt64) -> Bool {
        guard let ticket = state.withLock({ $0.pending[id] }) else { return false }
        ticket.cancel()
        return true
    }

    /// Cancels every pending search.
    func cancelAll() {
        for ticket in state.withLock({ Array($0.pending.values) }) { ticket.cancel() }
    }

    /// Blocks until no search is pending.
    func waitUntilIdle() {
        condition.withLock {
            while !state.withLock({ $0.pending.isEmpty }) { condition.wait() }
        }
    }

    private static let callbackKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Marks the calling thread as inside (or outside) a completion callback.
    static func runningCallback(_ inside: Bool) {
        pthread_setspecific(callbackKey, inside ? UnsafeRawPointer(bitPattern: 1) : nil)
    }

    /// True on a thread that is running a completion callback.
    static var isRunningCallback: Bool { pthread_getspecific(callbackKey) != nil }
}
