extension SearchIndex {
    /// Searches the current snapshot; the calling thread takes part in the work.
    /// - Parameters:
    ///   - text: what the user typed (an empty query finds nothing, unless `terms`, scopes or
    ///     filters are given, or ``SearchOptions/listsAllWhenEmpty``); with
    ///     ``SearchOptions/extendedSyntax`` its operators and filter words are parsed.
    ///   - terms: words that come before `text` as they are (a session's term tokens): matched
    ///     like typed words, never parsed as extended syntax.
    ///   - options: mode, limit, offset, scopes, filters, extended syntax, typos.
    ///   - cancellation: set it from another thread to stop the search early.
    /// - Returns: the best hits, best first, with highlights in the original text, and each
    ///   hit's texts read from the snapshot the search ran on: a batch a writer publishes
    ///   meanwhile (which may replace a hit's item) changes neither, so the highlight ranges
    ///   always index the text they were computed on.
    /// - Throws: ``SearchBarError/Code/cancelled`` when `cancellation` was set.
    public func search(
        _ text: String, terms: [String] = [], options: SearchOptions = SearchOptions(),
        cancellation: CancellationFlag? = nil
    ) throws(SearchBarError) -> HitsWithTexts {
        mergeIfQuiet()
        return try search(text, terms: terms, options: options, cancellation: cancellation, on: snapshot)
    }

    /// ``search(_:terms:options:cancellation:)`` on a snapshot the caller took (tests hold one
    /// across a merge).
    func search(
        _ text: String, terms: [String] = [], options: SearchOptions = SearchOptions(),
        cancellation: CancellationFlag? = nil, on snapshot: Snapshot
    ) throws(SearchBarError) -> HitsWithTexts {
        let compiled = CompiledQuery(
            text, terms: terms, options: options, defaultMode: defaultMode, analysis: analysis,
            isAttribute: { hasAttribute($0) })
        return try run(compiled, cancellation: cancellation, on: snapshot)
    }

    /// Runs `compiled` on `snapshot` (read once, so that the hits' texts come from the same
    /// snapshot as the hits).
    private func run(_ compiled: CompiledQuery, cancellation: CancellationFlag?, on snapshot: Snapshot)
        throws(SearchBarError) -> HitsWithTexts
    {
        guard !compiled.selectsNothing else { return HitsWithTexts(hits: [], texts: []) }
        if let cached = cache.hits(for: compiled, version: snapshot.version) {
            return HitsWithTexts(
                hits: cached.hits, texts: cached.texts, total: cached.total, totalIsExact: cached.totalIsExact)
        }
        // A short search kept from an earlier snapshot is patched (see ``ResultCache/Patch``);
        // it and a first short search select deeper than the page, to be patched later.
        let depth = ResultCache.isShort(compiled) && compiled.offset == 0
            ? compiled.limit + ResultCache.depthSlack : nil
        let patch = depth == nil ? nil : cache.deepShort(for: compiled, before: snapshot.version).flatMap {
            ResultCache.Patch($0, on: snapshot, limit: compiled.limit, exactTotal: compiled.exactTotal)
        }
        if patch != nil { cache.notePatched() }
        let base = patch == nil ? cache.base(for: compiled) : nil
        let selected = depth ?? compiled.limit
        let fields = searchedFields
        let fold: (String) -> String = { [analysis] in analysis.analyzer.fold($0) }
        let tuning = tuning
        var matchers: [[any SegmentMatcher]] = []
        for view in snapshot.segments {
            let segment = view.segment
            let conditions = ItemConditions(compiled, segment: segment, fields: fields, fold: fold)
            let restrict = patch?.restrict[segment.serial] ?? base?[segment.serial]
            switch compiled.mode {
            case .prefix where !compiled.words.isEmpty:
                let variants = [compiled.words] + compiled.variants
                matchers.append(variants.map {
                    PrefixMatcher(
                        words: $0, segment: segment, conditions: conditions, fields: fields, restrictTo: restrict,
                        tuning: tuning, transliterated: transliterates)
                })
            case .fuzzy where !compiled.words.isEmpty:
                matchers.append([FuzzyMatcher(
                    query: compiled, segment: segment, conditions: conditions, fields: fields, restrictTo: restrict,
                    tuning: tuning)])
            default:
                matchers.append([ContainsMatcher(
                    query: compiled, segment: segment, conditions: conditions, fields: fields, restrictTo: restrict,
                    tuning: tuning)])
            }
        }
        let outcome = try SearchRun.run(
            matchers, snapshot: snapshot, limit: selected, pool: pool, cancellation: cancellation, tuning: tuning)
        record(outcome.statistics)
        // The total: free when the selection has room left (every match is in it) or every item
        // matches; else counted when asked, else the selection's size as a lower bound.
        var total = min(outcome.top.count, compiled.limit)
        var totalIsExact = outcome.top.count < compiled.limit
        if !totalIsExact && compiled.matchesEveryItem {
            total = snapshot.liveCount
            totalIsExact = true
        } else if !totalIsExact && compiled.exactTotal {
            total = try SearchRun.count(matchers, snapshot: snapshot, pool: pool, cancellation: cancellation)
            totalIsExact = true
        }
        // A full selection may hold only part of its last run of ties (see
        // ``SearchRun/restOfLastTie(_:matchers:snapshot:matches:)``): the rest joins it before the sort.
        var ranked = outcome.top
        if ranked.count == selected {
            ranked += SearchRun.restOfLastTie(
                ranked, matchers: matchers, snapshot: snapshot, matches: outcome.matches)
        }
        var found = finish(
            ranked, matchers: matchers, snapshot: snapshot, keeping: compiled.limit, skipping: compiled.offset,
            terms: compiled.groups)
        found.total = total
        found.totalIsExact = totalIsExact
        // A patched search's matches are those of the kept items only: never refined.
        cache.store(ResultCache.Entry(
            query: compiled, version: snapshot.version, hits: found.hits, texts: found.texts,
            matches: patch == nil ? outcome.matches : nil, total: total, totalIsExact: totalIsExact,
            depth: depth.map {
                ResultCache.Depth(
                    ranked: ranked, selected: outcome.top.count, depth: $0, snapshot: snapshot, patch: patch)
            }))
        return found
    }

    /// Orders equal scores by full collation of the titles (then by id: one total order), keeps
    /// the first `limit`, drops the first `offset` of those and computes the others' highlights
    /// in every searched field (with where the extended-syntax `terms` matched), and each hit's
    /// texts.
    private func finish(
        _ top: [RankedItem], matchers: [[any SegmentMatcher]], snapshot: Snapshot, keeping limit: Int,
        skipping offset: Int, terms: [[ExtendedTerm]] = []
    ) -> HitsWithTexts {
        let segments = snapshot.segments.map(\.segment)
        var ordered = top
        // The titles read to break ties, kept for the highlights of hits that matched in them.
        var titles = [String?](repeating: nil, count: ordered.count)
        // Within runs of equal (score, rank key) the sort-key prefix could not tell titles apart.
        var start = 0
        while start < min(ordered.count, limit) {
            var end = start + 1
            while end < ordered.count && ordered[end].score == ordered[start].score
                && ordered[end].rankKey == ordered[start].rankKey
            {
                end += 1
            }
            if end - start > 1 && end > offset {
                for k in start..<end {
                    titles[k] = segments[Int(ordered[k].segment)].originalText(.title, Int(ordered[k].local))
                }
                // A run past the selection's end (the last, completed by its ties) keeps only
                // the hits before that end: those are sorted, the others left out.
                let order = collationOrder(
                    of: ordered[start..<end], titles: titles[start..<end], first: min(end, limit) - start)
                let items = order.map { ordered[start + $0] }
                let texts = order.map { titles[start + $0] }
                ordered.replaceSubrange(start..<end, with: items)
                titles.replaceSubrange(start..<end, with: texts)
            }
            start = end
        }
        var hits: [SearchHit] = []
        var texts: [HitTexts] = []
        let page = min(offset, ordered.count, limit)..<min(ordered.count, limit)
        hits.reserveCapacity(page.count)
        texts.reserveCapacity(page.count)
        let fields = searchedFields
        for k in page {
            let item = ordered[k]
            let segment = segments[Int(item.segment)]
            let local = Int(item.local)
            let matcher = matchers[Int(item.segment)][Int(item.variant)]
            // Every field's original text ("" when not searched), the title's maybe read already.
            var originals = (titles[k] ?? "", "", "")
            var highlights: [Range<Int>] = []
            var others: [SearchField: [Range<Int>]] = [:]
            for field in fields {
                let original: String
                switch field {
                case .title:
                    if titles[k] == nil { originals.0 = segment.originalText(.title, local) }
                    original = originals.0
                case .subtitle:
                    originals.1 = segment.originalText(.subtitle, local)
                    original = originals.1
                case .keywords:
                    originals.2 = segment.originalText(.keywords, local)
                    original = originals.2
                }
                let ranges = self.highlights(
                    of: local, in: segment, field: field, original: original, matcher: matcher, terms: terms)
                if field == item.field {
                    highlights = ranges
                } else if !ranges.isEmpty {
                    others[field] = ranges
                }
            }
            hits.append(SearchHit(
                id: item.id, score: item.score, field: item.field, highlights: highlights, otherHighlights: others))
            let text = switch item.field {
            case .title: originals.0
            case .subtitle: originals.1
            case .keywords: originals.2
            }
            texts.append(HitTexts(title: originals.0, text: text, subtitle: originals.1, keywords: originals.2))
        }
        return HitsWithTexts(hits: hits, texts: texts)
    }

    /// The highlights of what `matcher` and the extended-syntax `terms` matched in `field` of
    /// item `local` of `segment`, as ranges of the field's `original` text.
    private func highlights(
        of local: Int, in segment: Segment, field: SearchField, original: String, matcher: any SegmentMatcher,
        terms: [[ExtendedTerm]]
    ) -> [Range<Int>] {
        guard !original.isEmpty else { return [] }
        let analyzer = analysis.analyzer
        // Highlights are mapped through the stored fold patch only when the fold tables describe
        // the stored key (not under the German tailoring); otherwise from a second analysis.
        let alignmentTables = analyzer.tables.describesFolding ? analyzer.tables : nil
        let foldedLength = segment.folded[Int(field.rawValue)].length(local)
        var text = original
        return text.withUTF8 { bytes in
            let highlighted = Highlighter.highlightedLength(bytes)
            if highlighted < bytes.count {
                return Highlighter.ranges(inFirst: highlighted, of: bytes, analyzer: analyzer) { limit in
                    matcher.highlightSpans(local, field: field, within: limit)
                        + termSpans(terms, local, segment, field).filter { span in
                            guard case .keyBytes(let range) = span else { return false }
                            return range.upperBound <= limit.keyBytes
                        }
                }
            }
            let spans = matcher.highlightSpans(local, field: field) + termSpans(terms, local, segment, field)
            guard !spans.isEmpty else { return [] }
            return segment.withFoldAlignment(field, local, original: bytes, tables: alignmentTables) { alignment in
                Highlighter.ranges(
                    spans, original: original, analyzer: analyzer, foldedLength: foldedLength, alignment: alignment,
                    transliteration: analysis.transliteration)
            }
        }
    }

    /// Where the extended-syntax `terms` match in `field`'s folded text of item `local`.
    private func termSpans(_ terms: [[ExtendedTerm]], _ local: Int, _ segment: Segment, _ field: SearchField)
        -> [HighlightSpan]
    {
        guard !terms.isEmpty else { return [] }
        let arena = segment.folded[Int(field.rawValue)]
        let range = arena.range(local)
        return arena.bytes.withUnsafeBufferPointer { terms.highlightSpans(in: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The positions of `items` (whose titles are `titles`) in collation order of their titles,
    /// equal titles by id. The titles are compared in place with the collator (`ucol_strcollUTF8`),
    /// which skips their common start: a run of tied hits shares its first letters, so this costs
    /// far less than making each title's full sort key. Each comparison is a collator call, so
    /// the order is made by binary insertion, which needs about n log₂ n − 1.4 n of them (210 for
    /// 50 hits, where the library's sort made about 300).
    /// With `first`, only the positions of the first `first` items in that order.
    private func collationOrder(of items: ArraySlice<RankedItem>, titles: ArraySlice<String?>, first: Int = .max)
        -> [Int]
    {
        let ids = items.map(\.id)
        // Every title's UTF-8 in one buffer.
        var bytes: [UInt8] = []
        var bounds = [0]
        for title in titles {
            bytes += (title ?? "").utf8
            bounds.append(bytes.count)
        }
        let collator = analysis.collator
        return bytes.withUnsafeBufferPointer { bytes in
            ids.indices.sortedByBinaryInsertion(first: first) { a, b in
                let order = collator.compare(
                    utf8: UnsafeBufferPointer(rebasing: bytes[bounds[a]..<bounds[a + 1]]),
                    UnsafeBufferPointer(rebasing: bytes[bounds[b]..<bounds[b + 1]]))
                return order != 0 ? order < 0 : ids[a] < ids[b]
            }
        }
    }

    /// Starts a search (``search(_:terms:options:cancellation:)``) on the executor and calls
    /// `completion` on a pool thread with its results or the error
    /// (``SearchBarError/Code/cancelled`` after ``SearchTicket/cancel()``).
    /// The completion runs exactly once. The search waits on `lane` (the pool's shared lane
    /// when nil) behind the searches submitted before it there; see ``TaskLane``.
    @discardableResult
    public func searchAsync(
        _ text: String, terms: [String] = [], options: SearchOptions = SearchOptions(), lane: TaskLane? = nil,
        completion: @escaping @Sendable (Result<HitsWithTexts, SearchBarError>) -> Void
    ) -> SearchTicket {
        startSearch(lane, completion) { [self] flag throws(SearchBarError) in
            try search(text, terms: terms, options: options, cancellation: flag)
        }
    }

    /// Runs `work` on the executor with a new ticket's cancellation flag and hands its outcome
    /// to `completion` (a cancelled ticket's work does not start).
    private func startSearch<Value>(
        _ lane: TaskLane?, _ completion: @escaping @Sendable (Result<Value, SearchBarError>) -> Void,
        _ work: @escaping @Sendable (CancellationFlag) throws(SearchBarError) -> Value
    ) -> SearchTicket {
        let ticket = asyncSearches.start()
        pool.submit(on: lane, owner: asyncSearches) { [self] in
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
            asyncSearches.runCompletion { completion(result) }
            asyncSearches.finish(ticket)
        }
        return ticket
    }

    /// Cancels the asynchronous search with this ticket number; returns false when it has
    /// already finished (or never existed).
    @discardableResult
    public func cancelSearch(_ ticket: UInt64) -> Bool { asyncSearches.cancel(ticket) }

    /// Cancels every pending asynchronous search and waits until their completions have
    /// returned (not when called from inside one of this index's completions, which would wait
    /// for itself; inside another index's completion it waits). The searches no pool thread has
    /// started complete on the calling thread, with ``SearchBarError/Code/cancelled``: the pool is
    /// shared, and its threads may all be waiting (in other indexes' completions) themselves.
    public func cancelAllSearchesAndWait() {
        asyncSearches.cancelAll()
        for task in pool.takeQueued(of: asyncSearches) { task() }
        if !asyncSearches.isRunningCompletion { asyncSearches.waitUntilIdle() }
    }
}
