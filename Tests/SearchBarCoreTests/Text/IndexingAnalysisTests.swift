internal import CICU
import Glibc
@testable import SearchBarCore
import Testing

/// The indexing path (`analyze(_:into:scratch:)`, `Collator.sortKeyPrefix`) must give
/// byte-identical keys, token spans and rank keys to the reference path (the fold pipeline with
/// `MappedSink` and `TokenBuilder`, `Collator.appendSortKey`) on every string we have.
@Suite("International text: fast analysis equals the reference", .slow)
struct IndexingAnalysisTests {
    /// Locales whose tailoring or word break differs (protected letters, German, Traditional →
    /// Simplified, dictionaries), plus the major locales of the sample dataset.
    static let localeTags: [String] =
        [
            "", "de", "sv", "es", "tr", "zh", "zh-Hant", "ja", "ko", "th", "ar", "fa", "he", "hi", "el", "ru", "uk",
            "vi", "en-US-POSIX", "fi",
        ]
        + SampleDataset.majorLocales

    static let analyzers: [TextAnalyzer] = localeTags.map { tag in
        TextAnalyzer(locale: (try? SearchLocale(tag.isEmpty ? nil : tag)) ?? .none)
    }

    /// Collators of many locales, among them ones with contractions (cs, sk, hu, hr, cy, lt,
    /// traditional Spanish, vi, ko), backwards secondaries (fr-CA) and upper case first (da).
    static let collators: [Collator] = [
        "", "en", "de", "sv", "es", "ja", "zh", "ar", "th", "ru", "cs", "sk", "hu", "hr", "cy", "lt", "fr-CA", "da",
        "es-u-co-trad", "de-u-co-phonebk", "vi", "ko", "zh-Hant", "my", "si", "ln", "en-US-POSIX",
    ].compactMap { tag in
        try? Collator(locale: (try? SearchLocale(tag.isEmpty ? nil : tag)) ?? .none)
    }

    /// Compares both paths on `texts`, each with the analyzer of no locale and every `every`-th
    /// one also with one other analyzer (rotating through all), using one scratch per analyzer
    /// for all texts (buffers and memos reused; word breaks memoized as an index build's are,
    /// ``ChunkedWordBreak``). Returns the first few differences.
    static func differences(_ texts: [String], every: Int = 1) -> [String] {
        var simpleCount = 0
        return differences(texts, every: every, simpleCount: &simpleCount)
    }

    /// ``differences(_:every:)``, counting the texts the simple word break took.
    static func differences(_ texts: [String], every: Int = 1, simpleCount: inout Int) -> [String] {
        let scratches = analyzers.map { _ in AnalysisScratch() }
        for scratch in scratches { scratch.memoizesBreaks = true }
        var fast = Analysis()
        var reference = Analysis()
        var failures: [String] = []
        for (n, text) in texts.enumerated() {
            for a in Set([0, 1 + (n / every) % (analyzers.count - 1)]) where a == 0 || n % every == 0 {
                let analyzer = analyzers[a]
                analyzer.analyze(text, into: &fast, scratch: scratches[a])
                analyzer.analyzeReference(text, into: &reference)
                if fast.key != reference.key || fast.tokens != reference.tokens {
                    failures.append("[\(analyzer.locale)] \(text.debugDescription)")
                    if failures.count >= 20 { return failures }
                }
                if let difference = simpleBreakDifference(analyzer, scratches[a], simpleCount: &simpleCount) {
                    failures.append("[\(analyzer.locale)] \(text.debugDescription) word break: \(difference)")
                    if failures.count >= 20 { return failures }
                }
            }
        }
        return failures
    }

    /// When ``SimpleWordBreak`` accepts the case-folded text the scratch holds, its segments
    /// and statuses must be ICU's; when it declines and ``ChunkedWordBreak`` accepts the text
    /// (with the scratch's memo), those must be. Returns a description of a difference, or nil.
    static func simpleBreakDifference(
        _ analyzer: TextAnalyzer, _ scratch: AnalysisScratch, simpleCount: inout Int
    ) -> String? {
        let text = scratch.state.text
        var simple = RawBuffer<BreakSegment>(capacity: 16)
        defer { simple.free() }
        let kind: String
        if SimpleWordBreak.segment(text, into: &simple) {
            simpleCount += 1
            kind = "simple"
        } else {
            simple.count = 0
            guard let bi = scratch.iterator,
                ChunkedWordBreak.segment(text, into: &simple, memo: &scratch.breaks, iterator: bi)
            else { return nil }
            kind = "chunked"
        }
        guard let icu = SimpleWordBreakTests.icuSegments(text, analyzer) else { return "no iterator" }
        let mine = simple.buffer.map { [$0.start, $0.end, $0.status] }
        return mine == icu ? nil : "\(kind) \(mine) ICU \(icu)"
    }

    /// Compares the rank keys of `texts` (rotating collators).
    static func rankKeyDifferences(_ texts: [String]) -> [String] {
        var buffer: [UInt8] = []
        var failures: [String] = []
        for (n, text) in texts.enumerated() {
            let collator = collators[n % collators.count]
            let analysis = ItemAnalysis(analyzer: analyzers[0], collator: collator, fields: .title)
            if analysis.rankKey(text) != analysis.rankKey(text, buffer: &buffer) {
                failures.append("[\(collator.locale)] \(text.debugDescription)")
                if failures.count >= 20 { break }
            }
        }
        return failures
    }

    static let sampleTexts: [String] = SampleDataset.items().flatMap { [$0.title, $0.subtitle, $0.keywords] }

    @Test("every string of the sample dataset")
    func sampleDataset() {
        let texts = Self.sampleTexts
        #expect(texts.count > 150_000)
        var simpleCount = 0
        let failures = Self.differences(texts, every: 3, simpleCount: &simpleCount)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The simple word break was exercised (and compared with ICU) on many texts.
        #expect(simpleCount > 50_000, "\(simpleCount)")
    }

    @Test("rank keys of the sample dataset's titles")
    func sampleRankKeys() {
        let titles = SampleDataset.items().map(\.title)
        // Each text with every collator too: empty and one-letter texts (a key shorter than 8
        // bytes), contractions across the 8th byte (`ch`, `dzs`, `ll`), numbers (numeric
        // collation), a long text.
        let edges = ["", "a", "Z", "ch", "chch", "ccchhh", "dzsdzsdzs", "llllll", "10 20 30", "x9999999999 1",
            "ÅÅÅÅ", "ǅǅǅǅ", "\u{0301}", String(repeating: "naïve Ætna ", count: 500)]
        let everyCollator = edges.flatMap { Array(repeating: $0, count: Self.collators.count) }
        let failures = Self.rankKeyDifferences(titles + Self.randomTexts + everyCollator)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The benchmark titles (`bench/data/titles-1m.txt`), every `SEARCHBAR_BENCH_EQUALITY`-th
    /// line, when that variable is set (a long run, not part of the default suite).
    @Test("the benchmark titles", .enabled(if: getenv("SEARCHBAR_BENCH_EQUALITY") != nil))
    func benchmarkTitles() throws {
        let step = max(1, Int(String(cString: getenv("SEARCHBAR_BENCH_EQUALITY"))) ?? 1)
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Tests/SearchBarCoreTests/Text/<file>
        let path = parts.joined(separator: "/") + "/bench/data/titles-1m.txt"
        let text = try #require(TextTestSupport.readText(path))
        let lines = text.split(separator: "\n").enumerated().filter { $0.offset % step == 0 }.map { String($0.element) }
        #expect(lines.count >= 1_000_000 / step)
        var failures = Self.differences(lines)
        failures += Self.rankKeyDifferences(lines)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("the i18n cases and CLDR annotations")
    func i18nCasesAndAnnotations() {
        let cases = I18nCase.all.flatMap { [$0.item, $0.query, $0.expect] }
        #expect(cases.count > 150)
        var failures = Self.differences(cases)
        let phrases = TextTestSupport.annotationPhrases.map(\.text)
        failures += Self.differences(phrases, every: 4)
        failures += Self.rankKeyDifferences(cases)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("random strings mixing scripts, marks, emoji and case edge cases")
    func randomStrings() {
        let failures = Self.differences(Self.randomTexts)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("no ASCII character is an emoji start (the fast path skips that lookup)")
    func asciiIsNotEmoji() {
        for c in UInt32(0)..<0x80 {
            #expect(!TextAnalyzer.isEmojiStart(c), "\(c)")
        }
    }

    @Test("a full segment memo falls back to ICU")
    func fullMemo() {
        let analyzer = Self.analyzers[0]
        let scratch = AnalysisScratch()
        // Fill the memo with distinct letter + mark segments.
        var filler = ""
        var count = 0
        outer: for base in 0x61...0x7A {
            for mark in 0x0300...0x036F {
                for second in [0x0323, 0x0331, 0x0330, 0x0324] {
                    filler.unicodeScalars.append(Unicode.Scalar(UInt32(base))!)
                    filler.unicodeScalars.append(Unicode.Scalar(UInt32(mark))!)
                    filler.unicodeScalars.append(Unicode.Scalar(UInt32(second))!)
                    filler += " "
                    count += 1
                    if count > SegmentMemo.maxEntries + 2000 { break outer }
                }
            }
        }
        var fast = Analysis()
        var reference = Analysis()
        analyzer.analyze(filler, into: &fast, scratch: scratch)
        #expect(scratch.state.memo.entries == SegmentMemo.maxEntries)
        for text in Self.randomTexts.prefix(2000) + [filler] {
            analyzer.analyze(text, into: &fast, scratch: scratch)
            analyzer.analyzeReference(text, into: &reference)
            #expect(fast.key == reference.key && fast.tokens == reference.tokens, "\(text.debugDescription)")
        }
    }

    // MARK: - Random strings

    /// Pieces the random strings are made of: ASCII runs, case edge cases (ß ẞ İ ı ς Σ ﬁ),
    /// Latin/Greek/Cyrillic letters with and without combining marks, long mark runs, Arabic with
    /// articles and tatweel, Hebrew, Indic with viramas and vowel signs, Thai, CJK (Traditional),
    /// kana (half-width with sound marks), Hangul, digits of other scripts, compatibility
    /// characters (㈱ ① ℃ ﷺ), emoji with ZWJ, skin tones, VS16, flags, underscores, punctuation.
    static let pieces: [String] = [
        "a", "Z", "hello", "WORLD", "Foo_Bar", "snake_case_word", "x_", "_y", "123", "3.14", "10:00", " ", "  ",
        "-", "'", "’", ".", ",", "!", "#", "*", "@", "\t", "ß", "ẞ", "İ", "ı", "i̇", "ς", "Σ", "σ", "ΌΣΟΣ",
        "ﬁ", "ﬀ", "Ǆ", "ǅ", "é", "e\u{301}", "E\u{301}\u{323}", "a\u{308}", "A\u{30A}", "ø", "Ø", "ł", "đ",
        "æ", "Œ", "þ", "ñ", "n\u{303}", "å", "ä", "ö", "ü", "u\u{308}\u{301}", "ç", "ş", "ğ", "ё", "й",
        "и\u{306}", "Ё", "ў", "ї", "Ї", "ά", "ΐ", "ϊ", "ι\u{308}\u{301}", "ᾳ", "ᾼ", "\u{345}", "α\u{345}\u{301}",
        "o\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}\u{309}\u{30A}\u{30B}\u{30C}",
        String(repeating: "\u{301}", count: 40), "e" + String(repeating: "\u{323}\u{301}", count: 20),
        "\u{301}", "\u{20DD}", "a\u{20DD}", "ال", "الكتاب", "والقلم", "بالبيت", "كالنور", "فالعلم",
        "كتـــاب", "ـ", "\u{640}\u{640}", "مُحَمَّد", "ٱ", "ى", "ة", "ک", "ی", "٣", "۴", "שָׁלוֹם", "עברית",
        "नमस्ते", "क्ष", "कि", "ಕನ್ನಡ", "ಹ್", "తెలుగు", "தமிழ்", "ொ", "கொ", "ভাষা", "ক্ষ", "৫", "ภาษาไทย",
        "สวัสดีครับ", "๕", "ພາສາລາວ", "ខ្មែរ", "မြန်မာ", "東京", "國語", "學習", "苧", "漢字", "台灣", "日本語",
        "カタカナ", "ｶﾞｷﾞｸﾞ", "ﾊﾟ", "ひらがな", "ー", "ｰ", "ヽヾ", "한국어", "하", "한ㄱ", "ᄀ", "ᅡ", "㈱", "①", "℃",
        "№", "㍿", "ﷺ", "²", "½", "Ⅻ", "ＡＢＣ", "１２３", "😀", "👍🏽", "👨‍👩‍👧‍👦", "❤️", "❤\u{FE0F}", "🇩🇪",
        "🇫🇷🇯🇵", "🏳️‍🌈", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{00AD}", "\u{200B}", "🧑‍💻", "©", "™", "\u{1F3FB}",
        "𝔘𝔫𝔦", "𐐀", "𝟘𝟙", "\u{E000}", "\r\n", "\n", "Straße", "STRASSE", "Zürich", "İstanbul", "ΣΊΣΥΦΟΣ",
        "Ünïcödé", "naïve", "Ἀθῆναι", "abc123", "12abc", "a1b2", "Ω2", "x-ray", "e-mail", "a@b", "«ab»", "(1)", "a/b",
        "\t", "a\tb", "3-4", "§", "¶", "°C", "µm", "ª", "º", "·", "l·l", "ŉ", "ǈ", "ΐ", "Ϊ", "ĳ", "Ⅳ", "ⅳ",
    ]

    static let randomTexts: [String] = {
        var generator = SplitMix(seed: 0x5EA2C4)
        var out: [String] = []
        for _ in 0..<20_000 {
            let n = Int(generator.next() % 8) + 1
            var text = ""
            for _ in 0..<n {
                let roll = generator.next() % 10
                if roll < 7 {
                    text += pieces[Int(generator.next() % UInt64(pieces.count))]
                } else if roll < 9 {
                    text += " "
                } else {
                    // A random code point from a mixed range (no surrogates, no unassigned control).
                    let ranges: [ClosedRange<UInt32>] = [
                        0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x370...0x52F, 0x591...0x6FF, 0x900...0xDFF,
                        0xE00...0xEFF, 0x1100...0x11FF, 0x1E00...0x1FFF, 0x2000...0x2BFF, 0x3000...0x30FF,
                        0x3200...0x33FF, 0x4E00...0x4FFF, 0xAC00...0xAD00, 0xFB00...0xFDFF, 0xFE00...0xFFEF,
                        0x1D400...0x1D7FF, 0x1F000...0x1FAFF, 0xE0020...0xE007F,
                    ]
                    let range = ranges[Int(generator.next() % UInt64(ranges.count))]
                    let c = range.lowerBound + UInt32(generator.next() % UInt64(range.count))
                    if let scalar = Unicode.Scalar(c) { text.unicodeScalars.append(scalar) }
                }
            }
            out.append(text)
        }
        return out
    }()

}
