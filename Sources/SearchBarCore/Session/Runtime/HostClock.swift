import Synchronization

/// Real time whose timers the host fires: no library thread runs them. A toolkit that owns
/// time (GTK, Qt, a game loop) asks for ``nextDeadline`` after each of its calls and calls
/// ``fireDue()`` on its main thread when that deadline comes, so every delayed search and
/// stall notice runs on the thread that draws.
///
/// A timer started on any thread that becomes the earliest one calls the wake handler (the
/// session makes its event descriptor readable then), so a host sleeping until the deadline it
/// read before learns that there is an earlier one.
public final class HostClock: SessionClock {
    private struct State {
        var timers = TimerList()
        var wake: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// Creates a clock with no timers.
    public init() {}

    public func now() -> UInt64 {
        SystemClock.monotonicNanoseconds()
    }

    public func wallMilliseconds() -> Int64 {
        SystemClock.shared.wallMilliseconds()
    }

    public func start(_ timer: SessionTimer, at deadline: UInt64) {
        let wake = state.withLock { s -> (@Sendable () -> Void)? in
            let earliest = s.timers.earliestDeadline
            s.timers.add(timer, at: deadline)
            let becomesEarliest = earliest.map { deadline < $0 } ?? true
            return becomesEarliest ? s.wake : nil
        }
        wake?()
    }

    /// Sets what is called, outside the clock's lock, when a timer becomes the earliest one.
    public func setWakeHandler(_ handler: (@Sendable () -> Void)?) {
        state.withLock { $0.wake = handler }
    }

    /// The earliest deadline of a pending timer (``now()``'s time base), if any.
    public var nextDeadline: UInt64? {
        state.withLock { $0.timers.earliestDeadline }
    }

    /// Fires, on the calling thread and in deadline order, every timer due now (including those
    /// the fired actions start with a deadline that has already passed). Returns how many fired.
    @discardableResult
    public func fireDue() -> Int {
        let limit = now()
        var fired = 0
        while let due = state.withLock({ $0.timers.takeDue(by: limit) }) {
            due.timer.fire()
            fired += 1
        }
        return fired
    }
}
