import Glibc

/// The real clock: `CLOCK_MONOTONIC` for timers, `CLOCK_REALTIME` for timestamps. Timers run on
/// one shared background thread, so a session's event callback may be called from it.
public final class SystemClock: SessionClock {
    /// The process-wide system clock.
    public static let shared = SystemClock()

    private let thread = TimerThread()

    /// The clock also forgets the parent's timers and timer thread in a forked child: the
    /// thread did not survive the fork (see ``ForkWatch`` for the policy).
    private init() {
        pthread_atfork(nil, nil, { SystemClock.shared.resetInForkedChild() })
    }

    public func now() -> UInt64 {
        Self.monotonicNanoseconds()
    }

    public func wallMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec).multipliedReportingOverflow(by: 1000).partialValue
            .addingSaturated(Int64(ts.tv_nsec / 1_000_000))
    }

    public func start(_ timer: SessionTimer, at deadline: UInt64) {
        thread.add(timer, at: deadline)
    }

    /// Forgets the parent's timers and timer thread; runs in a forked child, on its only thread.
    private func resetInForkedChild() { thread.resetInForkedChild() }

    /// `CLOCK_MONOTONIC` in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(max(ts.tv_sec, 0)) &* 1_000_000_000 &+ UInt64(max(ts.tv_nsec, 0))
    }
}
