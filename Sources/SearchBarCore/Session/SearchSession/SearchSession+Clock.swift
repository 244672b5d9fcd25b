/// Driving a session's manual clock, or the timers of a host-driven clock.
extension SearchSession {
    /// True when the session runs on a ``ManualClock``.
    public var usesManualClock: Bool {
        clock is ManualClock
    }

    /// True when the session runs on a ``HostClock`` (the host fires its timers).
    public var usesHostClock: Bool {
        clock is HostClock
    }

    /// Moves a ``ManualClock`` forward, firing due timers (delayed searches, stall notices) on
    /// the calling thread. Throws ``SearchBarError/Code/misuse`` on a session with another
    /// clock, from inside a callback, or once closed.
    public func advanceClock(by duration: Duration) throws(SearchBarError) {
        guard let manual = clock as? ManualClock else {
            throw SearchBarError(.misuse, "the session does not run on a manual clock")
        }
        guard duration >= .zero else { throw .invalidArgument("the clock cannot go backwards") }
        try checkTimersCanRun("advanceClock")
        manual.advance(by: duration)
    }

    /// How long until the host must call ``runDueTimers()`` on a ``HostClock`` session, in
    /// nanoseconds (0: a timer is due now), or nil when no timer is pending (a closed session
    /// has none). Reading it also consumes a wake-up: when no event is queued, the event
    /// descriptor stops being readable, and it becomes readable again as soon as an earlier
    /// deadline appears (a timer armed on another thread), so a host that re-reads this
    /// whenever the descriptor is readable never sleeps past a deadline. Any thread, including
    /// from inside callbacks. Throws ``SearchBarError/Code/misuse`` on a session with another clock.
    public func timeUntilNextTimer() throws(SearchBarError) -> UInt64? {
        guard let host = clock as? HostClock else {
            throw SearchBarError(.misuse, "the session does not run on the host's clock (SB_CLOCK_HOST)")
        }
        let deadline = core.withLock { c -> UInt64? in
            guard !c.closed else { return nil }
            if c.queue.isEmpty { signal.lower() }
            // Read under the session's lock, after lowering: a timer added after this read
            // raises the descriptor once the lock is released (see ``wakeHost()``).
            return host.nextDeadline
        }
        guard let deadline else { return nil }
        let now = host.now()
        return deadline > now ? deadline - now : 0
    }

    /// Fires every timer of a ``HostClock`` session that is due, on the calling thread: the
    /// delayed search runs and its events (and the event callback) come from here, as do stall
    /// notices. Returns how many timers fired (0 is fine: nothing was due). Throws
    /// ``SearchBarError/Code/misuse`` on a session with another clock, from inside a callback,
    /// or once closed.
    @discardableResult
    public func runDueTimers() throws(SearchBarError) -> Int {
        guard let host = clock as? HostClock else {
            throw SearchBarError(.misuse, "the session does not run on the host's clock (SB_CLOCK_HOST)")
        }
        try checkTimersCanRun("runDueTimers")
        return host.fireDue()
    }

    /// Makes the event descriptor readable so a host waiting on it re-reads the next deadline.
    func wakeHost() {
        core.withLock { c in
            if !c.closed { signal.raise() }
        }
    }

    /// Throws unless timers may fire on this thread now: not inside a callback (a timer's
    /// action would nest in it), not on a closed session.
    private func checkTimersCanRun(_ name: String) throws(SearchBarError) {
        try callbackGuard.checkOutside(name)
        guard !(core.withLock { $0.closed }) else {
            throw SearchBarError(.misuse, "\(name) was called on a closed session")
        }
    }
}
