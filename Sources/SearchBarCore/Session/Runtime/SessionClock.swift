import Synchronization

/// The time source a session runs its timers on: the search delay, the stall threshold and the
/// timestamps of recent searches.
///
/// Production code uses ``SystemClock``; tests use ``ManualClock`` so that every timing rule is
/// checked without sleeping.
public protocol SessionClock: Sendable {
    /// Monotonic time in nanoseconds (an arbitrary origin; only differences matter).
    func now() -> UInt64
    /// Wall-clock time in milliseconds since the Unix epoch (recent searches are stamped with it,
    /// so expiry survives a restart).
    func wallMilliseconds() -> Int64
    /// Fires `timer` once, on a thread of the clock's choosing, when ``now()`` reaches
    /// `deadline` (at once if it already has), unless it is cancelled first. The clock may fire
    /// it on the calling thread (when it has no other), so never call this with a lock held that
    /// the timer's action takes.
    func start(_ timer: SessionTimer, at deadline: UInt64)
}

/// A scheduled action that can be cancelled. Cancelling is idempotent and safe from any thread;
/// after ``cancel()`` returns, the action will not start (it may already be running).
public final class SessionTimer: Sendable {
    private let action: Mutex<(@Sendable () -> Void)?>

    /// Wraps an action to run at most once.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = Mutex(action)
    }

    /// Prevents the action from running if it has not started yet.
    public func cancel() {
        action.withLock { $0 = nil }
    }

    /// True until the timer has fired or been cancelled.
    public var isPending: Bool {
        action.withLock { $0 != nil }
    }

    /// Runs the action unless it was cancelled or already ran. Clocks call this when the
    /// deadline is reached.
    public func fire() {
        let taken = action.withLock { slot -> (@Sendable () -> Void)? in
            let current = slot
            slot = nil
            return current
        }
        taken?()
    }
}

extension SessionClock {
    /// Runs `action` once when ``now()`` reaches `deadline`, unless the returned timer is
    /// cancelled first (see ``start(_:at:)``).
    public func schedule(at deadline: UInt64, _ action: @escaping @Sendable () -> Void) -> SessionTimer {
        let timer = SessionTimer(action)
        start(timer, at: deadline)
        return timer
    }

    /// ``now()`` plus `delay` nanoseconds, saturating instead of overflowing.
    func deadline(after delay: UInt64) -> UInt64 {
        let (sum, overflow) = now().addingReportingOverflow(delay)
        return overflow ? UInt64.max : sum
    }
}
