/// Sources: the sections a session fills for each query from several sources, local and
/// remote (see ``SessionSource``). Each query the session issues asks every source with the
/// same generation; each answer settles its source's section, and
/// ``SessionEventKind/sectionsReady`` says so. An answer of an older query, or one that comes
/// after its source timed out, is dropped; a superseded remote request is cancelled towards the
/// host (``SessionEventKind/sourceCancel``).
extension SearchSession {
    /// Appends a source; returns its position (the section's place among the sections). The
    /// next query asks it. On a session without a backend the sources are the search (see
    /// ``completeFromSections(_:)``).
    @discardableResult
    public func addSource(_ source: SessionSource) throws(SearchBarError) -> Int {
        try source.validate()
        return try perform("addSource", queued: -1) { [self] _ throws(SearchBarError) in
            try withCoreThrowing { c throws(SearchBarError) -> Int in
                guard c.sources.count < Self.maximumSourceCount else {
                    throw .invalidArgument("a session has at most \(Self.maximumSourceCount) sources")
                }
                c.sources.append(source)
                return c.sources.count - 1
            }
        }
    }

    /// The most sources a session holds.
    public static let maximumSourceCount = 64

    /// The sources, in section order.
    public var sources: [SessionSource] {
        core.withLock { $0.sources }
    }

    /// Turns deduplication by id across sections on or off (off by default): when on, an item
    /// several sources found stays only in the section of the source with the highest
    /// priority (the earlier source on a tie).
    public func setDeduplicatesSources(_ on: Bool) throws(SearchBarError) {
        try perform("setDeduplicatesSources") { [self] _ throws(SearchBarError) in
            withCore { $0.deduplicatesSources = on }
        }
    }

    /// The sections of the newest query, in source order (no sections before the first query
    /// and after a cancel), deduplicated when the host asked for it.
    public var sections: SessionSections {
        core.withLock { c in
            let all = SessionSections(generation: c.sourceRun.generation, sections: c.sourceRun.sections)
            return c.deduplicatesSources ? all.deduplicated(priorities: c.sources.map(\.priority)) : all
        }
    }

    /// Answers remote source `source`'s request for query `generation` with `items`, best first
    /// (at most the source's limit are kept). The session highlights them for the query.
    /// Throws ``SearchBarError/Code/cancelled`` when the answer is late (a newer query, a
    /// cancel, the source's timeout or an earlier answer came first): it is dropped;
    /// ``SearchBarError/Code/invalidArgument`` for a source that is not remote.
    public func answerSource(_ source: Int, generation: UInt64, items: [SourceItem]) throws(SearchBarError) {
        let query = try pendingRemoteQuery(source, generation)
        let limit = core.withLock { c in c.sources[source].limit }
        let highlighted = SourceHighlighter.highlight(Array(items.prefix(limit)), for: query, locale: locale)
        guard settleSource(source, generation, .success(highlighted)) else { throw Self.lateAnswer(source, generation) }
    }

    /// Reports that remote source `source` could not answer query `generation`: its section
    /// shows as failed with `message`; the other sections are not affected.
    /// Throws ``SearchBarError/Code/cancelled`` when the failure is late (dropped).
    public func failSource(_ source: Int, generation: UInt64, message: String) throws(SearchBarError) {
        _ = try pendingRemoteQuery(source, generation)
        guard settleSource(source, generation, .failure(SearchBarError(.io, message))) else {
            throw Self.lateAnswer(source, generation)
        }
    }

    private static func lateAnswer(_ source: Int, _ generation: UInt64) -> SearchBarError {
        SearchBarError(.cancelled, "source \(source)'s answer to query \(generation) is late: superseded, timed out, cancelled or already answered")
    }

    /// The query of a remote source's request that still waits for its answer.
    private func pendingRemoteQuery(_ source: Int, _ generation: UInt64) throws(SearchBarError) -> SessionQuery {
        try withCoreThrowing { c throws(SearchBarError) -> SessionQuery in
            guard c.sources.indices.contains(source) else {
                throw .invalidArgument("source \(source) is out of range (\(c.sources.count) sources)")
            }
            guard c.sources[source].isRemote else {
                throw .invalidArgument("source \(source) is not remote: the session answers it")
            }
            guard !c.closed, c.sourceRun.isPending(source, generation), c.sourceRun.asked.contains(source),
                let query = c.sourceRun.query
            else { throw Self.lateAnswer(source, generation) }
            return query
        }
    }

    // MARK: - Running the sources of a query

    /// Starts the sources for `query` (the newest): the previous run stops, each source's
    /// section is idle or pending, and those without a delay are asked. Call with the lock held.
    func startSources(_ c: inout SessionCore, _ effects: inout Effects, _ query: SessionQuery) {
        stopSources(&c, &effects)
        guard !c.sources.isEmpty else { return }
        c.sourceRun = SourceRun(generation: query.generation, query: query)
        let length = query.text.count
        let empty = query.text.isEmpty && query.tokens.isEmpty
        for (i, source) in c.sources.enumerated() {
            let idle = empty || length < source.minimumQueryLength
            c.sourceRun.sections.append(SourceSection(source: i, title: source.title, state: idle ? .idle : .pending))
            guard !idle else { continue }
            if source.delayNanoseconds > 0 {
                let generation = query.generation
                let timer = SessionTimer { [weak self] in self?.sourceDelayFired(i, generation) }
                c.sourceRun.timers[i] = timer
                effects.timers.append((timer, clock.deadline(after: source.delayNanoseconds)))
            } else {
                askSource(i, &c, &effects)
            }
        }
        if c.sourceRun.sections.allSatisfy({ $0.state == .idle }) {
            emit(SessionEvent(.sectionsReady, generation: query.generation, count: 0), &c)
            completeFromSections(&c)
        }
    }

    /// Stops the current run: timers, local searches, and a cancel event for each remote
    /// request still unanswered. Call with the lock held.
    func stopSources(_ c: inout SessionCore, _ effects: inout Effects) {
        let generation = c.sourceRun.generation
        let (tickets, asked) = c.sourceRun.stop()
        effects.cancel.append(contentsOf: tickets)
        for source in asked {
            emit(SessionEvent(.sourceCancel, generation: generation, index: source), &c)
        }
    }

    /// Asks source `i` of the current run: arms its timeout, then sends a remote source's
    /// request or has a local source searched once the lock is released.
    private func askSource(_ i: Int, _ c: inout SessionCore, _ effects: inout Effects) {
        guard let query = c.sourceRun.query else { return }
        let source = c.sources[i]
        if source.timeoutNanoseconds > 0 {
            let generation = query.generation
            let timer = SessionTimer { [weak self] in self?.sourceTimedOut(i, generation) }
            c.sourceRun.timers[i] = timer
            effects.timers.append((timer, clock.deadline(after: source.timeoutNanoseconds)))
        } else {
            c.sourceRun.timers[i] = nil
        }
        if source.isRemote {
            c.sourceRun.asked.insert(i)
            emit(
                SessionEvent(
                    .sourceRequest, generation: query.generation, text: query.text, index: i,
                    previousIndex: query.scope, count: query.tokens.count, tokens: query.tokens), &c)
        } else {
            effects.sources.append((i, query))
        }
    }

    private func sourceDelayFired(_ i: Int, _ generation: UInt64) {
        var effects = Effects()
        core.withLock { c in
            guard !c.closed, c.sourceRun.isPending(i, generation) else { return }
            askSource(i, &c, &effects)
        }
        flush()
        apply(effects)
        flush()
    }

    private func sourceTimedOut(_ i: Int, _ generation: UInt64) {
        let milliseconds = core.withLock { c in c.sources.indices.contains(i) ? c.sources[i].timeoutNanoseconds / 1_000_000 : 0 }
        settleSource(
            i, generation, .failure(SearchBarError(.timedOut, "the source did not answer within \(milliseconds) ms")))
    }

    /// Runs a local source's search, or matches the recents or the host's suggestions, outside
    /// the lock; the outcome settles the section.
    func runSource(_ i: Int, _ query: SessionQuery) {
        let (kind, limit, suggestions) = core.withLock { c in (c.sources[i].kind, c.sources[i].limit, c.hostSuggestions) }
        let generation = query.generation
        switch kind {
        case .local(let backend):
            let ticket = backend.search(query) { [weak self] result in
                self?.settleSource(i, generation, result.map { SourceHighlighter.items($0, limit: limit) })
            }
            let running = core.withLock { c -> Bool in
                guard !c.closed, c.sourceRun.isPending(i, generation) else { return false }
                c.sourceRun.tickets[i] = ticket
                return true
            }
            if !running { ticket.cancel() }
        case .recents:
            // The current list without expired entries, newest first; ids are positions in it.
            let items = recents.enumerated().map { n, r in SourceItem(id: UInt64(n), title: r.text) }
            settleSource(i, generation, .success(matching(items, query, limit)))
        case .suggestions:
            let items = suggestions.map { s in SourceItem(id: s.hostValue, title: s.title) }
            settleSource(i, generation, .success(matching(items, query, limit)))
        case .remote:
            break
        }
    }

    /// The items whose highlights the query finds (the engine's contains matching), in their order.
    private func matching(_ items: [SourceItem], _ query: SessionQuery, _ limit: Int) -> [SourceItem] {
        let highlighted = SourceHighlighter.highlight(items, for: query, locale: locale)
        return Array(highlighted.filter { !$0.titleHighlights.isEmpty || !$0.subtitleHighlights.isEmpty }.prefix(limit))
    }

    /// Settles source `i`'s section of query `generation` with its items or its failure; false
    /// (and nothing changes) when that section no longer waits for it. A remote source that
    /// times out has its request cancelled towards the host.
    @discardableResult
    func settleSource(_ i: Int, _ generation: UInt64, _ outcome: Result<[SourceItem], SearchBarError>) -> Bool {
        let (settled, ticket) = core.withLock { c -> (Bool, (any SessionSearchTicket)?) in
            guard !c.closed, c.sourceRun.isPending(i, generation) else { return (false, nil) }
            c.sourceRun.timers.removeValue(forKey: i)?.cancel()
            let ticket = c.sourceRun.tickets.removeValue(forKey: i)
            let wasAsked = c.sourceRun.asked.remove(i) != nil
            switch outcome {
            case .success(let items):
                c.sourceRun.sections[i].state = .ready
                c.sourceRun.sections[i].items = Array(items.prefix(c.sources[i].limit))
            case .failure(let error):
                c.sourceRun.sections[i].state = .failed
                c.sourceRun.sections[i].errorCode = error.code
                c.sourceRun.sections[i].message = error.message
                if error.code == .timedOut && wasAsked {
                    emit(SessionEvent(.sourceCancel, generation: generation, index: i), &c)
                }
            }
            emit(SessionEvent(.sectionsReady, generation: generation, index: i, count: c.sourceRun.settledCount), &c)
            completeFromSections(&c)
            return (true, ticket)
        }
        ticket?.cancel()
        if settled { flush() }
        return settled
    }

    /// On a session without a backend, the sources are the search: once no section of the
    /// newest query is pending, that query is answered with the sections' items in source order
    /// (deduplicated when asked; their titles, subtitles and highlights as the hits' texts), so
    /// results-ready, the results and the searching state read as for an index. A host that
    /// also delivers its own results first keeps them (the query is then already answered).
    /// Call with the lock held.
    func completeFromSections(_ c: inout SessionCore) {
        let run = c.sourceRun
        guard backend == nil, !run.sections.contains(where: { $0.state == .pending }),
            c.generations.complete(run.generation)
        else { return }
        c.stallTimer?.cancel()
        c.stallTimer = nil
        var all = SessionSections(generation: run.generation, sections: run.sections)
        if c.deduplicatesSources { all = all.deduplicated(priorities: c.sources.map(\.priority)) }
        let items = all.sections.flatMap(\.items)
        let hits = items.map { item in
            SearchHit(
                id: item.id, score: 0, field: .title, highlights: item.titleHighlights,
                otherHighlights: item.subtitleHighlights.isEmpty ? [:] : [.subtitle: item.subtitleHighlights])
        }
        let texts = items.map { HitTexts(title: $0.title, text: $0.title, subtitle: $0.subtitle) }
        let results = SessionResults(HitsWithTexts(hits: hits, texts: texts))
        c.results = (run.generation, results)
        emit(SessionEvent(.resultsReady, generation: run.generation, count: results.count), &c)
    }
}
