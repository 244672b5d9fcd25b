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
        /// The items that match as typed (``SegmentMatcher/asTypedItems``), evaluated without
        /// typos.
        case asTyped
    }

    /// False turns the title-tier phase off (tests compare its answers with a plain scan).
    static let titleTierPhase = Atomic<Bool>(true)
    /// False turns the rank-order phase off, and with it the passing over of items on their
    /// ``SegmentMatcher/rankOrderBound`` (tests compare the answers with a plain scan).
    static let rankOrderPhase = Atomic<Bool>(true)
    /// False turns the as-typed phase off (tests compare its answers with a plain scan).
    static let asTypedPhase = Atomic<Bool>(true)
    /// The number of searches the as-typed phase has answered (a diagnostic for tests).
    static let asTypedAnswers = Atomic<Int>(0)
    /// The number of searches the rank-order phase has answered (a diagnostic: tests check that
    /// the phase ran).
    static let rankOrderAnswers = Atomic<Int>(0)
    /// How many segment walks against ``SegmentMatcher/infixRankOrderBound`` ended the phase
    /// for their segment (a diagnostic for tests).
    static let wordStartWalks = Atomic<Int>(0)
    /// How many groups of title-order positions the title-tier phase has passed over whole (see
    /// ``GroupedColumn``; a diagnostic for tests).
    static let titleTierGroupsPassedOver = Atomic<Int>(0)

    /// The rank-order phase examines at most this many items per segment and variant (as many
    /// as a segment keeps in its ``Segment/rankOrder``).
    static let rankOrderItems = RankOrder.keptItems
    /// The rank-order phase gives up after this many items when its hits at the bound so far,
    /// extrapolated, would not fill the selection within ``rankOrderItems`` (checked this often).
    static let rankOrderCheck = 256

    /// The most items a rank-order phase examines as ``SegmentMatcher/wordStartItems(limit:)``
    /// before walking rank order against the lower bound.
    static let wordStartItems = 2048

    /// Runs `matchers[segment][variant]` over `snapshot` and selects the best `limit` items.
    ///
    /// When every matcher can say which items may reach the title tiers (see
    /// ``TitleTierItems``; a matcher with a small candidate list does not), those blocks run
    /// first, before any candidates are gathered. If they alone fill `limit` results at the
    /// title tiers, nothing else can enter and the search ends there (its matches are then not
    /// kept for refinement). Otherwise, when every matcher has a ``SegmentMatcher/rankOrderBound``,
    /// items are examined in rank order on the calling thread (see ``rankOrder``); when that
    /// fills the selection with hits no later item can beat, the search ends there too.
    /// Otherwise every candidate runs with the selections made so far.
    static func run(
        _ matchers: [[any SegmentMatcher]], snapshot: Snapshot, limit: Int, pool: ThreadPool,
        cancellation: CancellationFlag?
    ) throws(SearchBarError) -> Outcome {
        let heaps = SlotArray<TopK>(count: pool.threadCount)

        // Phase 1: the title-tier blocks.
        let leads = titleTierPhase.load(ordering: .relaxed) ? everyMatcher(matchers, \.titleTierItems) : nil
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
            if isFull(top, limit: limit, atLeast: .titlePrefix) { return Outcome(top: top, matches: nil) }
            share(top, heaps, limit: limit)

            // Phase 1b: items in rank order, while they can still enter the selection.
            if rankOrderPhase.load(ordering: .relaxed) {
                var heap = TopK(limit: limit, holding: top)
                if try rankOrder(matchers, snapshot: snapshot, heap: &heap, cancellation: cancellation) {
                    rankOrderAnswers.add(1, ordering: .relaxed)
                    return Outcome(top: heap.sorted(), matches: nil)
                }
                share(heap.sorted(), heaps, limit: limit)
            }
        }

        // Phase 1c: when every matcher can list the items that match as typed, and every other
        // match needs a typo, those first: if they fill the selection above the typo tier, no
        // typo match can enter, and the typo plans are never made.
        if asTypedPhase.load(ordering: .relaxed), let lists = everyMatcher(matchers, \.asTypedItems) {
            var typedTasks: [Task] = []
            for (s, variants) in lists.enumerated() {
                for (v, list) in variants.enumerated() { typedTasks += chunks(segment: s, variant: v, 0..<list.count) }
            }
            _ = try execute(
                typedTasks, .asTyped, matchers, snapshot: snapshot, heaps: heaps, limit: limit, pool: pool,
                cancellation: cancellation, titleTiersOffered: leads != nil)
            let top = merged(heaps, limit: limit)
            if isFull(top, limit: limit, atLeast: .infix) {
                asTypedAnswers.add(1, ordering: .relaxed)
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
                cancellation: cancellation, titleTiersOffered: leads != nil)
            share(merged(heaps, limit: limit), heaps, limit: limit)
        }

        // Phase 2: every candidate. Earlier phases' items are examined again, so the matches
        // are complete for refinement; a selection never takes the same hit twice.
        let found = try execute(
            tasks, .candidates, matchers, snapshot: snapshot, heaps: heaps, limit: limit, pool: pool,
            cancellation: cancellation, titleTiersOffered: leads != nil)
        let top = merged(heaps, limit: limit)
        let kept = keptMatches(tasks, found, matchers, snapshot)
        return Outcome(top: top, matches: kept)
    }

    /// The number of live items that match: every candidate of every matcher evaluated (with
    /// typos), on the pool, an item matched by several variants counted once. It examines what
    /// a full scan examines, without passing anything over: the cost of an exact total.
    static func count(
        _ matchers: [[any SegmentMatcher]], snapshot: Snapshot, pool: ThreadPool, cancellation: CancellationFlag?
    ) throws(SearchBarError) -> Int {
        // The candidates are read on the calling thread (reading them may gather them, once).
        var tasks: [Task] = []
        var lists: [[[UInt32]?]] = []
        for (s, variants) in matchers.enumerated() {
            var row: [[UInt32]?] = []
            for (v, matcher) in variants.enumerated() {
                switch matcher.candidates {
                case .all:
                    row.append(nil)
                    tasks += chunks(segment: s, variant: v, 0..<snapshot.segments[s].segment.count)
                case .list(let list):
                    row.append(list)
                    tasks += chunks(segment: s, variant: v, 0..<list.count)
                }
            }
            lists.append(row)
        }
        let found = SlotArray<[UInt32]>(count: tasks.count)
        let job = ParallelJob(taskCount: tasks.count, maxParticipants: pool.threadCount, cancellation: cancellation) {
            [tasks, lists] _, t in
            let task = tasks[t]
            let view = snapshot.segments[task.segment]
            let matcher = matchers[task.segment][task.variant]
            let list = lists[task.segment][task.variant]
            var matched: [UInt32] = []
            for k in task.range {
                let i = list.map { Int($0[k]) } ?? k
                if view.isLive(i) && matcher.evaluate(i) != nil { matched.append(UInt32(truncatingIfNeeded: i)) }
            }
            found[t] = matched
        }
        pool.run(job)
        if let cancellation, cancellation.isCancelled { throw SearchBarError(.cancelled, "the search was cancelled") }
        var total = 0
        var united: [Int: Bitset] = [:]
        for (t, task) in tasks.enumerated() {
            let matched = found[t] ?? []
            guard matchers[task.segment].count > 1 else {
                total += matched.count
                continue
            }
            var bits = united[task.segment] ?? Bitset(count: snapshot.segments[task.segment].segment.count)
            for i in matched { bits.insert(Int(i)) }
            united[task.segment] = bits
        }
        for bits in united.values { total += bits.members().count }
        return total
    }

    /// Examines each segment's items in ``Segment/rankOrder`` on the calling thread, offering
    /// them to `heap`, until the next item's best possible score (its matcher's
    /// ``SegmentMatcher/rankOrderBound`` with the item's weight) cannot rank before the worst kept
    /// hit: every later item is no heavier and later in collation, so none can enter either.
    /// True when every segment and variant stopped so; false when a matcher has no bound, or its
    /// hits at the bound come too rarely (``rankOrderCheck``, ``rankOrderItems``): then the
    /// candidates must be examined. Only title-tier items can beat the bound, and the title-tier
    /// phase has examined those already.
    ///
    /// When most hits match inside a word (`ie` in a German word list), hits at that bound are
    /// rare and the first walk gives up. If the matcher can list the few items that may score
    /// above its lower ``SegmentMatcher/infixRankOrderBound`` (every word at a word start,
    /// ``SegmentMatcher/wordStartItems(limit:)``), those are examined, and rank order is walked
    /// again against the lower bound.
    private static func rankOrder(
        _ matchers: [[any SegmentMatcher]], snapshot: Snapshot, heap: inout TopK, cancellation: CancellationFlag?
    ) throws(SearchBarError) -> Bool {
        guard matchers.allSatisfy({ $0.allSatisfy { $0.prefersRankOrder && $0.rankOrderBound != nil } }) else {
            return false
        }
        // True when a segment's walk ended by examining all its items rather than at the bound:
        // its typo matches were not examined (see ``offer``).
        var examinedAll = false
        for (s, variants) in matchers.enumerated() {
            let view = snapshot.segments[s]
            for (v, matcher) in variants.enumerated() {
                guard let bound = matcher.rankOrderBound else { return false }
                // Every item examined also ends it.
                let covered = view.segment.count <= min(view.segment.rankOrder.order.count, rankOrderItems)
                let lower = matcher.infixRankOrderBound
                let first = try walk(
                    matcher, s, v, view, bound: bound, lower: lower, heap: &heap, cancellation: cancellation)
                var end = first.end
                // Hits at the bound too rare (most match inside a word): when hits at the lower
                // bound came often enough to fill the selection in time, the items that can beat
                // it are examined first, then rank order again against it.
                if end == .gaveUp || (end == .ranOut && !covered), let lower,
                    first.lowerHits * rankOrderItems >= first.examined * heap.limit,
                    let starts = matcher.wordStartItems(limit: wordStartItems)
                {
                    for item in starts { offer(Int(item), matcher, s, v, view, to: &heap) }
                    end = try walk(matcher, s, v, view, bound: lower, heap: &heap, cancellation: cancellation).end
                    if end == .stopped || covered { wordStartWalks.add(1, ordering: .relaxed) }
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
    private enum WalkEnd {
        /// At an item that could not enter: no later item can.
        case stopped
        /// Hits at the bound came too rarely to fill the selection in time.
        case gaveUp
        /// Past the last item kept in rank order.
        case ranOut
    }

    /// Offers the items of `view`'s ``Segment/rankOrder`` to `heap` through `matcher` until one
    /// whose best score (`bound` with its weight) cannot enter; counts the hits at or above
    /// `lower` on the way.
    private static func walk(
        _ matcher: any SegmentMatcher, _ s: Int, _ v: Int, _ view: SegmentView, bound: UInt64, lower: UInt64? = nil,
        heap: inout TopK, cancellation: CancellationFlag?
    ) throws(SearchBarError) -> Walk {
        var result = Walk(end: .ranOut)
        let segment = view.segment
        let order = segment.rankOrder.order
        var atBound = 0
        let lowerTop = lower.map { $0 >> 32 } ?? .max
        for k in 0..<min(order.count, rankOrderItems) {
            let i = Int(order[k])
            if let worst = heap.worst, !Self.canEnter(i, bound: bound, segment: segment, worst: worst) {
                result.end = .stopped
                return result
            }
            if k % rankOrderCheck == rankOrderCheck - 1 {
                if let cancellation, cancellation.isCancelled {
                    throw SearchBarError(.cancelled, "the search was cancelled")
                }
                // Projected hits at the bound by the last item allowed.
                if atBound * rankOrderItems < (k + 1) * heap.limit {
                    result.end = .gaveUp
                    return result
                }
            }
            result.examined += 1
            if let score = offer(i, matcher, s, v, view, to: &heap) {
                if score >> 32 == bound >> 32 { atBound += 1 }
                if score >> 32 >= lowerTop { result.lowerHits += 1 }
            }
        }
        return result
    }

    /// How a walk ended and what it saw: items examined, and hits at or above the lower bound
    /// it was given.
    private struct Walk {
        var end: WalkEnd
        var examined = 0
        var lowerHits = 0
    }

    /// Evaluates item `i` of `view` without typos and offers it to `heap` when it matches; its
    /// score, or nil. (A walk that stops does so above the typo tier, so typo matches could not
    /// have entered; one that does not stop leaves every item to the candidates' full
    /// evaluation. Typo plans are made only if a search needs them.)
    @discardableResult
    private static func offer(
        _ i: Int, _ matcher: any SegmentMatcher, _ s: Int, _ v: Int, _ view: SegmentView, to heap: inout TopK
    ) -> UInt64? {
        guard view.isLive(i), let evaluation = matcher.evaluateAsTyped(i) else { return nil }
        if !heap.rejects(score: evaluation.score) {
            let segment = view.segment
            heap.offer(RankedItem(
                score: evaluation.score, rankKey: segment.rankKeys[i], id: segment.ids[i], segment: Int32(s),
                local: UInt32(truncatingIfNeeded: i), field: evaluation.field, variant: Int32(v)))
        }
        return evaluation.score
    }

    /// False when item `i` of `segment`, with a score of at most `bound` and its own weight,
    /// cannot rank before `worst` (then neither can any item after it in rank order).
    @inline(__always)
    fileprivate static func canEnter(_ i: Int, bound: UInt64, segment: Segment, worst: RankedItem) -> Bool {
        let best = bound | UInt64(segment.weightKey(i))
        if best != worst.score { return best > worst.score }
        return (segment.rankKeys[i], segment.ids[i]) < (worst.rankKey, worst.id)
    }

    /// `range` cut into tasks of ``chunkSize``.
    private static func chunks(segment: Int, variant: Int, _ range: Range<Int>) -> [Task] {
        stride(from: range.lowerBound, to: range.upperBound, by: chunkSize).map {
            Task(segment: segment, variant: variant, range: $0..<min(range.upperBound, $0 + chunkSize))
        }
    }

    /// True when `top` holds `limit` hits, the last of them at `tier` or above.
    private static func isFull(_ top: [RankedItem], limit: Int, atLeast tier: MatchTier) -> Bool {
        guard top.count == limit, let last = top.last else { return false }
        return UInt8(truncatingIfNeeded: last.score >> 61) >= tier.rawValue
    }

    /// Per segment and variant, what `property` says of its matcher; nil unless every matcher
    /// says something. (Read on the calling thread.)
    private static func everyMatcher<Value>(
        _ matchers: [[any SegmentMatcher]], _ property: (any SegmentMatcher) -> Value?
    ) -> [[Value]]? {
        var result: [[Value]] = []
        for variants in matchers {
            var row: [Value] = []
            for matcher in variants {
                guard let value = property(matcher) else { return nil }
                row.append(value)
            }
            result.append(row)
        }
        return result
    }

    /// Runs `tasks` on the pool, offering matches to the per-thread `heaps`; returns every
    /// task's possible matches: the items that matched, and those passed over by their tier
    /// ceiling without being matched (a superset of the matches, which is what refining the
    /// next, longer query needs); nil for a task that did not record them.
    private static func execute(
        _ tasks: [Task], _ source: Source, _ matchers: [[any SegmentMatcher]], snapshot: Snapshot,
        heaps: SlotArray<TopK>, limit: Int, pool: ThreadPool, cancellation: CancellationFlag?,
        titleTiersOffered: Bool = false
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
                heap: heaps.remove(slot) ?? TopK(limit: limit), titleTiersOffered: titleTiersOffered)
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
                let uniform = matcher.uniformTitleTierBounds
                // The worst kept item's score and rank key, read again after each item examined.
                var worst = examiner.heap.worst.map { ($0.score, $0.rankKey) }
                var k = task.range.lowerBound
                let end = task.range.upperBound
                var groupsPassedOver = 0
                // True when position `k`'s rank key is greater than `worst` (on a tied bound
                // it cannot enter). The high half decides unless it equals the worst's: then
                // the item's full key is read, far cheaper than evaluating the item (titles
                // that share their first letters, `über…` under `ub`, share the high half).
                func ranksAfter(_ k: Int, _ worst: UInt64) -> Bool {
                    let high = rankKeyHighs[k]
                    let worstHigh = UInt32(truncatingIfNeeded: worst >> 32)
                    return high != worstHigh ? high > worstHigh : segment.rankKeys[Int(order[k])] > worst
                }
                while k < end {
                    if let (score, rankKey) = worst {
                        // A whole group at once, when no position of it can enter.
                        let groupEnd = k + PositionGroups.size
                        if PositionGroups.startsGroup(k), groupEnd <= end, let bound = matcher.titleTierGroupBound(k),
                            bound < score
                                || (bound == score && UInt64(rankKeyHighs.groupMinimum(at: k)) << 32 > rankKey)
                        {
                            groupsPassedOver += 1
                            k = groupEnd
                            continue
                        }
                        let bound = uniform?.bound(k) ?? matcher.titleTierBound(k)
                        if bound < score || (bound == score && ranksAfter(k, rankKey)) {
                            k += 1
                            continue
                        }
                    }
                    examiner.examine(Int(order[k]))
                    worst = examiner.heap.worst.map { ($0.score, $0.rankKey) }
                    k += 1
                }
                if groupsPassedOver > 0 { titleTierGroupsPassedOver.add(groupsPassedOver, ordering: .relaxed) }
            case .preferred:
                if let list = matcher.preferredItems {
                    for k in task.range { examiner.consider(Int(list[k])) }
                }
            case .asTyped:
                if let list = matcher.asTypedItems {
                    for k in task.range { examiner.consider(Int(list[k]), asTyped: true) }
                }
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
        /// The matcher's ``SegmentMatcher/rankOrderBound``.
        let bound: UInt64?
        /// True when the title-tier phase has offered every item that can reach the title
        /// tiers: an item is then passed over on its bound alone, without its ceiling.
        let titleTiersOffered: Bool
        /// The matcher's ``SegmentMatcher/lowestCeiling``: a floor at or below it prunes nothing.
        let lowestCeiling: UInt8
        /// False once an item was passed over without being recorded in ``matched``.
        private(set) var recordedEveryPossibleMatch = true

        init(
            view: SegmentView, matcher: any SegmentMatcher, segment: Int32, variant: Int32, heap: TopK,
            titleTiersOffered: Bool
        ) {
            self.view = view
            self.matcher = matcher
            self.segment = segment
            self.variant = variant
            self.heap = heap
            self.titleTiersOffered = titleTiersOffered
            bound = SearchRun.rankOrderPhase.load(ordering: .relaxed) ? matcher.rankOrderBound : nil
            lowestCeiling = matcher.lowestCeiling.rawValue
        }

        /// Examines item `i`: passed over when it cannot enter the selection (``passesOver(_:)``),
        /// still a possible match; else evaluated and offered.
        /// With `asTyped`, without typo matches (``SegmentMatcher/evaluateAsTyped(_:)``).
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
        /// tiers offered, a ``SegmentMatcher/rankOrderBound``, and every weight 0 (so that bound
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
                for k in range { consider(item(k)) }
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

        /// Examines item `i` of the matcher's title-tier block: evaluated and offered, without
        /// its ceiling. The caller has checked the block position's title-tier bound, and an item
        /// that can reach the title tiers has the exact-title tier for its ceiling (its title
        /// starts with the query, or its first word matches the first query word), which passes
        /// nothing over.
        @inline(__always) mutating func examine(_ i: Int) {
            guard view.isLive(i) else { return }
            evaluateAndOffer(i, asTyped: false)
        }

        /// Evaluates item `i`; a match is kept as a possible match and offered to the heap.
        @inline(__always) private mutating func evaluateAndOffer(_ i: Int, asTyped: Bool) {
            guard let evaluation = asTyped ? matcher.evaluateAsTyped(i) : matcher.evaluate(i) else { return }
            matched.append(UInt32(truncatingIfNeeded: i))
            if heap.rejects(score: evaluation.score) { return }
            let items = view.segment
            heap.offer(RankedItem(
                score: evaluation.score, rankKey: items.rankKeys[i], id: items.ids[i], segment: segment,
                local: UInt32(truncatingIfNeeded: i), field: evaluation.field, variant: variant))
        }

        /// True when item `i` cannot enter the full selection: its tier ceiling is below the
        /// selection's floor, or it cannot reach the title tiers (or the title-tier phase offered
        /// those already) and its ``SegmentMatcher/rankOrderBound`` cannot beat the worst kept hit.
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
            let ceiling = matcher.ceiling(i, floor: floor)
            if ceiling.rawValue < floor { return true }
            guard !titleTiersOffered, ceiling < .titlePrefix, let bound, let worst = heap.worst else { return false }
            return !SearchRun.canEnter(i, bound: bound, segment: view.segment, worst: worst)
        }
    }

    /// Gives every thread's selection the best `top` found so far (``merged(_:limit:)``), so
    /// that each thread passes over what cannot beat the overall selection, not just its own.
    private static func share(_ top: [RankedItem], _ heaps: SlotArray<TopK>, limit: Int) {
        for slot in 0..<heaps.count { heaps[slot] = TopK(limit: limit, holding: top) }
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
    /// several variants are united through a bitset); nil when a task did not record its
    /// possible matches or they are too many.
    private static func keptMatches(
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
