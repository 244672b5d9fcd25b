import Synchronization

/// Runs matchers over a snapshot's segments on the executor: every (segment, variant) pair's
/// candidates are cut into fixed-size chunks that the participating threads take from a shared
/// counter; each thread keeps its own top-k, merged at the end. The cancellation flag is checked
/// before every chunk.
enum SearchRun {
    /// Items (or candidates) per chunk.
    static let chunkSize = 8192
    /// Matches of one search kept for refining the next one; beyond this none are kept.
    static let maxKeptMatches = 8_000_000

    /// What a run found.
    struct Outcome {
        /// The best hits, best first, one per item.
        var top: [RankedItem]
        /// Per segment serial, every local index that may match (ascending; a superset of the
        /// matches: items passed over by their tier ceiling are included), when kept.
        var matches: [UInt64: [UInt32]]?
    }

    private struct Task {
        var segment: Int
        var variant: Int
        var range: Range<Int>
    }

    /// Where a task's items come from.
    private enum Source {
        /// The matcher's candidates.
        case candidates
        /// Positions in the title order of the matcher's title-tier block (``TitleLeadOrder``
        /// or ``TitleByteOrder``).
        case titleLeads
        /// The matcher's preferred items (``SegmentMatcher/preferredItems``).
        case preferred
    }

    /// False turns the title-tier phase off (tests compare its answers with a plain scan).
    static let titleTierPhase = Atomic<Bool>(true)

    /// Runs `matchers[segment][variant]` over `snapshot` and selects the best `limit` items.
    ///
    /// When every matcher can say which items may reach the title tiers (see
    /// ``TitleTierItems``; a matcher with a small candidate list does not), those blocks run
    /// first, before any candidates are gathered. If they alone fill `limit` results at the
    /// title tiers, nothing else can enter and the search ends there (its matches are then not
    /// kept for refinement). Otherwise every candidate runs with the selections made so far.
    static func run(
        _ matchers: [[any SegmentMatcher]], snapshot: Snapshot, limit: Int, pool: ThreadPool,
        cancellation: CancellationFlag?
    ) throws(SearchBarError) -> Outcome {
        let heaps = SlotArray<TopK>(count: pool.threadCount)

        // Phase 1: the title-tier blocks.
        let leads = titleTierPhase.load(ordering: .relaxed) ? titleTierItems(matchers) : nil
        if let leads {
            var leadTasks: [Task] = []
            for (s, variants) in leads.enumerated() {
                for (v, items) in variants.enumerated() {
                    if case .block(let block, _) = items { leadTasks += chunks(segment: s, variant: v, block) }
                }
            }
            _ = try execute(
                leadTasks, .titleLeads, matchers, snapshot: snapshot, heaps: heaps, limit: limit, pool: pool,
                cancellation: cancellation)
            let top = merged(heaps, limit: limit)
            if top.count == limit, let last = top.last, UInt8(truncatingIfNeeded: last.score >> 61)
                >= MatchTier.titlePrefix.rawValue
            {
                return Outcome(top: top, matches: nil)
            }
            share(top, heaps, limit: limit)
        }

        // The candidates are gathered here, on the calling thread, only when needed.
        var tasks: [Task] = []
        for (s, variants) in matchers.enumerated() {
            let count = snapshot.segments[s].segment.count
            for (v, matcher) in variants.enumerated() {
                let total: Int
                switch matcher.candidates {
                case .all: total = count
                case .list(let list): total = list.count
                }
                tasks += chunks(segment: s, variant: v, 0..<total)
            }
        }

        // Phase 2a: the preferred items, when a matcher has them.
        var preferredTasks: [Task] = []
        for (s, variants) in matchers.enumerated() {
            for (v, matcher) in variants.enumerated() {
                if let list = matcher.preferredItems { preferredTasks += chunks(segment: s, variant: v, 0..<list.count) }
            }
        }
        if !preferredTasks.isEmpty {
            _ = try execute(
                preferredTasks, .preferred, matchers, snapshot: snapshot, heaps: heaps, limit: limit, pool: pool,
                cancellation: cancellation)
            share(merged(heaps, limit: limit), heaps, limit: limit)
        }

        // Phase 2: every candidate. Earlier phases' items are examined again, so the matches
        // are complete for refinement; a selection never takes the same hit twice.
        let found = try execute(
            tasks, .candidates, matchers, snapshot: snapshot, heaps: heaps, limit: limit, pool: pool,
            cancellation: cancellation)
        let top = merged(heaps, limit: limit)
        let kept = keptMatches(tasks, found, matchers, snapshot)
        return Outcome(top: top, matches: kept)
    }

    /// `range` cut into tasks of ``chunkSize``.
    private static func chunks(segment: Int, variant: Int, _ range: Range<Int>) -> [Task] {
        stride(from: range.lowerBound, to: range.upperBound, by: chunkSize).map {
            Task(segment: segment, variant: variant, range: $0..<min(range.upperBound, $0 + chunkSize))
        }
    }

    /// Per segment and variant, where the title-tier items are; nil unless every matcher knows.
    private static func titleTierItems(_ matchers: [[any SegmentMatcher]]) -> [[TitleTierItems]]? {
        var result: [[TitleTierItems]] = []
        for variants in matchers {
            var row: [TitleTierItems] = []
            for matcher in variants {
                guard let items = matcher.titleTierItems else { return nil }
                row.append(items)
            }
            result.append(row)
        }
        return result
    }

    /// Runs `tasks` on the pool, offering matches to the per-thread `heaps`; returns every
    /// task's possible matches: the items that matched, and those passed over by their tier
    /// ceiling without being matched (a superset of the matches, which is what refining the
    /// next, longer query needs).
    private static func execute(
        _ tasks: [Task], _ source: Source, _ matchers: [[any SegmentMatcher]], snapshot: Snapshot,
        heaps: SlotArray<TopK>, limit: Int, pool: ThreadPool, cancellation: CancellationFlag?
    ) throws(SearchBarError) -> SlotArray<[UInt32]> {
        let found = SlotArray<[UInt32]>(count: tasks.count)
        let job = ParallelJob(taskCount: tasks.count, maxParticipants: pool.threadCount, cancellation: cancellation) {
            slot, t in
            let task = tasks[t]
            let view = snapshot.segments[task.segment]
            let segment = view.segment
            let matcher = matchers[task.segment][task.variant]
            var examiner = Examiner(
                view: view, matcher: matcher, segment: Int32(task.segment), variant: Int32(task.variant),
                heap: heaps.remove(slot) ?? TopK(limit: limit))
            // (`candidates` is read only in phase 2: reading it gathers them, once.)
            switch source {
            case .titleLeads:
                // Once the selection is full, an item whose bound cannot beat the worst kept
                // one is passed over without reading it (see ``TitleLeadOrder``).
                let (order, rankKeyHighs) =
                    if case .block(_, .titleBytes) = matcher.titleTierItems {
                        (segment.titleBytes.order.reader, segment.titleBytes.rankKeyHighs)
                    } else {
                        (segment.titleLeads.order.reader, segment.titleLeads.rankKeyHighs)
                    }
                for k in task.range {
                    if let worst = examiner.heap.worst {
                        let bound = matcher.titleTierBound(k)
                        // (The item's rank key is at least its high half shifted back.)
                        if bound < worst.score
                            || (bound == worst.score && UInt64(rankKeyHighs[k]) << 32 > worst.rankKey)
                        {
                            continue
                        }
                    }
                    examiner.consider(Int(order[k]))
                }
            case .preferred:
                if let list = matcher.preferredItems {
                    for k in task.range { examiner.consider(Int(list[k])) }
                }
            case .candidates:
                switch matcher.candidates {
                case .all:
                    for i in task.range { examiner.consider(i) }
                case .list(let list):
                    for k in task.range { examiner.consider(Int(list[k])) }
                }
            }
            heaps[slot] = examiner.heap
            found[t] = examiner.matched
        }
        pool.run(job)
        if let cancellation, cancellation.isCancelled { throw SearchBarError(.cancelled, "the search was cancelled") }
        return found
    }

    /// One task's examination of items: its thread's selection, and every item that may match.
    /// (A struct with a mutating method, not a nested function over local variables: those
    /// would be boxed, with a dynamic exclusivity check on every access.)
    private struct Examiner {
        let view: SegmentView
        let matcher: any SegmentMatcher
        let segment: Int32
        let variant: Int32
        var heap: TopK
        var matched: [UInt32] = []

        /// Examines item `i`: passed over when its tier ceiling is below the selection's floor
        /// (still a possible match), else evaluated and offered.
        @inline(__always) mutating func consider(_ i: Int) {
            guard view.isLive(i) else { return }
            // No ceiling is below the lowest tier, so a floor there prunes nothing.
            let floor = heap.floorTier
            if floor > MatchTier.fuzzy.rawValue && matcher.ceiling(i, floor: floor).rawValue < floor {
                matched.append(UInt32(truncatingIfNeeded: i))
                return
            }
            guard let evaluation = matcher.evaluate(i) else { return }
            matched.append(UInt32(truncatingIfNeeded: i))
            if heap.rejects(score: evaluation.score) { return }
            let items = view.segment
            heap.offer(RankedItem(
                score: evaluation.score, rankKey: items.rankKeys[i], id: items.ids[i], segment: segment,
                local: UInt32(truncatingIfNeeded: i), field: evaluation.field, variant: variant))
        }
    }

    /// Gives every thread's selection the best `top` found so far (``merged(_:limit:)``), so
    /// that each thread passes over what cannot beat the overall selection, not just its own.
    private static func share(_ top: [RankedItem], _ heaps: SlotArray<TopK>, limit: Int) {
        for slot in 0..<heaps.count {
            var heap = TopK(limit: limit)
            for item in top { heap.offer(item) }
            heaps[slot] = heap
        }
    }

    /// The per-thread selections merged, best first; an item matched by several variants
    /// keeps its best. The selections stay in `heaps`.
    private static func merged(_ heaps: SlotArray<TopK>, limit: Int) -> [RankedItem] {
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

    /// Every matching item per segment, in ascending order (chunks are in order per variant;
    /// several variants are united through a bitset).
    private static func keptMatches(
        _ tasks: [Task], _ found: SlotArray<[UInt32]>, _ matchers: [[any SegmentMatcher]], _ snapshot: Snapshot
    ) -> [UInt64: [UInt32]]? {
        var total = 0
        for t in tasks.indices { total += found[t]?.count ?? 0 }
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
