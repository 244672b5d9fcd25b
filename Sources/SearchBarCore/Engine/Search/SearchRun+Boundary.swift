extension SearchRun {
    /// The rest of the full selection's last run of ties: every live matching item whose best
    /// score and rank key equal those of `top`'s worst hit and that `top` does not hold.
    ///
    /// A selection ranks hits by score, rank key, then id (``RankedItem/ranksBefore(_:)``), but
    /// the hits are shown by score, then the full collation of their titles, then id: the rank
    /// key holds only a title's first collation bytes. Among hits that tie in score and rank key
    /// ("Report 2024-01-01 …", "Report 2024-01-02 …"), a full selection holds those of the lowest
    /// ids, not those first in collation. With the rest of the run added, the hits sorted and
    /// cut to the selection's size, every position holds the hit that the full order puts there,
    /// so pages (offset p · n, limit n) are exact slices of one order.
    ///
    /// Only items whose rank key equals the worst's are evaluated, found by binary search in
    /// each segment's ``Segment/rankKeyOrder``: titles that differ in their first collation
    /// bytes (most of them) give nothing to evaluate. When the run kept its possible matches
    /// (`matches`, per segment serial: a superset of every match, see ``Outcome/matches``),
    /// only the items of the tie that are among them are evaluated: file paths share their
    /// directories, hence their rank keys, and a tie of tens of thousands of items may hold a
    /// handful of matches.
    static func restOfLastTie(
        _ top: [RankedItem], matchers: [[any SegmentMatcher]], snapshot: Snapshot,
        matches: [UInt64: [UInt32]]? = nil
    ) -> [RankedItem] {
        guard let worst = top.last else { return [] }
        // The run's hits already held, per segment: their local indices.
        var held: [Int32: [UInt32]] = [:]
        for item in top.reversed() {
            guard item.score == worst.score && item.rankKey == worst.rankKey else { break }
            held[item.segment, default: []].append(item.local)
        }
        var rest: [RankedItem] = []
        for (s, view) in snapshot.segments.enumerated() {
            let segment = view.segment
            let variants = matchers[s]
            // Whether each matcher has a rank-order bound (read once).
            let bounded = variants.map { $0.plan.rankOrder != nil }
            // One variant (most searches) is read once, not per item.
            let single = variants.count == 1 ? variants[0] : nil
            // The tie's items come in ascending order: the held ones are passed over in step.
            let heldHere = (held[Int32(s)] ?? []).sorted()
            var nextHeld = 0
            let tie = segment.rankKeyOrder.items(withKey: worst.rankKey, rankKeys: segment.rankKeys)
            forEachCommon(tie, matches?[segment.serial]) { local in
                while nextHeld < heldHere.count && heldHere[nextHeld] < local { nextHeld += 1 }
                if nextHeld < heldHere.count && heldHere[nextHeld] == local { return }
                let i = Int(local)
                guard view.isLive(i) else { return }
                var best: (evaluation: Evaluation, variant: Int)?
                if let single {
                    // Evaluated first: the candidates are read only for a score that can tie.
                    guard let evaluation = single.evaluate(i), evaluation.score == worst.score,
                        isCandidate(i, of: single, bounded: bounded[0])
                    else { return }
                    best = (evaluation, 0)
                } else {
                    for (v, matcher) in variants.enumerated() {
                        guard let evaluation = matcher.evaluate(i), evaluation.score >= worst.score,
                            isCandidate(i, of: matcher, bounded: bounded[v])
                        else { continue }
                        if let best, best.evaluation.score >= evaluation.score { continue }
                        best = (evaluation, v)
                    }
                }
                guard let best, best.evaluation.score == worst.score else { return }
                rest.append(RankedItem(
                    score: worst.score, rankKey: segment.rankKeys[i], id: segment.ids[i], segment: Int32(s),
                    local: local, field: best.evaluation.field, variant: Int32(best.variant)))
            }
        }
        return rest
    }

    /// Calls `body` with every value of `tie` (ascending) that `possible` (ascending) also
    /// holds, in ascending order; with every value of `tie` when `possible` is nil. Binary
    /// steps through the longer list, so the cost follows the shorter one.
    private static func forEachCommon(
        _ tie: Slice<NarrowArray>, _ possible: [UInt32]?, _ body: (UInt32) -> Void
    ) {
        guard let possible else {
            for value in tie { body(value) }
            return
        }
        if possible.count <= tie.count {
            var low = tie.startIndex
            for value in possible {
                low = lowerBound(in: low..<tie.endIndex) { tie[$0] < value }
                if low == tie.endIndex { return }
                if tie[low] == value { body(value) }
            }
        } else {
            var low = 0
            for value in tie {
                low = lowerBound(in: low..<possible.count) { possible[$0] < value }
                if low == possible.count { return }
                if possible[low] == value { body(value) }
            }
        }
    }

    /// True when `matcher` would examine item `i`: a matcher with a rank-order bound (`bounded`)
    /// evaluates every item exactly; any other is asked only about its candidates (read only
    /// here, when an item ties, since reading them may gather them).
    private static func isCandidate(_ i: Int, of matcher: any SegmentMatcher, bounded: Bool) -> Bool {
        if bounded { return true }
        switch matcher.candidates {
        case .all: return true
        case .list(let list):
            let target = UInt32(truncatingIfNeeded: i)
            let low = lowerBound(in: list.indices) { list[$0] < target }
            return low < list.count && list[low] == target
        }
    }
}
