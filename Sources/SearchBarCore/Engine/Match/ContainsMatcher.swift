/// Contains mode on one segment: every query word must occur in a folded field; a word with a
/// typo budget that occurs nowhere may still match a word of the item within its budget.
/// The items examined are those ``ContainsCandidates`` finds in the index (or the previous
/// matches, when typing forward), or every item when the words are too short to narrow them.
final class ContainsMatcher: SegmentMatcher, @unchecked Sendable {
    private let segment: Segment
    private let words: [QueryWord]
    /// Per word, true when it has a typo budget.
    private let hasTypoBudget: [Bool]
    /// The words' typo plans and the items they reach, made when first needed: a search that
    /// the title tiers answer never walks the vocabulary for typos.
    private let typos: OnceValue<Typos>
    private let folded: [UInt8]
    /// The word keys (0..<n) and the folded query (n), for reading without reference counts.
    private let keys: KeyTable
    private let conditions: ItemConditions
    private let fields: [SearchField]
    private let fieldNumbers: [UInt32]
    private let searchesTitle: Bool
    /// Per word, its ``PresenceMask`` in the segment's form: an item lacking one of its bits
    /// cannot contain it.
    private let wordMasks: [UInt64]
    /// The mask bits of the words without a typo budget (every matching item holds them).
    private let required: UInt64
    /// The items a scan would examine: every item, the previous matches, or none.
    private let scanned: Candidates
    /// The title tiers (see ``TitlePrefixTier``).
    private let titleTier: TitlePrefixTier
    /// Whether the index narrows the candidates (``SearchTuning/narrowsContains``).
    private let tuning: SearchTuning
    /// The query is extended-syntax terms alone: items are tiered by what the terms matched
    /// (``ItemConditions/termTier(_:)``).
    private let tiersByTerms: Bool

    /// A matcher for `query` on `segment`.
    init(query: CompiledQuery, segment: Segment, conditions: ItemConditions, fields: [SearchField],
         restrictTo: [UInt32]?, tuning: SearchTuning)
    {
        self.segment = segment
        self.tuning = tuning
        words = query.words
        folded = query.folded
        keys = KeyTable(query.words.map(\.key) + [query.folded])
        self.conditions = conditions
        self.fields = fields
        fieldNumbers = fields.map(\.rawValue)
        searchesTitle = fields.contains(.title)
        wordMasks = query.words.map { segment.presence.form(PresenceMask.of($0.key)) }
        required = segment.presence.form(query.words.reduce(0) { $0 | ($1.typoBudget == 0 ? PresenceMask.of($1.key) : 0) })
        hasTypoBudget = query.words.map { $0.typoBudget > 0 }
        typos = OnceValue { [words = query.words] in Typos(words, segment: segment) }
        let scanned: Candidates
        if conditions.excludesAll {
            scanned = .list([])
        } else if let restrictTo {
            scanned = .list(restrictTo)
        } else {
            scanned = .all
        }
        self.scanned = scanned
        tiersByTerms = query.words.isEmpty && !query.groups.isEmpty
        titleTier = TitlePrefixTier(
            folded: query.folded, segment: segment, searchesTitle: searchesTitle, conditions: conditions,
            candidates: scanned, anyTitleExact: tiersByTerms)
    }

    /// The candidates, narrowed through the index (``ContainsCandidates``) on first use, on the
    /// thread that prepares the search: a search the title tiers answer never pays for it.
    lazy var candidates: Candidates = {
        narrowed(typoItems: hasTypoBudget.contains(true) ? typos.value.items : []).map { .list($0) } ?? scanned
    }()

    /// The scanned items narrowed through the index to those holding every word (as typed, or
    /// within `typoItems`); nil when the scanned items are already few or the words cannot
    /// narrow them.
    private func narrowed(typoItems: [Bitset?]) -> [UInt32]? {
        if case .list(let list) = scanned, list.count <= ContainsCandidates.shortRefinement { return nil }
        guard tuning.narrowsContains,
            let narrowed = ContainsCandidates.items(words: words, typoItems: typoItems, segment: segment)
        else {
            return nil
        }
        if case .list(let previous) = scanned { return SortedIndices.intersection(previous[...], narrowed[...]) }
        return narrowed
    }

    var titleTierItems: TitleTierItems? { titleTier.items }

    /// With a typo word, the items holding every word as typed (``ContainsCandidates`` without
    /// typo items): every other match needs a typo. Nil without typo words (the candidates are
    /// these items then) or when the words cannot narrow the items.
    lazy var asTypedItems: [UInt32]? = { hasTypoBudget.contains(true) ? narrowed(typoItems: []) : nil }()

    /// Every word a word start in the title at the best proximity (quality 0 outside typos).
    func titleTierBound(_ position: Int) -> UInt64 {
        titleTier.bound(position, quality: 0, proximity: Score.proximity(span: 0))
    }

    var uniformTitleTierBounds: UniformTitleTierBounds? {
        titleTier.uniformBounds(quality: 0, proximity: Score.proximity(span: 0))
    }

    func titleTierGroupBound(_ position: Int) -> UInt64? {
        titleTier.groupBound(position, quality: 0, proximity: Score.proximity(span: 0))
    }

    /// Outside the title tiers, the best hit has every word at a word start, in order, next to
    /// each other in the title (no typo).
    let rankOrderBound: UInt64? = Score.make(
        tier: .inOrder, quality: 0, field: .title, proximity: Score.proximity(span: 0), weightKey: 0)

    /// Outside the title tiers, an item with a word that is not at a word start ranks at most
    /// here: that word inside a word, in the title, next to the others (no typo).
    let infixRankOrderBound: UInt64? = Score.make(
        tier: .infix, quality: 0, field: .title, proximity: Score.proximity(span: 0), weightKey: 0)

    /// Every item that can rank above ``infixRankOrderBound`` outside the title tiers has every
    /// word at a word start: the items where one word can be at one
    /// (``ContainsCandidates/itemsWithWordStart(_:segment:limit:)``), intersected over the words
    /// that can say.
    func wordStartItems(limit: Int) -> [UInt32]? {
        guard tuning.narrowsContains else { return nil }
        var result: [UInt32]?
        for word in words {
            guard let items = ContainsCandidates.itemsWithWordStart(word.key, segment: segment, limit: limit) else {
                continue
            }
            result = result.map { SortedIndices.intersection($0[...], items[...]) } ?? items
        }
        return result
    }

    /// Not without a title-tier block, when nothing can match, or when the previous matches are
    /// under an eighth of the segment (too few hits to find early in rank order).
    var prefersRankOrder: Bool {
        guard let items = titleTier.items, !conditions.excludesAll else { return false }
        if case .candidates = items { return false }
        if case .list(let list) = scanned, list.count < segment.count / 8 { return false }
        return true
    }

    deinit { keys.free() }

    /// Per word, its typo plan (nil: no typo budget) and the items holding a term within its
    /// budget. A class, so that reading it from ``typos`` per item costs one reference count,
    /// and its plans are read in place (a ``WordPlan`` copy retains several arrays).
    private final class Typos: Sendable {
        let plans: [WordPlan?]
        let items: [Bitset?]

        init(_ words: [QueryWord], segment: Segment) {
            plans = words.map { $0.typoBudget > 0 ? WordPlanCache.plan($0, segment: segment) : nil }
            items = plans.map { plan in
                plan.map { plan in
                    var bits = Bitset(count: segment.count)
                    for range in plan.ranges { segment.insertHolders(of: range, into: &bits) }
                    return bits
                }
            }
        }

        /// True when word `w` has a typo plan and item `i` holds one of the terms it reaches.
        @inline(__always) func reaches(_ w: Int, _ i: Int) -> Bool { items[w]?.contains(i) == true }

        /// Word `w`'s cost for term `t`: 0 for no match (or no plan), else typos + 1.
        @inline(__always) func cost(_ w: Int, _ t: Int) -> UInt8 { plans[w]?.cost(t) ?? 0 }
    }

    func ceiling(_ i: Int, floor: UInt8) -> MatchTier {
        searchesTitle && segment.titleStarts(with: keys[words.count], i) ? .exactTitle : .inOrder
    }

    /// ``ceiling(_:floor:)`` is never below the in-order tier.
    var lowestCeiling: MatchTier { .inOrder }

    func evaluate(_ i: Int) -> Evaluation? { evaluate(i, typos: true, toReach: 0) }

    /// ``evaluate(_:)``, with the case check (``ItemConditions/acceptsCase(_:)``, which reads
    /// and folds the item's original text) only for a score that reaches `threshold`
    /// (``SearchTuning/defersCaseCheck``): below it, a possible match is answered as found.
    func evaluate(_ i: Int, toReach threshold: UInt64) -> Evaluation? {
        evaluate(i, typos: true, toReach: tuning.defersCaseCheck ? threshold : 0)
    }

    func evaluateAsTyped(_ i: Int) -> Evaluation? { evaluate(i, typos: false, toReach: 0) }

    /// Item `i`'s score; with `typos` false, a word that does not occur as typed fails it. The
    /// case is checked for a score at or above `threshold` only.
    @inline(__always) private func evaluate(_ i: Int, typos allowsTypos: Bool, toReach threshold: UInt64) -> Evaluation? {
        let mask = segment.presenceKey(i)
        if mask & required != required { return nil }
        if !conditions.isEmpty && !conditions.accepts(i) { return nil }
        if tiersByTerms, let (tier, field) = conditions.termTier(i) {
            let found = Evaluation(
                score: Score.make(
                    tier: tier, quality: 0, field: field, proximity: Score.proximity(span: 0),
                    weightKey: segment.weightKey(i)),
                field: field)
            if !conditions.keeps(i, scoring: found.score, toReach: threshold) { return nil }
            return found
        }
        let n = words.count
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: n) { best -> Evaluation? in
            for w in 0..<n {
                best[w] = mask & wordMasks[w] == wordMasks[w] ? bestHit(keys[w], i) : .max
                if best[w] == .max && allowsTypos && hasTypoBudget[w] {
                    let typos = typos.value
                    if typos.reaches(w, i) { best[w] = typoHit(typos, w, i) }
                }
                if best[w] == .max { return nil }
            }
            let found = score(i, best)
            if !conditions.keeps(i, scoring: found.score, toReach: threshold) { return nil }
            return found
        }
    }

    /// Packed (class 0 word start / 1 inside a word, field, offset) of the best occurrence.
    private func bestHit(_ key: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        var best = UInt32.max
        for field in fieldNumbers {
            let text = segment.rawFolded(field, i)
            if text.count < key.count { continue }
            var from = 0
            while let hit = ByteSearch.find(key, in: text, from: from) {
                let start = ByteSearch.isWordStart(text, hit)
                let packed = (start ? 0 : 1) << 24 | field << 16 | UInt32(min(hit, 0xFFFE))
                if packed < best { best = packed }
                if start { break }
                from = hit + 1
            }
            if best >> 24 == 0 { break }
        }
        return best
    }

    /// Packed (class 1 + typos, field, token position) of word `w`'s typo match, or `.max`.
    private func typoHit(_ typos: Typos, _ w: Int, _ i: Int) -> UInt32 {
        var best = UInt32.max
        var field: UInt32 = .max
        var position: UInt32 = 0
        for k in Int(segment.forwardOffsets[i])..<Int(segment.forwardOffsets[i + 1]) {
            let entry = segment.forward[k]
            let f = entry >> Segment.fieldShift
            if f != field {
                field = f
                position = 0
            }
            let c = typos.cost(w, Int(entry & Segment.termMask))
            if c > 1 {
                let packed = (UInt32(c)) << 24 | f << 16 | min(position, 0xFFFE)
                if packed < best { best = packed }
            }
            position &+= 1
        }
        return best
    }

    private func score(_ i: Int, _ best: UnsafeMutableBufferPointer<UInt32>) -> Evaluation {
        var worstClass: UInt32 = 0
        var typos = 0
        var worstField: UInt32 = 0
        var counts = (0, 0, 0)
        for packed in best {
            let c = packed >> 24
            worstClass = max(worstClass, min(c, 2))
            if c >= 2 { typos += Int(c) - 1 }
            let f = (packed >> 16) & 0xFF
            worstField = max(worstField, f)
            switch f {
            case 0: counts.0 += 1
            case 1: counts.1 += 1
            default: counts.2 += 1
            }
        }
        // The field most words matched in (the earlier field on a tie).
        var report: UInt32 = 0
        if counts.1 > counts.0 && counts.1 >= counts.2 { report = 1 }
        if counts.2 > counts.0 && counts.2 > counts.1 { report = 2 }
        var minOffset = Int.max, maxOffset = -1, last = -1
        var ordered = worstField == report
        for packed in best where (packed >> 16) & 0xFF == report {
            let offset = Int(packed & 0xFFFF)
            minOffset = min(minOffset, offset)
            maxOffset = max(maxOffset, offset)
            if offset <= last { ordered = false }
            last = offset
        }
        let tier: MatchTier
        var quality = 0
        if worstClass >= 2 {
            tier = .typo
            quality = 255 - typos
        } else {
            if searchesTitle && segment.titleStarts(with: keys[words.count], i) {
                // (With no words, an empty query listing every item: one tier for all, an empty
                // title included.)
                tier = segment.ownFolded(0, i).count == folded.count && !folded.isEmpty ? .exactTitle : .titlePrefix
            } else if worstClass == 1 {
                tier = .infix
            } else {
                tier = ordered ? .inOrder : .anyOrder
            }
        }
        let span = maxOffset >= minOffset ? (maxOffset - minOffset) / 8 : 0
        return Evaluation(
            score: Score.make(
                tier: tier, quality: quality, field: SearchField(rawValue: worstField) ?? .keywords,
                proximity: Score.proximity(span: span), weightKey: segment.weightKey(i)),
            field: SearchField(rawValue: report) ?? .title)
    }

    /// Every occurrence of each word in the field; for a word with a typo budget that occurs
    /// nowhere in it, the field's words within that budget (the typo match).
    func highlightSpans(_ i: Int, field: SearchField, within limit: HighlightLimit) -> [HighlightSpan] {
        var spans: [HighlightSpan] = []
        var typoWords: [Int] = []
        let arena = segment.folded[Int(field.rawValue)]
        let range = arena.range(i)
        arena.bytes.withUnsafeBufferPointer { bytes in
            let text = UnsafeBufferPointer(rebasing: bytes[range].prefix(limit.keyBytes))
            for w in 0..<words.count {
                let key = keys[w]
                let before = spans.count
                var from = 0
                while let hit = ByteSearch.find(key, in: text, from: from) {
                    spans.append(.keyBytes(hit..<(hit + key.count)))
                    from = hit + key.count
                }
                if spans.count == before && hasTypoBudget[w] { typoWords.append(w) }
            }
        }
        guard !typoWords.isEmpty else { return spans }
        let typos = typos.value
        var position = 0
        for k in Int(segment.forwardOffsets[i])..<Int(segment.forwardOffsets[i + 1]) {
            let entry = segment.forward[k]
            guard entry >> Segment.fieldShift == field.rawValue else { continue }
            guard position < limit.tokens else { break }
            let term = Int(entry & Segment.termMask)
            if typoWords.contains(where: { typos.cost($0, term) > 1 }) {
                spans.append(.token(position: position, prefixBytes: nil))
            }
            position += 1
        }
        return spans
    }
}

extension ContainsMatcher {
    /// Tier ceilings from the title's start, the title-byte block with its bounds, the items
    /// that hold every word as typed, and the rank-order bounds.
    var plan: MatchPlan {
        MatchPlan(
            ceiling: { [self] in ceiling($0, floor: $1) }, lowestCeiling: lowestCeiling,
            titleTiers: titleTierItems.map { items in
                TitleTierPlan(
                    items: items, bound: { [self] in titleTierBound($0) }, uniformBounds: uniformTitleTierBounds,
                    groupBound: { [self] in titleTierGroupBound($0) })
            },
            preferredItems: nil, asTypedItems: { [self] in asTypedItems },
            evaluateAsTyped: { [self] in evaluateAsTyped($0) },
            rankOrder: rankOrderBound.map { bound in
                RankOrderPlan(
                    bound: bound, prefersRankOrder: prefersRankOrder, infixBound: infixRankOrderBound,
                    wordStartItems: { [self] in wordStartItems(limit: $0) })
            })
    }
}
