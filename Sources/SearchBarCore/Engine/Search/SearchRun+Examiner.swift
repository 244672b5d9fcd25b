/// The examination of one chunk's items: what is passed over unread, what is evaluated and
/// offered to the thread's selection, and what is recorded as a possible match.
extension SearchRun {
    /// One task's examination of items: its thread's selection, and every item that may match.
    /// (A struct with a mutating method, not a nested function over local variables: those
    /// would be boxed, with a dynamic exclusivity check on every access.)
    struct Examiner {
        let view: SegmentView
        let matcher: any SegmentMatcher
        /// The matcher's ``MatchPlan/ceiling`` (nil: none).
        let ceiling: (@Sendable (Int, UInt8) -> MatchTier)?
        /// The matcher's ``MatchPlan/evaluateAsTyped`` (nil: its evaluation).
        let evaluateAsTyped: (@Sendable (Int) -> Evaluation?)?
        let segment: Int32
        let variant: Int32
        var heap: TopK
        var matched: [UInt32] = []
        /// The plan's ``RankOrderPlan/bound``, when items may be passed over on it.
        let bound: UInt64?
        /// True when the title-tier phase has offered every item that can reach the title
        /// tiers: an item is then passed over on its bound alone, without its ceiling.
        let titleTiersOffered: Bool
        /// The plan's ``MatchPlan/lowestCeiling``: a floor at or below it prunes nothing.
        let lowestCeiling: UInt8
        /// The plan's ``MatchPlan/lowCeilings``.
        let lowCeilings: (@Sendable (Int) -> LowCeilings)?
        /// False once an item was passed over without being recorded in ``matched``.
        private(set) var recordedEveryPossibleMatch = true

        /// With `passesOverOnBound` false, no item is passed over on the plan's
        /// ``RankOrderPlan/bound``.
        init(
            view: SegmentView, matcher: any SegmentMatcher, plan: MatchPlan, segment: Int32, variant: Int32, heap: TopK,
            titleTiersOffered: Bool, passesOverOnBound: Bool
        ) {
            self.view = view
            self.matcher = matcher
            ceiling = plan.ceiling
            evaluateAsTyped = plan.evaluateAsTyped
            self.segment = segment
            self.variant = variant
            self.heap = heap
            self.titleTiersOffered = titleTiersOffered
            bound = passesOverOnBound ? plan.rankOrder?.bound : nil
            lowestCeiling = plan.lowestCeiling.rawValue
            lowCeilings = plan.lowCeilings
        }

        /// Examines item `i`: passed over when it cannot enter the selection (``passesOver(_:)``),
        /// still a possible match; else evaluated and offered.
        /// With `asTyped`, without typo matches (``MatchPlan/evaluateAsTyped``).
        @inline(__always) mutating func consider(_ i: Int, asTyped: Bool = false) {
            guard view.isLive(i) else { return }
            if passesOver(i) {
                matched.append(UInt32(truncatingIfNeeded: i))
                return
            }
            evaluateAndOffer(i, asTyped: asTyped)
        }

        /// Examines the items `item(k)` for `k` in `range` (every item of the segment, in a scan
        /// the index could not narrow, or a list of candidates), deciding in a tight loop, without
        /// reading them, those that cannot rank before the worst kept hit. This needs the title
        /// tiers offered, a ``RankOrderPlan/bound``, and every weight 0 (so that bound
        /// is every item's best score); otherwise every item is considered.
        /// - An item whose rank key is greater than the worst's, on a tied bound (or any item,
        ///   when the bound is below the worst's score): without `recordingAll` (a scan of every
        ///   item), passed over unrecorded, so a search that passed one over keeps no matches for
        ///   refining the next query (a dense query's would be most of the segment); with it,
        ///   recorded as a possible match and passed over.
        /// - An item that ties the worst's rank key with a greater id (file paths share their
        ///   directories, hence their rank keys) is recorded as a possible match and passed over.
        /// Every other item is considered. A recorded pass-over is what ``consider(_:asTyped:)``
        /// does with the item, at a fraction of its cost: with `recordingAll`, the matches kept
        /// are those ``consider(_:asTyped:)`` alone would keep.
        @inline(__always) mutating func considerPassingOverOnRankKeys(
            _ range: Range<Int>, recordingAll: Bool, through item: (Int) -> Int
        ) {
            // Room for every item recorded, so that the list is never copied to grow.
            matched.reserveCapacity(matched.count + range.count)
            guard titleTiersOffered, let bound, view.segment.weightKeys.isEmpty else {
                // (Without `recordingAll` this is a scan of every item: `item` is the identity.)
                if let lowCeilings, !recordingAll {
                    var items = PossibleMatchesInRange(range, lowCeilings)
                    considerPassingOverLowCeilings(&items)
                } else if let lowCeilings {
                    withoutActuallyEscaping(item) { item in
                        var items = PossibleMatchesInList(range, lowCeilings, through: item)
                        considerPassingOverLowCeilings(&items)
                    }
                } else {
                    for k in range { consider(item(k)) }
                }
                return
            }
            // The best score of every item (each weight is 0).
            let best = bound | UInt64(WeightKey.zero)
            let segment = view.segment
            let rankKeys = segment.rankKeys
            let ids = segment.ids
            var worst = heap.worst
            for k in range {
                let i = item(k)
                if let worst, best <= worst.score {
                    if best < worst.score || rankKeys[i] > worst.rankKey {
                        if !recordingAll {
                            recordedEveryPossibleMatch = false
                        } else if view.isLive(i) {
                            matched.append(UInt32(truncatingIfNeeded: i))
                        }
                        continue
                    }
                    // (`canEnter` with the id: the worst kept item itself is passed over too.)
                    if rankKeys[i] == worst.rankKey && ids[i] >= worst.id {
                        if view.isLive(i) { matched.append(UInt32(truncatingIfNeeded: i)) }
                        continue
                    }
                }
                consider(i)
                worst = heap.worst
            }
        }

        /// ``consider(_:asTyped:)`` of the items `items` yields (ascending), which know the plan's
        /// ``MatchPlan/lowCeilings``: an item that does not match is never yielded, and while the
        /// selection's floor is above the lowest ceiling, an item at that ceiling is recorded as a
        /// possible match and passed over, as ``consider(_:asTyped:)`` does with both, without
        /// asking each item's ceiling.
        @inline(__always) private mutating func considerPassingOverLowCeilings<Items: PossibleMatches>(
            _ items: inout Items
        ) {
            // A floor above this passes over every item at the lowest ceiling.
            let passing = max(lowestCeiling, MatchTier.fuzzy.rawValue)
            while let next = items.next() {
                if next.lowCeiling && heap.floorTier > passing {
                    if view.isLive(next.item) { matched.append(UInt32(truncatingIfNeeded: next.item)) }
                    continue
                }
                consider(next.item)
            }
        }

        /// Examines item `i` of the matcher's title-tier items: evaluated and offered, without
        /// its ceiling. In a block the caller has checked the position's title-tier bound (a
        /// short candidate list offered whole has none to check), and an item
        /// that can reach the title tiers has the exact-title tier for its ceiling (its title
        /// starts with the query, or its first word matches the first query word), which passes
        /// nothing over.
        @inline(__always) mutating func examine(_ i: Int) {
            guard view.isLive(i) else { return }
            evaluateAndOffer(i, asTyped: false)
        }

        /// Evaluates item `i`; a match is kept as a possible match and offered to the heap.
        @inline(__always) private mutating func evaluateAndOffer(_ i: Int, asTyped: Bool) {
            let evaluated =
                if asTyped, let evaluateAsTyped {
                    evaluateAsTyped(i)
                } else {
                    matcher.evaluate(i, toReach: heap.threshold)
                }
            guard let evaluation = evaluated else { return }
            matched.append(UInt32(truncatingIfNeeded: i))
            if heap.rejects(score: evaluation.score) { return }
            let items = view.segment
            heap.offer(RankedItem(
                score: evaluation.score, rankKey: items.rankKeys[i], id: items.ids[i], segment: segment,
                local: UInt32(truncatingIfNeeded: i), field: evaluation.field, variant: variant))
        }

        /// True when item `i` cannot enter the full selection: its tier ceiling is below the
        /// selection's floor, or it cannot reach the title tiers (or the title-tier phase offered
        /// those already) and its ``RankOrderPlan/bound`` cannot beat the worst kept hit.
        @inline(__always) private func passesOver(_ i: Int) -> Bool {
            // On the bound alone, without reading the item, once the title tiers were offered.
            if titleTiersOffered, let bound, let worst = heap.worst,
                !SearchRun.canEnter(i, bound: bound, segment: view.segment, worst: worst)
            {
                return true
            }
            // No ceiling is below the lowest tier, so a floor there prunes nothing.
            let floor = heap.floorTier
            guard floor > MatchTier.fuzzy.rawValue else { return false }
            // After the title tiers only the ceiling below the floor prunes, and no ceiling is
            // below the matcher's lowest.
            if titleTiersOffered && floor <= lowestCeiling { return false }
            // Without a cheap bound, any item may reach the exact tier.
            let ceiling = self.ceiling?(i, floor) ?? .exactTitle
            if ceiling.rawValue < floor { return true }
            guard !titleTiersOffered, ceiling < .titlePrefix, let bound, let worst = heap.worst else { return false }
            return !SearchRun.canEnter(i, bound: bound, segment: view.segment, worst: worst)
        }
    }
}
