extension SearchIndex {
    /// Searches the current snapshot; the calling thread takes part in the work.
    /// - Parameters:
    ///   - query: what the user typed (an empty query finds nothing).
    ///   - options: mode, limit, scopes, filters, extended syntax, typos.
    ///   - cancellation: set it from another thread to stop the search early.
    /// - Returns: the best hits, best first, with highlights in the original text.
    /// - Throws: ``SearchBarError/Code/cancelled`` when `cancellation` was set.
    public func search(_ query: String, options: SearchOptions = SearchOptions(), cancellation: CancellationFlag? = nil)
        throws(SearchBarError) -> [SearchHit]
    {
        try search(query, options: options, cancellation: cancellation, on: snapshot)
    }

    /// Searches `snapshot` (one the caller read once, so that it can read the hits' texts from
    /// the same snapshot afterwards).
    func search(_ query: String, options: SearchOptions, cancellation: CancellationFlag?, on snapshot: Snapshot)
        throws(SearchBarError) -> [SearchHit]
    {
        let compiled = CompiledQuery(
            query, options: options, defaultMode: defaultMode, analysis: analysis,
            isAttribute: { hasAttribute($0) })
        guard !compiled.isEmpty || !compiled.filters.isEmpty || !compiled.scopes.isEmpty else { return [] }
        if let hits = cache.hits(for: compiled, version: snapshot.version) { return hits }
        let base = cache.base(for: compiled)
        let fields = searchedFields
        let fold: (String) -> String = { [analysis] in analysis.analyzer.fold($0) }
        var matchers: [[any SegmentMatcher]] = []
        for view in snapshot.segments {
            let segment = view.segment
            let conditions = ItemConditions(compiled, segment: segment, fields: fields, fold: fold)
            let restrict = base?[segment.serial]
            switch compiled.mode {
            case .prefix where !compiled.words.isEmpty:
                let variants = [compiled.words] + compiled.variants
                matchers.append(variants.map {
                    PrefixMatcher(words: $0, segment: segment, conditions: conditions, fields: fields, restrictTo: restrict)
                })
            case .fuzzy where !compiled.words.isEmpty:
                matchers.append([FuzzyMatcher(
                    query: compiled, segment: segment, conditions: conditions, fields: fields, restrictTo: restrict)])
            default:
                matchers.append([ContainsMatcher(
                    query: compiled, segment: segment, conditions: conditions, fields: fields, restrictTo: restrict)])
            }
        }
        let outcome = try SearchRun.run(
            matchers, snapshot: snapshot, limit: compiled.limit, pool: pool, cancellation: cancellation)
        let hits = finish(outcome.top, matchers: matchers, snapshot: snapshot)
        cache.store(ResultCache.Entry(query: compiled, version: snapshot.version, hits: hits, matches: outcome.matches))
        return hits
    }

    /// Orders equal scores by full collation of the titles and computes highlights.
    private func finish(_ top: [RankedItem], matchers: [[any SegmentMatcher]], snapshot: Snapshot) -> [SearchHit] {
        var ordered = top
        var titles: [Int: String] = [:]
        func title(_ k: Int) -> String {
            if let cached = titles[k] { return cached }
            let item = ordered[k]
            let text = snapshot.segments[Int(item.segment)].segment.originalText(.title, Int(item.local))
            titles[k] = text
            return text
        }
        // Within runs of equal (score, rank key) the sort-key prefix could not tell titles apart.
        var start = 0
        while start < ordered.count {
            var end = start + 1
            while end < ordered.count && ordered[end].score == ordered[start].score
                && ordered[end].rankKey == ordered[start].rankKey
            {
                end += 1
            }
            if end - start > 1 {
                let run = ordered[start..<end].map { item in
                    (item, snapshot.segments[Int(item.segment)].segment.originalText(.title, Int(item.local)))
                }
                let sorted = run.sorted { a, b in
                    let order = analysis.collator.compare(a.1, b.1)
                    return order != 0 ? order < 0 : a.0.id < b.0.id
                }
                ordered.replaceSubrange(start..<end, with: sorted.map(\.0))
            }
            start = end
        }
        _ = title
        return ordered.map { item in
            let segment = snapshot.segments[Int(item.segment)].segment
            let matcher = matchers[Int(item.segment)][Int(item.variant)]
            let spans = matcher.highlightSpans(Int(item.local), field: item.field)
            let original = segment.originalText(item.field, Int(item.local))
            let foldedLength = segment.folded[Int(item.field.rawValue)].length(Int(item.local))
            return SearchHit(
                id: item.id, score: item.score, field: item.field,
                highlights: Highlighter.ranges(
                    spans, original: original, analyzer: analysis.analyzer, foldedLength: foldedLength))
        }
    }

    /// Starts a search on the executor and calls `completion` on a pool thread with the hits or
    /// the error (``SearchBarError/Code/cancelled`` after ``SearchTicket/cancel()``).
    /// The completion runs exactly once.
    @discardableResult
    public func searchAsync(
        _ query: String, options: SearchOptions = SearchOptions(),
        completion: @escaping @Sendable (Result<[SearchHit], SearchBarError>) -> Void
    ) -> SearchTicket {
        startSearch(completion) { [self] flag throws(SearchBarError) in
            try search(query, options: options, cancellation: flag)
        }
    }

    /// Like ``searchAsync(_:options:completion:)``, and also returns each hit's texts, read from
    /// the snapshot the search ran on (see ``searchWithTexts(_:options:cancellation:)``).
    @discardableResult
    public func searchAsyncWithTexts(
        _ query: String, options: SearchOptions = SearchOptions(),
        completion: @escaping @Sendable (Result<HitsWithTexts, SearchBarError>) -> Void
    ) -> SearchTicket {
        startSearch(completion) { [self] flag throws(SearchBarError) in
            try searchWithTexts(query, options: options, cancellation: flag)
        }
    }

    /// Runs `work` on the executor with a new ticket's cancellation flag and hands its outcome
    /// to `completion` (a cancelled ticket's work does not start).
    private func startSearch<Value>(
        _ completion: @escaping @Sendable (Result<Value, SearchBarError>) -> Void,
        _ work: @escaping @Sendable (CancellationFlag) throws(SearchBarError) -> Value
    ) -> SearchTicket {
        let ticket = asyncSearches.start()
        pool.submit { [self] in
            let result: Result<Value, SearchBarError>
            if ticket.flag.isCancelled {
                result = .failure(SearchBarError(.cancelled, "the search was cancelled"))
            } else {
                do throws(SearchBarError) {
                    result = .success(try work(ticket.flag))
                } catch {
                    result = .failure(error)
                }
            }
            AsyncSearches.runningCallback(true)
            completion(result)
            AsyncSearches.runningCallback(false)
            asyncSearches.finish(ticket)
        }
        return ticket
    }

    /// Cancels the asynchronous search with this ticket number; returns false when it has
    /// already finished (or never existed).
    @discardableResult
    public func cancelSearch(_ ticket: UInt64) -> Bool { asyncSearches.cancel(ticket) }

    /// Cancels every pending asynchronous search and waits until their completions have
    /// returned (not when called from inside a completion, which would wait for itself).
    public func cancelAllSearchesAndWait() {
        asyncSearches.cancelAll()
        if !AsyncSearches.isRunningCallback { asyncSearches.waitUntilIdle() }
    }
}
