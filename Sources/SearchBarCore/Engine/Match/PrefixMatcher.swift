/// Prefix mode on one segment: candidates come from the postings of the most selective query
/// word; each candidate is verified by one pass over its forward entries, in which every query
/// word looks its terms up in its ``WordPlan``.
///
/// A word with a typo budget has two plans: its terms as typed, made at once, and its terms
/// within the budget, made by a walk of the vocabulary (``TypoWalk``) when first needed. The
/// items that hold every word as typed are examined first (``asTypedItems``); when they fill
/// the selection above the typo tier, the walk is never made.
final class PrefixMatcher: SegmentMatcher, @unchecked Sendable {
    private let segment: Segment
    /// Each word's terms as typed (at its base cost).
    private let typedPlans: [WordPlan]
    /// Each word's terms within its typo budget, made on first use; nil when no word has a
    /// typo budget (the typed plans are complete then).
    private let typoPlans: OnceValue<[WordPlan]>?
    /// Per word, true when it has a typo budget.
    private let hasTypoBudget: [Bool]
    /// The previous search's matches that this one refines, if any.
    private let restrictTo: [UInt32]?
    private let conditions: ItemConditions
    /// ``SearchTuning/defersCaseCheck``.
    private let defersCaseCheck: Bool
    private let fields: [SearchField]
    private let candidateSource: CandidateSource
    /// True when some word matches as a substring (no cheap tier ceiling then).
    private let hasSubstringWord: Bool
    /// The terms matching the first word at no cost, when one block (see ``ceiling(_:)``).
    private let firstExactBlock: Range<Int>?
    let titleTierItems: TitleTierItems?
    /// For a query of one substring word searched in the title first: the items whose folded
    /// title starts with it (``Segment/titleBytes``), the only ones that reach the title tiers,
    /// with their bounds (see ``substringTier(words:segment:conditions:fields:candidates:)``).
    private let substringTitleTier: TitlePrefixTier?
    /// For ``titleTierBound(_:)``: the items holding the last word's whole term (nil: none can
    /// gain the whole-word point), and the quality every match has from its whole words.
    private let lastWordHolders: Bitset?
    /// For ``titleTierGroupBound(_:)``: the groups of title-lead positions (``PositionGroups``)
    /// that hold an item of ``lastWordHolders``, when there are few holders (nil otherwise:
    /// each group's items are looked up then).
    private let lastWordHolderGroups: Bitset?
    private let baseQuality: Int
    /// True when the last query word is a prefix (typed without a space after it).
    private let lastWordIsPrefix: Bool
    /// True in an index made with `transliterate`: titles may end with readings, which are no
    /// title words of their own but stand in for the words they read (``Segment/titleReadings(_:pairing:)``).
    private let readsTitles: Bool
    /// The first query word as typed when it could match a title's first word by its reading
    /// (an index made with `transliterate`, a word of ASCII letters and digits, as readings
    /// are, of at least ``readingTitleLetters``); nil otherwise: a title start then needs the
    /// first word itself, as without readings.
    private let firstReadingKey: QueryWord?
    /// The letters a first query word needs before a title word's reading can start the title:
    /// the titles a reading starts are outside the first word's title-lead block, so the search
    /// examines every candidate instead of that block (on 1 M titles, `m` 30 ms instead of
    /// 0.5, `mo` 6.5, and from three letters as fast as the block).
    static let readingTitleLetters = 3

    /// A matcher for `words` (one variant of the query) on `segment`; `restrictTo` limits the
    /// candidates to a previous search's matches.
    /// Up to ``SearchTuning/listedHolderGroups`` holders of the last word, ``lastWordHolderGroups``
    /// are listed: finding a holder's position costs about as much as looking up a whole group's
    /// items.
    /// `transliterated`: the index was made with `transliterate`.
    init(words: [QueryWord], segment: Segment, conditions: ItemConditions, fields: [SearchField],
         restrictTo: [UInt32]?, tuning: SearchTuning, transliterated: Bool = false)
    {
        self.segment = segment
        defersCaseCheck = tuning.defersCaseCheck
        readsTitles = transliterated
        if transliterated, let first = words.first, !first.matchesAsSubstring, !first.key.isEmpty,
            first.key.count >= Self.readingTitleLetters, first.key.allSatisfy(WordRuns.isASCIIWordByte)
        {
            firstReadingKey = first
        } else {
            firstReadingKey = nil
        }
        self.conditions = conditions
        self.fields = fields
        self.restrictTo = restrictTo
        hasTypoBudget = words.map { $0.typoBudget > 0 }
        let typedPlans = words.map { WordPlanCache.plan($0.asTyped, segment: segment) }
        self.typedPlans = typedPlans
        if words.contains(where: { $0.typoBudget > 0 }) {
            typoPlans = OnceValue { words.map { WordPlanCache.plan($0, segment: segment) } }
        } else {
            typoPlans = nil
        }
        hasSubstringWord = words.contains { $0.matchesAsSubstring }
        // The first word's terms at no cost: the same in its typo plan, where typos cost more.
        firstExactBlock = typedPlans.first?.exactBlock
        if conditions.excludesAll {
            candidateSource = .ready(.list([]))
        } else if typoPlans != nil {
            candidateSource = .typoPlans
        } else if Self.someWordMatchesNothing(typedPlans) {
            candidateSource = .ready(.list([]))
        } else {
            candidateSource = Self.smallestCandidates(typedPlans, segment: segment, restrictTo: restrictTo)
        }
        substringTitleTier = Self.substringTier(
            words: words, segment: segment, conditions: conditions, fields: fields, candidates: candidateSource)
        if case .ready(.list(let list)) = candidateSource, list.count <= Self.tinyCandidateSet {
            titleTierItems = .candidates(list)
        } else if let substringTitleTier {
            titleTierItems = substringTitleTier.items
        } else if words.contains(where: { $0.baseCost > 0 }) {
            titleTierItems = TitleTierItems.none
        } else if firstReadingKey != nil {
            // A title whose first word's reading matches the first query word reaches the
            // title tiers from outside the first word's block.
            titleTierItems = nil
        } else if !hasSubstringWord, typoPlans == nil, let firstExactBlock {
            // (With a typo word, the title tiers are left to the candidates, as the typo
            // plans would be needed to bound the other items.)
            titleTierItems = .block(segment.titleLeads.block(firstExactBlock), .leadTerm)
        } else {
            titleTierItems = nil
        }
        baseQuality = words.reduce(0) { $0 + ($1.isPrefix ? 0 : 1) }
        lastWordIsPrefix = words.last?.isPrefix ?? false
        if case .block = titleTierItems, let last = typedPlans.last, last.word.isPrefix, last.exactTerm >= 0,
            let firstExactBlock
        {
            var holders = Bitset(count: segment.count)
            segment.insertHolders(of: last.exactTerm..<last.exactTerm + 1, into: &holders)
            lastWordHolders = holders
            let holderCount = segment.postingCount(last.exactTerm..<last.exactTerm + 1)
            lastWordHolderGroups =
                holderCount <= tuning.listedHolderGroups
                ? Self.groups(holding: last.exactTerm, leadingWith: firstExactBlock, segment: segment) : nil
        } else {
            lastWordHolders = nil
            lastWordHolderGroups = nil
        }
    }

    /// Where the candidates come from; gathering postings can cost more than the search it
    /// serves, so it waits until ``candidates`` is first read.
    private enum CandidateSource {
        /// A small, ready list (or every item).
        case ready(Candidates)
        /// Every item holding a term of these blocks.
        case postings([Range<Int>])
        /// Every item.
        case all
        /// Those of the typo plans, when they are made.
        case typoPlans
    }

    /// The candidates, gathered on first use (on the thread that prepares the search).
    lazy var candidates: Candidates = resolved(candidateSource)

    /// The items `source` names, gathered now.
    private func resolved(_ source: CandidateSource) -> Candidates {
        switch source {
        case .ready(let candidates): return candidates
        case .postings(let ranges): return .gather(ranges, in: segment)
        case .all: return .all
        case .typoPlans:
            let plans = plans
            if Self.someWordMatchesNothing(plans) { return .list([]) }
            return resolved(Self.smallestCandidates(plans, segment: segment, restrictTo: restrictTo))
        }
    }

    /// True when a vocabulary word of `plans` matches no term: nothing can match then.
    private static func someWordMatchesNothing(_ plans: [WordPlan]) -> Bool {
        plans.contains { !$0.word.matchesAsSubstring && $0.ranges.isEmpty }
    }

    /// The plans every match is verified with: the typo plans (made now if not yet), or the
    /// typed plans when no word has a typo budget.
    private var plans: [WordPlan] { typoPlans?.value ?? typedPlans }

    /// With a typo word, the items that can hold every word as typed (every other match is a
    /// typo match); nil without typo words, when those items are not fewer than a third of the
    /// segment, or when the search refines a previous one's matches (whose typo plans were
    /// made, so that this one's walk visits only their terms: the phase would examine the
    /// same few items twice for little). A variant of joined words (a base cost) has no such
    /// item: all its matches rank in the typo tier.
    lazy var asTypedItems: [UInt32]? = {
        if typedPlans.contains(where: { $0.word.baseCost > 0 }) { return [] }
        guard typoPlans != nil, restrictTo == nil else { return nil }
        if conditions.excludesAll || Self.someWordMatchesNothing(typedPlans) { return [] }
        let source = Self.smallestCandidates(typedPlans, segment: segment, restrictTo: restrictTo)
        guard case .list(let list) = resolved(source) else { return nil }
        return list
    }()

    func evaluate(_ i: Int) -> Evaluation? {
        let plans = plans
        return plans.withUnsafeBufferPointer { evaluate(i, plans: $0, toReach: 0) }
    }

    /// ``evaluate(_:)``, with the case check (``ItemConditions/acceptsCase(_:)``, which reads
    /// and folds the item's original text) only for a score that reaches `threshold`
    /// (``SearchTuning/defersCaseCheck``): below it, a possible match is answered as found.
    func evaluate(_ i: Int, toReach threshold: UInt64) -> Evaluation? {
        let plans = plans
        return plans.withUnsafeBufferPointer { evaluate(i, plans: $0, toReach: defersCaseCheck ? threshold : 0) }
    }

    func evaluateAsTyped(_ i: Int) -> Evaluation? {
        typedPlans.withUnsafeBufferPointer { evaluate(i, plans: $0, toReach: 0) }
    }

    /// Candidate sets of at most this many items are gathered at once.
    private static let smallCandidateSet = 4 * SearchRun.chunkSize
    /// Candidate sets of at most this many items are examined without a title-tier phase.
    private static let tinyCandidateSet = 2048

    /// The smallest complete candidate set: a previous search's matches, the postings of the
    /// most selective vocabulary word, or the items holding every character of a no-space
    /// script word; every item when none is much smaller than the segment.
    private static func smallestCandidates(_ plans: [WordPlan], segment: Segment, restrictTo: [UInt32]?)
        -> CandidateSource
    {
        var best: CandidateSource = .all
        var bestCount = segment.count / 3 + 1
        if let restrictTo, restrictTo.count < bestCount {
            best = .ready(.list(restrictTo))
            bestCount = restrictTo.count
        }
        for plan in plans where !plan.word.matchesAsSubstring && plan.volume < bestCount {
            best = .postings(plan.ranges)
            bestCount = plan.volume
        }
        for plan in plans where plan.word.matchesAsSubstring {
            if let list = segment.charPostings.candidates(for: plan.word.key), list.count < bestCount {
                best = .ready(.list(list))
                bestCount = list.count
            }
        }
        if case .postings(let ranges) = best, bestCount <= smallCandidateSet {
            return .ready(.gather(ranges, in: segment))
        }
        return best
    }

    /// The title tiers of a query of one substring word (a character of Thai, Hangul, Han, …:
    /// a first keystroke), which reaches them exactly when the folded title starts with it:
    /// nil for any other query, with a typo budget, or when another field is searched before
    /// the title (the word's field is the first that holds it).
    ///
    /// Without them such a keystroke evaluated every item holding the character (a tenth of a
    /// multilingual index for `ห`); with them the title-tier phase examines the titles that
    /// start with it, and the candidates are passed over on ``rankOrderBound``.
    private static func substringTier(
        words: [QueryWord], segment: Segment, conditions: ItemConditions, fields: [SearchField],
        candidates: CandidateSource
    ) -> TitlePrefixTier? {
        guard words.count == 1, let word = words.first, word.matchesAsSubstring, word.typoBudget == 0,
            word.baseCost == 0, fields.first == .title
        else { return nil }
        let list: Candidates = if case .ready(let ready) = candidates { ready } else { .all }
        return TitlePrefixTier(
            folded: word.key, segment: segment, searchesTitle: true, conditions: conditions, candidates: list)
    }

    /// With ``substringTitleTier``, the best score outside the title tiers, less the weight: the
    /// word inside the title (the infix tier), or, when other fields are searched, at the start
    /// of one (the in-order tier; the title field bounds every field).
    var rankOrderBound: UInt64? {
        guard substringTitleTier != nil else { return nil }
        return Score.make(
            tier: fields.count == 1 ? .infix : .inOrder, quality: baseQuality, field: .title,
            proximity: Score.proximity(span: 0), weightKey: 0)
    }

    /// The best score the item at `position` of the title-lead order could have: the exact
    /// tier only when its title has as many words as the query and, when the last word is a
    /// prefix, it holds that word's whole term; the whole-word point of the last word only when
    /// it holds that term; best field and proximity; its weight.
    ///
    /// (Without the term test, every item of a word list, whose titles all have one word, would
    /// be bounded at the exact tier, above any title-prefix hit, and evaluated.)
    func titleTierBound(_ position: Int) -> UInt64 {
        if let substringTitleTier {
            return substringTitleTier.bound(position, quality: baseQuality, proximity: Score.proximity(span: 0))
        }
        // The segment's title order is read in place (a copy of it retains four arrays).
        let titleWords = Int(segment.titleLeads.titleWordCounts[position])
        return titleTierBound(
            holdsLastWord: lastWordHolders?.contains(Int(segment.titleLeads.order[position])) ?? false,
            titleWords: titleWords...titleWords,
            weightKey: segment.titleLeads.weightKeys.isEmpty ? WeightKey.zero : segment.titleLeads.weightKeys[position])
    }

    /// The title-tier bound of an item, or of a group of them: holding the last word's whole
    /// term gains its point, and the exact tier needs the query's number of words among
    /// `titleWords` (and that term, when the last word is a prefix).
    private func titleTierBound(holdsLastWord: Bool, titleWords: ClosedRange<Int>, weightKey: UInt32) -> UInt64 {
        let exactPossible = titleWords.contains(typedPlans.count) && (holdsLastWord || !lastWordIsPrefix)
        return Score.make(
            tier: exactPossible ? .exactTitle : .titlePrefix, quality: baseQuality + (holdsLastWord ? 1 : 0),
            field: .title, proximity: Score.proximity(span: 0), weightKey: weightKey)
    }

    /// The greatest ``titleTierBound(_:)`` over a group of positions, from the group's extremes
    /// and whether it holds an item of ``lastWordHolders``.
    func titleTierGroupBound(_ position: Int) -> UInt64? {
        if let substringTitleTier {
            return substringTitleTier.groupBound(position, quality: baseQuality, proximity: Score.proximity(span: 0))
        }
        let leads = segment.titleLeads
        let holdsLastWord: Bool
        if let lastWordHolderGroups {
            holdsLastWord = lastWordHolderGroups.contains(PositionGroups.group(of: position))
        } else if let lastWordHolders {
            let group = position..<min(position + PositionGroups.size, leads.order.count)
            holdsLastWord = group.contains { lastWordHolders.contains(Int(leads.order[$0])) }
        } else {
            holdsLastWord = false
        }
        let fewestWords = Int(leads.titleWordCounts.groupMinimum(at: position))
        let mostWords = Int(leads.titleWordCounts.groupMaximum(at: position))
        return titleTierBound(
            holdsLastWord: holdsLastWord, titleWords: fewestWords...mostWords,
            weightKey: leads.weightKeys.isEmpty ? WeightKey.zero : leads.weightKeys.groupMaximum(at: position))
    }

    /// The groups of title-lead positions (``PositionGroups``) holding an item that holds `term`
    /// and whose lead term is in `leadTerms` (an item of the title-tier block).
    private static func groups(holding term: Int, leadingWith leadTerms: Range<Int>, segment: Segment) -> Bitset {
        let leads = segment.titleLeads
        var groups = Bitset(count: PositionGroups.group(of: leads.order.count) + 1)
        var holders = segment.postings.cursor(term)
        while let next = holders.next() {
            let item = Int(next)
            guard let entry = segment.firstForwardEntry(item), entry >> Segment.fieldShift == 0 else { continue }
            let lead = Int(entry & Segment.termMask)
            guard leadTerms.contains(lead), let position = leads.position(of: item, lead: lead) else { continue }
            groups.insert(PositionGroups.group(of: position))
        }
        return groups
    }

    /// The exact and title-prefix tiers need the first query word to match the first title word
    /// exactly (one forward entry to look at); substring words are not bounded.
    func ceiling(_ i: Int, floor: UInt8) -> MatchTier {
        guard !hasSubstringWord else { return .exactTitle }
        guard let entry = segment.firstForwardEntry(i) else { return .inOrder }
        guard entry >> Segment.fieldShift == 0 else { return .inOrder }
        let t = Int(entry & Segment.termMask)
        let starts = firstExactBlock.map { $0.contains(t) } ?? (typedPlans[0].cost(t) == 1)
        if starts { return .exactTitle }
        if let firstReadingKey, readingStarts(i, with: firstReadingKey, firstTerm: t) { return .exactTitle }
        return .inOrder
    }

    /// ``ceiling(_:floor:)`` is never below the in-order tier (with a substring word, never
    /// below the exact tier).
    var lowestCeiling: MatchTier { hasSubstringWord ? .exactTitle : .inOrder }

    /// Item `i`'s score with `plans` (the typo plans or the typed ones), or nil; its case is
    /// checked for a score at or above `threshold` only.
    @inline(__always)
    private func evaluate(_ i: Int, plans: UnsafeBufferPointer<WordPlan>, toReach threshold: UInt64) -> Evaluation? {
        if !conditions.isEmpty && !conditions.accepts(i) { return nil }
        let n = plans.count
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: n) { best -> Evaluation? in
            best.initialize(repeating: .max)
            var lastWhole = false
            var titleWords = 0
            let start = Int(segment.forwardOffsets[i])
            let end = Int(segment.forwardOffsets[i + 1])
            let forward = segment.forward.reader
            do {
                var field: UInt32 = .max
                var position: UInt32 = 0
                for k in start..<end {
                    let entry = forward[k]
                    let f = entry >> Segment.fieldShift
                    let t = Int(entry & Segment.termMask)
                    if f != field {
                        field = f
                        position = 0
                    }
                    if f == 0 { titleWords += 1 }
                    for w in 0..<n {
                        let c = plans[w].cost(t)
                        guard c != 0 else { continue }
                        let packed = UInt32(c - 1) << 24 | f << 16 | min(position, 0xFFFE)
                        if packed < best[w] { best[w] = packed }
                        if w == n - 1 && t == plans[w].exactTerm { lastWhole = true }
                    }
                    position &+= 1
                }
            }
            for w in 0..<n where plans[w].word.matchesAsSubstring {
                best[w] = substringMatch(plans[w].word.key, i)
            }
            for w in 0..<n where best[w] == .max { return nil }
            let found = score(i, best, plans: plans, titleWords: titleWords, lastWhole: lastWhole)
            if !conditions.keeps(i, scoring: found.score, toReach: threshold) { return nil }
            return found
        }
    }

    /// Packed (cost 0, field, position 0 at the field start or 0xFFFF inside) of a substring word.
    private func substringMatch(_ key: [UInt8], _ i: Int) -> UInt32 {
        for field in fields {
            let arena = segment.folded[Int(field.rawValue)]
            let range = arena.range(i)
            let found = arena.bytes.withUnsafeBufferPointer { bytes in
                ByteSearch.find(key, in: UnsafeBufferPointer(rebasing: bytes[range]), from: 0)
            }
            if let found { return field.rawValue << 16 | (found == 0 ? 0 : 0xFFFF) }
        }
        return .max
    }

    private func score(
        _ i: Int, _ best: UnsafeMutableBufferPointer<UInt32>, plans: UnsafeBufferPointer<WordPlan>, titleWords: Int,
        lastWhole: Bool
    ) -> Evaluation {
        let n = best.count
        var totalCost = 0
        var worstField: UInt32 = 0
        var anyInfix = false
        var fieldCounts = (0, 0, 0)
        for w in 0..<n {
            let packed = best[w]
            totalCost += Int(packed >> 24)
            let f = (packed >> 16) & 0xFF
            worstField = max(worstField, f)
            if plans[w].word.matchesAsSubstring && packed & 0xFFFF != 0 { anyInfix = true }
            switch f {
            case 0: fieldCounts.0 += 1
            case 1: fieldCounts.1 += 1
            default: fieldCounts.2 += 1
            }
        }
        var report: UInt32 = 0
        if fieldCounts.1 > fieldCounts.0 && fieldCounts.1 >= fieldCounts.2 { report = 1 }
        if fieldCounts.2 > fieldCounts.0 && fieldCounts.2 > fieldCounts.1 { report = 2 }
        // Proximity and order among the words in the reported field.
        var minPos = Int.max, maxPos = -1, inField = 0, lastPos = -1
        var ordered = worstField == report
        for w in 0..<n where (best[w] >> 16) & 0xFF == report {
            let p = Int(best[w] & 0xFFFF)
            minPos = min(minPos, p)
            maxPos = max(maxPos, p)
            inField += 1
            if p <= lastPos && !(plans[w].word.matchesAsSubstring) { ordered = false }
            lastPos = p
        }
        let span = inField > 1 ? maxPos - minPos - (inField - 1) : 0
        var wholeWords = 0
        for w in 0..<n where !plans[w].word.isPrefix { wholeWords += 1 }
        if lastWhole && plans[n - 1].word.isPrefix { wholeWords += 1 }
        let tier: MatchTier
        var quality = wholeWords
        if totalCost > 0 {
            tier = .typo
            quality = 255 - totalCost
        } else if anyInfix {
            tier = .infix
        } else if worstField == 0, let exact = titleTier(i, n, plans: plans, titleWords: titleWords) {
            tier = exact ? .exactTitle : .titlePrefix
        } else {
            tier = ordered ? .inOrder : .anyOrder
        }
        let field = SearchField(rawValue: report) ?? .title
        let worst = SearchField(rawValue: worstField) ?? .keywords
        return Evaluation(
            score: Score.make(
                tier: tier, quality: quality, field: worst, proximity: Score.proximity(span: span),
                weightKey: segment.weightKey(i)),
            field: field)
    }

    /// The title tiers of item `i`, whose title has `titleWords` forward entries: nil when the
    /// title does not start with the query, else true for the exact tier (as many title words
    /// as query words, and the last one whole or its whole term typed). In an index made with
    /// `transliterate` the readings are no title words, and a title word matches a query word
    /// itself or by its reading (`moskva reka` is the exact title of Москва река).
    private func titleTier(_ i: Int, _ n: Int, plans: UnsafeBufferPointer<WordPlan>, titleWords: Int) -> Bool? {
        if hasSubstringWord {
            guard n == 1 else { return nil }
            let own = segment.ownFolded(0, i)
            guard own.starts(with: plans[0].word.key) else { return nil }
            return plans[0].word.matchesAsSubstring && own.elementsEqual(plans[0].word.key)
        }
        let start = Int(segment.forwardOffsets[i])
        let last = plans[n - 1]
        if titleStarts(i, n, plans: plans) {
            let words = readsTitles ? segment.titleReadings(i, pairing: false).ownWords : titleWords
            guard n <= words else { return nil }
            return words == n && (!last.word.isPrefix || termAt(i, n - 1) == last.exactTerm)
        }
        // Each query word matches its title word or that word's reading: the first one itself
        // when it cannot be a reading.
        guard readsTitles, let first = segment.firstForwardEntry(i), first >> Segment.fieldShift == 0,
            firstReadingKey != nil || plans[0].cost(Int(first & Segment.termMask)) == 1
        else { return nil }
        let readings = segment.titleReadings(i, pairing: true)
        guard !readings.readingTerms.isEmpty, n <= readings.ownWords else { return nil }
        var lastTerms = (own: -1, reading: -1)
        for w in 0..<n {
            let entry = segment.forward[start + w]
            guard entry >> Segment.fieldShift == 0 else { return nil }
            let own = Int(entry & Segment.termMask)
            let reading = readings.readingTerms[w]
            guard plans[w].cost(own) == 1 || (reading >= 0 && plans[w].cost(reading) == 1) else { return nil }
            lastTerms = (own, reading)
        }
        return readings.ownWords == n
            && (!last.word.isPrefix || lastTerms.own == last.exactTerm || lastTerms.reading == last.exactTerm)
    }

    /// True when item `i`'s first title word (term `firstTerm`) is of another script than Latin
    /// and its title's first reading, which is that word's when they pair, starts with `word`
    /// (is `word` when the word is whole): the test of ``ceiling(_:floor:)``.
    private func readingStarts(_ i: Int, with word: QueryWord, firstTerm: Int) -> Bool {
        let title = segment.rawFolded(0, i)
        let own = Transliteration.ownLength(of: title)
        guard own < title.count else { return false }
        guard segment.termBytes(firstTerm).contains(where: { $0 >= 0xCD }) else { return false }
        let tail = title[(own + Transliteration.firstSeparator.count)...]
        let reading = tail.prefix { $0 != 0x20 }
        return word.isPrefix ? reading.starts(with: word.key) : reading.elementsEqual(word.key)
    }

    /// True when query word `w` matches title entry `w` exactly for every `w`.
    private func titleStarts(_ i: Int, _ n: Int, plans: UnsafeBufferPointer<WordPlan>) -> Bool {
        let start = Int(segment.forwardOffsets[i])
        let end = Int(segment.forwardOffsets[i + 1])
        guard end - start >= n else { return false }
        for w in 0..<n {
            let entry = segment.forward[start + w]
            guard entry >> Segment.fieldShift == 0, plans[w].cost(Int(entry & Segment.termMask)) == 1 else { return false }
        }
        return true
    }

    private func termAt(_ i: Int, _ position: Int) -> Int {
        Int(segment.forward[Int(segment.forwardOffsets[i]) + position] & Segment.termMask)
    }

    /// The spans of `field` the query matched in item `i`. A word highlights its terms as
    /// typed where the field holds one; a typo word that the field holds nowhere as typed (its
    /// typo match) highlights its terms within the budget. So an item's highlights do not
    /// depend on whether the search made the typo plans.
    func highlightSpans(_ i: Int, field: SearchField, within limit: HighlightLimit) -> [HighlightSpan] {
        var spans: [HighlightSpan] = []
        let start = Int(segment.forwardOffsets[i])
        let end = Int(segment.forwardOffsets[i + 1])
        var inField: [Int] = []
        for k in start..<end where segment.forward[k] >> Segment.fieldShift == field.rawValue {
            guard inField.count < limit.tokens else { break }
            inField.append(k)
        }
        // Per word, its plan here: the typed one, or the typo one (``plans``) for a typo match.
        var typoMatch = [Bool](repeating: false, count: typedPlans.count)
        if typoPlans != nil {
            for w in typedPlans.indices where hasTypoBudget[w] && !typedPlans[w].word.matchesAsSubstring {
                let plan = typedPlans[w]
                typoMatch[w] = !inField.contains { plan.cost(Int(segment.forward[$0] & Segment.termMask)) != 0 }
            }
        }
        let typoPlans = typoMatch.contains(true) ? plans : []
        for (position, k) in inField.enumerated() {
            let t = Int(segment.forward[k] & Segment.termMask)
            // The plans are read in place: a copy of one retains several arrays.
            for w in typedPlans.indices where !typedPlans[w].word.matchesAsSubstring {
                let c = typoMatch[w] ? typoPlans[w].cost(t) : typedPlans[w].cost(t)
                guard c != 0 else { continue }
                let word = typedPlans[w].word
                let exactTerm = typedPlans[w].exactTerm
                if Int(c) - 1 == word.baseCost && word.isPrefix && t != exactTerm && word.baseCost == 0 {
                    spans.append(.token(position: position, prefixBytes: word.key.count))
                } else {
                    spans.append(.token(position: position, prefixBytes: nil))
                }
                break
            }
        }
        let arena = segment.folded[Int(field.rawValue)]
        let range = arena.range(i)
        arena.bytes.withUnsafeBufferPointer { bytes in
            let text = UnsafeBufferPointer(rebasing: bytes[range].prefix(limit.keyBytes))
            for w in typedPlans.indices where typedPlans[w].word.matchesAsSubstring {
                let key = typedPlans[w].word.key
                var from = 0
                while let hit = ByteSearch.find(key, in: text, from: from) {
                    spans.append(.keyBytes(hit..<(hit + key.count)))
                    from = hit + key.count
                }
            }
        }
        return spans
    }
}

extension PrefixMatcher {
    /// Tier ceilings from the first forward entry, the first word's title-lead block with its
    /// bounds (a substring word's title-byte block), the items that hold every word as typed,
    /// and a substring word's bound outside the title tiers.
    var plan: MatchPlan {
        MatchPlan(
            ceiling: { [self] in ceiling($0, floor: $1) }, lowestCeiling: lowestCeiling,
            titleTiers: titleTierItems.map { items in
                TitleTierPlan(
                    items: items, bound: { [self] in titleTierBound($0) },
                    uniformBounds: substringTitleTier?.uniformBounds(
                        quality: baseQuality, proximity: Score.proximity(span: 0)),
                    groupBound: { [self] in titleTierGroupBound($0) })
            },
            preferredItems: nil, asTypedItems: { [self] in asTypedItems },
            evaluateAsTyped: { [self] in evaluateAsTyped($0) },
            rankOrder: rankOrderBound.map { bound in
                RankOrderPlan(bound: bound, prefersRankOrder: false, infixBound: nil, wordStartItems: { _ in nil })
            })
    }
}
