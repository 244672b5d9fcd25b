import Glibc

/// Event delivery: vetoes, the event callback and the queue with its file descriptor.
extension SearchSession {
    /// Sets the callbacks. `veto` answers the should-… events (return false to refuse; without
    /// it everything is allowed); `event` receives every other event. Either may be nil.
    /// When this returns, the previous callbacks are not running and will not be called again.
    public func setCallbacks(
        veto: (@Sendable (SessionEvent) -> Bool)?, event: (@Sendable (SessionEvent) -> Void)?
    ) throws(SearchBarError) {
        // Refused inside a callback rather than queued: the host may release what the old
        // callbacks use as soon as this returns.
        try callbackGuard.checkOutside("setCallbacks")
        try perform("setCallbacks") { [self] _ throws(SearchBarError) in
            withCore { c in
                c.vetoHandler = veto
                c.eventHandler = event
                c.handlerEpoch &+= 1
                if event == nil { c.outbox.removeAll() }
            }
            waitForOlderEventCallbacks()
        }
    }

    /// Waits until no event callback older than the current epoch is running (another thread
    /// may be delivering an event to the callbacks just replaced). Never called from inside a
    /// callback: setting the callbacks and closing are refused there.
    func waitForOlderEventCallbacks() {
        while core.withLock({ c in c.runningHandlerEpoch.map { $0 < c.handlerEpoch } ?? false }) {
            sched_yield()
        }
    }

    /// Sets how many events the queue keeps (0 turns it off; when full the oldest are dropped).
    public func setEventQueueCapacity(_ capacity: Int) throws(SearchBarError) {
        guard (0...Self.maximumEventQueueCapacity).contains(capacity) else {
            throw .invalidArgument("the event queue capacity must be between 0 and \(Self.maximumEventQueueCapacity)")
        }
        try perform("setEventQueueCapacity") { [self] _ throws(SearchBarError) in
            withCore { c in
                c.queue.setCapacity(capacity)
                if c.queue.isEmpty { signal.lower() }
            }
        }
    }

    /// Removes and returns the oldest queued event, waiting up to `timeout` for one (nil waits
    /// forever, zero does not wait). Returns nil when the time runs out or the session is closed.
    public func nextEvent(timeout: Duration? = .zero) -> SessionEvent? {
        let start = SystemClock.monotonicNanoseconds()
        let limit = timeout.map { $0.saturatingNanoseconds }
        while true {
            var waitMilliseconds: Int32 = -1
            if let limit {
                let elapsed = SystemClock.monotonicNanoseconds() &- start
                let remaining = elapsed < limit ? (limit - elapsed + 999_999) / 1_000_000 : 0
                waitMilliseconds = Int32(clamping: remaining)
            }
            // Decided under the lock: an event, nothing (closed, or the time is up), or a wait
            // that close() will interrupt.
            let (event, waits) = core.withLock { c -> (SessionEvent?, Bool) in
                if let event = Self.popQueued(&c, signal) { return (event, false) }
                guard !c.closed, waitMilliseconds != 0 else { return (nil, false) }
                return (nil, signal.beginWait())
            }
            if let event { return event }
            guard waits else { return nil }
            _ = signal.wait(timeoutMilliseconds: waitMilliseconds)
            core.withLock { _ in signal.endWait() }
        }
    }

    /// Pops the next deliverable event, keeping the descriptor readable exactly while the
    /// queue is not empty.
    private static func popQueued(_ c: inout SessionCore, _ signal: EventSignal) -> SessionEvent? {
        defer { if c.queue.isEmpty { signal.lower() } }
        while let event = c.queue.pop() {
            if let deliverable = deliverable(event, c.generations) { return deliverable }
        }
        return nil
    }

    /// Records an event for the callback and the queue. Call with the lock held.
    func emit(_ event: SessionEvent, _ c: inout SessionCore) {
        if c.eventHandler != nil { c.outbox.push(event) }
        if c.queue.capacity > 0 {
            c.queue.push(event)
            signal.raise()
        }
    }

    /// Asks the veto callback; true (allowed) without one.
    func veto(_ event: SessionEvent) -> Bool {
        let handler = core.withLock { $0.vetoHandler }
        guard let handler else { return true }
        return callbackGuard.run { handler(event) }
    }

    /// Delivers pending events to the event callback, unless another thread is already doing
    /// so (it then delivers these too). Never called with the lock held.
    func flush() {
        let claimed = core.withLock { c -> Bool in
            guard !c.draining, !c.outbox.isEmpty else { return false }
            c.draining = true
            return true
        }
        guard claimed else { return }
        while true {
            let next = core.withLock { c -> (SessionEvent, @Sendable (SessionEvent) -> Void)? in
                c.runningHandlerEpoch = nil
                while let event = c.outbox.pop() {
                    guard let handler = c.eventHandler else {
                        c.outbox.removeAll()
                        break
                    }
                    if let deliverable = Self.deliverable(event, c.generations) {
                        c.runningHandlerEpoch = c.handlerEpoch
                        return (deliverable, handler)
                    }
                }
                c.draining = false
                return nil
            }
            guard let (event, handler) = next else { return }
            callbackGuard.run { handler(event) }
            // What the callback asked for runs now, before the next event; it is no longer a
            // running callback (replacing the callbacks must not wait for these).
            core.withLock { $0.runningHandlerEpoch = nil }
            callbackGuard.runDeferred()
        }
    }

    /// The event as it may be delivered now: results or an error of a query that is no longer
    /// wanted become `superseded`; a stale stall notice is dropped.
    static func deliverable(_ event: SessionEvent, _ generations: GenerationTracker) -> SessionEvent? {
        switch event.kind {
        case .resultsReady:
            if generations.isDeliverable(event.generation) { return event }
            return SessionEvent(.superseded, generation: event.generation)
        case .error where event.generation != 0:
            if generations.isDeliverable(event.generation) { return event }
            return SessionEvent(.superseded, generation: event.generation)
        case .sectionsReady, .sourceRequest:
            // A newer query's sections replace these; its update event told the host.
            return generations.isDeliverable(event.generation) ? event : nil
        case .searchStalled:
            return generations.isPending(event.generation) ? event : nil
        default:
            return event
        }
    }
}
