/// Numbers queries and decides which results may be delivered: only those of the query whose
/// results are currently wanted, which is always the newest one.
///
/// Invariant: every issued generation ends in exactly one of "results", "error" or
/// "superseded" on each delivery channel (see ``SearchSession``).
struct GenerationTracker: Sendable {
    /// The newest issued generation (0 before the first query).
    private(set) var latest: UInt64 = 0
    /// The generation issued and still waiting for its results.
    private(set) var pending: UInt64?
    /// The generation whose results are current or awaited (nil after a cancel).
    private(set) var wanted: UInt64?
    /// The pending search passed its stall threshold.
    private(set) var stalled = false

    /// Issues the next generation; returns it and the pending one it supersedes, if any.
    mutating func issue() -> (generation: UInt64, superseded: UInt64?) {
        let superseded = pending
        latest &+= 1
        pending = latest
        wanted = latest
        stalled = false
        return (latest, superseded)
    }

    /// Records that `generation` finished; true when its outcome is to be delivered.
    mutating func complete(_ generation: UInt64) -> Bool {
        guard generation == pending, generation == wanted else { return false }
        pending = nil
        stalled = false
        return true
    }

    /// Stops wanting any result; returns the pending generation, now superseded.
    mutating func cancel() -> UInt64? {
        let superseded = pending
        pending = nil
        wanted = nil
        stalled = false
        return superseded
    }

    /// Marks `generation` stalled if it is still pending; true when it was.
    mutating func stall(_ generation: UInt64) -> Bool {
        guard generation == pending, !stalled else { return false }
        stalled = true
        return true
    }

    /// True when an outcome of `generation` may reach the host now.
    func isDeliverable(_ generation: UInt64) -> Bool {
        generation == wanted
    }

    /// True while `generation` is the pending one.
    func isPending(_ generation: UInt64) -> Bool {
        generation == pending
    }
}
