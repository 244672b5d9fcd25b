/// What one search asks for besides the query text.
public struct SearchOptions: Sendable, Equatable, Hashable {
    /// The match mode; `nil` uses the index's default.
    public var mode: MatchMode?
    /// At most this many hits are returned (clamped to 1...10_000).
    public var limit: Int
    /// Only items whose scope is in this set match; empty means every scope.
    public var scopes: [UInt32]
    /// Every filter must hold for an item to match.
    public var filters: [AttributeFilter]
    /// Parse fzf-like operators in the query: `'exact`, `^prefix`, `suffix$`, `^exact$` (the
    /// anchors skip leading and trailing blanks), `!not`, `a | b`, `\ ` for a space inside a
    /// term, and filter tokens (`scope:N`, `name:value`, `name>=N`, `name<=N`, `name>N`,
    /// `name<N`). Every term that holds is highlighted; a query of such terms alone ranks a hit
    /// by what they matched (`^word$` on the title as an exact title, `^word` as a title
    /// prefix, a term at a word start above one inside a word).
    public var extendedSyntax: Bool
    /// Allow typos in prefix and contains modes (on by default).
    public var typos: Bool
    /// Hits skipped before the first one returned (paging: page `p` of `n` hits is offset
    /// `p * n`, limit `n`); clamped to 0...``maxOffset``. Hits follow one total order (score,
    /// then the collation of their titles, then id), and a page is exactly that order's slice
    /// [offset, offset + limit): paging never shows a hit twice or skips one.
    public var offset: Int
    /// An empty query lists every item (of the scopes, passing the filters), ordered as hits
    /// of equal relevance are: by weight, then by the collation of their titles, then by id.
    /// Off: an empty query without scopes, filters or filter tokens finds nothing.
    public var listsAllWhenEmpty: Bool
    /// Count every match exactly (``HitsWithTexts/total``), even when that costs examining
    /// every candidate the search could otherwise pass over. Off: the total is exact only when
    /// it comes for free, and a lower bound otherwise (``HitsWithTexts/totalIsExact``).
    public var exactTotal: Bool
    /// How letter case is compared: folded (the default), smart case (a query word with an
    /// upper-case letter matches only that case) or case-sensitive.
    public var caseMatching: CaseMatching
    /// Diacritics and compatibility forms are distinct: `resume` does not find Résumé (fzf's
    /// `--literal`). Off by default.
    public var diacriticsSensitive: Bool
    /// What orders fuzzy-mode hits of equal match quality before their weights, collation and
    /// ids: the shorter text (``Tiebreak/length``, the default, as fzf), the earlier match, the
    /// later match, or nothing more (``Tiebreak/index``). Prefix and contains modes order such
    /// hits by word proximity instead.
    public var tiebreak: Tiebreak

    /// The largest `limit` honoured.
    public static let maxLimit = 10_000
    /// The largest `offset` honoured: pages reach the first `maxOffset + maxLimit` hits.
    public static let maxOffset = 10_000

    /// Creates options; the defaults are the index's mode, 50 hits from the first, all scopes,
    /// no filters, an empty query finding nothing, a total exact only when it is free, and case
    /// and diacritics folded, and fuzzy ties to the shorter text.
    public init(
        mode: MatchMode? = nil, limit: Int = 50, scopes: [UInt32] = [], filters: [AttributeFilter] = [],
        extendedSyntax: Bool = false, typos: Bool = true, offset: Int = 0, listsAllWhenEmpty: Bool = false,
        exactTotal: Bool = false, caseMatching: CaseMatching = .folded, diacriticsSensitive: Bool = false,
        tiebreak: Tiebreak = .length
    ) {
        self.mode = mode
        self.limit = limit
        self.scopes = scopes
        self.filters = filters
        self.extendedSyntax = extendedSyntax
        self.typos = typos
        self.offset = offset
        self.listsAllWhenEmpty = listsAllWhenEmpty
        self.exactTotal = exactTotal
        self.caseMatching = caseMatching
        self.diacriticsSensitive = diacriticsSensitive
        self.tiebreak = tiebreak
    }

    /// `limit` clamped to 1...``maxLimit``.
    var effectiveLimit: Int { min(max(limit, 1), Self.maxLimit) }

    /// `offset` clamped to 0...``maxOffset``.
    var effectiveOffset: Int { min(max(offset, 0), Self.maxOffset) }
}

/// A condition on an item attribute.
public enum AttributeFilter: Sendable, Equatable, Hashable {
    /// The attribute is a text equal to this one (compared folded).
    case equals(name: String, text: String)
    /// The attribute is a number in `min...max` (use infinities for open ends).
    case range(name: String, min: Double, max: Double)

    /// The attribute's name.
    public var name: String {
        switch self {
        case .equals(let name, _), .range(let name, _, _): name
        }
    }
}
