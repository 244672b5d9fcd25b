import SearchBarCore
import Testing

@Suite("International text: tokenizer")
struct TokenizerTests {
    static let und = TextAnalyzer(locale: .none)

    static func analyzer(_ tag: String) -> TextAnalyzer {
        TextAnalyzer(locale: (try? SearchLocale(tag)) ?? .none)
    }

    @Test("tokens carry text, key, original range and key range")
    func tokenFields() {
        let text = "The ﬁle ㈱ Straße 12,5 ℃"
        let tokens = Self.und.tokenize(text)
        // NFKC first: ㈱ → (株), ℃ → °c, so their letters are words.
        #expect(tokens.map(\.text) == ["the", "file", "株", "strasse", "12,5", "c"])
        let key = Array(Self.und.fold(text).utf8)
        for t in tokens {
            #expect(key[t.keyRange].elementsEqual(t.key.utf8), "\(t)")
            let original = String(decoding: Array(text.utf8)[t.range], as: UTF8.self)
            #expect(Self.und.fold(original).utf8.count >= t.key.utf8.count || original == "㈱", "\(t)")
        }
        #expect(tokens.first { $0.key == "株" }.map { String(decoding: Array(text.utf8)[$0.range], as: UTF8.self) } == "㈱")
        #expect(tokens.first { $0.key == "strasse" }.map { String(decoding: Array(text.utf8)[$0.range], as: UTF8.self) } == "Straße")
        #expect(tokens.first { $0.text == "12,5" }?.kind == .number)
    }

    @Test("snake_case yields its parts after the whole word")
    func snakeParts() {
        let tokens = Self.und.tokenize("call sqlite3_reset now __init__")
        #expect(tokens.map(\.text) == ["call", "sqlite3_reset", "sqlite3", "reset", "now", "__init__", "init"])
        #expect(tokens.filter { $0.kind == .part }.map(\.text) == ["sqlite3", "reset", "init"])
        let nonASCII = Self.und.tokenize("fête_foraine")
        #expect(nonASCII.map(\.key) == ["fete_foraine", "fete", "foraine"])
        #expect(nonASCII[1].range == 0..<5)
    }

    @Test("Arabic article: the word without ال is a part")
    func arabicArticle() {
        let tokens = Self.analyzer("ar").tokenize("السلام عليكم والكتاب ال لل")
        #expect(tokens.map(\.text) == ["السلام", "سلام", "عليكم", "والكتاب", "كتاب", "ال", "لل"])
        let part = tokens[1]
        #expect(part.kind == .part)
        let text = "السلام عليكم والكتاب ال لل"
        #expect(String(decoding: Array(text.utf8)[part.range], as: UTF8.self) == "سلام")
        // Too short: "ال" + one letter stays whole.
        #expect(Self.analyzer("ar").tokenize("الم").map(\.text) == ["الم"])
    }

    @Test("emoji, ZWJ sequences and flags are tokens")
    func emoji() {
        let text = "I ❤️ 👩‍❤️‍👩 and 🇺🇸🇫🇷 👍🏽"
        let tokens = Self.und.tokenize(text)
        #expect(tokens.map(\.kind) == [.word, .emoji, .emoji, .word, .emoji, .emoji, .emoji])
        let originals = tokens.map { String(decoding: Array(text.utf8)[$0.range], as: UTF8.self) }
        #expect(originals == ["I", "❤️", "👩‍❤️‍👩", "and", "🇺🇸", "🇫🇷", "👍🏽"])
        #expect(tokens[2].key == "👩❤👩")
    }

    @Test("scripts without spaces are marked", arguments: [
        ("ja", "東京タワーへ行く", TokenKind.noSpaceScript), ("zh", "我是中国人", .noSpaceScript),
        ("th", "ภาษาไทย", .noSpaceScript), ("ko", "한국어", .noSpaceScript), ("km", "ភាសាខ្មែរ", .noSpaceScript),
        ("my", "မြန်မာ", .noSpaceScript), ("lo", "ພາສາລາວ", .noSpaceScript), ("ru", "привет мир", .word),
        ("ar", "مرحبا", .word), ("hi", "नमस्ते दुनिया", .word), ("en", "hello 42", .word),
    ])
    func noSpaceScripts(_ example: (String, String, TokenKind)) {
        let tokens = Self.analyzer(example.0).tokenize(example.1)
        #expect(!tokens.isEmpty)
        #expect(tokens.first?.kind == example.2)
    }

    @Test("hyphenated words split; symbols separate")
    func hyphens() {
        #expect(Self.und.tokenize("e-mail well-known").map(\.text) == ["e", "mail", "well", "known"])
        #expect(Self.und.tokenize("№5 ①②").map(\.text) == ["no5", "12"])
        #expect(Self.und.tokenize("a ـ b").map(\.text) == ["a", "b"])
    }

    @Test("the ASCII fast path gives ICU's tokens")
    func asciiFastPath() {
        var rng = SplitMix(seed: 3)
        let alphabet = Array("aZ9_.:,;'\" -@#x1".utf8)
        for _ in 0..<3000 {
            let n = Int(rng.next() % 14)
            let s = String(decoding: (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            for analyzer in [Self.und, Self.analyzer("sv"), Self.analyzer("en")] {
                let fast = analyzer.tokenize(s)
                // Appending a non-ASCII word takes the general path; the tokens before it are the same.
                let general = analyzer.tokenize(s + " \u{E9}")
                #expect(fast == Array(general.prefix(fast.count)), "\(s)")
                #expect(general.count == fast.count + 1, "\(s)")
            }
        }
    }

    @Test("analyze gives the tokens of tokenize without strings")
    func analyzeMatchesTokenize() {
        var analysis = Analysis()
        for (language, text) in TextTestSupport.annotationPhrases.prefix(20_000) {
            let analyzer = AnalyzerCache.shared.analyzer(
                for: (try? SearchLocale(language.replacingOccurrences("_", "-"))) ?? .none)
            let tokens = analyzer.tokenize(text)
            analyzer.analyze(text, into: &analysis)
            #expect(analysis.tokens.count == tokens.count, "\(text)")
            for (span, token) in zip(analysis.tokens, tokens) {
                #expect(span.keyRange == token.keyRange && span.range == token.range && span.kind == token.kind)
                #expect(analysis.keyBytes(of: span).elementsEqual(token.key.utf8))
            }
        }
    }

    @Test("token ranges lie on grapheme boundaries and key ranges slice the key")
    func tokenRanges() {
        var failures: [String] = []
        for (language, text) in TextTestSupport.annotationPhrases where !FoldingPropertyTests.hasVirama(text) {
            let analyzer = AnalyzerCache.shared.analyzer(
                for: (try? SearchLocale(language.replacingOccurrences("_", "-"))) ?? .none)
            let key = Array(analyzer.fold(text).utf8)
            let boundaries = FoldingPropertyTests.graphemeBoundaries(text)
            for t in analyzer.tokenize(text) {
                if !key[t.keyRange].elementsEqual(t.key.utf8) || !boundaries.contains(t.range.lowerBound)
                    || !boundaries.contains(t.range.upperBound) || t.range.isEmpty || t.key.isEmpty && t.kind != .emoji
                {
                    failures.append("\(language) \(text): \(t)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(8))")
    }
}
