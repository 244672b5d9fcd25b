/// Turns what a matcher matched in a field's folded text into byte ranges of the original
/// text, through the text layer's folded-to-original map. Run only for the returned hits, with
/// one analysis of each hit's text (the key, its map and the tokens come from the same pass).
enum Highlighter {
    /// Highlights cover at most this many bytes at the start of a field's text. In a longer
    /// text they cover the start up to the last space or line feed before this byte that an
    /// ASCII character follows (where the words and the fold of the start end as in the whole
    /// text; none when there is no such place): the matches further in still find and rank the
    /// item, but are not highlighted. So the work of one hit's highlights stays bounded
    /// however long its text (a text may have 64 MiB), and a text up to this long is
    /// highlighted in full.
    static let highlightedBytes = 1 << 16

    /// How many bytes at the start of the UTF-8 `text` its highlights cover (see
    /// ``highlightedBytes``): all of them when there are at most that many.
    static func highlightedLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard text.count > highlightedBytes else { return text.count }
        var cut = highlightedBytes
        while cut > 0 {
            let before = text[cut - 1]
            if (before == 0x20 || before == 0x0A) && text[cut] < 0x80 { return cut }
            cut -= 1
        }
        return 0
    }

    /// The highlights of a text longer than ``highlightedBytes``: the spans `spans` gives within
    /// the key and tokens of the text's first `length` bytes (``highlightedLength(_:)``), mapped
    /// through one analysis of those bytes.
    static func ranges(
        inFirst length: Int, of text: UnsafeBufferPointer<UInt8>, analyzer: TextAnalyzer,
        spans: (HighlightLimit) -> [HighlightSpan]
    ) -> [Range<Int>] {
        guard length > 0 else { return [] }
        let start = String(decoding: UnsafeBufferPointer(rebasing: text[..<length]), as: UTF8.self)
        return analyzer.withMappedAnalysis(start) { analysis in
            map(spans(HighlightLimit(keyBytes: analysis.keyLength, tokens: analysis.tokens.count)), analysis)
        }
    }

    /// Sorted, disjoint UTF-8 byte ranges of `original` covering `spans`.
    /// - Parameter foldedLength: the length of the field's stored folded text, when known: an
    ///   ASCII text without CR whose folded text is as long is its own lower-cased key, so
    ///   folded-byte spans are original byte ranges and no analysis is needed.
    /// - Parameter alignment: how the field's folded text lines up with `original`, read from
    ///   the item's stored patch, when the caller has it: spans of folded bytes are mapped
    ///   through it without folding the text again, unless it cannot tell (then, and for spans
    ///   naming tokens, the text is analysed).
    /// - Parameter transliteration: the index's, when it has one: the analysis then appends the
    ///   text's transliterated words as indexing did, and spans in them map to the words.
    static func ranges(
        _ spans: [HighlightSpan], original: String, analyzer: TextAnalyzer, foldedLength: Int? = nil,
        alignment: FoldAlignment? = nil, transliteration: Transliteration? = nil
    ) -> [Range<Int>] {
        guard !spans.isEmpty, !original.isEmpty else { return [] }
        if let foldedLength, let ranges = identityRanges(spans, original: original, foldedLength: foldedLength) {
            return ranges
        }
        if let alignment, let ranges = alignedRanges(spans, alignment) { return ranges }
        if let transliteration {
            return transliteration.withMappedAnalysis(original, analyzer: analyzer) { map(spans, $0) }
        }
        return analyzer.withMappedAnalysis(original, tokens: spans.contains(where: \.namesToken)) { analysis in
            map(spans, analysis)
        }
    }

    /// The original ranges of `spans` through the analysis of their text.
    private static func map(_ spans: [HighlightSpan], _ analysis: MappedAnalysis) -> [Range<Int>] {
        guard !spans.isEmpty else { return [] }
        var text = analysis.original
        return text.withUTF8 { bytes in
            var graphemes = GraphemeWidener(bytes)
            var ranges: [Range<Int>] = []
            for span in spans {
                guard let keyRange = keyRange(of: span, tokens: analysis.tokens) else { continue }
                let lower = min(max(keyRange.lowerBound, 0), analysis.keyLength)
                let upper = min(max(keyRange.upperBound, lower), analysis.keyLength)
                guard lower < upper else { continue }
                let range = analysis.originalRange(ofKeyBytes: lower..<upper, graphemes: &graphemes)
                if !range.isEmpty { ranges.append(range) }
            }
            return SortedRanges.union(ranges)
        }
    }

    /// The original ranges of folded-byte `spans`, through `alignment`; nil when a span names a
    /// token or the alignment cannot map one.
    private static func alignedRanges(_ spans: [HighlightSpan], _ alignment: FoldAlignment) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        var graphemes = GraphemeWidener(alignment.original)
        var cursor = FoldAlignment.Cursor()
        for span in spans {
            guard case .keyBytes(let range) = span,
                let mapped = alignment.originalRange(ofFolded: range, graphemes: &graphemes, cursor: &cursor)
            else {
                return nil
            }
            if !mapped.isEmpty { ranges.append(mapped) }
        }
        return SortedRanges.union(ranges)
    }

    /// The ranges of key-byte `spans` when the key of `original` is the text itself lower-cased
    /// byte for byte (ASCII, no CR, whose CR LF is one grapheme, and a folded text of the same
    /// length); nil otherwise, or when a span names a token.
    private static func identityRanges(_ spans: [HighlightSpan], original: String, foldedLength: Int) -> [Range<Int>]? {
        var text = original
        let isIdentity = text.withUTF8 { bytes in
            bytes.count == foldedLength && !bytes.contains { $0 >= 0x80 || $0 == 0x0D }
        }
        guard isIdentity else { return nil }
        var ranges: [Range<Int>] = []
        for span in spans {
            guard case .keyBytes(let range) = span else { return nil }
            let lower = min(max(range.lowerBound, 0), foldedLength)
            let upper = min(max(range.upperBound, lower), foldedLength)
            if lower < upper { ranges.append(lower..<upper) }
        }
        return SortedRanges.union(ranges)
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
}
