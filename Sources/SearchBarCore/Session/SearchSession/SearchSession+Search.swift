/// Issuing queries, timers, completions and host-delivered results.
extension SearchSession {
    /// Issues a query for the current state: supersedes the pending one, emits
    /// update-search-results, arms the stall timer. Call with the lock held; the query is
    /// launched by ``apply(_:)``.
    func issueQuery(_ c: inout SessionCore, _ effects: inout Effects) {
        let (generation, superseded) = c.generations.issue()
        if let superseded {
            emit(SessionEvent(.superseded, generation: superseded), &c)
        }
        if let ticket = c.ticket {
            effects.cancel.append(ticket.ticket)
            c.ticket = nil
        }
        c.debounce?.cancel()
        c.debounce = nil
        c.stallTimer?.cancel()
        c.stallTimer = nil
        let stall = c.timing.stallNanoseconds
        if stall > 0 {
            let timer = SessionTimer { [weak self] in self?.stallFired(generation) }
            c.stallTimer = timer
            effects.timers.append((timer, clock.deadline(after: stall)))
        }
        let query = SessionQuery(
            generation: generation, text: c.state.text, tokens: c.state.tokens, scope: c.state.selectedScope,
            scopeTitle: c.state.selectedScopeTitle)
        c.lastQuery = query
        emit(
            SessionEvent(
                .updateSearchResults, generation: generation, text: query.text, index: query.scope,
                count: query.tokens.count, tokens: query.tokens), &c)
        effects.launch.append(query)
        startSources(&c, &effects, query)
    }

    /// Stops wanting results: the pending query is superseded, timers stop, results are cleared.
    func cancelSearch(_ c: inout SessionCore, _ effects: inout Effects) {
        if let superseded = c.generations.cancel() {
            emit(SessionEvent(.superseded, generation: superseded), &c)
        }
        if let ticket = c.ticket {
            effects.cancel.append(ticket.ticket)
            c.ticket = nil
        }
        c.debounce?.cancel()
        c.debounce = nil
        c.stallTimer?.cancel()
        c.stallTimer = nil
        c.results = nil
        stopSources(&c, &effects)
        c.sourceRun = SourceRun()
    }

    /// Applies the timing policy after the text or tokens changed.
    func scheduleAfterEdit(_ c: inout SessionCore, _ effects: inout Effects) {
        switch c.timing.decision(text: c.state.text, hasTokens: !c.state.tokens.isEmpty) {
        case .none:
            c.debounce?.cancel()
            c.debounce = nil
        case .now:
            issueQuery(&c, &effects)
        case .after(let delay):
            c.debounce?.cancel()
            c.debounceSerial &+= 1
            let serial = c.debounceSerial
            let timer = SessionTimer { [weak self] in self?.debounceFired(serial) }
            c.debounce = timer
            effects.timers.append((timer, clock.deadline(after: delay)))
        }
    }

    /// Starts a query on the backend (outside the lock).
    func launch(_ query: SessionQuery) {
        guard let backend else { return }
        let generation = query.generation
        let ticket = backend.search(query) { [weak self] result in
            self?.finish(generation, result)
        }
        let stillPending = core.withLock { c -> Bool in
            guard c.generations.isPending(generation), !c.closed else { return false }
            c.ticket = (generation, ticket)
            return true
        }
        if !stillPending { ticket.cancel() }
    }

    /// Records a query's outcome; an outcome that is no longer wanted is dropped (its
    /// superseded event was already sent) and false is returned.
    @discardableResult
    func finish(_ generation: UInt64, _ result: Result<SessionResults, SearchBarError>) -> Bool {
        let delivered = core.withLock { c -> Bool in
            guard !c.closed, c.generations.complete(generation) else { return false }
            if c.ticket?.generation == generation { c.ticket = nil }
            c.stallTimer?.cancel()
            c.stallTimer = nil
            switch result {
            case .success(let results):
                c.results = (generation, results)
                emit(SessionEvent(.resultsReady, generation: generation, count: results.count), &c)
            case .failure(let error):
                emit(SessionEvent(.error, generation: generation, text: error.message, errorCode: error.code), &c)
            }
            return true
        }
        if delivered { flush() }
        return delivered
    }

    private func debounceFired(_ serial: UInt64) {
        var effects = Effects()
        core.withLock { c in
            guard !c.closed, c.debounceSerial == serial, c.debounce != nil else { return }
            c.debounce = nil
            issueQuery(&c, &effects)
        }
        // The update event goes to the callback on this thread (a host clock's: the host's)
        // before the search starts, so a fast search's completion on a pool thread does not
        // deliver it first.
        flush()
        apply(effects)
        flush()
    }

    private func stallFired(_ generation: UInt64) {
        core.withLock { c in
            guard !c.closed, c.generations.stall(generation) else { return }
            emit(SessionEvent(.searchStalled, generation: generation), &c)
        }
        flush()
    }

    /// Runs `change` (a change to what the backend searches with, such as its base options) as
    /// one host call, then searches again for the current text, tokens and scope when there are
    /// any. The change and the search happen together or not at all: on a closed session
    /// nothing changes (``SearchBarError/Code/misuse``), and from inside a callback both are
    /// queued (nil is returned) and run together once the callback has returned. Returns the
    /// new query's generation, or nil when the field is empty.
    @discardableResult
    public func changeSearch(_ name: String, _ change: @escaping @Sendable () -> Void) throws(SearchBarError) -> UInt64? {
        try perform(name, queued: nil) { [self] effects throws(SearchBarError) in
            change()
            return withCore { c -> UInt64? in
                guard !c.state.text.isEmpty || !c.state.tokens.isEmpty else { return nil }
                issueQuery(&c, &effects)
                return c.generations.latest
            }
        }
    }

    /// Runs a search now for the current text, tokens and scope, whatever the timing policy
    /// (for instance after the host changed the data). Returns the new generation.
    @discardableResult
    public func searchNow() throws(SearchBarError) -> UInt64 {
        try perform("searchNow", queued: 0) { [self] effects throws(SearchBarError) in
            withCore { c in
                issueQuery(&c, &effects)
                return c.generations.latest
            }
        }
    }

    /// Delivers the host's results for query `generation` (a session without a backend: the
    /// host searches when it receives update-search-results).
    /// Throws ``SearchBarError/Code/cancelled`` when that query was superseded or already
    /// answered: the results are not delivered; ``SearchBarError/Code/misuse`` on a session with
    /// a backend (its backend answers its queries).
    public func deliverResults(_ results: SessionResults, for generation: UInt64) throws(SearchBarError) {
        try answer("deliverResults", generation, .success(results))
    }

    /// Reports that the host's search for `generation` failed (an error event follows).
    /// Throws ``SearchBarError/Code/cancelled`` when that query is no longer wanted;
    /// ``SearchBarError/Code/misuse`` on a session with a backend.
    public func failSearch(_ error: SearchBarError, for generation: UInt64) throws(SearchBarError) {
        try answer("failSearch", generation, .failure(error))
    }

    /// May be called from inside a callback (an update-search-results handler that searches
    /// synchronously): it only records the outcome. Only the host of a session without a
    /// backend answers: on a session with one, its backend's pending search would be reported
    /// as answered and its results replaced by the host's.
    private func answer(_ name: String, _ generation: UInt64, _ result: Result<SessionResults, SearchBarError>)
        throws(SearchBarError)
    {
        guard backend == nil else {
            throw SearchBarError(.misuse, "\(name) was called on a session with a backend: its backend answers its queries")
        }
        guard finish(generation, result) else {
            throw SearchBarError(.cancelled, "query \(generation) was superseded, cancelled or already answered")
        }
    }
}
