/// What a search's shortcuts did, returned with its outcome (``SearchRun/Outcome``) and summed
/// per index (``SearchIndex/statistics``): tests check with them that the shortcut they compare
/// with a plain scan actually answered. A diagnostic only; no search reads them.
struct SearchStatistics: Sendable, Equatable {
    /// Searches the as-typed phase answered.
    var asTypedAnswers = 0
    /// Searches the rank-order phase answered.
    var rankOrderAnswers = 0
    /// Segment walks against the lower, infix bound (``RankOrderPlan/infixBound``) that ended the
    /// rank-order phase for their segment.
    var wordStartWalks = 0
    /// Groups of title-order positions (``PositionGroups``) the title-tier phase passed over whole.
    var titleTierGroupsPassedOver = 0

    /// Adds `other`'s counts to these.
    mutating func add(_ other: SearchStatistics) {
        asTypedAnswers += other.asTypedAnswers
        rankOrderAnswers += other.rankOrderAnswers
        wordStartWalks += other.wordStartWalks
        titleTierGroupsPassedOver += other.titleTierGroupsPassedOver
    }
}
