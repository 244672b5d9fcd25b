/// A submitter's queue in a ``ThreadPool``: its tasks run in the order submitted, and the pool
/// serves every lane with queued tasks in turn, one task each. Each search session searches on a
/// lane of its own, so a flood of searches from elsewhere cannot starve it.
///
/// A lane is identified by the object; it holds nothing itself (its tasks wait in the pool).
public final class TaskLane: Sendable {
    /// A new lane, usable with any pool.
    public init() {}
}
