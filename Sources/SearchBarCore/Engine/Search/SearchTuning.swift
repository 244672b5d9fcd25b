/// The switches that choose how an index's searches do their work, never what they find: every
/// setting gives the same hits, scores and highlights, only faster or slower. Tests turn a
/// shortcut off to compare its answers with a plain scan; an index holds its own value
/// (``SearchIndex/tuning``), so suites that flip it can run in parallel.
struct SearchTuning: Sendable, Equatable {
    /// False: no title-tier phase (the matchers' title-tier blocks are not examined first).
    var titleTierPhase = true
    /// False: no rank-order phase, and no passing over of items on their rank-order bound
    /// (``RankOrderPlan/bound``).
    var rankOrderPhase = true
    /// False: no as-typed phase (the items that match as typed are not examined first).
    var asTypedPhase = true
    /// False: contains and fuzzy matchers do not narrow their candidates through the index
    /// (``ContainsCandidates``); every item (or every previous match) is scanned.
    var narrowsContains = true
    /// False: fuzzy mode aligns every subsequence candidate in full, whatever the selection's
    /// worst kept score (see ``SegmentMatcher/evaluate(_:toReach:)``).
    var boundsFuzzyAlignment = true
    /// False: fuzzy and contains matchers check an item's case (``ItemConditions/acceptsCase(_:)``)
    /// whatever its score; true: only when its score reaches the selection's threshold (an item
    /// below it is recorded as a possible match without the check, see
    /// ``SegmentMatcher/evaluate(_:toReach:)``).
    var defersCaseCheck = true
    /// False: fuzzy mode's scan asks every item's ceiling in turn; true: it tests 64 items at
    /// once for those that cannot match and those below any floor above the fuzzy tier
    /// (``MatchPlan/lowCeilings``).
    var bulkCeilings = true
    /// False: fuzzy mode looks for a word's subsequence in every text the presence mask lets
    /// through; true: first for the word's rarest byte that the mask cannot rule out (one
    /// `memchr`), and not at all in a text without it.
    var rejectsOnRareByte = true
    /// False: fuzzy mode examines every item the presence mask lets through; true: only those
    /// the vocabulary shows holding each word's rarest character that the mask cannot rule out
    /// (the character of its rarest such byte: `ш` of `кошк`), when that narrows the items.
    var narrowsFuzzyByCharacters = true
    /// Up to this many holders of a prefix query's last word, the prefix matcher lists the groups
    /// of title-lead positions that hold one (0: every group looks its items up; see
    /// ``PrefixMatcher``).
    var listedHolderGroups = 1024
}
