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
        /// Per segment serial, every matching local index (ascending), when kept.
        var matches: [UInt64: [UInt32]]?
    }

    private struct Task {
        var segment: Int
        var variant: Int
        var range: Range<Int>
    }

    /// Runs `matchers[segment][variant]` over `snapshot` and selects the best `limit` items.
    static func run(
        _ matchers: [[any SegmentMatcher]], snapshot: Snapshot, limit: Int, pool: ThreadPool,
        cancellation: CancellationFlag?
    ) throws(SearchBarError) -> Outcome {
        var tasks: [Task] = []
        for (s, variants) in matchers.enumerated() {
            let count = snapshot.segments[s].segment.count
            for (v, matcher) in variants.enumerated() {
                let total: Int
                switch matcher.candidates {
                case .all: total = count
                case .list(let list): total = list.count
                }
                var start = 0
                while start < total {
                    tasks.append(Task(segment: s, variant: v, range: start..<min(total, start + chunkSize)))
                    start += chunkSize
                }
            }
        }
        let taskList = tasks
        let participants = pool.threadCount
        let heaps = SlotArray<TopK>(count: participants)
        let found = SlotArray<[UInt32]>(count: tasks.count)
        // Tasks that skipped items by their tier ceiling (their matches are incomplete).
        let skipped = SlotArray<Bool>(count: tasks.count)
        let job = ParallelJob(taskCount: tasks.count, maxParticipants: participants, cancellation: cancellation) {
            slot, t in
            let task = taskList[t]
            let view = snapshot.segments[task.segment]
            let segment = view.segment
            let matcher = matchers[task.segment][task.variant]
            var heap = heaps.remove(slot) ?? TopK(limit: limit)
            var matched: [UInt32] = []
            var skips = false
            func consider(_ i: Int) {
                guard view.isLive(i) else { return }
                let floor = heap.floorTier
                if floor > 0 && matcher.ceiling(i, floor: floor).rawValue < floor {
                    skips = true
                    return
                }
                guard let evaluation = matcher.evaluate(i) else { return }
                matched.append(UInt32(truncatingIfNeeded: i))
                if heap.rejects(score: evaluation.score) { return }
                heap.offer(RankedItem(
                    score: evaluation.score, rankKey: segment.rankKeys[i], id: segment.ids[i],
                    segment: Int32(task.segment), local: UInt32(truncatingIfNeeded: i), field: evaluation.field,
                    variant: Int32(task.variant)))
            }
            switch matcher.candidates {
            case .all:
                for i in task.range { consider(i) }
            case .list(let list):
                for k in task.range { consider(Int(list[k])) }
            }
            heaps[slot] = heap
            found[t] = matched
            if skips { skipped[t] = true }
        }
        pool.run(job)
        if let cancellation, cancellation.isCancelled { throw SearchBarError(.cancelled, "the search was cancelled") }

        // Merge the per-thread selections; an item matched by several variants keeps its best.
        var merged = heaps.take().flatMap(\.heap)
        merged.sort { $0.ranksBefore($1) }
        var seen = Set<UInt64>()
        var top: [RankedItem] = []
        for item in merged where top.count < limit {
            let key = UInt64(UInt32(bitPattern: item.segment)) << 32 | UInt64(item.local)
            if seen.insert(key).inserted { top.append(item) }
        }
        let complete = tasks.indices.allSatisfy { skipped[$0] == nil }
        return Outcome(top: top, matches: complete ? keptMatches(tasks, found, matchers, snapshot) : nil)
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
                var union: [UInt32] = []
                for i in 0..<view.segment.count where bits.contains(i) { union.append(UInt32(i)) }
                result[view.segment.serial] = union
            }
        }
        return result
    }
}
