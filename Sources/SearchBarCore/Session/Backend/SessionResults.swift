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
