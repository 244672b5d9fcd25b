import Synchronization

/// A one-way flag that a search checks at least once per chunk; setting it makes the search
/// stop early and report ``SearchBarError/Code/cancelled``.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A flag that is not set.
    public init() {}

    /// Asks the work watching this flag to stop.
    public func cancel() { flag.store(true, ordering: .releasing) }

    /// True once ``cancel()`` was called.
    public var isCancelled: Bool { flag.load(ordering: .acquiring) }
}
