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

/// Matches one compiled query against one segment: which items to look at, whether each
/// matches and how well, and where. What it knows beyond that (bounds, items worth examining
/// first) it describes in its ``plan``; it knows nothing of threads or of the order of work.
protocol SegmentMatcher: AnyObject, Sendable {
    /// The items worth evaluating.
    var candidates: Candidates { get }
    /// The score of item `i`, or nil when it does not match.
    func evaluate(_ i: Int) -> Evaluation?
    /// The parts of `field` that the query matched in item `i`, as if the field ended at
    /// `limit` (spans end at or before its key byte and name tokens before its token count).
    func highlightSpans(_ i: Int, field: SearchField, within limit: HighlightLimit) -> [HighlightSpan]
    /// The matcher's bounds and lists of items (see ``MatchPlan``): made on each read, so read
    /// once per search.
    var plan: MatchPlan { get }
}

/// Which items of a segment can reach the title tiers (``MatchTier/titlePrefix`` and above).
enum TitleTierItems {
    /// None: every match ranks below them.
    case none
    /// Only the items at these positions of one of the segment's title orders.
    case block(Range<Int>, TitleOrdering)
}

/// ``TitleTierPlan/bound`` when it is `exactBound` at the positions `exact` and
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
