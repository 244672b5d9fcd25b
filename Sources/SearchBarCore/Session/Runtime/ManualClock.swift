import Synchronization

/// A clock that moves only when told to: the injectable clock for deterministic timing tests
/// (and for hosts that drive time themselves, such as a game loop or a replayed recording).
///
/// Timers fire on the thread that calls ``advance(by:)`` or ``advance(to:)``, in deadline
/// order (ties in scheduling order), with ``now()`` set to each timer's deadline while it runs.
public final class ManualClock: SessionClock {
    private struct State {
        var now: UInt64
        /// Wall time in milliseconds when `now` was 0 (the wall clock moves with `now`).
        var wallBase: Int64
        var timers = TimerList()
    }

    private let state: Mutex<State>

    /// Creates a clock reading `start` nanoseconds, with the wall clock at `wallStart`
    /// milliseconds since the epoch.
    public init(start: UInt64 = 0, wallStart: Int64 = 1_700_000_000_000) {
        state = Mutex(State(now: start, wallBase: wallStart.subtractingSaturated(Int64(start / 1_000_000))))
    }

    public func now() -> UInt64 {
        state.withLock { $0.now }
    }

    public func wallMilliseconds() -> Int64 {
        state.withLock { $0.wallBase.addingSaturated(Int64($0.now / 1_000_000)) }
    }

    public func start(_ timer: SessionTimer, at deadline: UInt64) {
        state.withLock { $0.timers.add(timer, at: deadline) }
    }

    /// The number of timers scheduled and neither fired nor cancelled.
    public var pendingTimerCount: Int {
        state.withLock { $0.timers.pendingCount }
    }

    /// The earliest deadline of a pending timer, if any.
    public var nextDeadline: UInt64? {
        state.withLock { $0.timers.earliestDeadline }
    }

    /// Moves time forward by `nanoseconds`, firing every timer that falls due (including timers
    /// scheduled by the actions themselves).
    public func advance(by nanoseconds: UInt64) {
        let target = state.withLock { s -> UInt64 in
            let (sum, overflow) = s.now.addingReportingOverflow(nanoseconds)
            return overflow ? UInt64.max : sum
        }
        advance(to: target)
    }

    /// Moves time forward by a duration (see ``advance(by:)-(UInt64)``).
    public func advance(by duration: Duration) {
        advance(by: duration.saturatingNanoseconds)
    }

    /// Moves time forward to `target` (never backwards), firing due timers in order.
    public func advance(to target: UInt64) {
        while true {
            let due = state.withLock { s -> SessionTimer? in
                guard let (timer, deadline) = s.timers.takeDue(by: target) else {
                    if target > s.now { s.now = target }
                    return nil
                }
                if deadline > s.now { s.now = deadline }
                return timer
            }
            guard let due else { return }
            due.fire()
        }
    }

    /// Sets the wall clock (for expiry tests); monotonic time is not affected.
    public func setWallMilliseconds(_ milliseconds: Int64) {
        state.withLock { $0.wallBase = milliseconds.subtractingSaturated(Int64($0.now / 1_000_000)) }
    }

}
extension Int64 {
    /// `self + other`, clamped to the representable range.
    func addingSaturated(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, clamped to the representable range.
    func subtractingSaturated(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }
}

extension Duration {
    /// The duration in whole nanoseconds, clamped to `0...UInt64.max`.
    var saturatingNanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return UInt64.max }
        let (sum, overflow2) = whole.addingReportingOverflow(UInt64(max(attoseconds, 0) / 1_000_000_000))
        return overflow2 ? UInt64.max : sum
    }
}
