/// Which items of a segment can reach the title tiers (``MatchTier/titlePrefix`` and above).
enum TitleTierItems {
    /// None: every match ranks below them.
    case none
    /// Only the items at these positions of one of the segment's title orders.
    case block(Range<Int>, TitleOrdering)
    /// Only these items (ascending): a matcher's few candidates, offered whole, which costs less
    /// than finding its title-order block and keeps the title-tier phase for the segments
    /// beside it (a small segment of recent writes is searched through a short list).
    case candidates([UInt32])
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
