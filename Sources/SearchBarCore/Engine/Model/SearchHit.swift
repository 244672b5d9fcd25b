/// One result of a search.
public struct SearchHit: Sendable, Equatable {
    /// The item's id.
    public var id: UInt64
    /// The relevance: higher is better. Hits are ordered by score, then by the locale's
    /// collation of their titles, then by id.
    public var score: UInt64
    /// The field the highlights refer to (where most query words matched).
    public var field: SearchField
    /// What the query matched, as sorted, disjoint UTF-8 byte ranges of the field's original text.
    /// In a text longer than 64 KiB, the matches in its first 64 KiB, up to the last space or
    /// line feed there (none when there is none): the work of highlighting a hit is bounded
    /// however long its text, and a text up to 64 KiB is highlighted in full.
    public var highlights: [Range<Int>]
    /// What the query matched in the searched fields other than ``field``, as ranges of each
    /// field's original text (bounded as ``highlights`` are); a field where nothing matched is
    /// absent. A title hit whose subtitle also holds a query word has it here.
    public var otherHighlights: [SearchField: [Range<Int>]]

    /// Creates a hit.
    public init(
        id: UInt64, score: UInt64, field: SearchField, highlights: [Range<Int>],
        otherHighlights: [SearchField: [Range<Int>]] = [:]
    ) {
        self.id = id
        self.score = score
        self.field = field
        self.highlights = highlights
        self.otherHighlights = otherHighlights
    }

    /// The highlights in `field`'s original text: ``highlights`` for the hit's own field,
    /// else those of ``otherHighlights`` (none when nothing matched there).
    public func highlights(in field: SearchField) -> [Range<Int>] {
        field == self.field ? highlights : otherHighlights[field] ?? []
    }

    /// The match tier encoded in the score (see ``MatchTier``).
    public var tier: MatchTier { MatchTier(rawValue: UInt8(truncatingIfNeeded: score >> 61)) ?? .fuzzy }
}

/// How well a hit matched, best first; the top bits of ``SearchHit/score``.
public enum MatchTier: UInt8, Sendable, Comparable {
    /// A subsequence match (fuzzy mode).
    case fuzzy = 1
    /// A match that needed typos (or a query-word concatenation).
    case typo = 2
    /// A query word matched inside a word.
    case infix = 3
    /// All query words matched word starts, in some other order.
    case anyOrder = 4
    /// All query words matched word starts, in the query's order.
    case inOrder = 5
    /// The title starts with the query.
    case titlePrefix = 6
    /// The title is the query.
    case exactTitle = 7

    public static func < (a: MatchTier, b: MatchTier) -> Bool { a.rawValue < b.rawValue }
}
