/// Fuzzy mode on one segment: every query word must be an in-order subsequence of a folded
/// field; items are ranked by the summed fzf-style score (exact, title-prefix and substring
/// matches first).
final class FuzzyMatcher: SegmentMatcher, @unchecked Sendable {
    private let segment: Segment
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
    let candidates: Candidates
    /// The title tiers (see ``TitlePrefixTier``).
    private let titleTier: TitlePrefixTier
    /// The best summed score any item can get (see ``titleTierBound(_:)``).
    private let bestTotal: Int

    /// A matcher for `query` on `segment`.
    init(query: CompiledQuery, segment: Segment, conditions: ItemConditions, fields: [SearchField],
         restrictTo: [UInt32]?)
    {
        self.segment = segment
        words = query.words.map(\.key)
        folded = query.folded
        self.conditions = conditions
        self.fields = fields
        searchesTitle = fields.contains(.title)
        keys = KeyTable(query.words.map(\.key) + [query.folded])
        fieldNumbers = fields.map(\.rawValue)
        required = words.reduce(0) { $0 | PresenceMask.of($1) }
        if conditions.excludesAll {
            candidates = .list([])
        } else if let restrictTo {
            candidates = .list(restrictTo)
        } else {
            candidates = .all
        }
        // A word of m bytes scores at most m × (match + best bonus) plus the best bonus once
        // more for its doubled first character (reached by a contiguous match at a word start).
        let bestBonus = FuzzyScorer.bonusBoundaryWhite
        bestTotal = words.reduce(0) { $0 + $1.count * (FuzzyScorer.scoreMatch + bestBonus) + bestBonus }
        titleTier = TitlePrefixTier(
            folded: query.folded, segment: segment, searchesTitle: searchesTitle, conditions: conditions,
            candidates: candidates)
    }

    var titleTierItems: TitleTierItems? { titleTier.items }

    /// The best score every word can get.
    func titleTierBound(_ position: Int) -> UInt64 {
        titleTier.bound(position, quality: 0x4000 + bestTotal, proximity: 255)
    }

    deinit { keys.free() }

    /// Title-prefix tiers need the title to start with the query; the others need every word
    /// as a substring (at a word start for ``MatchTier/inOrder``), which a byte search settles
    /// faster than scoring.
    func ceiling(_ i: Int, floor: UInt8) -> MatchTier {
        if searchesTitle && segment.titleStarts(with: keys[words.count], i) { return .exactTitle }
        if floor > MatchTier.inOrder.rawValue { return .inOrder }
        // An item lacking a word's bytes is not a match at all; evaluate rejects it.
        if segment.presence(i) & required != required { return .exactTitle }
        var tier = MatchTier.inOrder
        for w in 0..<words.count {
            var found = false
            var atStart = false
            for field in fieldNumbers where !atStart {
                let text = segment.rawFolded(field, i)
                var from = 0
                while let hit = ByteSearch.find(keys[w], in: text, from: from) {
                    found = true
                    if ByteSearch.isWordStart(text, hit) {
                        atStart = true
                        break
                    }
                    from = hit + 1
                }
            }
            if !found { return .fuzzy }
            if !atStart { tier = .infix }
        }
        return tier
    }

    func evaluate(_ i: Int) -> Evaluation? {
        if segment.presence(i) & required != required { return nil }
        if !conditions.isEmpty && !conditions.accepts(i) { return nil }
        var total = 0
        var allSubstrings = true
        var allWordStarts = true
        var fieldCounts = (0, 0, 0)
        var worstField = 0
        for w in 0..<words.count {
            let pattern = keys[w]
            var best = Int.min
            var bestField = 0
            var bestContiguous = false
            var bestStart = false
            for field in fieldNumbers {
                let text = segment.rawFolded(field, i)
                if text.count < pattern.count { continue }
                guard let window = FuzzyScorer.window(pattern, in: text) else { continue }
                let s = FuzzyScorer.score(pattern, in: text, window: window)
                if s > best {
                    best = s
                    bestField = Int(field)
                    bestContiguous = window.count == pattern.count
                    bestStart = ByteSearch.isWordStart(text, window.lowerBound)
                }
            }
            if best == Int.min { return nil }
            total += best
            if !bestContiguous { allSubstrings = false }
            if !bestStart { allWordStarts = false }
            switch bestField {
            case 0: fieldCounts.0 += 1
            case 1: fieldCounts.1 += 1
            default: fieldCounts.2 += 1
            }
            worstField = max(worstField, bestField)
        }
        let tier: MatchTier
        if searchesTitle && segment.titleStarts(with: keys[words.count], i) {
            tier = segment.folded[0].length(i) == folded.count ? .exactTitle : .titlePrefix
        } else if allSubstrings {
            tier = allWordStarts ? .inOrder : .infix
        } else {
            tier = .fuzzy
        }
        // The field most words matched in (the earlier field on a tie).
        var report = 0
        if fieldCounts.1 > fieldCounts.0 && fieldCounts.1 >= fieldCounts.2 { report = 1 }
        if fieldCounts.2 > fieldCounts.0 && fieldCounts.2 > fieldCounts.1 { report = 2 }
        return Evaluation(
            score: Score.make(
                tier: tier, quality: 0x4000 + total, field: SearchField(rawValue: UInt32(worstField)) ?? .keywords,
                proximity: 255, weightKey: segment.weightKey(i)),
            field: SearchField(rawValue: UInt32(report)) ?? .title)
    }

    func highlightSpans(_ i: Int, field: SearchField) -> [HighlightSpan] {
        let arena = segment.folded[Int(field.rawValue)]
        let range = arena.range(i)
        var positions: [Int] = []
        arena.bytes.withUnsafeBufferPointer { bytes in
            let text = UnsafeBufferPointer(rebasing: bytes[range])
            for word in words {
                word.withUnsafeBufferPointer { pattern in
                    guard let window = FuzzyScorer.window(pattern, in: text) else { return }
                    _ = FuzzyScorer.score(pattern, in: text, window: window, positions: &positions)
                }
            }
        }
        return positions.map { .keyBytes($0..<($0 + 1)) }
    }
}
