/// What a matcher knows about its segment's items besides evaluating them: cheap bounds on
/// their scores and tiers, and short lists of items that hold the best matches. A matcher
/// describes its items with it and nothing more; the search run (``SearchRun``) alone decides
/// from the plans what to examine first, what to pass over, and on which threads. (The split of
/// nucleo's matcher and worker pool.)
///
/// Lists that cost something to gather are closures, read only when the run needs them, on the
/// thread that prepares the search; each field's doc says in which order they may be read. A
/// plan captures its matcher: read it once per search, keep it no longer than the matcher.
struct MatchPlan: Sendable {
    /// The best tier item `i` could reach, found cheaply (without matching): a selection full
    /// of hits of tier `floor` or higher passes over an item whose ceiling is lower (the matcher
    /// may stop refining its bound once it is below `floor`). Nil when the matcher has no cheap
    /// bound: any item may reach ``MatchTier/exactTitle``.
    var ceiling: (@Sendable (_ i: Int, _ floor: UInt8) -> MatchTier)?
    /// No item's ``ceiling`` is lower than this: a selection whose floor is at or below it cannot
    /// pass over an item by its ceiling, so the ceiling is not computed.
    var lowestCeiling: MatchTier = .fuzzy
    /// ``ceiling`` for 64 items at once, when the matcher can say it cheaply (nil: it cannot):
    /// for the items `64 * block ..< 64 * block + 64` of the segment (item `i` at bit `i & 63`),
    /// those that do not match (``SegmentMatcher/evaluate(_:)`` is nil for them) and those whose
    /// ceiling is ``lowestCeiling``. It says what ``ceiling`` and the evaluation say, item for
    /// item, whenever it is read.
    var lowCeilings: (@Sendable (_ block: Int) -> LowCeilings)?
    /// Which items can reach the title tiers, and bounds on their scores; nil when the matcher
    /// does not know cheaply.
    var titleTiers: TitleTierPlan?
    /// Candidates (ascending) that hold most of the best matches, worth examining before the
    /// others so that a selection fills with good hits early; nil (or a nil answer) when the
    /// matcher has none. Read after ``SegmentMatcher/candidates``.
    var preferredItems: (@Sendable () -> [UInt32]?)?
    /// The items that may match with every word as typed, when every other match needs a typo
    /// (ranks at most ``MatchTier/typo``); nil (or a nil answer) when the matcher has no such
    /// list. Read before ``SegmentMatcher/candidates``; examined with ``evaluateAsTyped``.
    var asTypedItems: (@Sendable () -> [UInt32]?)?
    /// ``SegmentMatcher/evaluate(_:)`` without typo matches: nil for an item that only matches
    /// with typos. Nil when the matcher makes no difference (its evaluation is used).
    var evaluateAsTyped: (@Sendable (_ i: Int) -> Evaluation?)?
    /// A bound on every item's score outside the title tiers, for examining items in
    /// ``Segment/rankOrder``; nil when the matcher has none.
    var rankOrder: RankOrderPlan?
}

/// What ``MatchPlan/lowCeilings`` says of 64 items.
struct LowCeilings {
    /// The items that do not match.
    var none: UInt64
    /// The items whose ceiling is the plan's ``MatchPlan/lowestCeiling``.
    var low: UInt64
}

/// Which items of a segment can reach the title tiers, and bounds on their scores from the
/// title order's columns (no read of the items themselves).
struct TitleTierPlan: Sendable {
    /// The items that can reach the title tiers (``MatchTier/titlePrefix`` and above).
    var items: TitleTierItems
    /// A score no lower than that of the item at `position` of the title order of ``items``.
    var bound: @Sendable (_ position: Int) -> UInt64
    /// ``bound`` as two values, when it takes only two over the title order (no weights): nil
    /// otherwise. No bound need then be read per position.
    var uniformBounds: UniformTitleTierBounds?
    /// A score no lower than ``bound`` at any position of the group of ``PositionGroups`` that
    /// `position` starts, from the title order's group extremes; nil when the matcher cannot
    /// bound a group.
    var groupBound: @Sendable (_ position: Int) -> UInt64?
    /// A position inside ``items``' block: the positions before it hold the titles likely to
    /// score best, examined first and alone, so that every thread starts the rest with their
    /// selection (and passes over what cannot beat it); nil: the block in one go.
    var leadingEnd: Int? = nil
}

/// Bounds on the scores of the items outside the title tiers. With a plan, the matcher's
/// ``SegmentMatcher/evaluate(_:)`` is exact for every item of the segment, not only its
/// candidates: an item may be passed over on its bound, or evaluated in ``Segment/rankOrder``.
struct RankOrderPlan: Sendable {
    /// The best score, less its weight key (``Score`` keeps that in the low 32 bits), that an
    /// item can get when its ``MatchPlan/ceiling`` is below the title tiers.
    var bound: UInt64
    /// True when examining items in ``Segment/rankOrder`` before the candidates may pay (they
    /// are not known to be few); only with ``MatchPlan/titleTiers``.
    var prefersRankOrder: Bool
    /// A lower bound than ``bound`` (less the weight key) for the items outside
    /// ``wordStartItems`` and the title tiers; nil when the matcher has none.
    var infixBound: UInt64?
    /// The items that may score above ``infixBound`` outside the title tiers, ascending, or nil
    /// when there are more than about `limit` or they cannot be listed.
    var wordStartItems: @Sendable (_ limit: Int) -> [UInt32]?
}
