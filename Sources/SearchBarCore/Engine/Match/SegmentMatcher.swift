/// What a matcher found for one item.
struct Evaluation {
    /// The packed score (see ``Score``).
    var score: UInt64
    /// The field the highlights belong to.
    var field: SearchField
}

/// Which items of a segment a matcher must look at.
enum Candidates {
    /// Every item.
    case all
    /// These local indices, ascending.
    case list([UInt32])
}

/// Matches one compiled query against one segment.
protocol SegmentMatcher: AnyObject, Sendable {
    /// The items worth evaluating.
    var candidates: Candidates { get }
    /// The score of item `i`, or nil when it does not match.
    func evaluate(_ i: Int) -> Evaluation?
    /// The best tier item `i` could reach, found cheaply (without matching): a search whose
    /// top-k is already full of hits of tier `floor` or higher skips the item when the ceiling
    /// is lower (a matcher may stop refining its bound once it is below `floor`).
    func ceiling(_ i: Int, floor: UInt8) -> MatchTier
    /// No item's ``ceiling(_:floor:)`` is lower than this: a selection whose floor is at or
    /// below it cannot pass over an item by its ceiling, so the ceiling is not computed.
    var lowestCeiling: MatchTier { get }
    /// The parts of `field` that the query matched in item `i`, as if the field ended at
    /// `limit` (spans end at or before its key byte and name tokens before its token count).
    func highlightSpans(_ i: Int, field: SearchField, within limit: HighlightLimit) -> [HighlightSpan]
    /// Which items can reach the title tiers, when the matcher knows cheaply (nil otherwise).
    var titleTierItems: TitleTierItems? { get }
    /// Candidates (ascending) that hold most of the best matches, examined before the others
    /// so that the selection fills with good hits early and the others are passed over by
    /// their ceiling; nil when the matcher has none. Read after ``candidates``.
    var preferredItems: [UInt32]? { get }
    /// The items that may match with every word as typed, when every other match needs a typo
    /// (ranks at most ``MatchTier/typo``); nil when the matcher has no such list. Read before
    /// ``candidates``, on the thread that prepares the search; examined with
    /// ``evaluateAsTyped(_:)``.
    var asTypedItems: [UInt32]? { get }
    /// ``evaluate(_:)`` without typo matches: nil for an item that only matches with typos.
    func evaluateAsTyped(_ i: Int) -> Evaluation?
    /// A score no lower than that of the item at `position` of the title order of
    /// ``titleTierItems``, from that order's columns (no read of the item itself).
    func titleTierBound(_ position: Int) -> UInt64
    /// ``titleTierBound(_:)`` as two values, when it takes only two over the title order (no
    /// weights): nil otherwise. The title-tier phase then reads no bound per position.
    var uniformTitleTierBounds: UniformTitleTierBounds? { get }
    /// A score no lower than ``titleTierBound(_:)`` at any position of the group of
    /// ``PositionGroups`` that `position` starts, from the title order's group extremes; nil
    /// when the matcher cannot bound a group. The title-tier phase passes over a whole group
    /// with it.
    func titleTierGroupBound(_ position: Int) -> UInt64?
    /// The best score, less its weight key (``Score`` keeps that in the low 32 bits), that an
    /// item can get when its ``ceiling(_:floor:)`` is below the title tiers; nil when the matcher
    /// has no such bound. With a bound, ``evaluate(_:)`` must be exact for every item of the
    /// segment, not only the candidates: ``SearchRun`` passes over an item whose bound cannot
    /// enter the selection, and may evaluate items in ``Segment/rankOrder``.
    var rankOrderBound: UInt64? { get }
    /// True when examining items in ``Segment/rankOrder`` before the candidates may pay (they
    /// are not known to be few); requires a ``rankOrderBound`` and ``titleTierItems``.
    var prefersRankOrder: Bool { get }
    /// A lower bound than ``rankOrderBound`` (less the weight key) for the items outside
    /// ``wordStartItems(limit:)`` and the title tiers; nil when the matcher has none.
    var infixRankOrderBound: UInt64? { get }
    /// The items that may score above ``infixRankOrderBound`` outside the title tiers,
    /// ascending, or nil when there are more than about `limit` or they cannot be listed. The
    /// rank-order phase examines them first, and the other items against the lower bound.
    func wordStartItems(limit: Int) -> [UInt32]?
}

/// Which items of a segment can reach the title tiers (``MatchTier/titlePrefix`` and above).
enum TitleTierItems {
    /// None: every match ranks below them.
    case none
    /// Only the items at these positions of one of the segment's title orders.
    case block(Range<Int>, TitleOrdering)
}

/// ``SegmentMatcher/titleTierBound(_:)`` when it is `exactBound` at the positions `exact` and
/// `otherBound` everywhere else.
struct UniformTitleTierBounds {
    /// The positions of the title order whose bound is `exactBound`.
    let exact: Range<Int>
    /// The bound at those positions.
    let exactBound: UInt64
    /// The bound at every other position.
    let otherBound: UInt64

    /// The bound at `position`.
    @inline(__always) func bound(_ position: Int) -> UInt64 { exact.contains(position) ? exactBound : otherBound }
}

/// The segment's orders of items by title.
enum TitleOrdering {
    /// ``Segment/titleLeads``: by the first title word (prefix mode's title tiers).
    case leadTerm
    /// ``Segment/titleBytes``: by the folded title's bytes (contains mode's title tiers).
    case titleBytes
}

/// How much of a field's text highlights are computed on: its folded bytes up to ``keyBytes``
/// and its tokens before ``tokens`` (see ``Highlighter/highlightedBytes``).
struct HighlightLimit {
    /// The length of the folded text highlights may cover.
    var keyBytes: Int
    /// The number of tokens highlights may name.
    var tokens: Int

    /// The whole field.
    static let whole = HighlightLimit(keyBytes: .max, tokens: .max)
}

/// A part of a field the query matched, before it is mapped to the original text.
enum HighlightSpan: Equatable {
    /// Token number `position` of the field, all of it or its first `prefixBytes` key bytes.
    case token(position: Int, prefixBytes: Int?)
    /// A byte range of the field's folded text.
    case keyBytes(Range<Int>)

    /// True for ``token(position:prefixBytes:)``: mapping it needs the field's word tokens.
    var namesToken: Bool {
        if case .token = self { return true }
        return false
    }
}

extension SegmentMatcher {
    /// The parts of `field` that the query matched in item `i`, in the whole field.
    func highlightSpans(_ i: Int, field: SearchField) -> [HighlightSpan] {
        highlightSpans(i, field: field, within: .whole)
    }

    /// No cheap bound by default.
    func ceiling(_ i: Int, floor: UInt8) -> MatchTier { .exactTitle }
    /// Any tier by default.
    var lowestCeiling: MatchTier { .fuzzy }
    /// Unknown by default.
    var titleTierItems: TitleTierItems? { nil }
    /// None by default.
    var preferredItems: [UInt32]? { nil }
    /// None by default.
    var asTypedItems: [UInt32]? { nil }
    /// ``evaluate(_:)`` by default.
    func evaluateAsTyped(_ i: Int) -> Evaluation? { evaluate(i) }
    /// No bound by default.
    func titleTierBound(_ position: Int) -> UInt64 { .max }
    /// Not uniform by default.
    var uniformTitleTierBounds: UniformTitleTierBounds? { nil }
    /// No group bound by default.
    func titleTierGroupBound(_ position: Int) -> UInt64? { nil }
    /// No bound by default.
    var rankOrderBound: UInt64? { nil }
    /// No rank-order phase by default.
    var prefersRankOrder: Bool { false }
    /// No lower bound by default.
    var infixRankOrderBound: UInt64? { nil }
    /// Not known by default.
    func wordStartItems(limit: Int) -> [UInt32]? { nil }
}

extension Candidates {
    /// Gathers the items of a segment holding any term of `ranges`: the postings of one term
    /// are used as they are; several terms are merged through a bitset.
    static func gather(_ ranges: [Range<Int>], in segment: Segment) -> Candidates {
        if ranges.count == 1, ranges[0].count == 1 {
            let t = ranges[0].lowerBound
            return .list(Array(segment.postings[Int(segment.postingOffsets[t])..<Int(segment.postingOffsets[t + 1])]))
        }
        var bits = Bitset(count: segment.count)
        var total = 0
        for range in ranges { total += segment.insertHolders(of: range, into: &bits) }
        return .list(bits.members(expectedCount: total))
    }
}
