/// The title tiers of `contains` and `fuzzy` mode, where an item reaches them when its folded
/// title starts with the folded query (as bytes): which items can, through the segment's
/// ``TitleByteOrder``, and the best score each could get, for ``SearchRun``'s title-tier phase.
struct TitlePrefixTier {
    /// The items that can reach the title tiers (see ``TitleTierPlan/items``).
    let items: TitleTierItems?
    /// The positions of ``Segment/titleBytes`` whose title equals the folded query.
    private let exactTitles: Range<Int>
    /// The positions of ``Segment/titleBytes`` whose title starts with the folded query (empty
    /// when ``items`` is not a block).
    private let block: Range<Int>
    private let segment: Segment

    /// The tiers of `folded` on `segment`: none when the title is not searched or nothing can
    /// match; a small candidate list offered whole. With `anyTitleExact`
    /// (extended terms alone, where `^word$` makes any title an exact one) every title's bound
    /// is the exact tier.
    init(folded: [UInt8], segment: Segment, searchesTitle: Bool, conditions: ItemConditions, candidates: Candidates,
         anyTitleExact: Bool = false) {
        self.segment = segment
        if !searchesTitle || conditions.excludesAll {
            items = TitleTierItems.none
            exactTitles = 0..<0
            block = 0..<0
        } else if case .list(let list) = candidates, list.count <= Self.smallCandidateList {
            items = .candidates(list)
            exactTitles = 0..<0
            block = 0..<0
        } else {
            let block = segment.titleBytes.block(startingWith: folded, titles: segment.folded[0])
            items = .block(block.all, .titleBytes)
            self.block = block.all
            exactTitles = anyTitleExact ? block.all : Self.exactTitles(block, folded: folded, segment: segment)
        }
    }

    /// The positions of the titles equal to `folded` in the title order: `block.equal`, and the
    /// titles whose own text equals it followed by readings, which sort after the titles that
    /// continue it with a space and a byte below U+00A0 (the positions between join them).
    private static func exactTitles(
        _ block: (all: Range<Int>, equal: Range<Int>), folded: [UInt8], segment: Segment
    ) -> Range<Int> {
        guard !block.all.isEmpty else { return block.equal }
        let read = segment.titleBytes.block(
            startingWith: folded + Transliteration.firstSeparator, titles: segment.folded[0]).all
        guard !read.isEmpty else { return block.equal }
        guard !block.equal.isEmpty else { return read }
        return min(block.equal.lowerBound, read.lowerBound)..<max(block.equal.upperBound, read.upperBound)
    }

    /// The positions of the block whose folded title goes on after its first `length` bytes
    /// (the query's) with a byte in `bytes`: one run of the block, which is sorted by those
    /// bytes (a title without one first), found by binary search.
    func positions(continuingAfter length: Int, with bytes: ClosedRange<UInt8>) -> Range<Int> {
        let order = segment.titleBytes.order
        // The byte after the first `length` of the title at `position`, or -1.
        func next(_ position: Int) -> Int {
            let title = segment.rawFolded(0, Int(order[position]))
            return title.count > length ? Int(title[length]) : -1
        }
        let start = lowerBound(in: block) { next($0) < Int(bytes.lowerBound) }
        let end = lowerBound(in: start..<block.upperBound) { next($0) <= Int(bytes.upperBound) }
        return start..<end
    }

    /// ``bound(_:quality:proximity:)`` as two values when the segment has no weights (nil
    /// otherwise).
    func uniformBounds(quality: Int, proximity: Int) -> UniformTitleTierBounds? {
        guard segment.titleBytes.weightKeys.isEmpty else { return nil }
        return UniformTitleTierBounds(
            exact: exactTitles,
            exactBound: Score.make(
                tier: .exactTitle, quality: quality, field: .title, proximity: proximity, weightKey: WeightKey.zero),
            otherBound: Score.make(
                tier: .titlePrefix, quality: quality, field: .title, proximity: proximity, weightKey: WeightKey.zero))
    }

    /// Candidate lists up to this size are examined without a title-tier phase.
    static let smallCandidateList = 2048

    /// The score bound at `position` of the title order: the exact tier only for a title equal
    /// to the query, the title field, and the item's weight, with the mode's best `quality` and
    /// `proximity`.
    func bound(_ position: Int, quality: Int, proximity: Int) -> UInt64 {
        let weights = segment.titleBytes.weightKeys
        return Self.bound(
            exact: exactTitles.contains(position), quality: quality, proximity: proximity,
            weightKey: weights.isEmpty ? WeightKey.zero : weights[position])
    }

    /// The greatest ``bound(_:quality:proximity:)`` over the group of positions that `position`
    /// starts (see ``PositionGroups``): the exact tier when the group holds an exact title, and
    /// the group's greatest weight.
    func groupBound(_ position: Int, quality: Int, proximity: Int) -> UInt64 {
        let weights = segment.titleBytes.weightKeys
        return Self.bound(
            exact: exactTitles.overlaps(position..<position + PositionGroups.size), quality: quality,
            proximity: proximity, weightKey: weights.isEmpty ? WeightKey.zero : weights.groupMaximum(at: position))
    }

    /// A title-tier score: the exact tier or the title-prefix one, in the title field.
    private static func bound(exact: Bool, quality: Int, proximity: Int, weightKey: UInt32) -> UInt64 {
        Score.make(
            tier: exact ? .exactTitle : .titlePrefix, quality: quality, field: .title, proximity: proximity,
            weightKey: weightKey)
    }
}
