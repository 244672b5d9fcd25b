@testable import SearchBarCore

/// What work run on a pool recorded, in the order it ran, and a gate that holds a thread: the
/// executor tests assert order and placement with it, never timing. Every wait is for an event,
/// with a deadline only so that a defect fails instead of hanging (the events come in
/// microseconds when the pool works).
final class TaskLog: @unchecked Sendable {
    private let condition = Condition()
    private var entries: [String] = []
    private var open = false

    func record(_ entry: String) { condition.withLock { entries.append(entry); condition.broadcast() } }
    var recorded: [String] { condition.withLock { entries } }

    /// Blocks the calling thread until ``release()``.
    func hold() { condition.withLock { while !open { condition.wait() } } }
    func release() { condition.withLock { open = true; condition.broadcast() } }

    /// Waits until `entry` was recorded; false after a minute without it.
    @discardableResult
    func waitFor(_ entry: String) -> Bool { waitUntil { $0.contains(entry) } }

    /// Waits until `count` entries were recorded; false after a minute without them.
    @discardableResult
    func waitFor(count: Int) -> Bool { waitUntil { $0.count >= count } }

    private func waitUntil(_ done: ([String]) -> Bool) -> Bool {
        let deadline = MergeState.now() + 60_000_000_000
        return condition.withLock {
            while !done(entries) && MergeState.now() < deadline {
                condition.wait(untilMonotonicNanoseconds: deadline)
            }
            return done(entries)
        }
    }
}
