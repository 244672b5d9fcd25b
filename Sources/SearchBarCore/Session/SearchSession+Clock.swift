/// Driving a session's manual clock.
extension SearchSession {
    /// True when the session runs on a ``ManualClock``.
    public var usesManualClock: Bool {
        clock is ManualClock
    }

    /// Moves a ``ManualClock`` forward, firing due timers (delayed searches, stall notices) on
    /// the calling thread. Throws ``SearchBarError/Code/misuse`` on a session with another
    /// clock, from inside a callback, or once closed.
    public func advanceClock(by duration: Duration) throws(SearchBarError) {
        guard let manual = clock as? ManualClock else {
            throw SearchBarError(.misuse, "the session does not run on a manual clock")
        }
        guard duration >= .zero else { throw .invalidArgument("the clock cannot go backwards") }
        try callbackGuard.checkOutside("advanceClock")
        guard !(core.withLock { $0.closed }) else {
            throw SearchBarError(.misuse, "advanceClock was called on a closed session")
        }
        manual.advance(by: duration)
    }
}
