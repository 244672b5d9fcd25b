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

    /// The async-search registries whose completions the calling thread is running, innermost
    /// last (a completion may start and wait for another index's searches).
    private final class RunningCompletions {
        var owners: [ObjectIdentifier] = []
    }

    private static let callbackKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            if let raw { Unmanaged<RunningCompletions>.fromOpaque(raw).release() }
        }
        return key
    }()

    /// The calling thread's list, made on first use.
    private static var runningCompletions: RunningCompletions {
        if let raw = pthread_getspecific(callbackKey) {
            return Unmanaged<RunningCompletions>.fromOpaque(raw).takeUnretainedValue()
        }
        let made = RunningCompletions()
        pthread_setspecific(callbackKey, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// Runs `completion` with the calling thread marked as inside one of this registry's
    /// completions.
    func runCompletion(_ completion: () -> Void) {
        let running = Self.runningCompletions
        running.owners.append(ObjectIdentifier(self))
        completion()
        running.owners.removeLast()
    }

    /// True on a thread that is running one of this registry's completions (waiting for this
    /// registry's searches there would wait for itself). Another index's completion does not
    /// count: freeing index B from inside index A's callback waits for B's callbacks.
    var isRunningCompletion: Bool {
        guard let raw = pthread_getspecific(Self.callbackKey) else { return false }
        return Unmanaged<RunningCompletions>.fromOpaque(raw).takeUnretainedValue().owners.contains(ObjectIdentifier(self))
    }
}
