/// The rank-order phase: items examined in ``Segment/rankOrder`` on the calling thread, until
/// none that remains can enter the selection.
extension SearchRun {
    /// The rank-order phase examines at most this many items per segment and variant (as many
    /// as a segment keeps in its ``Segment/rankOrder``).
    static let rankOrderItems = RankOrder.keptItems
    /// The rank-order phase gives up after this many items when its hits at the bound so far,
    /// extrapolated, would not fill the selection within ``rankOrderItems`` (checked this often).
    static let rankOrderCheck = 256
    /// The most items a rank-order phase examines as ``RankOrderPlan/wordStartItems``
    /// before walking rank order against the lower bound.
    static let wordStartItems = 2048

    /// The rank-order phase: examines each segment's items in ``Segment/rankOrder`` on the
    /// calling thread, offering them to `heap`, until the next item's best possible score (its
    /// plan's ``RankOrderPlan/bound`` with the item's weight) cannot rank before the worst kept
    /// hit: every later item is no heavier and later in collation, so none can enter either.
    /// True when every segment and variant stopped so; false when a plan has no bound, or its
    /// hits at the bound come too rarely (``rankOrderCheck``, ``rankOrderItems``): then the
    /// candidates must be examined. Only title-tier items can beat the bound, and the title-tier
    /// phase has examined those already.
    ///
    /// When most hits match inside a word (`ie` in a German word list), hits at that bound are
    /// rare and the first walk gives up. If the plan can list the few items that may score
    /// above its lower ``RankOrderPlan/infixBound`` (every word at a word start,
    /// ``RankOrderPlan/wordStartItems``), those are examined, and rank order is walked again
    /// against the lower bound.
    static func rankOrder(
        _ work: Work, heap: inout TopK, statistics: inout SearchStatistics
    ) throws(SearchBarError) -> Bool {
        guard work.plans.allSatisfy({ $0.allSatisfy { $0.rankOrder?.prefersRankOrder == true } }) else {
            return false
        }
        // True when a segment's walk ended by examining all its items rather than at the bound:
        // its typo matches were not examined (see ``offer``).
        var examinedAll = false
        for (s, variants) in work.matchers.enumerated() {
            let view = work.snapshot.segments[s]
            for (v, matcher) in variants.enumerated() {
                let plan = work.plans[s][v]
                guard let rankOrder = plan.rankOrder else { return false }
                let walker = Walker(
                    matcher: matcher, evaluateAsTyped: plan.evaluateAsTyped, segment: s, variant: v, view: view)
                // Every item examined also ends it.
                let covered = view.segment.count <= min(view.segment.rankOrder.order.count, rankOrderItems)
                let lower = rankOrder.infixBound
                let first = try walker.walk(
                    bound: rankOrder.bound, lower: lower, heap: &heap, cancellation: work.cancellation)
                var end = first.end
                // Hits at the bound too rare (most match inside a word): when hits at the lower
                // bound came often enough to fill the selection in time, the items that can beat
                // it are examined first, then rank order again against it.
                if end == .gaveUp || (end == .ranOut && !covered), let lower,
                    first.lowerHits * rankOrderItems >= first.examined * heap.limit,
                    let starts = rankOrder.wordStartItems(wordStartItems)
                {
                    for item in starts { walker.offer(Int(item), to: &heap) }
                    end = try walker.walk(bound: lower, heap: &heap, cancellation: work.cancellation).end
                    if end == .stopped || covered { statistics.wordStartWalks += 1 }
                }
                if end == .gaveUp || (end == .ranOut && !covered) { return false }
                if end != .stopped { examinedAll = true }
            }
        }
        // A walk that examined every item without typos answers only when no typo match can
        // enter: the selection is full above the typo tier.
        return !examinedAll || heap.floorTier > MatchTier.typo.rawValue
    }

    /// How a walk of a segment's rank order ended.
    enum WalkEnd {
        /// At an item that could not enter: no later item can.
        case stopped
        /// Hits at the bound came too rarely to fill the selection in time.
        case gaveUp
        /// Past the last item kept in rank order.
        case ranOut
    }

    /// How a walk ended and what it saw: items examined, and hits at or above the lower bound
    /// it was given.
    struct Walk {
        var end: WalkEnd
        var examined = 0
        var lowerHits = 0
    }

    /// Walks one segment's rank order through one matcher (variant `variant` of segment
    /// `segment`).
    struct Walker {
        let matcher: any SegmentMatcher
        /// The plan's ``MatchPlan/evaluateAsTyped`` (nil: the matcher's evaluation).
        let evaluateAsTyped: (@Sendable (Int) -> Evaluation?)?
        let segment: Int
        let variant: Int
        let view: SegmentView

        /// Offers the items of ``Segment/rankOrder`` to `heap` until one whose best score
        /// (`bound` with its weight) cannot enter; counts the hits at or above `lower` on the way.
        func walk(
            bound: UInt64, lower: UInt64? = nil, heap: inout TopK, cancellation: CancellationFlag?
        ) throws(SearchBarError) -> Walk {
            var result = Walk(end: .ranOut)
            let items = view.segment
            let order = items.rankOrder.order
            var atBound = 0
            let lowerTop = lower.map { $0 >> 32 } ?? .max
            for k in 0..<min(order.count, SearchRun.rankOrderItems) {
                let i = Int(order[k])
                if let worst = heap.worst, !SearchRun.canEnter(i, bound: bound, segment: items, worst: worst) {
                    result.end = .stopped
                    return result
                }
                if k % SearchRun.rankOrderCheck == SearchRun.rankOrderCheck - 1 {
                    if let cancellation, cancellation.isCancelled {
                        throw SearchBarError(.cancelled, "the search was cancelled")
                    }
                    // Projected hits at the bound by the last item allowed.
                    if atBound * SearchRun.rankOrderItems < (k + 1) * heap.limit {
                        result.end = .gaveUp
                        return result
                    }
                }
                result.examined += 1
                if let score = offer(i, to: &heap) {
                    if score >> 32 == bound >> 32 { atBound += 1 }
                    if score >> 32 >= lowerTop { result.lowerHits += 1 }
                }
            }
            return result
        }

        /// Evaluates item `i` without typos and offers it to `heap` when it matches; its score,
        /// or nil. (A walk that stops does so above the typo tier, so typo matches could not have
        /// entered; one that does not stop leaves every item to the candidates' full evaluation.
        /// Typo plans are made only if a search needs them.)
        @discardableResult
        func offer(_ i: Int, to heap: inout TopK) -> UInt64? {
            guard view.isLive(i) else { return nil }
            let evaluated = if let evaluateAsTyped { evaluateAsTyped(i) } else { matcher.evaluate(i) }
            guard let evaluation = evaluated else { return nil }
            if !heap.rejects(score: evaluation.score) {
                let items = view.segment
                heap.offer(RankedItem(
                    score: evaluation.score, rankKey: items.rankKeys[i], id: items.ids[i], segment: Int32(segment),
                    local: UInt32(truncatingIfNeeded: i), field: evaluation.field, variant: Int32(variant)))
            }
            return evaluation.score
        }
    }

    /// False when item `i` of `segment`, with a score of at most `bound` and its own weight,
    /// cannot rank before `worst` (then neither can any item after it in rank order).
    @inline(__always)
    static func canEnter(_ i: Int, bound: UInt64, segment: Segment, worst: RankedItem) -> Bool {
        let best = bound | UInt64(segment.weightKey(i))
        if best != worst.score { return best > worst.score }
        return (segment.rankKeys[i], segment.ids[i]) < (worst.rankKey, worst.id)
    }
}
