import Synchronization

/// The session backend over a ``SearchIndex``: queries run on the index's executor with
/// ``SearchIndex/searchAsync(_:terms:options:lane:completion:)`` (the delivered
/// ``SessionResults`` carry the hits and their texts from the snapshot searched), a newer query
/// cancels the older one through its ticket, and completions come from the index's vocabulary.
///
/// How a ``SessionQuery`` becomes an index search:
/// - the text is the typed query; the values of ``SearchToken/Kind/term`` tokens are its
///   terms, words matched as they are (never parsed as extended syntax);
/// - the scope bar selects item scopes through ``scopesForScopeBar`` (by default scope bar
///   index 0 means every scope and index `i > 0` the items whose scope is `i`);
/// - a ``SearchToken/Kind/scope`` token's value is an item scope number ("3");
/// - an ``SearchToken/Kind/attribute`` token filters on attribute ``SearchToken/field``: a
///   value `>=N`, `<=N`, `>N`, `<N` or `N...M` is a numeric range, anything else must equal
///   the attribute's text (compared folded).
public final class IndexSessionBackend: SessionSearchBackend {
    /// The index searched.
    public let index: SearchIndex
    /// Options every search starts from (mode, limit, typos, extended syntax, fixed scopes and
    /// filters); the host may change them while the session runs (``setBaseOptions(_:)``).
    public var baseOptions: SearchOptions { options.withLock { $0 } }
    private let options: Mutex<SearchOptions>
    private let lane = TaskLane()
    /// The item scopes the selected scope bar index stands for (empty: every scope).
    public let scopesForScopeBar: @Sendable (_ index: Int, _ title: String?) -> [UInt32]

    /// Creates a backend over `index`.
    public init(
        index: SearchIndex, options: SearchOptions = SearchOptions(),
        scopesForScopeBar: @escaping @Sendable (_ index: Int, _ title: String?) -> [UInt32] = { index, _ in
            index > 0 ? [UInt32(clamping: index)] : []
        }
    ) {
        self.index = index
        self.options = Mutex(options)
        self.scopesForScopeBar = scopesForScopeBar
    }

    /// Replaces the options later searches start from (a search already running keeps its own).
    public func setBaseOptions(_ newOptions: SearchOptions) {
        options.withLock { $0 = newOptions }
    }

    private struct Ticket: SessionSearchTicket {
        let ticket: SearchTicket
        func cancel() { ticket.cancel() }
    }

    public func search(
        _ query: SessionQuery, completion: @escaping @Sendable (Result<SessionResults, SearchBarError>) -> Void
    ) -> any SessionSearchTicket {
        let (terms, options): ([String], SearchOptions)
        do throws(SearchBarError) {
            (terms, options) = try translate(query)
        } catch {
            completion(.failure(error))
            return NoopSearchTicket()
        }
        let ticket = index.searchAsync(query.text, terms: terms, options: options, lane: lane) { result in
            completion(result.map(SessionResults.init))
        }
        return Ticket(ticket: ticket)
    }

    /// The terms (term tokens' values) and options an index search for `query` gets.
    func translate(_ query: SessionQuery) throws(SearchBarError) -> ([String], SearchOptions) {
        var options = baseOptions
        let terms = query.tokens.filter { $0.kind == .term && !$0.value.isEmpty }.map(\.value)
        for token in query.tokens where token.kind == .attribute {
            options.filters.append(Self.filter(field: token.field, value: token.value))
        }
        options.scopes = try itemScopes(query)
        // The limits hold for what is searched: the terms and the text together.
        try QueryLimits.check(
            (terms + [query.text]).filter { !$0.isEmpty }.joined(separator: " "), "the query (text and term tokens)")
        return (terms, options)
    }

    /// The item scopes a search for `query` is limited to (empty: every scope): the base
    /// options' scopes, the scope bar's and the scope tokens', intersected.
    func itemScopes(_ query: SessionQuery) throws(SearchBarError) -> [UInt32] {
        var scopes = Set(scopesForScopeBar(query.scope, query.scopeTitle))
        for token in query.tokens where token.kind == .scope {
            guard let scope = UInt32(token.value) else {
                throw .invalidArgument("scope token \"\(token.label)\" must have an item scope number as its value")
            }
            scopes = scopes.isEmpty ? [scope] : scopes.intersection([scope])
            if scopes.isEmpty { scopes = [UInt32.max] }  // contradictory: nothing matches
        }
        return baseOptions.scopes + scopes.sorted()
    }

    /// The filter of an attribute token.
    static func filter(field: String, value: String) -> AttributeFilter {
        func number(_ text: Substring) -> Double? {
            let trimmed = RecentSearches.trimmed(String(text))
            guard let value = Double(trimmed), value.isFinite else { return nil }
            return value
        }
        for (op, build) in [
            (">=", { (n: Double) in AttributeFilter.range(name: field, min: n, max: .infinity) }),
            ("<=", { (n: Double) in AttributeFilter.range(name: field, min: -.infinity, max: n) }),
            (">", { (n: Double) in AttributeFilter.range(name: field, min: n.nextUp, max: .infinity) }),
            ("<", { (n: Double) in AttributeFilter.range(name: field, min: -.infinity, max: n.nextDown) }),
        ] where value.hasPrefix(op) {
            if let n = number(value.dropFirst(op.count)) { return build(n) }
        }
        if let dots = value.firstRange(of: "..."), let low = number(value[..<dots.lowerBound]),
            let high = number(value[dots.upperBound...]), low <= high
        {
            return .range(name: field, min: low, max: high)
        }
        return .equals(name: field, text: value)
    }

    /// The most frequent indexed words starting with `foldedPrefix`, counting the live items in
    /// the scopes `query` selects (``SearchIndex/vocabulary(prefix:limit:scopes:)``), each
    /// spelled as the items most often write it; one entry per folded word.
    public func completions(forFoldedPrefix foldedPrefix: String, limit: Int, in query: SessionQuery) -> [String] {
        guard limit > 0, !foldedPrefix.isEmpty else { return [] }
        guard let scopes = try? itemScopes(query) else { return [] }
        var result: [String] = []
        var seen = Set<String>()
        for entry in index.vocabulary(prefix: foldedPrefix, limit: limit, scopes: Set(scopes))
        where !entry.word.isEmpty && seen.insert(index.fold(entry.word)).inserted {
            result.append(entry.word)
        }
        return result
    }
}
