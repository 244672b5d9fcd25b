/// Fuzzy mode on one segment: every query word must be an in-order subsequence of a folded
/// field; items are ranked by the summed fzf-style score (exact, title-prefix and substring
/// matches first).
final class FuzzyMatcher: SegmentMatcher, @unchecked Sendable {
    private let segment: Segment
    private let words: [[UInt8]]
    private let folded: [UInt8]
    private let conditions: ItemConditions
    private let fields: [SearchField]
    let candidates: Candidates

    /// A matcher for `query` on `segment`.
    init(query: CompiledQuery, segment: Segment, conditions: ItemConditions, fields: [SearchField],
         restrictTo: [UInt32]?)
    {
        self.segment = segment
        words = query.words.map(\.key)
        folded = query.folded
        self.conditions = conditions
        self.fields = fields
        if conditions.excludesAll {
            candidates = .list([])
        } else if let restrictTo {
            candidates = .list(restrictTo)
        } else {
            candidates = .all
        }
    }

    func evaluate(_ i: Int) -> Evaluation? {
        if !conditions.isEmpty && !conditions.accepts(i) { return nil }
        var total = 0
        var allSubstrings = true
        var allWordStarts = true
        var fieldCounts = [0, 0, 0]
        var worstField = 0
        for word in words {
            var best = Int.min
            var bestField = 0
            var bestContiguous = false
            var bestStart = false
            for field in fields {
                let arena = segment.folded[Int(field.rawValue)]
                let range = arena.range(i)
                if range.count < word.count { continue }
                arena.bytes.withUnsafeBufferPointer { bytes in
                    let text = UnsafeBufferPointer(rebasing: bytes[range])
                    word.withUnsafeBufferPointer { pattern in
                        guard let window = FuzzyScorer.window(pattern, in: text) else { return }
                        let s = FuzzyScorer.score(pattern, in: text, window: window)
                        if s > best {
                            best = s
                            bestField = Int(field.rawValue)
                            bestContiguous = window.count == pattern.count
                            bestStart = ByteSearch.isWordStart(text, window.lowerBound)
                        }
                    }
                }
            }
            if best == Int.min { return nil }
            total += best
            if !bestContiguous { allSubstrings = false }
            if !bestStart { allWordStarts = false }
            fieldCounts[bestField] += 1
            worstField = max(worstField, bestField)
        }
        let tier: MatchTier
        let title = segment.foldedBytes(.title, i)
        if fields.contains(.title) && title.elementsEqual(folded) {
            tier = .exactTitle
        } else if fields.contains(.title) && title.starts(with: folded) {
            tier = .titlePrefix
        } else if allSubstrings {
            tier = allWordStarts ? .inOrder : .infix
        } else {
            tier = .fuzzy
        }
        let report = fieldCounts.indices.max { fieldCounts[$0] < fieldCounts[$1] || (fieldCounts[$0] == fieldCounts[$1] && $0 > $1) } ?? 0
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
