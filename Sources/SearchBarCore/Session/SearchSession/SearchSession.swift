import Synchronization

/// A headless search bar with its search controller: the state of UISearchBar +
/// UISearchController, the behaviour the UIKit guide and the HIG describe, and the events of
/// their delegates. The host forwards what the user does (typing, focus, taps) and draws what
/// ``display`` says.
///
/// Threading: every method may be called from any thread; host calls apply one at a time.
/// Veto callbacks run synchronously on the thread of the call that asks. Other events go to
/// the event callback (in order, never two at once; normally on the thread whose action raised
/// them, results on a worker or timer thread) and to a queue drained with
/// ``nextEvent(timeout:)``, whose ``eventFileDescriptor`` is readable while events wait.
/// A callback may act on the bar, as a delegate does (resign the focus on Search, dismiss on
/// Cancel, set the text when a suggestion is chosen): a mutating method called from inside one
/// of the session's callbacks is queued and returns at once (`true` for the methods that
/// report a veto, the suggestion at the index for ``chooseSuggestion(at:)``, nil or 0 for
/// the generation). Queued calls run on the same thread, in the order asked, right after the
/// callback returns (after a veto callback: once the call that asked the veto is over); a
/// failure then is an ``SessionEventKind/error`` event (generation 0) naming the call.
/// Arguments are checked when the call is made. ``close()``, ``setCallbacks(veto:event:)``
/// and ``advanceClock(by:)`` stay refused inside callbacks (``SearchBarError/Code/misuse``);
/// getters are fine there.
///
/// Searches: every query gets a generation; a newer query supersedes (and cancels) the older
/// one, and an older query's results are never delivered: ``SessionEventKind/superseded``
/// says so instead.
public final class SearchSession: Sendable, ProcessBound {
    /// ``ForkWatch/generation`` when the session was made.
    public let forkGeneration = ForkWatch.generation
    /// The backend searches run through (nil: the host searches and calls ``deliverResults(_:for:)``).
    public let backend: (any SessionSearchBackend)?
    /// The clock timers run on.
    public let clock: any SessionClock
    /// The locale recent searches and suggestions are folded for.
    public let locale: SearchLocale
    /// Where recent-search files live.
    public let recentsDirectory: String

    let analyzer: TextAnalyzer
    let core: Mutex<SessionCore>
    let operation = Lock()
    let callbackGuard = CallbackGuard()
    let signal: EventSignal

    /// The default event queue capacity.
    public static let defaultEventQueueCapacity = 1024
    /// The largest event queue capacity.
    public static let maximumEventQueueCapacity = 1 << 20

    /// Creates a session.
    /// - Parameters:
    ///   - backend: what searches run through; nil makes the host the searcher.
    ///   - clock: the time source; ``SystemClock/shared`` unless testing, or a ``HostClock``
    ///     (one per session) whose timers the host fires with ``runDueTimers()``.
    ///   - locale: folds recent searches and suggestions.
    ///   - recentsDirectory: where named recent-search lists are saved; nil for
    ///     `$XDG_STATE_HOME/searchbar/recents` (or `~/.local/state/searchbar/recents`).
    ///   - eventQueueCapacity: events kept for ``nextEvent(timeout:)`` (0 turns the queue off).
    /// - Throws: ``SearchBarError/Code/invalidArgument`` for a bad capacity or directory;
    ///   ``SearchBarError/Code/io`` when no event descriptor can be made.
    public init(
        backend: (any SessionSearchBackend)? = nil, clock: any SessionClock = SystemClock.shared,
        locale: SearchLocale = .none, recentsDirectory: String? = nil,
        eventQueueCapacity: Int = SearchSession.defaultEventQueueCapacity
    ) throws(SearchBarError) {
        guard (0...Self.maximumEventQueueCapacity).contains(eventQueueCapacity) else {
            throw .invalidArgument("the event queue capacity must be between 0 and \(Self.maximumEventQueueCapacity)")
        }
        self.backend = backend
        self.clock = clock
        self.locale = locale
        self.recentsDirectory = try recentsDirectory.map { d throws(SearchBarError) in try RecentsFile.checkDirectory(d) }
            ?? RecentsFile.defaultDirectory()
        analyzer = AnalyzerCache.shared.analyzer(for: locale)
        signal = try EventSignal()
        core = Mutex(SessionCore(queueCapacity: eventQueueCapacity))
        (clock as? HostClock)?.setWakeHandler { [weak self] in self?.wakeHost() }
    }

    deinit {
        core.withLock { c in
            c.debounce?.cancel()
            c.stallTimer?.cancel()
        }
        signal.close()
    }

    /// Stops the session: cancels timers and the running search, closes the event descriptor.
    /// Later mutating calls throw ``SearchBarError/Code/misuse``. Idempotent.
    public func close() throws(SearchBarError) {
        try callbackGuard.checkOutside("close")
        operation.lock()
        let tickets = core.withLock { c -> [any SessionSearchTicket] in
            guard !c.closed else { return [] }
            c.closed = true
            c.debounce?.cancel()
            c.stallTimer?.cancel()
            _ = c.generations.cancel()
            let sourceTickets = c.sourceRun.stop().tickets
            c.outbox.removeAll()
            c.queue.removeAll()
            c.vetoHandler = nil
            c.eventHandler = nil
            c.handlerEpoch &+= 1
            signal.close()
            defer { c.ticket = nil }
            return (c.ticket.map { [$0.ticket] } ?? []) + sourceTickets
        }
        waitForOlderEventCallbacks()
        operation.unlock()
        for ticket in tickets { ticket.cancel() }
    }

    // MARK: - Reading

    /// A copy of the current state.
    public var state: SessionState {
        core.withLock { $0.state }
    }

    /// Everything to show, computed from the state.
    public var display: SessionDisplay {
        core.withLock { c in
            SessionDisplay(
                state: c.state, isSearching: c.generations.pending != nil, isStalled: c.generations.stalled,
                generation: c.generations.latest, resultCount: c.results?.results.count ?? 0)
        }
    }

    /// The search-timing policy.
    public var timing: SearchTiming {
        core.withLock { $0.timing }
    }

    /// The newest query's generation (0 before the first query).
    public var generation: UInt64 {
        core.withLock { $0.generations.latest }
    }

    /// The last query issued, if any.
    public var lastQuery: SessionQuery? {
        core.withLock { $0.lastQuery }
    }

    /// The query issued as `generation` (its text, scope and tokens), while it is the newest
    /// one; nil once a newer query was issued (its results will never be delivered).
    public func query(_ generation: UInt64) -> SessionQuery? {
        core.withLock { c in c.lastQuery.flatMap { $0.generation == generation ? $0 : nil } }
    }

    /// The newest delivered results and their generation (nil before any, and after a cancel).
    public var results: (generation: UInt64, results: SessionResults)? {
        core.withLock { $0.results }
    }

    /// The descriptor that is readable while events wait in the queue (-1 once closed).
    public var eventFileDescriptor: Int32 {
        core.withLock { $0.closed ? -1 : signal.readFD }
    }

    /// Events dropped because the queue was full.
    public var droppedEventCount: UInt64 {
        core.withLock { $0.queue.droppedCount }
    }

    /// The number of events waiting in the queue.
    public var queuedEventCount: Int {
        core.withLock { $0.queue.count }
    }

    // MARK: - Running host calls

    /// What a host call does once the state lock is released.
    struct Effects {
        /// Timers made under the lock, started after it is released (a clock without a thread
        /// fires them on the caller's).
        var timers: [(timer: SessionTimer, deadline: UInt64)] = []
        var cancel: [any SessionSearchTicket] = []
        var launch: [SessionQuery] = []
        /// Sources to ask outside the lock (local searches, recents, suggestions).
        var sources: [(source: Int, query: SessionQuery)] = []
        var saveRecents = false
    }

    /// Runs a mutating host call: serializes calls, then cancels and launches searches, saves
    /// recents and delivers events. Called from inside one of the session's callbacks, the call
    /// is queued instead (see ``CallbackGuard``) and `queued` is returned at once; when it runs,
    /// a failure becomes an error event.
    func perform<R>(
        _ name: String, queued: @autoclosure () throws(SearchBarError) -> R,
        _ body: @escaping @Sendable (inout Effects) throws(SearchBarError) -> R
    ) throws(SearchBarError) -> R {
        let action = CallbackGuard.Deferred(name: name) { [self] in
            do throws(SearchBarError) {
                _ = try performNow(name, body)
            } catch {
                reportDeferredFailure(name, error)
            }
        }
        if try callbackGuard.deferIfInsideCallback(action) { return try queued() }
        defer { callbackGuard.runDeferred() }
        return try performNow(name, body)
    }

    /// ``perform(_:queued:_:)`` for calls that return nothing.
    func perform(_ name: String, _ body: @escaping @Sendable (inout Effects) throws(SearchBarError) -> Void)
        throws(SearchBarError)
    {
        try perform(name, queued: (), body)
    }

    /// Runs a host call now (outside every callback of the session).
    private func performNow<R>(_ name: String, _ body: (inout Effects) throws(SearchBarError) -> R) throws(SearchBarError) -> R {
        let outcome = callbackGuard.call { () -> Result<R, SearchBarError> in
            operation.lock()
            var effects = Effects()
            let outcome: Result<R, SearchBarError>
            do throws(SearchBarError) {
                let closed = core.withLock { $0.closed }
                guard !closed else { throw SearchBarError(.misuse, "\(name) was called on a closed session") }
                outcome = .success(try body(&effects))
            } catch {
                outcome = .failure(error)
            }
            apply(effects)
            operation.unlock()
            return outcome
        }
        flush()
        return try outcome.get()
    }

    /// Reports that an action queued inside a callback failed when it ran: an error event
    /// (generation 0) naming the action. Nothing is reported once the session is closed.
    private func reportDeferredFailure(_ name: String, _ error: SearchBarError) {
        let reported = core.withLock { c -> Bool in
            guard !c.closed else { return false }
            let text = "\(name), asked for inside a callback, failed: \(error.message)"
            emit(SessionEvent(.error, text: text, errorCode: error.code), &c)
            return true
        }
        if reported { flush() }
    }

    /// Performs the effects of a call or timer.
    func apply(_ effects: Effects) {
        for (timer, deadline) in effects.timers { clock.start(timer, at: deadline) }
        for ticket in effects.cancel { ticket.cancel() }
        for query in effects.launch { launch(query) }
        for (source, query) in effects.sources { runSource(source, query) }
        if effects.saveRecents { saveRecents() }
    }

    /// Runs `body` on the state under the lock.
    func withCore<R>(_ body: (inout SessionCore) -> R) -> R {
        core.withLock { (c: inout SessionCore) -> R in body(&c) }
    }

    /// Runs a throwing `body` on the state under the lock.
    func withCoreThrowing<R>(_ body: (inout SessionCore) throws(SearchBarError) -> R) throws(SearchBarError) -> R {
        try core.withLock { (c: inout SessionCore) throws(SearchBarError) -> R in try body(&c) }
    }
}

/// The mutable part of a session, guarded by its lock.
struct SessionCore: Sendable {
    var state = SessionState()
    var timing = SearchTiming()
    var generations = GenerationTracker()
    var lastQuery: SessionQuery?
    var results: (generation: UInt64, results: SessionResults)?
    var ticket: (generation: UInt64, ticket: any SessionSearchTicket)?
    var debounce: SessionTimer?
    var debounceSerial: UInt64 = 0
    var stallTimer: SessionTimer?
    var outbox = EventQueue(capacity: Int.max)
    var queue: EventQueue
    var draining = false
    /// Grows each time the callbacks are replaced or the session closes.
    var handlerEpoch: UInt64 = 0
    /// The epoch of the event callback running right now (one at a time), if any.
    var runningHandlerEpoch: UInt64?
    var vetoHandler: (@Sendable (SessionEvent) -> Bool)?
    var eventHandler: (@Sendable (SessionEvent) -> Void)?
    var closed = false
    var recents = RecentSearches()
    var recentsPolicy = RecentsPolicy()
    var recentsName: String?
    var recentsSaveBlocked: String?
    /// The named list's files while saving under a name.
    var recentsStore: RecentsStore?
    /// Changes to save, oldest first.
    var recentsPending: [RecentsChange] = []
    /// The lists must be rewritten (a change the journal does not record, such as pruning).
    var recentsRewrite = false
    /// The user submitted (or chose a suggestion) since the search was last cancelled: in
    /// submit-only timing, scope and token changes then search again.
    var submitted = false
    var hostSuggestions: [Suggestion] = []
    var zeroStateSuggestions: [Suggestion] = []
    var suggestionLimits = SuggestionLimits()
    /// The sources of the sections, in order (``SearchSession/addSource(_:)``).
    var sources: [SessionSource] = []
    /// The sources' work for the newest query.
    var sourceRun = SourceRun()
    /// Sections drop items a better source also found.
    var deduplicatesSources = false

    init(queueCapacity: Int) {
        queue = EventQueue(capacity: queueCapacity)
    }

    /// A change of scope or tokens searches at once: always as you type; in submit-only timing
    /// once the user has submitted (the results on screen must follow the new scope).
    var searchesOnRefinement: Bool {
        timing.trigger == .asYouType || submitted
    }

    /// The recent-search list key for the current scope.
    var recentsKey: String {
        recentsPolicy.perScope ? (state.selectedScopeTitle ?? "") : ""
    }
}
