/// Turns what a matcher matched in a field's folded text into byte ranges of the original
/// text, through the text layer's folded-to-original map. Run only for the returned hits.
enum Highlighter {
    /// Sorted, disjoint UTF-8 byte ranges of `original` covering `spans`.
    static func ranges(_ spans: [HighlightSpan], original: String, analyzer: TextAnalyzer) -> [Range<Int>] {
        guard !spans.isEmpty, !original.isEmpty else { return [] }
        let mapped = analyzer.foldMapped(original)
        let keyLength = mapped.key.utf8.count
        var tokens: [TokenSpan]? = nil
        var ranges: [Range<Int>] = []
        for span in spans {
            var keyRange: Range<Int>
            switch span {
            case .keyBytes(let range):
                keyRange = range
            case .token(let position, let prefixBytes):
                if tokens == nil { tokens = analyzer.analyze(original).tokens }
                guard let tokens, position < tokens.count else { continue }
                let token = tokens[position]
                keyRange = token.keyRange
                if let prefixBytes {
                    keyRange = keyRange.lowerBound..<min(keyRange.upperBound, keyRange.lowerBound + prefixBytes)
                }
            }
            let lower = min(max(keyRange.lowerBound, 0), keyLength)
            let upper = min(max(keyRange.upperBound, lower), keyLength)
            guard lower < upper else { continue }
            let range = mapped.originalRange(ofKeyBytes: lower..<upper)
            if !range.isEmpty { ranges.append(range) }
        }
        return merge(ranges)
    }

    /// Sorts ranges and joins overlapping or touching ones.
    static func merge(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
