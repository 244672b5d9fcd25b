/// Pending timers ordered by deadline (ties in scheduling order): the bookkeeping shared by the
/// clocks whose timers fire on a thread the caller chooses (``ManualClock``, ``HostClock``).
/// A value type; its owner guards it with a lock and fires the timers it takes outside the lock.
struct TimerList: Sendable {
    private struct Entry {
        var deadline: UInt64
        var order: UInt64
        var timer: SessionTimer
    }

    private var entries: [Entry] = []
    private var nextOrder: UInt64 = 0

    /// Adds `timer`, due at `deadline`.
    mutating func add(_ timer: SessionTimer, at deadline: UInt64) {
        entries.append(Entry(deadline: deadline, order: nextOrder, timer: timer))
        nextOrder &+= 1
    }

    /// The number of timers neither fired nor cancelled.
    var pendingCount: Int {
        entries.filter { $0.timer.isPending }.count
    }

    /// The earliest deadline of a timer neither fired nor cancelled, if any.
    var earliestDeadline: UInt64? {
        entries.filter { $0.timer.isPending }.map(\.deadline).min()
    }

    /// Removes and returns the first pending timer due at or before `limit`, with its deadline
    /// (dropping cancelled and fired timers on the way); nil when none is due.
    mutating func takeDue(by limit: UInt64) -> (timer: SessionTimer, deadline: UInt64)? {
        entries.removeAll { !$0.timer.isPending }
        guard
            let index = entries.indices.min(by: {
                (entries[$0].deadline, entries[$0].order) < (entries[$1].deadline, entries[$1].order)
            }),
            entries[index].deadline <= limit
        else { return nil }
        let entry = entries.remove(at: index)
        return (entry.timer, entry.deadline)
    }

    /// Forgets every timer.
    mutating func removeAll() {
        entries.removeAll()
    }
}
