/// The Latin readings of a text's words, as an index made with `transliterate` indexes them:
/// for a tool that matches text without an index (`searchbar filter --transliterate`).
///
/// Thread safety: any number of threads at once.
public struct LatinTransliterator: Sendable {
    private let transliteration: Transliteration
    private let analyzer: TextAnalyzer

    /// The readings for `locale` (its language picks the Cyrillic romanization; `zh` reads Han
    /// as pinyin).
    public init(locale: SearchLocale) {
        transliteration = Transliteration(locale: locale)
        analyzer = AnalyzerCache.shared.analyzer(for: locale)
    }

    /// One word of a text with its reading.
    public struct Word: Sendable, Equatable {
        /// The word's UTF-8 byte range in the text.
        public var range: Range<Int>
        /// Its folded Latin transliteration: ASCII letters and digits.
        public var latin: String
        /// The same with the case of the original kept (Москва: "Moskva"; scripts without
        /// case read in lower case): what case-sensitive and smart-case matching compare
        /// with. Its lower case is ``latin``.
        public var cased: String
    }

    /// The words of `text` in the scripts transliterated, in text order, with their readings
    /// (none for a text without such words); without `cased`, a word's ``Word/cased`` is its
    /// folded reading (no second transform).
    public func words(of text: String, cased wantsCase: Bool = true) -> [Word] {
        let analysis = analyzer.analyze(text)
        let shadows = analysis.tokens.withUnsafeBufferPointer {
            transliteration.shadows(of: text, keyLength: 0, tokens: $0, analyzer: analyzer)
        }
        var cased: [Int: String] = [:]
        for (range, reading) in wantsCase ? transliteration.casedReadings(of: text, analyzer: analyzer) : [] {
            cased[range.lowerBound] = reading
        }
        return shadows.tokens.filter { $0.kind == .word }.map { token in
            let latin = String(decoding: shadows.key[Int(token.keyStart)..<Int(token.keyEnd)], as: UTF8.self)
            let reading = cased[Int(token.originalStart)].flatMap { $0.lowercased() == latin ? $0 : nil }
            return Word(range: Int(token.originalStart)..<Int(token.originalEnd), latin: latin, cased: reading ?? latin)
        }
    }
}
