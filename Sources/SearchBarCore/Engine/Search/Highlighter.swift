/// Turns what a matcher matched in a field's folded text into byte ranges of the original
/// text, through the text layer's folded-to-original map. Run only for the returned hits, with
/// one analysis of each hit's text (the key, its map and the tokens come from the same pass).
enum Highlighter {
    /// Sorted, disjoint UTF-8 byte ranges of `original` covering `spans`.
    static func ranges(_ spans: [HighlightSpan], original: String, analyzer: TextAnalyzer) -> [Range<Int>] {
        guard !spans.isEmpty, !original.isEmpty else { return [] }
        return analyzer.withMappedAnalysis(original) { analysis in
            var ranges: [Range<Int>] = []
            for span in spans {
                guard let keyRange = keyRange(of: span, tokens: analysis.tokens) else { continue }
                let lower = min(max(keyRange.lowerBound, 0), analysis.keyLength)
                let upper = min(max(keyRange.upperBound, lower), analysis.keyLength)
                guard lower < upper else { continue }
                let range = analysis.originalRange(ofKeyBytes: lower..<upper)
                if !range.isEmpty { ranges.append(range) }
            }
            return merge(ranges)
        }
    }

    /// The key bytes a span covers: its own range, or (part of) its token's key; nil for a
    /// token the text does not have.
    static func keyRange(of span: HighlightSpan, tokens: UnsafeBufferPointer<TokenSpan>) -> Range<Int>? {
        switch span {
        case .keyBytes(let range):
            return range
        case .token(let position, let prefixBytes):
            guard position >= 0, position < tokens.count else { return nil }
            let keyRange = tokens[position].keyRange
            guard let prefixBytes else { return keyRange }
            return keyRange.lowerBound..<min(keyRange.upperBound, keyRange.lowerBound + prefixBytes)
        }
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
