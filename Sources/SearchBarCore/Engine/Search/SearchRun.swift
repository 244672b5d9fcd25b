/// Runs matchers over a snapshot's segments on the executor and selects the best hits. This
/// file holds the order of the phases; the rank-order walk (`SearchRun+RankOrder.swift`), the
/// tasks and their examination of items (`SearchRun+Chunks.swift`, `SearchRun+Examiner.swift`),
/// the selection (`SearchRun+Selection.swift`) and the exact count (`SearchRun+Count.swift`)
/// have their own files.
///
/// Every (segment, variant) pair's items are cut into fixed-size chunks that the participating
/// threads take from a shared counter; each thread keeps its own top-k, merged at the end. The
/// cancellation flag is checked before every chunk. The matchers describe their items in their
/// ``MatchPlan``s; only the run decides from those what to examine first and what to pass over.
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
        /// What the run's shortcuts did.
        var statistics = SearchStatistics()
    }

    /// Runs `matchers[segment][variant]` over `snapshot` and selects the best `limit` items;
    /// `tuning` turns phases off (never changing the answer).
    ///
    /// When every matcher can say which items may reach the title tiers (see
    /// ``TitleTierItems``; a matcher with a small candidate list offers that list), those run
    /// first, before any candidates are gathered. If they alone fill `limit` results at the
    /// title tiers, nothing else can enter and the search ends there (its matches are then not
    /// kept for refinement). Otherwise, when every matcher has a ``RankOrderPlan``, items are
    /// examined in rank order on the calling thread (see ``rankOrder``); when that fills the
    /// selection with hits no later item can beat, the search ends there too. Otherwise every
    /// candidate runs with the selections made so far.
    static func run(
        _ matchers: [[any SegmentMatcher]], snapshot: Snapshot, limit: Int, pool: ThreadPool,
        cancellation: CancellationFlag?, tuning: SearchTuning = SearchTuning()
    ) throws(SearchBarError) -> Outcome {
        let heaps = SlotArray<TopK>(count: pool.threadCount)
        // Each matcher's plan, read once, on the calling thread.
        let plans = matchers.map { $0.map(\.plan) }
        let work = Work(
            matchers: matchers, plans: plans, snapshot: snapshot, heaps: heaps, limit: limit, pool: pool,
            cancellation: cancellation, passesOverOnBounds: tuning.rankOrderPhase)
        var statistics = SearchStatistics()

        // Phase 1: the title-tier blocks.
        let leads = tuning.titleTierPhase ? every(plans, { $0.titleTiers?.items }) : nil
        if let leads {
            // A block's leading positions (``TitleTierPlan/leadingEnd``) run first, alone, and
            // every thread takes the rest with their selection: when they can fill it (fewer
            // leave every thread without a worst kept hit, and the extra hand-off is waste).
            var leadTasks: [Task] = []
            var restTasks: [Task] = []
            for (s, variants) in leads.enumerated() {
                for (v, items) in variants.enumerated() {
                    switch items {
                    case .block(let block, _):
                        var split = plans[s][v].titleTiers?.leadingEnd.map {
                            min(max($0, block.lowerBound), block.upperBound)
                        } ?? block.lowerBound
                        if split - block.lowerBound < limit { split = block.lowerBound }
                        leadTasks += chunks(segment: s, variant: v, block.lowerBound..<split)
                        restTasks += chunks(segment: s, variant: v, split..<block.upperBound)
                    case .candidates(let list): leadTasks += chunks(segment: s, variant: v, 0..<list.count)
                    case .none: break
                    }
                }
            }
            if !leadTasks.isEmpty && !restTasks.isEmpty {
                _ = try execute(leadTasks, .titleLeads, work, statistics: &statistics)
                share(merged(heaps, limit: limit), heaps, limit: limit)
                leadTasks = restTasks
            } else {
                leadTasks += restTasks
            }
            _ = try execute(leadTasks, .titleLeads, work, statistics: &statistics)
            let top = merged(heaps, limit: limit)
            if isFull(top, limit: limit, atLeast: .titlePrefix) {
                return Outcome(top: top, matches: nil, statistics: statistics)
            }
            share(top, heaps, limit: limit)

            // Phase 1b: items in rank order, while they can still enter the selection.
            if tuning.rankOrderPhase {
                var heap = TopK(limit: limit, holding: top)
                if try rankOrder(work, heap: &heap, statistics: &statistics) {
                    statistics.rankOrderAnswers += 1
                    return Outcome(top: heap.sorted(), matches: nil, statistics: statistics)
                }
                share(heap.sorted(), heaps, limit: limit)
            }
        }

        // Phase 1c: when every matcher can list the items that match as typed, and every other
        // match needs a typo, those first: if they fill the selection above the typo tier, no
        // typo match can enter, and the typo plans are never made.
        if tuning.asTypedPhase, let lists = every(plans, { $0.asTypedItems?() }) {
            var typedTasks: [Task] = []
            for (s, variants) in lists.enumerated() {
                for (v, list) in variants.enumerated() { typedTasks += chunks(segment: s, variant: v, 0..<list.count) }
            }
            _ = try execute(
                typedTasks, .asTyped(lists), work, titleTiersOffered: leads != nil, statistics: &statistics)
            let top = merged(heaps, limit: limit)
            if isFull(top, limit: limit, atLeast: .infix) {
                statistics.asTypedAnswers += 1
                return Outcome(top: top, matches: nil, statistics: statistics)
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

        // Phase 2a: the preferred items, when a matcher has them (read after the candidates).
        let preferred = plans.map { $0.map { $0.preferredItems?() } }
        var preferredTasks: [Task] = []
        for (s, variants) in preferred.enumerated() {
            for (v, list) in variants.enumerated() {
                if let list { preferredTasks += chunks(segment: s, variant: v, 0..<list.count) }
            }
        }
        if !preferredTasks.isEmpty {
            _ = try execute(
                preferredTasks, .preferred(preferred), work, titleTiersOffered: leads != nil,
                statistics: &statistics)
            share(merged(heaps, limit: limit), heaps, limit: limit)
        }

        // Phase 2: every candidate. Earlier phases' items are examined again, so the matches
        // are complete for refinement; a selection never takes the same hit twice.
        let found = try execute(tasks, .candidates, work, titleTiersOffered: leads != nil, statistics: &statistics)
        let top = merged(heaps, limit: limit)
        let kept = keptMatches(tasks, found, matchers, snapshot)
        return Outcome(top: top, matches: kept, statistics: statistics)
    }

    /// What every phase of one run works with.
    struct Work {
        let matchers: [[any SegmentMatcher]]
        /// Each matcher's ``SegmentMatcher/plan``, read once.
        let plans: [[MatchPlan]]
        let snapshot: Snapshot
        /// The per-thread selections.
        let heaps: SlotArray<TopK>
        let limit: Int
        let pool: ThreadPool
        let cancellation: CancellationFlag?
        /// False when items may not be passed over on their ``RankOrderPlan/bound``
        /// (``SearchTuning/rankOrderPhase`` off).
        let passesOverOnBounds: Bool
    }

    /// Per segment and variant, what `property` says of its plan; nil unless every plan says
    /// something (read on the calling thread, plan by plan, stopping at the first nil).
    static func every<Value>(_ plans: [[MatchPlan]], _ property: (MatchPlan) -> Value?) -> [[Value]]? {
        var result: [[Value]] = []
        for variants in plans {
            var row: [Value] = []
            for plan in variants {
                guard let value = property(plan) else { return nil }
                row.append(value)
            }
            result.append(row)
        }
        return result
    }
}
