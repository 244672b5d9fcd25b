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
    /// ``evaluate(_:)`` for a selection whose worst kept score is `threshold` (0 while it is
    /// not full): nil when item `i` does not match; for a match whose score is below
    /// `threshold`, any score below it (the matcher may skip work that cannot change that);
    /// otherwise its score, exactly.
    func evaluate(_ i: Int, toReach threshold: UInt64) -> Evaluation?
    /// The parts of `field` that the query matched in item `i`, as if the field ended at
    /// `limit` (spans end at or before its key byte and name tokens before its token count).
    func highlightSpans(_ i: Int, field: SearchField, within limit: HighlightLimit) -> [HighlightSpan]
    /// The matcher's bounds and lists of items (see ``MatchPlan``): made on each read, so read
    /// once per search.
    var plan: MatchPlan { get }
}

extension SegmentMatcher {
    /// Every score exact, whatever the threshold.
    func evaluate(_ i: Int, toReach threshold: UInt64) -> Evaluation? { evaluate(i) }

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
            return .list(segment.postings.items(t))
        }
        var bits = Bitset(count: segment.count)
        var total = 0
        for range in ranges { total += segment.insertHolders(of: range, into: &bits) }
        return .list(bits.members(expectedCount: total))
    }
}
