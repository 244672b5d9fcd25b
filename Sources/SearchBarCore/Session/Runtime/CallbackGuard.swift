import Glibc
import Synchronization

/// Knows which threads are inside one of a session's callbacks or host calls, and keeps the
/// actions a callback asked for until it has returned.
///
/// A delegate acts on the bar from its callbacks (resign the focus on Search, dismiss on
/// Cancel, set the text on a suggestion). Running such a call inside the callback would
/// re-enter the call that raised it, so it is queued instead and runs on the same thread, in
/// the order asked, as soon as that thread is out of every callback and host call of the
/// session.
final class CallbackGuard: Sendable {
    /// An action asked for inside a callback.
    struct Deferred: Sendable {
        /// The method's name, for error messages.
        let name: String
        /// Runs the action (as a host call, outside every callback).
        let run: @Sendable () -> Void
    }

    private struct ThreadState {
        /// Callbacks of this session running on the thread (nested callbacks count each).
        var callbacks = 0
        /// Host calls of this session running on the thread (a callback's own call included).
        var calls = 0
        /// Actions asked for inside callbacks, oldest first.
        var deferred: [Deferred] = []

        var isIdle: Bool { callbacks == 0 && calls == 0 && deferred.isEmpty }
    }

    /// The most actions one thread may have queued at once (a callback that keeps asking is a
    /// host bug: it gets ``SearchBarError/Code/misuse`` rather than unbounded memory).
    static let maximumDeferred = 1024

    private let threads = Mutex<[UInt: ThreadState]>([:])

    /// The calling thread's identity.
    private static var currentThread: UInt { UInt(pthread_self()) }

    /// True when the calling thread is running one of this session's callbacks.
    var isInsideCallback: Bool {
        let thread = Self.currentThread
        return threads.withLock { ($0[thread]?.callbacks ?? 0) > 0 }
    }

    private func update(_ body: (inout ThreadState) -> Void) {
        let thread = Self.currentThread
        threads.withLock { table in
            var state = table[thread] ?? ThreadState()
            body(&state)
            table[thread] = state.isIdle ? nil : state
        }
    }

    /// Runs `body` (a callback) with the calling thread marked.
    func run<R>(_ body: () -> R) -> R {
        update { $0.callbacks += 1 }
        defer { update { $0.callbacks -= 1 } }
        return body()
    }

    /// Runs `body` (a host call) with the calling thread marked, so actions queued meanwhile
    /// wait until the call is over (it may hold the session's operation lock).
    func call<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        update { $0.calls += 1 }
        defer { update { $0.calls -= 1 } }
        return try body()
    }

    /// Throws ``SearchBarError/Code/misuse`` when called from inside a callback (for the calls
    /// that stay refused there: close, replacing the callbacks, moving the manual clock).
    func checkOutside(_ operation: String) throws(SearchBarError) {
        if isInsideCallback {
            throw SearchBarError(
                .misuse, "\(operation) was called from inside one of this session's callbacks; "
                    + "call it after the callback has returned")
        }
    }

    /// Queues `action` when the calling thread is inside a callback and returns true; returns
    /// false (run it now) otherwise. Throws ``SearchBarError/Code/misuse`` past
    /// ``maximumDeferred`` queued actions.
    func deferIfInsideCallback(_ action: Deferred) throws(SearchBarError) -> Bool {
        let thread = Self.currentThread
        let outcome = threads.withLock { table -> Bool? in
            guard var state = table[thread], state.callbacks > 0 else { return false }
            guard state.deferred.count < Self.maximumDeferred else { return nil }
            state.deferred.append(action)
            table[thread] = state
            return true
        }
        guard let outcome else {
            throw SearchBarError(
                .misuse, "\(action.name): \(Self.maximumDeferred) actions are already queued by callbacks on this thread")
        }
        return outcome
    }

    /// Runs the actions queued on the calling thread, oldest first (and those they queue in
    /// turn), when the thread is outside every callback and host call of the session.
    func runDeferred() {
        let thread = Self.currentThread
        while true {
            let next = threads.withLock { table -> Deferred? in
                guard var state = table[thread], state.callbacks == 0, state.calls == 0, !state.deferred.isEmpty else {
                    return nil
                }
                let action = state.deferred.removeFirst()
                table[thread] = state.isIdle ? nil : state
                return action
            }
            guard let next else { return }
            next.run()
        }
    }
}
