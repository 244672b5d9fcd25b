import Synchronization

/// A value made on first use by whichever thread asks first (the others wait for it); later
/// reads take no lock, only an acquiring load of a flag. For work a search may never need,
/// such as a matcher's typo plans when the title tiers answer it.
final class OnceValue<Value>: @unchecked Sendable {
    private let ready = Atomic<Bool>(false)
    private let lock = Mutex<Void>(())
    /// Written once, under `lock`, before `ready` is set; never written again.
    private var stored: Value?
    private let make: () -> Value

    /// A value that `make` will make on first use.
    init(_ make: @escaping () -> Value) { self.make = make }

    /// The value, made now if no thread has made it yet.
    var value: Value {
        if ready.load(ordering: .acquiring), let stored { return stored }
        return lock.withLock { _ in
            if let stored { return stored }
            let made = make()
            stored = made
            ready.store(true, ordering: .releasing)
            return made
        }
    }

    /// True once the value has been made.
    var isMade: Bool { ready.load(ordering: .acquiring) }
}
