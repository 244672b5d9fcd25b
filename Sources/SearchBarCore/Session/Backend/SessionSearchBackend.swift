/// What a session searches through. The session never talks to the engine directly: an
/// adapter over an index implements this (see `IndexSessionBackend`), tests use a fake, and a
/// session without a backend asks the host to search (``SearchSession/deliverResults(_:for:)``).
public protocol SessionSearchBackend: AnyObject, Sendable {
    /// Starts a search and returns at once. `completion` must be called at most once, from any
    /// thread (possibly before `search` returns); after the returned ticket is cancelled it may
    /// still be called, and the session ignores it.
    func search(
        _ query: SessionQuery, completion: @escaping @Sendable (Result<SessionResults, SearchBarError>) -> Void
    ) -> any SessionSearchTicket

    /// Up to `limit` words of the indexed vocabulary whose folded form starts with
    /// `foldedPrefix`, most frequent first, spelled as they appear in the items ("Zürich",
    /// "Straße": the display form, never the fold key), from the items `query` could find (its
    /// scope and scope tokens; its text is ignored). Called synchronously; must be fast.
    func completions(forFoldedPrefix foldedPrefix: String, limit: Int, in query: SessionQuery) -> [String]
}

/// A running search that can be cancelled.
public protocol SessionSearchTicket: Sendable {
    /// Asks the backend to stop the search. Idempotent; the completion may still be called.
    func cancel()
}

/// What one query asks for: the text, the tokens and the scope, numbered by generation.
public struct SessionQuery: Sendable, Equatable {
    /// The query's number: every query a session issues gets the next one, starting at 1.
    public var generation: UInt64
    /// The search text.
    public var text: String
    /// The tokens before the text.
    public var tokens: [SearchToken]
    /// The selected scope (0 without a scope bar).
    public var scope: Int
    /// The selected scope's title, or nil without scope titles.
    public var scopeTitle: String?

    /// Creates a query.
    public init(generation: UInt64, text: String, tokens: [SearchToken] = [], scope: Int = 0, scopeTitle: String? = nil) {
        self.generation = generation
        self.text = text
        self.tokens = tokens
        self.scope = scope
        self.scopeTitle = scopeTitle
    }
}

/// The results of one query: the hits best first and, when an index searched, each hit's
/// texts from the snapshot it was found in.
public struct SessionResults: Sendable {
    /// The matching items' ids, best first.
    public var ids: [UInt64]
    /// The hits, best first, with scores, matched fields and highlights (a host's results:
    /// its ids in order, score 0, no highlights).
    public var hits: [SearchHit]
    /// Each hit's texts, in the hits' order; nil when the host searched (the session does not
    /// know its items' texts).
    public var texts: [HitTexts]?
    /// The number of matching items, those beyond the hits included; a lower bound unless
    /// ``totalIsExact`` (see ``HitsWithTexts/total``).
    public var total: Int
    /// True when ``total`` is exact.
    public var totalIsExact: Bool

    /// A host's results: `ids`, best first.
    public init(ids: [UInt64]) {
        self.ids = ids
        self.hits = ids.map { SearchHit(id: $0, score: 0, field: .title, highlights: []) }
        self.texts = nil
        self.total = ids.count
        self.totalIsExact = true
    }

    /// What an index search found.
    public init(_ found: HitsWithTexts) {
        self.ids = found.hits.map(\.id)
        self.hits = found.hits
        self.texts = found.texts
        self.total = found.total
        self.totalIsExact = found.totalIsExact
    }

    /// The number of results.
    public var count: Int { ids.count }
}

/// A ticket for a search that cannot be cancelled (or already finished).
public struct NoopSearchTicket: SessionSearchTicket {
    /// Creates a ticket.
    public init() {}
    public func cancel() {}
}
