/// A phase's work cut into chunks of items, run on the pool, each thread examining the chunks it
/// takes with its own selection.
extension SearchRun {
    /// One chunk of one matcher's items: positions `range` of a ``Source``'s list for variant
    /// `variant` of segment `segment`.
    struct Task {
        var segment: Int
        var variant: Int
        var range: Range<Int>
    }

    /// Where a task's items come from.
    enum Source {
        /// The matcher's candidates.
        case candidates
        /// Positions in the title order of the plan's title-tier block (``TitleLeadOrder`` or
        /// ``TitleByteOrder``).
        case titleLeads
        /// These lists per segment and variant: the plans' preferred items
        /// (``MatchPlan/preferredItems``; nil: none).
        case preferred([[[UInt32]?]])
        /// These lists per segment and variant: the items that match as typed
        /// (``MatchPlan/asTypedItems``), evaluated without typos.
        case asTyped([[[UInt32]]])
    }

    /// `range` cut into tasks of ``chunkSize``.
    static func chunks(segment: Int, variant: Int, _ range: Range<Int>) -> [Task] {
        stride(from: range.lowerBound, to: range.upperBound, by: chunkSize).map {
            Task(segment: segment, variant: variant, range: $0..<min(range.upperBound, $0 + chunkSize))
        }
    }

    /// Runs `tasks` on the pool, offering matches to the per-thread selections of `work`;
    /// returns every task's possible matches: the items that matched, and those passed over by
    /// their tier ceiling without being matched (a superset of the matches, which is what
    /// refining the next, longer query needs); nil for a task that did not record them.
    static func execute(
        _ tasks: [Task], _ source: Source, _ work: Work, titleTiersOffered: Bool = false,
        statistics: inout SearchStatistics
    ) throws(SearchBarError) -> SlotArray<[UInt32]> {
        let found = SlotArray<[UInt32]>(count: tasks.count)
        // Per task, the groups of title-order positions passed over whole.
        let groupsPassedOver = SlotArray<Int>(count: tasks.count)
        let heaps = work.heaps
        let limit = work.limit
        let job = ParallelJob(
            taskCount: tasks.count, maxParticipants: work.pool.threadCount, cancellation: work.cancellation
        ) { slot, t in
            let task = tasks[t]
            let view = work.snapshot.segments[task.segment]
            let segment = view.segment
            let matcher = work.matchers[task.segment][task.variant]
            let plan = work.plans[task.segment][task.variant]
            var examiner = Examiner(
                view: view, matcher: matcher, plan: plan, segment: Int32(task.segment), variant: Int32(task.variant),
                heap: heaps.remove(slot) ?? TopK(limit: limit), titleTiersOffered: titleTiersOffered,
                passesOverOnBound: work.passesOverOnBounds)
            // (`candidates` is read only in phase 2: reading it gathers them, once.)
            switch source {
            case .titleLeads:
                guard let titleTiers = plan.titleTiers else { break }
                if case .candidates(let list) = titleTiers.items {
                    for k in task.range { examiner.examine(Int(list[k])) }
                    break
                }
                // Once the selection is full, an item whose bound cannot beat the worst kept
                // one is passed over without reading it (see ``TitleLeadOrder``).
                let (order, rankKeyMinimums) =
                    if case .block(_, .titleBytes) = titleTiers.items {
                        (segment.titleBytes.order.reader, segment.titleBytes.rankKeyMinimums)
                    } else {
                        (segment.titleLeads.order.reader, segment.titleLeads.rankKeyMinimums)
                    }
                let uniform = titleTiers.uniformBounds
                // The worst kept item's score and rank key, read again after each item examined.
                var worst = examiner.heap.worst.map { ($0.score, $0.rankKey) }
                var k = task.range.lowerBound
                let end = task.range.upperBound
                var passedOver = 0
                // True when position `k`'s rank key is greater than `worst` (on a tied bound
                // it cannot enter): the item's full key, read through the order, far cheaper
                // than evaluating the item.
                func ranksAfter(_ k: Int, _ worst: UInt64) -> Bool { segment.rankKeys[Int(order[k])] > worst }
                while k < end {
                    if let (score, rankKey) = worst {
                        // A whole group at once, when no position of it can enter.
                        let groupEnd = k + PositionGroups.size
                        if PositionGroups.startsGroup(k), groupEnd <= end, let bound = titleTiers.groupBound(k),
                            bound < score
                                || (bound == score && UInt64(rankKeyMinimums.groupMinimum(at: k)) << 32 > rankKey)
                        {
                            passedOver += 1
                            k = groupEnd
                            continue
                        }
                        let bound = uniform?.bound(k) ?? titleTiers.bound(k)
                        if bound < score || (bound == score && ranksAfter(k, rankKey)) {
                            k += 1
                            continue
                        }
                    }
                    examiner.examine(Int(order[k]))
                    worst = examiner.heap.worst.map { ($0.score, $0.rankKey) }
                    k += 1
                }
                if passedOver > 0 { groupsPassedOver[t] = passedOver }
            case .preferred(let lists):
                if let list = lists[task.segment][task.variant] {
                    for k in task.range { examiner.consider(Int(list[k])) }
                }
            case .asTyped(let lists):
                let list = lists[task.segment][task.variant]
                for k in task.range { examiner.consider(Int(list[k]), asTyped: true) }
            case .candidates:
                switch matcher.candidates {
                case .all:
                    examiner.considerPassingOverOnRankKeys(task.range, recordingAll: false, through: { $0 })
                case .list(let list):
                    examiner.considerPassingOverOnRankKeys(task.range, recordingAll: true, through: { Int(list[$0]) })
                }
            }
            heaps[slot] = examiner.heap
            found[t] = examiner.recordedEveryPossibleMatch ? examiner.matched : nil
        }
        work.pool.run(job)
        for t in tasks.indices { statistics.titleTierGroupsPassedOver += groupsPassedOver[t] ?? 0 }
        if let cancellation = work.cancellation, cancellation.isCancelled {
            throw SearchBarError(.cancelled, "the search was cancelled")
        }
        return found
    }
}
