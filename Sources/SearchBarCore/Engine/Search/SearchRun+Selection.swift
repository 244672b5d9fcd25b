/// The selection of a run's hits: the per-thread top-k merged and shared between phases, and
/// the matches kept for refining the next query.
extension SearchRun {
    /// Gives every thread's selection the best `top` found so far (``merged(_:limit:)``), so
    /// that each thread passes over what cannot beat the overall selection, not just its own.
    static func share(_ top: [RankedItem], _ heaps: SlotArray<TopK>, limit: Int) {
        for slot in 0..<heaps.count { heaps[slot] = TopK(limit: limit, holding: top) }
    }

    /// The per-thread selections merged, best first; an item matched by several variants
    /// keeps its best. The selections stay in `heaps`.
    static func merged(_ heaps: SlotArray<TopK>, limit: Int) -> [RankedItem] {
        var all: [RankedItem] = []
        for slot in 0..<heaps.count { all += heaps[slot]?.heap ?? [] }
        all.sort { $0.ranksBefore($1) }
        var seen = Set<UInt64>()
        var top: [RankedItem] = []
        for item in all where top.count < limit {
            let key = UInt64(UInt32(bitPattern: item.segment)) << 32 | UInt64(item.local)
            if seen.insert(key).inserted { top.append(item) }
        }
        return top
    }

    /// True when `top` holds `limit` hits, the last of them at `tier` or above.
    static func isFull(_ top: [RankedItem], limit: Int, atLeast tier: MatchTier) -> Bool {
        guard top.count == limit, let last = top.last else { return false }
        return UInt8(truncatingIfNeeded: last.score >> 61) >= tier.rawValue
    }

    /// Every matching item per segment, in ascending order (chunks are in order per variant;
    /// several variants are united through a bitset); nil when a task did not record its
    /// possible matches or they are too many.
    static func keptMatches(
        _ tasks: [Task], _ found: SlotArray<[UInt32]>, _ matchers: [[any SegmentMatcher]], _ snapshot: Snapshot
    ) -> [UInt64: [UInt32]]? {
        var total = 0
        for t in tasks.indices {
            guard let list = found[t] else { return nil }
            total += list.count
        }
        guard total <= maxKeptMatches else { return nil }
        var perSegment: [Int: [[UInt32]]] = [:]
        for (t, task) in tasks.enumerated() {
            perSegment[task.segment, default: Array(repeating: [], count: matchers[task.segment].count)][task.variant]
                .append(contentsOf: found[t] ?? [])
        }
        var result: [UInt64: [UInt32]] = [:]
        for (s, view) in snapshot.segments.enumerated() {
            let lists = perSegment[s] ?? []
            if lists.count <= 1 {
                result[view.segment.serial] = lists.first ?? []
            } else {
                var bits = Bitset(count: view.segment.count)
                for list in lists { for i in list { bits.insert(Int(i)) } }
                result[view.segment.serial] = bits.members()
            }
        }
        return result
    }
}
