@testable import SearchBarCore
import Testing

/// The highlighter maps spans with one pass of the indexing analysis (`withMappedAnalysis`);
/// it must give exactly the ranges of the reference: `foldMapped` for the map and `analyze` for
/// the tokens, two separate passes over the text.
@Suite("Engine: highlighter ranges equal the two-pass reference", .slow)
struct HighlighterEquivalenceTests {
    /// The reference mapping (what the highlighter did before it shared one analysis).
    static func referenceRanges(_ spans: [HighlightSpan], original: String, analyzer: TextAnalyzer) -> [Range<Int>] {
        guard !spans.isEmpty, !original.isEmpty else { return [] }
        let mapped = analyzer.foldMapped(original)
        let keyLength = mapped.key.utf8.count
        let tokens = analyzer.analyze(original).tokens
        var ranges: [Range<Int>] = []
        for span in spans {
            var keyRange: Range<Int>
            switch span {
            case .keyBytes(let range):
                keyRange = range
            case .token(let position, let prefixBytes):
                guard position < tokens.count else { continue }
                keyRange = tokens[position].keyRange
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
        return SortedRanges.union(ranges)
    }

    /// Span lists for a text: each token whole and cut after every key byte, every key byte and
    /// a few random key ranges (some past the end), a token past the last, and a random mix.
    static func spanLists(for text: String, analyzer: TextAnalyzer, generator: inout SplitMix) -> [[HighlightSpan]] {
        let analysis = analyzer.analyze(text)
        let keyLength = analysis.key.count
        var lists: [[HighlightSpan]] = []
        for (position, token) in analysis.tokens.enumerated() {
            lists.append([.token(position: position, prefixBytes: nil)])
            for cut in 1...max(1, min(token.keyRange.count, 6)) {
                lists.append([.token(position: position, prefixBytes: cut)])
            }
        }
        lists.append([.token(position: analysis.tokens.count, prefixBytes: nil)])
        for start in 0..<min(keyLength, 24) { lists.append([.keyBytes(start..<(start + 1))]) }
        var mix: [HighlightSpan] = []
        for _ in 0..<6 {
            let a = generator.next(below: keyLength + 2)
            let b = a + generator.next(below: 8)
            lists.append([.keyBytes(a..<b)])
            mix.append(.keyBytes(a..<b))
            if !analysis.tokens.isEmpty {
                mix.append(.token(position: generator.next(below: analysis.tokens.count), prefixBytes: generator.next(below: 5)))
            }
        }
        lists.append(mix)
        return lists
    }

    /// What the highlighter gives with the alignment the index reads from the text's stored
    /// ``FoldPatch`` (spans naming tokens still go through the analysis).
    static func alignedRanges(_ spans: [HighlightSpan], original: String, analyzer: TextAnalyzer) -> [Range<Int>] {
        let folded = Array(analyzer.fold(original).utf8)
        var patch: [UInt8] = []
        var text = original
        text.withUTF8 { bytes in
            folded.withUnsafeBytes { FoldPatch.encode(original: UnsafeRawBufferPointer(bytes), folded: $0, into: &patch) }
        }
        let tables = analyzer.tables.tailoring.german ? nil : analyzer.tables
        return text.withUTF8 { bytes in
            patch.withUnsafeBytes { patch in
                folded.withUnsafeBytes { folded in
                    Highlighter.ranges(
                        spans, original: original, analyzer: analyzer,
                        alignment: tables.map { FoldAlignment(patch: patch, folded: folded, original: bytes, tables: $0) })
                }
            }
        }
    }

    static func differences(_ texts: [String], analyzers: [TextAnalyzer], seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        var failures: [String] = []
        for (n, text) in texts.enumerated() {
            let analyzer = analyzers[n % analyzers.count]
            for spans in spanLists(for: text, analyzer: analyzer, generator: &generator) {
                let fast = Highlighter.ranges(spans, original: text, analyzer: analyzer)
                // With the stored folded length, as the engine calls it (ASCII takes a shortcut).
                let stored = Highlighter.ranges(
                    spans, original: text, analyzer: analyzer, foldedLength: analyzer.fold(text).utf8.count)
                let reference = referenceRanges(spans, original: text, analyzer: analyzer)
                // Through the stored fold patch, as the engine maps spans of folded bytes.
                let aligned = alignedRanges(spans, original: text, analyzer: analyzer)
                if fast != reference || stored != reference || aligned != reference {
                    failures.append(
                        "[\(analyzer.locale)] \(text.debugDescription) \(spans): \(fast), \(stored), \(aligned) != \(reference)")
                    if failures.count >= 20 { return failures }
                }
            }
        }
        return failures
    }

    @Test("the sample dataset's titles and subtitles, in many locales (German among them)")
    func sampleDataset() {
        let texts = SampleDataset.items().enumerated().filter { $0.offset % 80 == 0 }.flatMap {
            [$0.element.title, $0.element.subtitle]
        }
        #expect(texts.count > 1_000)
        let failures = Self.differences(texts, analyzers: IndexingAnalysisTests.analyzers, seed: 1)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("the i18n cases, CLDR annotations and random strings")
    func i18nAndRandom() {
        let cases = I18nCase.all.flatMap { [$0.item, $0.query, $0.expect] }
        let phrases = TextTestSupport.annotationPhrases.map(\.text).enumerated().filter { $0.offset % 100 == 0 }
            .map(\.element)
        let texts = cases + phrases + IndexingAnalysisTests.randomTexts.prefix(600)
        let failures = Self.differences(texts, analyzers: IndexingAnalysisTests.analyzers, seed: 2)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("ASCII edge cases: CR LF, underscores, digits, empty tokens")
    func asciiEdges() {
        let texts = [
            "a\r\nb", "\r\n", "snake_case_name", "x", "ABC def", "  ", "__init__", "R2-D2 c3po", "a\r\n\r\nb c",
            "a\u{0}b", "tab\there", "bell\u{7}", "DEL\u{7F}x", "Mixed CASE 42", "a\rb", "x\ny",
        ]
        let failures = Self.differences(texts, analyzers: IndexingAnalysisTests.analyzers, seed: 3)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
