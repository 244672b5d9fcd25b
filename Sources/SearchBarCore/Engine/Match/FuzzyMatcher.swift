import Glibc

/// Fuzzy mode on one segment: every query word must be an in-order subsequence of a folded
/// field; items are ranked by the summed fzf-style score (exact, title-prefix and substring
/// matches first).
final class FuzzyMatcher: SegmentMatcher, @unchecked Sendable {
    private let segment: Segment
    private let queryWords: [QueryWord]
    private let words: [[UInt8]]
    private let folded: [UInt8]
    private let conditions: ItemConditions
    private let fields: [SearchField]
    private let searchesTitle: Bool
    /// The word keys (0..<n) and the folded query (n), for reading without reference counts.
    private let keys: KeyTable
    private let fieldNumbers: [UInt32]
    /// The ``PresenceMask`` bits every matching item holds.
    private let required: UInt64
    /// The items the search examines: all of them, or the previous search's matches.
    private let scanned: Candidates
    /// Per query word, the bits (64 per machine word) of the items that can hold it as a
    /// substring (``ContainsCandidates``), stored by ``candidates``: nil before that, or for a
    /// word the index cannot narrow. An item outside them scores that word by subsequence
    /// only, and its ceiling is ``MatchTier/fuzzy``, without a search of its text. Written once
    /// on the thread that prepares the candidate phase, before any thread of that phase reads
    /// them; behind a pointer, so per-item reads pay no exclusivity check or reference count.
    private let substringBits: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>?>
    /// The bits of the items that can hold every query word's rarest character (`ш` of
    /// `кошк`: a letter whose bytes the presence mask cannot tell from its script's others),
    /// from the vocabulary (``ContainsCandidates``, as a word of that one character), the
    /// words' sets intersected: an item outside holds no match. Stored by ``candidates`` as
    /// ``substringBits`` are; nil before that, or when no word's character narrows (it is
    /// too common, or ``SearchTuning/narrowsFuzzyByCharacters`` is off).
    private let characterBits: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>?>
    /// The candidates that can hold every word as a substring (when any word narrows): the
    /// only ones that can rank above ``MatchTier/fuzzy``, so they run first.
    private(set) var preferredItems: [UInt32]?
    /// The title tiers (see ``TitlePrefixTier``).
    private let titleTier: TitlePrefixTier
    /// Whether the index narrows the candidates (``SearchTuning/narrowsContains``).
    private let tuning: SearchTuning
    /// The best summed score any item can get (see ``titleTierBound(_:)``).
    private let bestTotal: Int
    /// Per query word `w`, the most the words after it can score together (each at most
    /// ``FuzzyAlignment/bestPerByte`` per byte, its first byte's bonus once more and the end
    /// bonus).
    private let upperAfter: [Int]
    /// The bytes of the longest query word.
    private let longestWord: Int
    /// Per query word, its byte that the vocabulary holds least often among those whose
    /// ``PresenceMask`` bit other bytes share (a byte of a non-ASCII character, ASCII
    /// punctuation), or -1 (``SearchTuning/rejectsOnRareByte`` off, or none): a text without
    /// it cannot hold the word, which one `memchr` tells before the forward pass looks for
    /// the word character by character. The presence mask lets through most items of a
    /// script for `кошк` (and others whose bytes share its bits), which lack `ш`.
    private let rareBytes: [Int32]
    /// What orders hits of equal quality.
    private let tiebreak: Tiebreak
    /// The ``PresenceMask`` bits of the bytes that set readings apart from a text's own key
    /// (``Transliteration/firstSeparator``): an item without one of them has no readings.
    private let separatorBits: UInt64
    /// The quality of a title-tier item (its title starts with the folded query) before the
    /// bonus for the byte after that prefix: every word where the prefix holds it. A title-tier
    /// item is scored so (the tier is about that prefix), which makes its bound exact and cheap
    /// (``titleTierBound(_:)``). Nil when a word is not found in the folded query as it is.
    private let prefixQuality: Int?
    /// The runs of the title-tier block whose title goes on after the folded query with a word
    /// byte (a letter, a digit or a byte of a non-ASCII character): their items get no
    /// ``FuzzyScorer/bonusBoundaryEnd``, so a group of positions inside one is bounded without
    /// it (``titleTierGroupBound(_:)``). Empty without ``prefixQuality``.
    private let wordContinuations: [Range<Int>]
    /// The first position of the block whose title goes on with a digit or a letter (or a
    /// later byte): before it are the exact titles and those going on with a space or
    /// punctuation, which get the end bonus (``TitleTierPlan/leadingEnd``).
    private let leadingEnd: Int?

    /// A matcher for `query` on `segment`.
    init(query: CompiledQuery, segment: Segment, conditions: ItemConditions, fields: [SearchField],
         restrictTo: [UInt32]?, tuning: SearchTuning)
    {
        self.segment = segment
        self.tuning = tuning
        tiebreak = query.tiebreak
        substringBits = .allocate(capacity: max(query.words.count, 1))
        substringBits.initialize(repeating: nil, count: max(query.words.count, 1))
        characterBits = .allocate(capacity: 1)
        characterBits.initialize(to: nil)
        queryWords = query.words
        words = query.words.map(\.key)
        folded = query.folded
        self.conditions = conditions
        self.fields = fields
        searchesTitle = fields.contains(.title)
        keys = KeyTable(query.words.map(\.key) + [query.folded])
        fieldNumbers = fields.map(\.rawValue)
        required = segment.presence.form(words.reduce(0) { $0 | PresenceMask.of($1) })
        separatorBits = segment.presence.form(PresenceMask.of(Transliteration.firstSeparator))
        if conditions.excludesAll {
            scanned = .list([])
        } else if let restrictTo {
            scanned = .list(restrictTo)
        } else {
            scanned = .all
        }
        // A word of m bytes scores at most m × (match + best bonus) plus the best bonus once
        // more for its doubled first character (reached by a contiguous match at a word start),
        // and the bonus for ending at a boundary.
        let bestBonus = FuzzyScorer.bonusBoundaryWhite
        bestTotal = words.reduce(0) {
            $0 + $1.count * (FuzzyScorer.scoreMatch + bestBonus) + bestBonus + FuzzyScorer.bonusBoundaryEnd
        }
        var after = [Int](repeating: 0, count: words.count)
        for w in stride(from: words.count - 2, through: 0, by: -1) {
            after[w] = after[w + 1] + words[w + 1].count * FuzzyAlignment.bestPerByte + bestBonus
                + FuzzyScorer.bonusBoundaryEnd
        }
        upperAfter = after
        longestWord = words.map(\.count).max() ?? 0
        let counts = segment.vocabularyByteCounts
        rareBytes = words.map { word in
            tuning.rejectsOnRareByte
                ? Self.rarestSharedByte(word, counts: counts, compact: segment.presence.isCompact) : -1
        }
        prefixQuality = Self.prefixQuality(words, in: query.folded)
        let titleTier = TitlePrefixTier(
            folded: query.folded, segment: segment, searchesTitle: searchesTitle, conditions: conditions,
            candidates: scanned)
        self.titleTier = titleTier
        if prefixQuality != nil, case .block(let block, _) = titleTier.items, !block.isEmpty {
            // Every byte whose class is a word character's (``FuzzyScorer/charClass(_:)``).
            let length = query.folded.count
            let runs = [0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x80...0xFF].map {
                titleTier.positions(continuingAfter: length, with: $0)
            }
            wordContinuations = runs.filter { !$0.isEmpty }
            leadingEnd = runs[0].lowerBound > block.lowerBound && runs[0].lowerBound < block.upperBound
                ? runs[0].lowerBound : nil
        } else {
            wordContinuations = []
            leadingEnd = nil
        }
    }

    /// A refinement of previous matches up to this many examines them as they are, without
    /// asking the index (``ContainsCandidates/shortRefinement`` is contains mode's). Fuzzy
    /// refinements are shorter (``characterBits`` keep only the items holding a word's rarest
    /// character: `γά` leaves a few thousand), but each item costs more to evaluate than to
    /// pass over on the index's bits while the selection is full above the fuzzy tier.
    static let shortRefinement = 1024

    /// The items to examine; reading it also gathers ``substringBits`` and ``characterBits``
    /// (unless the items are few), on the thread that prepares the search: a search the title
    /// tiers answer never pays for it.
    lazy var candidates: Candidates = {
        if case .list(let list) = scanned, list.count <= Self.shortRefinement { return scanned }
        if tuning.narrowsFuzzyByCharacters { characterBits.pointee = rareCharacterItems() }
        var common: [UInt32]?
        for (w, word) in queryWords.enumerated() {
            guard tuning.narrowsContains, let bits = ContainsCandidates.bits(word, typoItems: nil, segment: segment)
            else { continue }
            substringBits[w] = Self.copy(of: bits.words)
            let items = bits.members()
            common = common.map { SortedIndices.intersection($0[...], items[...]) } ?? items
        }
        if var common {
            if case .list(let list) = scanned { common = SortedIndices.intersection(list[...], common[...]) }
            preferredItems = common
        }
        return scanned
    }()

    var titleTierItems: TitleTierItems? { titleTier.items }

    /// The score of the title-tier item at `position` of the title order: exact (its
    /// ``prefixQuality`` with the byte after the prefix, its tiebreak on the title), read in
    /// constant time, so that the title-tier phase passes over the items that cannot enter;
    /// else the best score every word can get.
    func titleTierBound(_ position: Int) -> UInt64 {
        guard let prefixQuality else { return titleTier.bound(position, quality: 0x4000 + bestTotal, proximity: 255) }
        let title = ownFolded(0, Int(segment.titleBytes.order[position]))
        return titleTier.bound(
            position, quality: 0x4000 + prefixQuality + FuzzyScorer.endBonus(title, after: folded.count - 1),
            proximity: tiebreak.rank(length: title.count, begin: 0, end: folded.count))
    }

    /// One bound for every position (no weights, and nothing read per item), or nil.
    var uniformTitleTierBounds: UniformTitleTierBounds? {
        guard prefixQuality == nil else { return nil }
        return titleTier.uniformBounds(quality: 0x4000 + bestTotal, proximity: 255)
    }

    /// The greatest ``titleTierBound(_:)`` of the group `position` starts: with the end bonus
    /// unless every title of the group goes on with a word byte (``wordContinuations``).
    func titleTierGroupBound(_ position: Int) -> UInt64? {
        let group = position..<(position + PositionGroups.size)
        let endBonus = wordContinuations.contains { $0.lowerBound <= group.lowerBound && group.upperBound <= $0.upperBound }
            ? 0 : FuzzyScorer.bonusBoundaryEnd
        return titleTier.groupBound(
            position, quality: 0x4000 + (prefixQuality.map { $0 + endBonus } ?? bestTotal), proximity: 255)
    }

    /// ``prefixQuality`` of `words` in the folded query `folded`.
    private static func prefixQuality(_ words: [[UInt8]], in folded: [UInt8]) -> Int? {
        folded.withUnsafeBufferPointer { text -> Int? in
            var total = 0
            var from = 0
            for word in words {
                guard let part = word.withUnsafeBufferPointer({ pattern -> Int? in
                    guard let hit = ByteSearch.find(pattern, in: text, from: from) else { return nil }
                    from = hit + pattern.count
                    var s = FuzzyScorer.score(pattern, in: text, window: hit..<from)
                    // The end of the query is not the end of the title: the title's next byte
                    // decides that bonus.
                    if from == text.count { s -= FuzzyScorer.bonusBoundaryEnd }
                    return s
                }) else { return nil }
                total += part
            }
            return total
        }
    }

    deinit {
        keys.free()
        for w in 0..<max(words.count, 1) { substringBits[w]?.deallocate() }
        substringBits.deinitialize(count: max(words.count, 1))
        substringBits.deallocate()
        characterBits.pointee?.deallocate()
        characterBits.deinitialize(count: 1)
        characterBits.deallocate()
    }

    /// Per word (its folded key), its byte that the vocabulary (byte counts `counts`) holds
    /// least often among those whose ``PresenceMask`` bit other bytes share (in the segment's
    /// masks: `compact` for ``PresenceColumn/isCompact``), or -1.
    private static func rarestSharedByte(_ word: [UInt8], counts: [UInt32], compact: Bool) -> Int32 {
        guard counts.count == 256 else { return -1 }
        let shared = word.filter { !PresenceMask.hasOwnBit($0, compact: compact) }
        return shared.min { counts[Int($0)] < counts[Int($1)] }.map { Int32($0) } ?? -1
    }

    /// ``characterBits``: per query word with a byte its presence mask cannot tell (its rarest
    /// in the vocabulary, as ``rareBytes``), the items that can hold the character of that byte
    /// (``ContainsCandidates/bits(_:typoItems:segment:)`` of the character as a word: nil for
    /// one the index cannot narrow, or held by more than a third of the items), intersected;
    /// nil when no word's character narrows.
    private func rareCharacterItems() -> UnsafeMutablePointer<UInt64>? {
        var result: UnsafeMutablePointer<UInt64>?
        var length = 0
        for word in queryWords {
            let rare = Self.rarestSharedByte(
                word.key, counts: segment.vocabularyByteCounts, compact: segment.presence.isCompact)
            // (A word of one character narrows by ``substringBits`` alone: they are its holders.)
            guard rare >= 0, let character = Self.character(holding: UInt8(rare), in: word.key),
                character.count < word.key.count
            else { continue }
            let alone = QueryWord(key: character, kind: word.kind, isPrefix: false, typos: false)
            guard let bits = ContainsCandidates.bits(alone, typoItems: nil, segment: segment) else { continue }
            let words = bits.words
            if let result {
                for k in 0..<min(length, words.count) { result[k] &= words[k] }
                // (Every set holds the segment's items; a shorter one holds none past its end.)
                for k in min(length, words.count)..<length { result[k] = 0 }
            } else {
                length = words.count
                result = Self.copy(of: words)
            }
        }
        return result
    }

    /// A copy of `words` that the matcher owns (at least one word; freed in deinit), for
    /// per-item reads without an array's checks.
    private static func copy(of words: [UInt64]) -> UnsafeMutablePointer<UInt64> {
        let raw = UnsafeMutablePointer<UInt64>.allocate(capacity: max(words.count, 1))
        raw.initialize(repeating: 0, count: max(words.count, 1))
        words.withUnsafeBufferPointer { if let base = $0.baseAddress { raw.update(from: base, count: $0.count) } }
        return raw
    }

    /// The bytes of the first whole character of `key` (valid UTF-8) that holds byte `b`.
    private static func character(holding b: UInt8, in key: [UInt8]) -> [UInt8]? {
        guard var start = key.firstIndex(of: b) else { return nil }
        while start > 0 && key[start] & 0xC0 == 0x80 { start -= 1 }
        let length = FuzzyScorer.characterLength(key[start], left: key.count - start)
        return Array(key[start..<(start + length)])
    }

    /// ``Segment/ownFolded(_:_:)``: the folded `field` of item `i` without its readings, not
    /// searched for their separator when the item's presence mask lacks a bit of it (most
    /// items: a Latin title has no byte above ASCII), which every position of a large
    /// title-tier block (`f`) would otherwise pay.
    @inline(__always) private func ownFolded(_ field: UInt32, _ i: Int) -> UnsafeBufferPointer<UInt8> {
        segment.presenceKey(i) & separatorBits != separatorBits ? segment.rawFolded(field, i) : segment.ownFolded(field, i)
    }

    /// False when ``characterBits`` rule out that item `i` holds a match.
    @inline(__always) private func mayHoldCharacters(_ i: Int) -> Bool {
        guard let bits = characterBits.pointee else { return true }
        return bits[i >> 6] & (1 << UInt64(i & 63)) != 0
    }

    /// False when the index has ruled out that item `i` holds word `w` as a substring.
    @inline(__always) private func maySubstring(_ w: Int, _ i: Int) -> Bool {
        guard let bits = substringBits[w] else { return true }
        return bits[i >> 6] & (1 << UInt64(i & 63)) != 0
    }

    /// Title-prefix tiers need the title to start with the query; the others need every word
    /// as a substring, which the index's bits rule out cheaply. Whether and where each word is
    /// a substring is left to ``evaluate(_:toReach:)``, which searches anyway and stops at the
    /// first word without one when the selection needs more than the fuzzy tier.
    func ceiling(_ i: Int, floor: UInt8) -> MatchTier {
        // An item lacking a word's bytes is not a match at all; evaluate rejects it.
        if segment.presenceKey(i) & required != required { return .exactTitle }
        // Without every word as a substring, the title cannot start with the query either.
        for w in 0..<words.count where !maySubstring(w, i) { return .fuzzy }
        if searchesTitle && segment.titleStarts(with: keys[words.count], i) { return .exactTitle }
        return .inOrder
    }

    /// ``ceiling(_:floor:)`` and the presence test of ``evaluate(_:toReach:)`` for the items
    /// `64 * block ..< 64 * block + 64` (``MatchPlan/lowCeilings``): those lacking a word's
    /// bytes (no match), and those holding them with a word the index rules out as a
    /// substring (the fuzzy tier at best).
    func lowCeilings(_ block: Int) -> LowCeilings {
        // The items that may hold every word as a substring.
        var substrings = UInt64.max
        for w in 0..<words.count {
            if let bits = substringBits[w] { substrings &= bits[block] }
        }
        let first = block << 6
        // Without a branch per item: most blocks mix items with and without the word's bytes.
        let masks = segment.presence
        let end = min(first + 64, segment.count, masks.count)
        var present: UInt64 = 0
        if first < end {
            let required = required
            for k in 0..<(end - first) {
                let holds: UInt64 = masks.key(first + k) & required == required ? 1 : 0
                present |= holds &<< UInt64(truncatingIfNeeded: k)
            }
        }
        let holding = characterBits.pointee.map { present & $0[block] } ?? present
        return LowCeilings(none: ~holding, low: holding & ~substrings)
    }

    func evaluate(_ i: Int) -> Evaluation? { evaluate(i, toReach: 0) }

    /// The least summed word score with which an item of the fuzzy tier reaches `threshold`
    /// (its score with that quality at its best field, proximity and weight), within ±2⁴⁰ (no
    /// overflow when word bounds are subtracted from it).
    @inline(__always) private func neededTotal(_ threshold: UInt64, weightKey: UInt32) -> Int {
        let none = -(1 << 40)
        guard threshold != 0, tuning.boundsFuzzyAlignment else { return none }
        let tier = UInt8(truncatingIfNeeded: threshold >> 61)
        if tier < MatchTier.fuzzy.rawValue { return none }
        if tier > MatchTier.fuzzy.rawValue { return 1 << 40 }
        let quality = Int((threshold >> 45) & 0xFFFF)
        let best = Score.make(tier: .fuzzy, quality: quality, field: .title, proximity: 255, weightKey: weightKey)
        let needed = best >= threshold ? quality : quality + 1
        return needed <= 0 ? none : needed - 0x4000
    }

    /// The score of item `i` (see ``SegmentMatcher/evaluate(_:toReach:)``). A word found only
    /// as a subsequence is aligned (``FuzzyAlignment``) only as far as its score can still
    /// matter: to beat its greedy placement and its other fields, and to reach the word's share
    /// of `threshold` (what the item needs, less the words before it and the most each word
    /// after it can score). An item that can reach `threshold` gets every word's exact score.
    /// Its case (``ItemConditions/acceptsCase(_:)``) is checked only when its score reaches
    /// `threshold` (``SearchTuning/defersCaseCheck``): below, a possible match is enough.
    func evaluate(_ i: Int, toReach threshold: UInt64) -> Evaluation? {
        if segment.presenceKey(i) & required != required || !mayHoldCharacters(i) { return nil }
        if !conditions.isEmpty && !conditions.accepts(i) { return nil }
        let needed = neededTotal(threshold, weightKey: segment.weightKey(i))
        // Above the fuzzy tier only substrings (or a title starting with the query) count;
        // above the infix tier, only substrings at word starts.
        let floorTier = UInt8(truncatingIfNeeded: threshold >> 61)
        let substringsOnly = floorTier > MatchTier.fuzzy.rawValue
            && !(searchesTitle && segment.titleStarts(with: keys[words.count], i))
        let wordStartsOnly = substringsOnly && floorTier > MatchTier.infix.rawValue
        // Per field, its camelCase marks, read once for all words when first needed.
        // Room for the three fields' mark counts and the longest word's earliest placement.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 3 * CamelMarks.capacity) { buffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 + longestWord) { counts in
                let counts = counts.baseAddress!
                counts.initialize(repeating: -1, count: 3)
                guard let found = evaluate(
                    i, needed: needed, substringsOnly: substringsOnly, wordStartsOnly: wordStartsOnly,
                    marks: buffer.baseAddress!, markCounts: counts, scratch: counts + 3)
                else { return nil }
                let reach = tuning.defersCaseCheck ? threshold : 0
                return conditions.keeps(i, scoring: found.score, toReach: reach) ? found : nil
            }
        }
    }

    /// ``evaluate(_:toReach:)`` of a present, accepted item `i`, before its case check, that
    /// needs a summed score of `needed` (see ``neededTotal(_:weightKey:)``), with room for each
    /// field's ``CamelMarks``
    /// (``CamelSource``). With `substringsOnly` (the selection needs more than the fuzzy tier,
    /// and the title does not start with the query), a word found as a substring nowhere ends
    /// the evaluation: the item is a possible match that cannot enter, recorded with a
    /// fuzzy-tier score below the threshold without its subsequence being looked for (as the
    /// examiner records an item whose ceiling is below the floor). With `wordStartsOnly` (the
    /// selection needs more than the infix tier, too), so does a word whose best substring is
    /// not at a word start.
    @inline(__always)
    private func evaluate(
        _ i: Int, needed: Int, substringsOnly: Bool, wordStartsOnly: Bool, marks: UnsafeMutablePointer<Int32>,
        markCounts: UnsafeMutablePointer<Int>, scratch: UnsafeMutablePointer<Int>
    ) -> Evaluation? {
        var total = 0
        var allSubstrings = true
        var allWordStarts = true
        var fieldCounts = (0, 0, 0)
        var worstField = 0
        // Per field, the first matched byte and one past the last of its words (the tiebreak's).
        var spans = ((Int.max, 0), (Int.max, 0), (Int.max, 0))
        for w in 0..<words.count {
            let pattern = keys[w]
            var best = Int.min
            var bestField = 0
            var bestContiguous = false
            var bestStart = false
            var bestSpan = 0..<0
            let substringPossible = maySubstring(w, i)
            // The word's share of what the item needs.
            let share = needed - total - upperAfter[w]
            for field in fieldNumbers {
                let text = segment.rawFolded(field, i)
                if text.count < pattern.count { continue }
                // A subsequence placement matters only above the best of the fields before (a
                // substring there always wins).
                let minimum = bestContiguous ? Self.never : (best == Int.min ? share : max(share, best + 1))
                // After a substring field only another substring can win.
                guard let found = Self.placement(
                    pattern, in: text, substringPossible: substringPossible,
                    substringOnly: substringsOnly || bestContiguous, rareByte: rareBytes[w], reaching: minimum,
                    camel: CamelSource(
                        patches: segment.rawPatches(field), item: i,
                        marks: marks + Int(field) * CamelMarks.capacity, count: markCounts + Int(field)),
                    scratch: scratch)
                else {
                    continue
                }
                let s = found.score
                // A substring beats a subsequence (its tier is higher), whatever the scores.
                if found.contiguous && !bestContiguous || (found.contiguous == bestContiguous && s > best) {
                    best = s
                    bestField = Int(field)
                    bestContiguous = found.contiguous
                    bestStart = found.wordStart
                    bestSpan = found.span
                }
            }
            if best == Int.min || wordStartsOnly && !bestStart {
                if !substringsOnly { return nil }
                return Evaluation(
                    score: Score.make(
                        tier: .fuzzy, quality: 0, field: .keywords, proximity: 0, weightKey: segment.weightKey(i)),
                    field: .title)
            }
            total += best
            if !bestContiguous { allSubstrings = false }
            if !bestStart { allWordStarts = false }
            switch bestField {
            case 0:
                fieldCounts.0 += 1
                spans.0 = Self.union(spans.0, bestSpan)
            case 1:
                fieldCounts.1 += 1
                spans.1 = Self.union(spans.1, bestSpan)
            default:
                fieldCounts.2 += 1
                spans.2 = Self.union(spans.2, bestSpan)
            }
            worstField = max(worstField, bestField)
        }
        let tier: MatchTier
        if searchesTitle && segment.titleStarts(with: keys[words.count], i) {
            tier = ownFolded(0, i).count == folded.count ? .exactTitle : .titlePrefix
            if let prefixQuality {
                // Scored at the prefix, in the title (see ``prefixQuality``).
                total = prefixQuality + FuzzyScorer.endBonus(segment.rawFolded(0, i), after: folded.count - 1)
                fieldCounts = (words.count, 0, 0)
                worstField = 0
                spans.0 = (0, folded.count)
            }
        } else if allSubstrings {
            tier = allWordStarts ? .inOrder : .infix
        } else {
            tier = .fuzzy
        }
        // The field most words matched in (the earlier field on a tie).
        var report = 0
        if fieldCounts.1 > fieldCounts.0 && fieldCounts.1 >= fieldCounts.2 { report = 1 }
        if fieldCounts.2 > fieldCounts.0 && fieldCounts.2 > fieldCounts.1 { report = 2 }
        // Hits of equal quality: the tiebreak on the reported field, in the proximity bits (a
        // fuzzy score has no proximity; the bounds' 255 stays an upper bound).
        var rank = 255
        if tiebreak != .index {
            let span = report == 0 ? spans.0 : (report == 1 ? spans.1 : spans.2)
            rank = tiebreak.rank(
                length: ownFolded(UInt32(report), i).count, begin: span.0, end: span.1)
        }
        return Evaluation(
            score: Score.make(
                tier: tier, quality: 0x4000 + total, field: SearchField(rawValue: UInt32(worstField)) ?? .keywords,
                proximity: rank, weightKey: segment.weightKey(i)),
            field: SearchField(rawValue: UInt32(report)) ?? .title)
    }

    /// The smallest span (first byte, one past the last) holding `a` and `b` (`a` may be the
    /// empty start, `(Int.max, 0)`).
    @inline(__always) private static func union(_ a: (Int, Int), _ b: Range<Int>) -> (Int, Int) {
        (min(a.0, b.lowerBound), max(a.1, b.upperBound))
    }

    func highlightSpans(_ i: Int, field: SearchField, within limit: HighlightLimit) -> [HighlightSpan] {
        let arena = segment.folded[Int(field.rawValue)]
        let range = arena.range(i)
        var positions: [Int] = []
        // The marks, and their count (one more slot, -1 until read).
        var marks = [Int32](repeating: 0, count: CamelMarks.capacity)
        var count = [-1]
        let patches = segment.rawPatches(field.rawValue)
        arena.bytes.withUnsafeBufferPointer { bytes in
            marks.withUnsafeMutableBufferPointer { marks in
                count.withUnsafeMutableBufferPointer { count in
                    // The limit cuts the text only: its marks beyond are never read (placements
                    // stay inside the text).
                    let text = UnsafeBufferPointer(rebasing: bytes[range].prefix(limit.keyBytes))
                    let camel = CamelSource(
                        patches: patches, item: i, marks: marks.baseAddress!, count: count.baseAddress!,
                        whole: UnsafeBufferPointer(rebasing: bytes[range]))
                    for word in words {
                        word.withUnsafeBufferPointer { pattern in
                            _ = Self.placement(
                                pattern, in: text, substringPossible: true, camel: camel, positions: &positions)
                        }
                    }
                }
            }
        }
        return positions.map { .keyBytes($0..<($0 + 1)) }
    }

    /// Where one word matches one text: its score, the span from its first matched byte to one
    /// past its last, whether it is a substring and whether it starts at a word start.
    struct Placement {
        var score: Int
        var span: Range<Int>
        var contiguous: Bool
        var wordStart: Bool
    }

    /// A ``placement(_:in:substringPossible:substringOnly:rareByte:reaching:camel:scratch:positions:)`` minimum no score reaches.
    private static let never = 1 << 40

    /// Where `pattern` matches `text` and its score: at a substring occurrence when there is
    /// one (the first at a word start, else the first), which ranks as ``MatchTier/inOrder`` or
    /// ``MatchTier/infix``; otherwise at the
    /// best-scoring subsequence placement (``FuzzyAlignment``), found after the cheap greedy
    /// one (``FuzzyScorer/window(_:in:)``) has shown there is a match, and no worse than it.
    /// Nil when `pattern` is not a subsequence of `text`. The placement's positions are
    /// appended to `positions` when asked.
    /// - Parameter substringPossible: false when the index has ruled out an occurrence.
    /// - Parameter substringOnly: a subsequence placement cannot matter: nil without a substring.
    /// - Parameter rareByte: a byte of `pattern` (or -1): a text without it is no match.
    /// - Parameter scratch: room for `pattern.count` positions (nil: allocated here).
    /// - Parameter minimum: the subsequence score that matters: a best placement below it is
    ///   not looked for, and the greedy one is answered (without `positions` only).
    @inline(__always)
    private static func placement(
        _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, substringPossible: Bool,
        substringOnly: Bool = false, rareByte: Int32 = -1, reaching minimum: Int = Int.min, camel: CamelSource,
        scratch: UnsafeMutablePointer<Int>? = nil,
        positions: UnsafeMutablePointer<[Int]>? = nil
    ) -> Placement? {
        let m = pattern.count
        if substringPossible {
            var first: Int?
            var from = 0
            while let hit = ByteSearch.find(pattern, in: text, from: from) {
                if ByteSearch.isWordStart(text, hit) {
                    first = hit
                    break
                }
                if first == nil { first = hit }
                from = hit + 1
            }
            if let first {
                positions?.pointee.append(contentsOf: first..<(first + m))
                // A run that starts with a boundary bonus keeps it, above the camelCase bonus: the
                // marks cannot change its score, and are not read.
                let before = first > 0 ? FuzzyScorer.charClass(text[first - 1]) : .white
                let atBoundary =
                    FuzzyScorer.bonus(before, FuzzyScorer.charClass(text[first])) >= FuzzyScorer.bonusBoundary
                return Placement(
                    score: FuzzyScorer.score(
                        pattern, in: text, window: first..<(first + m),
                        camel: atBoundary ? FuzzyScorer.noMarks : camel.marks(text)),
                    span: first..<(first + m),
                    contiguous: true, wordStart: ByteSearch.isWordStart(text, first))
            }
        }
        guard !substringOnly, m > 0, text.count >= m else { return nil }
        if rareByte >= 0, let base = text.baseAddress, memchr(base, rareByte, text.count) == nil { return nil }
        if let scratch {
            guard FuzzyScorer.forward(pattern, in: text, into: scratch) else { return nil }
            return subsequence(
                pattern, in: text, earliest: scratch, reaching: minimum, camel: camel.marks(text), positions: positions)
        }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: m) { earliest -> Placement? in
            guard FuzzyScorer.forward(pattern, in: text, into: earliest.baseAddress!) else { return nil }
            return subsequence(
                pattern, in: text, earliest: earliest.baseAddress!, reaching: minimum, camel: camel.marks(text),
                positions: positions)
        }
    }

    /// ``placement(_:in:substringPossible:substringOnly:rareByte:reaching:camel:scratch:positions:)`` of a `pattern` that is not a
    /// substring of `text`, from its earliest placement.
    @inline(__always)
    private static func subsequence(
        _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, earliest: UnsafePointer<Int>,
        reaching minimum: Int, camel: UnsafeBufferPointer<Int32>, positions: UnsafeMutablePointer<[Int]>?
    ) -> Placement {
        let m = pattern.count
        let window = FuzzyScorer.window(pattern, in: text, end: earliest[m - 1] + 1)
        let wordStart = ByteSearch.isWordStart(text, window.lowerBound)
        let greedy = FuzzyScorer.score(pattern, in: text, window: window, camel: camel)
        if window.count == m {
            positions?.pointee.append(contentsOf: window)
            return Placement(score: greedy, span: window, contiguous: true, wordStart: wordStart)
        }
        var optimal: [Int] = []
        // Only a placement that beats the greedy one changes anything.
        let found = positions == nil
            ? FuzzyAlignment.best(pattern, in: text, reaching: max(minimum, greedy + 1), earliest: earliest, camel: camel)
            : FuzzyAlignment.best(pattern, in: text, earliest: earliest, camel: camel, positions: &optimal)
        if let found, found.score > greedy {
            positions?.pointee.append(contentsOf: optimal)
            return Placement(score: found.score, span: found.span, contiguous: false, wordStart: wordStart)
        }
        if let positions { _ = FuzzyScorer.score(pattern, in: text, window: window, camel: camel, positions: positions) }
        return Placement(score: greedy, span: window, contiguous: false, wordStart: wordStart)
    }
}

extension FuzzyMatcher {
    /// Tier ceilings from substring searches, the title-byte block with its bounds, and the
    /// candidates that hold every word as a substring.
    var plan: MatchPlan {
        let bulk: (@Sendable (Int) -> LowCeilings)? =
            if tuning.bulkCeilings { { [self] block in lowCeilings(block) } } else { nil }
        return MatchPlan(
            ceiling: { [self] in ceiling($0, floor: $1) }, lowestCeiling: .fuzzy, lowCeilings: bulk,
            titleTiers: titleTierItems.map { items in
                TitleTierPlan(
                    items: items, bound: { [self] in titleTierBound($0) }, uniformBounds: uniformTitleTierBounds,
                    groupBound: { [self] in titleTierGroupBound($0) }, leadingEnd: leadingEnd)
            },
            preferredItems: { [self] in preferredItems }, asTypedItems: nil, evaluateAsTyped: nil, rankOrder: nil)
    }
}

/// Where a text's camelCase marks (``CamelMarks``) come from: read from its patch only when a
/// placement is scored (most texts a search reads are not a match at all, and reading a patch
/// is one more memory access per item).
struct CamelSource {
    /// The ``FoldPatch``es of the text's field.
    let patches: RawArena
    /// The text's item.
    let item: Int
    /// Room for ``CamelMarks/capacity`` marks.
    let marks: UnsafeMutablePointer<Int32>
    /// How many of ``marks`` are the text's, or -1 before they are read (once, by the first
    /// placement that needs them).
    let count: UnsafeMutablePointer<Int>
    /// The whole folded text the patch belongs to, when the text scored is a prefix of it
    /// (nil: the text scored).
    var whole: UnsafeBufferPointer<UInt8>? = nil

    /// The marks of `text` (the folded text, or a prefix of ``whole``), ascending.
    @inline(__always) func marks(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<Int32> {
        if count.pointee < 0 {
            let patch = patches.text(item)
            count.pointee = patch.isEmpty ? 0 : CamelMarks.find(patch: patch, folded: whole ?? text, into: marks)
        }
        return UnsafeBufferPointer(start: marks, count: count.pointee)
    }
}
