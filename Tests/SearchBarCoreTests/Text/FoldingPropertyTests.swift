import Glibc
import SearchBarCore
import Testing

/// Properties of the folding pipeline over real multilingual text (CLDR annotations in ~100
/// languages), Unicode's normalization test data and hostile input.
@Suite("International text: folding properties")
struct FoldingPropertyTests {
    static let und = TextAnalyzer(locale: .none)

    /// Analyzers for the corpus languages that ICU knows (plus none).
    static func analyzer(for language: String) -> TextAnalyzer {
        guard let locale = try? SearchLocale(language.replacingOccurrences("_", "-")), !locale.isFallback else {
            return und
        }
        return AnalyzerCache.shared.analyzer(for: locale)
    }

    @Test("the CLDR corpus is there")
    func corpusPresent() {
        #expect(TextTestSupport.annotationPhrases.count > 50_000)
    }

    @Test("folding is idempotent: fold(fold(x)) == fold(x)")
    func idempotent() {
        var failures: [String] = []
        for (language, text) in TextTestSupport.annotationPhrases {
            for analyzer in [Self.und, Self.analyzer(for: language)] {
                let once = analyzer.fold(text)
                let twice = analyzer.fold(once)
                if once != twice { failures.append("\(analyzer.locale) \(text) → \(once) → \(twice)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(10))")
    }

    @Test("every code point folds idempotently and the same alone and inside text")
    func everyCodePoint() {
        var failures: [String] = []
        for locale in ["", "sv", "da", "de", "zh", "ja", "ru"] {
            let analyzer = AnalyzerCache.shared.analyzer(for: (try? SearchLocale(locale)) ?? .none)
            let last: UInt32 = locale.isEmpty || locale == "zh" ? 0x2FFFF : 0x1FFFF
            // No locale: every code point. A tailored locale differs from it only in the
            // alphabetic scripts below U+2000 (and zh in Han): all of those, and a sample of
            // every 7th code point elsewhere, keep the debug-build run short.
            let everyCodePoint = locale.isEmpty || locale == "zh"
            for v in UInt32(0x20)...last where (v < 0xD800 || v > 0xDFFF) && (everyCodePoint || v < 0x2000 || v % 7 == 0) {
                guard let s = Unicode.Scalar(v), s.properties.generalCategory != .unassigned else { continue }
                let text = String(Character(s))
                let once = analyzer.fold(text)
                if analyzer.fold(once) != once {
                    failures.append("\(locale) U+\(String(v, radix: 16)) \(once) → \(analyzer.fold(once))")
                }
                // Inside text, between spaces, the same key comes out (segments are independent).
                if s.properties.canonicalCombiningClass == .notReordered, analyzer.fold(" " + text + " ") != " " + once + " ",
                    !once.isEmpty
                {
                    failures.append("\(locale) U+\(String(v, radix: 16)) in context")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(12))")
    }

    @Test("canonically and compatibility-equivalent forms fold to the same key (NormalizationTest.txt)")
    func normalizationTest() throws {
        guard let text = Self.normalizationTestText() else {
            Issue.record("NormalizationTest.txt(.bz2) not found under /usr/share/unicode (Debian unicode-data)")
            return
        }
        var checked = 0
        var failures: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("@") {
            let columns = line.split(separator: ";", omittingEmptySubsequences: false).prefix(5).map { column in
                String(
                    String.UnicodeScalarView(
                        column.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
            }
            guard columns.count == 5 else { continue }
            checked += 1
            // c1..c3 are canonically equivalent (NFC/NFD); c4, c5 are their NFKC/NFKD forms,
            // which NFKC_Casefold also identifies with c1: all five give one key.
            let keys = columns.map { Self.und.fold($0) }
            if Set(keys).count != 1 { failures.append("\(line.prefix(40)): \(keys)") }
        }
        #expect(checked > 15_000)
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(8))")
    }

    static func normalizationTestText() -> String? {
        if let t = TextTestSupport.readText("/usr/share/unicode/NormalizationTest.txt") { return t }
        let bz = "/usr/share/unicode/NormalizationTest.txt.bz2"
        guard access(bz, R_OK) == 0, let pipe = popen("bzcat \(bz)", "r") else { return nil }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, pipe) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        pclose(pipe)
        return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
    }

    /// UTF-8 offsets of the grapheme-cluster boundaries of `s` (Swift's segmentation).
    static func graphemeBoundaries(_ s: String) -> Set<Int> {
        var set: Set<Int> = [s.utf8.count]
        for i in s.indices { set.insert(s.utf8.distance(from: s.startIndex, to: i)) }
        return set
    }

    /// Swift implements newer grapheme rules (Indic conjuncts, Unicode 15.1) than ICU 72; texts
    /// with viramas are left out of boundary comparisons.
    static func hasVirama(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.properties.canonicalCombiningClass == .virama }
    }

    @Test("key ranges map to grapheme-cluster boundaries of the original")
    func highlightBoundaries() {
        var rng = SplitMix(seed: 7)
        var failures: [String] = []
        var checked = 0
        for (language, text) in TextTestSupport.annotationPhrases where !Self.hasVirama(text) {
            let analyzer = Self.analyzer(for: language)
            let folded = analyzer.foldMapped(text)
            #expect(folded.key == analyzer.fold(text))
            let n = folded.key.utf8.count
            guard n > 0 else { continue }
            let boundaries = Self.graphemeBoundaries(text)
            for _ in 0..<3 {
                let a = Int(rng.next() % UInt64(n))
                let b = a + 1 + Int(rng.next() % UInt64(n - a))
                let r = folded.originalRange(ofKeyBytes: a..<b)
                checked += 1
                if !boundaries.contains(r.lowerBound) || !boundaries.contains(r.upperBound) || r.isEmpty {
                    failures.append("\(text) key \(a)..<\(b) → \(r)")
                }
            }
            // The whole key maps to the whole text, minus leading/trailing ignorables.
            let all = folded.originalRange(ofKeyBytes: 0..<n)
            if all.isEmpty || all.upperBound > text.utf8.count { failures.append("\(text) whole → \(all)") }
        }
        #expect(checked > 10_000)
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(8))")
    }

    @Test("highlight examples", arguments: [
        ("", "Straße", "ss", "ß"), ("", "Résumé", "resume", "Résumé"), ("", "㈱ Foo", "株", "㈱"),
        ("", "الحمــــــد", "الحمد", "الحمــــــد"), ("", "e\u{301}tude", "e", "e\u{301}"),
        ("de", "Schaltflächen", "flach", "fläch"), ("", "한국", "하", "한"), ("", "👩\u{200D}❤\u{FE0F}\u{200D}👩 x", "👩", "👩\u{200D}❤\u{FE0F}\u{200D}👩"),
    ])
    func highlightExamples(_ example: (String, String, String, String)) throws {
        let (locale, text, query, expected) = example
        let analyzer = TextAnalyzer(locale: try SearchLocale(locale))
        let folded = analyzer.foldMapped(text)
        let key = Array(folded.key.utf8)
        let q = Array(analyzer.fold(query).utf8)
        guard let start = (0...(key.count - q.count)).first(where: { key[$0..<$0 + q.count].elementsEqual(q) }) else {
            Issue.record("\(query) not in \(folded.key)")
            return
        }
        let r = folded.originalRange(ofKeyBytes: start..<start + q.count)
        #expect(String(decoding: Array(text.utf8)[r], as: UTF8.self) == expected)
    }

    @Test("fold, foldMapped, analyze and fold(into:) agree")
    func pathsAgree() {
        var failures: [String] = []
        var analysis = Analysis()
        for (language, text) in TextTestSupport.annotationPhrases.prefix(40_000) {
            let analyzer = Self.analyzer(for: language)
            let key = analyzer.fold(text)
            var bytes: [UInt8] = [0x41]
            analyzer.fold(text, into: &bytes)
            analyzer.analyze(text, into: &analysis)
            if Array(key.utf8) != Array(bytes.dropFirst()) || analyzer.foldMapped(text).key != key
                || analysis.key != Array(key.utf8)
            {
                failures.append(text)
            }
        }
        for text in ["Hello World", "Schaltflaechen Mauer", "a_b-c", "ABC xyz", "E\u{301}"] {
            for analyzer in [Self.und, Self.analyzer(for: "de")] {
                var bytes: [UInt8] = []
                analyzer.fold(text, into: &bytes)
                if String(decoding: bytes, as: UTF8.self) != analyzer.fold(text) { failures.append(text) }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test("hostile input does not crash and stays bounded")
    func hostileInput() {
        var rng = SplitMix(seed: 42)
        let pools: [ClosedRange<UInt32>] = [
            0x0...0x7F, 0x300...0x36F, 0x0600...0x06FF, 0x1100...0x11FF, 0xAC00...0xD7A3, 0x3040...0x30FF,
            0x4E00...0x9FFF, 0xFF00...0xFFEF, 0x1F1E6...0x1F1FF, 0x1F300...0x1FAFF, 0x200B...0x200F, 0xFE00...0xFE0F,
            0x0E00...0x0E7F, 0x0900...0x097F, 0x10000...0x10FFFF,
        ]
        for locale in ["", "de", "sv", "zh", "th", "ar"] {
            let analyzer = TextAnalyzer(locale: (try? SearchLocale(locale)) ?? .none)
            for _ in 0..<300 {
                var s = String.UnicodeScalarView()
                for _ in 0..<Int(rng.next() % 40) {
                    let pool = pools[Int(rng.next() % UInt64(pools.count))]
                    let v = pool.lowerBound + UInt32(rng.next() % UInt64(pool.count))
                    if let scalar = Unicode.Scalar(v) { s.append(scalar) }
                }
                let text = String(s)
                let folded = analyzer.foldMapped(text)
                #expect(folded.key == analyzer.fold(text))
                let tokens = analyzer.tokenize(text)
                for t in tokens {
                    #expect(Array(folded.key.utf8)[t.keyRange].elementsEqual(t.key.utf8))
                    #expect(t.range.upperBound <= text.utf8.count)
                }
                if !folded.key.isEmpty { _ = folded.originalRange(ofKeyBytes: 0..<folded.key.utf8.count) }
            }
        }
        // Huge repeats: marks on one letter, lone marks, ZWJ chains, long words.
        let huge = [
            "a" + String(repeating: "\u{301}\u{316}", count: 50_000), String(repeating: "\u{301}", count: 100_000),
            String(repeating: "👩\u{200D}", count: 20_000), String(repeating: "x", count: 300_000),
            String(repeating: "ﷺ", count: 10_000), String(repeating: "\u{200D}", count: 10_000),
        ]
        for text in huge {
            let key = Self.und.fold(text)
            #expect(key.utf8.count <= text.utf8.count * 12)
            _ = Self.und.tokenize(text)
            _ = Self.und.foldMapped(text).originalRange(ofKeyBytes: 0..<key.utf8.count)
        }
    }

    @Test("many threads fold and tokenize with the same results")
    func concurrency() async {
        let texts = TextTestSupport.annotationPhrases.prefix(4000).map(\.text)
        let analyzer = TextAnalyzer(locale: (try? SearchLocale("zh")) ?? .none)
        let fresh = TextAnalyzer(locale: (try? SearchLocale("sv")) ?? .none)
        let expected = texts.map { analyzer.fold($0) + "|" + analyzer.tokenize($0).map(\.key).joined(separator: " ") }
        await withTaskGroup(of: Bool.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var ok = true
                    for (i, text) in texts.enumerated() where i % 2 == worker % 2 {
                        let got = analyzer.fold(text) + "|" + analyzer.tokenize(text).map(\.key).joined(separator: " ")
                        if got != expected[i] { ok = false }
                        _ = fresh.fold(text)  // builds memo pages concurrently
                    }
                    return ok
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
