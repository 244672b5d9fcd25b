import Testing

@testable import SearchBarCore

/// Transliterated search: an index made with `transliterate` also finds text in other scripts
/// by its Latin transliteration, in every mode, with highlights on the original characters.
/// Every expectation below was worked out by hand from the transform the script uses (see
/// ``TransliterationScheme``) and the index's fold.
@Suite("Engine: transliterated search")
struct TransliterationTests {
    /// An index with `transliterate` over `titles` (ids 1, 2, 3... in order).
    static func index(_ titles: [String], locale: String? = nil, mode: MatchMode = .prefix) throws -> SearchIndex {
        let index = try SearchIndex(locale: try SearchLocale(locale), mode: mode, threads: 2, transliterate: true)
        index.add(titles.enumerated().map { IndexItem(id: UInt64($0.offset + 1), title: $0.element) })
        return index
    }

    /// The highlighted substrings of the first hit of `query` (nil when nothing matches).
    static func highlights(_ index: SearchIndex, _ query: String, _ options: SearchOptions = SearchOptions()) throws
        -> [String]?
    {
        guard let hit = try index.search(query, options: options).first,
            let item = index.item(id: hit.id)
        else { return nil }
        return EngineTestSupport.highlighted(hit, in: item.title)
    }

    @Test("each script is found by what a user types, highlighted on the original word", arguments: [
        // Cyrillic, BGN/PCGN: х kh, ч ch, щ shch.
        ("Москва", "moskva", "Москва"),
        ("Хабаровск", "khabarovsk", "Хабаровск"),
        ("Чехов", "chekhov", "Чехов"),
        // Greek, UNGEGN: θ th, η i (ICU's Greek-Latin would give ē).
        ("Αθήνα", "athina", "Αθήνα"),
        ("Θεσσαλονίκη", "thessaloniki", "Θεσσαλονίκη"),
        // Armenian and Georgian, BGN/PCGN.
        ("Երևան", "yerevan", "Երևան"),
        ("თბილისი", "tbilisi", "თბილისი"),
        // Hebrew and Arabic are written without vowels: the consonants (ש ş, غ gh, ا a).
        ("שלום", "slwm", "שלום"),
        ("بغداد", "bghdad", "بغداد"),
        // Hangul, Revised Romanization; a phrase the tokenizer keeps whole.
        ("서울", "seoul", "서울"),
        ("부산", "busan", "부산"),
        // Kana, Hepburn as typed.
        ("ひらがな", "hiragana", "ひらがな"),
        ("カタカナ", "katakana", "カタカナ"),
        // Devanagari, ISO 15919 (ā ē folded): भारत bhārata, नमस्ते namastē.
        ("भारत", "bharata", "भारत"),
        ("नमस्ते", "namaste", "नमस्ते"),
    ])
    func eachScript(text: String, query: String, highlighted: String) throws {
        let index = try Self.index(["Paris", text])
        #expect(try EngineTestSupport.ids(index, query) == [2])
        #expect(try Self.highlights(index, query) == [highlighted])
    }

    @Test func aPrefixHighlightsTheLettersItCovers() throws {
        let index = try Self.index(["Москва", "Αθήνα", "Hotel Москва"])
        // м→m о→o с→s к→k: four letters of Москва.
        #expect(try Self.highlights(index, "mosk") == ["Моск"])
        // α→a θ→th: two letters of Αθήνα.
        #expect(try Self.highlights(index, "ath") == ["Αθ"])
        let hit = try #require(try index.search("hotel mosk").first)
        #expect(hit.id == 3)
        #expect(EngineTestSupport.highlighted(hit, in: "Hotel Москва") == ["Hotel", "Моск"])
    }

    @Test func containsAndFuzzySeeTheTransliteration() throws {
        let index = try Self.index(["Москва", "Paris"])
        // "skva" is с к в а.
        #expect(try Self.highlights(index, "skva", SearchOptions(mode: .contains)) == ["сква"])
        // m s k v: М, then с к в (adjacent ranges join).
        #expect(try Self.highlights(index, "mskv", SearchOptions(mode: .fuzzy)) == ["М", "скв"])
    }

    @Test func theOriginalScriptIsStillFoundAndNothingElseChanges() throws {
        let index = try Self.index(["Москва", "Moscow"])
        #expect(try EngineTestSupport.ids(index, "моск") == [1])
        #expect(try Self.highlights(index, "моск") == ["Моск"])
        #expect(try EngineTestSupport.ids(index, "mosc") == [2])
    }

    @Test func aReadingKeepsTheCaseOfItsOriginal() throws {
        // Москва reads Moskva, москва moskva, МОСКВА MOSKVA (BGN/PCGN keeps the letters' case).
        let index = try Self.index(["Москва", "москва река", "МОСКВА", "Moscow"])
        let smart = SearchOptions(caseMatching: .smart)
        let sensitive = SearchOptions(caseMatching: .sensitive)
        // Smart case: an upper-case letter asks for it, so only the capitalised original.
        #expect(try EngineTestSupport.ids(index, "Moskva", smart) == [1])
        #expect(try EngineTestSupport.ids(index, "MOSKVA", smart) == [3])
        #expect(try EngineTestSupport.ids(index, "Mosk", smart) == [1])
        #expect(try Self.highlights(index, "Mosk", smart) == ["Моск"])
        // Without one, case folds: all three (and not Moscow).
        #expect(try EngineTestSupport.ids(index, "moskva", smart).sorted() == [1, 2, 3])
        // Case-sensitive: the lower-case query only finds the lower-case original.
        #expect(try EngineTestSupport.ids(index, "moskva", sensitive) == [2])
        #expect(try EngineTestSupport.ids(index, "Moskva", sensitive) == [1])
        // A word's own script is checked as before: Мос finds Москва, not москва.
        #expect(try EngineTestSupport.ids(index, "Мос", smart) == [1])
        // Contains and fuzzy check the reading the same way: "Skva" is not in "Moskva".
        #expect(try EngineTestSupport.ids(index, "skva", SearchOptions(mode: .contains, caseMatching: .smart)).sorted() == [1, 2, 3])
        #expect(try EngineTestSupport.ids(index, "Skva", SearchOptions(mode: .contains, caseMatching: .smart)).isEmpty)
        #expect(try EngineTestSupport.ids(index, "Mskv", SearchOptions(mode: .fuzzy, caseMatching: .smart)) == [1])
    }

    @Test func aDigraphOfACapitalIsTitleCased() throws {
        // Ч reads Ch before a lower-case letter and CH in an all-capital word; θ reads th.
        let index = try Self.index(["Чехов", "ЧЕХОВ", "Αθήνα"])
        let smart = SearchOptions(caseMatching: .smart)
        #expect(try EngineTestSupport.ids(index, "Chekhov", smart) == [1])
        #expect(try EngineTestSupport.ids(index, "CHEKHOV", smart) == [2])
        #expect(try EngineTestSupport.ids(index, "CHekhov", smart).isEmpty)
        #expect(try EngineTestSupport.ids(index, "Athina", smart) == [3])
        #expect(try EngineTestSupport.ids(index, "ATHINA", smart).isEmpty)
    }

    @Test func scriptsWithoutCaseReadInLowerCase() throws {
        // Hangul has no case: 서울 reads seoul, so an upper-case query asks for what it lacks.
        let index = try Self.index(["서울", "Seoul"])
        let smart = SearchOptions(caseMatching: .smart)
        #expect(try EngineTestSupport.ids(index, "seoul", smart).sorted() == [1, 2])
        #expect(try EngineTestSupport.ids(index, "Seoul", smart) == [2])
        #expect(try EngineTestSupport.ids(index, "seoul", SearchOptions(caseMatching: .sensitive)) == [1])
    }

    @Test("cased readings, as the case check and the CLI compare them", arguments: [
        ("Москва", "Moskva"), ("МОСКВА", "MOSKVA"), ("москва", "moskva"), ("Чехов", "Chekhov"),
        ("ЧЕХОВ", "CHEKHOV"), ("Αθήνα", "Athina"), ("서울", "seoul"),
    ])
    func casedReading(text: String, reading: String) throws {
        let transliteration = Transliteration(locale: try SearchLocale(nil))
        let analyzer = AnalyzerCache.shared.analyzer(for: try SearchLocale(nil))
        let readings = transliteration.casedReadings(of: text, analyzer: analyzer)
        #expect(readings.map(\.reading) == [reading])
        #expect(readings.map(\.range) == [0..<text.utf8.count])
        let words = LatinTransliterator(locale: try SearchLocale(nil)).words(of: text)
        #expect(words.map(\.cased) == [reading])
        #expect(words.map(\.latin) == [reading.lowercased()])
    }

    @Test func withoutTheOptionNothingIsTransliterated() throws {
        let index = try EngineTestSupport.index(["Москва", "서울"])
        #expect(try EngineTestSupport.ids(index, "moskva").isEmpty)
        #expect(try EngineTestSupport.ids(index, "seoul").isEmpty)
        #expect(!index.transliterates)
    }

    @Test func hangulSyllablesInsideAPhraseArePrefixes() throws {
        // 서울특별시 is one token: seoul·teug·byeol·si, each later syllable a part.
        let index = try Self.index(["서울특별시"])
        #expect(try EngineTestSupport.ids(index, "seoulteug") == [1])
        #expect(try Self.highlights(index, "seoulteug") == ["서울특"])
        #expect(try Self.highlights(index, "byeol") == ["별"])
    }

    @Test func pinyinOnlyUnderAChineseLocale() throws {
        let titles = ["北京", "上海", "东京"]
        let chinese = try Self.index(titles, locale: "zh")
        // Multi-syllable pinyin typed without spaces, and with them.
        #expect(try EngineTestSupport.ids(chinese, "beijing") == [1])
        #expect(try Self.highlights(chinese, "beijing") == ["北京"])
        #expect(try EngineTestSupport.ids(chinese, "bei jing") == [1])
        #expect(try EngineTestSupport.ids(chinese, "shanghai") == [2])
        // A later syllable is a prefix, like 京 in 北京; its highlight is that character.
        #expect(try Self.highlights(chinese, "hai") == ["海"])
        #expect(try EngineTestSupport.ids(chinese, "jing").sorted() == [1, 3])
        // Han itself still finds Han.
        #expect(try EngineTestSupport.ids(chinese, "北京") == [1])

        // No locale, or Japanese: Han is never read as pinyin (kanji read otherwise).
        let plain = try Self.index(titles)
        #expect(try EngineTestSupport.ids(plain, "beijing").isEmpty)
        let japanese = try Self.index(["東京", "とうきょう", "東京タワー"], locale: "ja")
        #expect(try EngineTestSupport.ids(japanese, "dongjing").isEmpty)
        #expect(try EngineTestSupport.ids(japanese, "jing").isEmpty)
        // Under ja, kana are transliterated: とうきょう is toukyou, タワー tawā.
        #expect(try EngineTestSupport.ids(japanese, "toukyou") == [2])
        #expect(try EngineTestSupport.ids(japanese, "tawa") == [3])
        #expect(try Self.highlights(japanese, "tawa") == ["タワー"])
        // とう and きょう are two tokens under ja, read as one run; きょう alone starts at kyou.
        #expect(try Self.highlights(japanese, "toukyou") == ["とうきょう"])
        #expect(try Self.highlights(japanese, "kyou") == ["きょう"])
    }

    @Test func cyrillicFollowsTheLocalesRomanization() throws {
        // Ukrainian BGN/PCGN: и y, ї yi, х kh.
        let ukrainian = try Self.index(["Київ", "Харків"], locale: "uk")
        #expect(try EngineTestSupport.ids(ukrainian, "kyyiv") == [1])
        #expect(try EngineTestSupport.ids(ukrainian, "kharkiv") == [2])
    }

    @Test func savedAndReopenedIndexKeepsTheOption() throws {
        let dir = IndexFileTests.directory()
        defer { IndexFileTests.remove(dir) }
        let path = dir + "/translit.sbidx"
        let index = try Self.index(["Москва", "서울", "Paris"])
        try index.save(to: path)
        let opened = try SearchIndex.open(path: path, threads: 2)
        #expect(opened.transliterates)
        #expect(try EngineTestSupport.ids(opened, "moskva") == [1])
        #expect(try Self.highlights(opened, "mosk") == ["Моск"])
        // Added after the open: transliterated too.
        opened.add([IndexItem(id: 9, title: "Αθήνα")])
        #expect(try EngineTestSupport.ids(opened, "athina") == [9])

        // An index without the option saves a file without the flag, which opens without it.
        let plainPath = dir + "/plain.sbidx"
        let plain = try EngineTestSupport.index(["Москва"])
        try plain.save(to: plainPath)
        let reopened = try SearchIndex.open(path: plainPath, threads: 2)
        #expect(!reopened.transliterates)
        #expect(try EngineTestSupport.ids(reopened, "moskva").isEmpty)
    }

    @Test("piece alignment: graphemes that transliterate alike on their own are pieces")
    func alignment() {
        // М о с к в а → m o s k v a: every grapheme is a piece (all 2 bytes in UTF-8).
        let pieces = "moskva".map { (length: 2, key: Array(String($0).utf8)) }
        let ends = TransliterationWorker.align(pieces, to: Array("moskva".utf8))
        #expect(ends.map(\.word) == [2, 4, 6, 8, 10, 12])
        #expect(ends.map(\.key) == [1, 2, 3, 4, 5, 6])
        // き ょ う と alone: ki, xyo, u, to; whole: kyouto. The first and second do not line
        // up, so they are one piece (kyo); u and to end the key.
        let kana: [(length: Int, key: [UInt8])] = [(3, Array("ki".utf8)), (3, Array("xyo".utf8)), (3, [0x75]), (3, Array("to".utf8))]
        let kanaEnds = TransliterationWorker.align(kana, to: Array("kyouto".utf8))
        #expect(kanaEnds.map(\.word) == [6, 9, 12])
        #expect(kanaEnds.map(\.key) == [3, 4, 6])
        // A grapheme with no Latin letter (ь) joins the piece before it at the end.
        let soft: [(length: Int, key: [UInt8])] = [(2, [0x6E]), (2, [])]
        let softEnds = TransliterationWorker.align(soft, to: [0x6E])
        #expect(softEnds.map(\.word) == [4])
        #expect(softEnds.map(\.key) == [1])
    }
}
