import Testing

@testable import SearchBarCore

/// The shortcuts of the fuzzy and contains scans must not change an answer:
/// - ``SearchTuning/bulkCeilings``: fuzzy mode's scan tests 64 items at once for those that
///   cannot match and those below the selection's floor (``MatchPlan/lowCeilings``);
/// - ``SearchTuning/defersCaseCheck``: smart-case and case-sensitive searches (fuzzy, contains
///   and prefix) check an item's case only when its score can enter the selection;
/// - ``SearchTuning/rejectsOnRareByte``: fuzzy mode rules out a text without a word's rarest
///   byte before its forward pass;
/// - ``SearchTuning/narrowsFuzzyByCharacters``: fuzzy mode examines only the items the
///   vocabulary shows holding each word's rarest character the presence mask cannot tell;
/// - fuzzy mode's title-tier bounds without the end bonus (compared with no title-tier phase).
/// Each is compared with the plain path, fresh and as typed (each keystroke refining the
/// previous one's matches), hit for hit, score for score, highlight for highlight, and with
/// the exact totals.
@Suite("Engine: fuzzy scan shortcuts give the plain scan's answers", .serialized, .slow)
struct FuzzyScanShortcutTests {
    /// Queries typed one keystroke at a time, lower and mixed case.
    static let typed = [
        "garten hau", "кошк", "γάτα", "medecin", "fb", "face with", "grte", "ktrs", "xfoo", "Haus", "FB", "fooB",
        "Кош", "Γάτ", "MéDe", "Gar hau", "tarte", "Cine", "x86",
    ]

    /// Every prefix of every ``typed`` query.
    static func typedPrefixes() -> [String] {
        var queries: [String] = []
        for query in typed {
            var prefix = ""
            for character in query {
                prefix.append(character)
                queries.append(prefix)
            }
        }
        return queries
    }

    /// ``typedPrefixes()``, then the index's generated subsequences.
    static func queries() -> [String] { typedPrefixes() + FuzzyAlignmentBoundsTests.queries() }

    @Test func bulkCeilingsMatchThePlainScan() throws {
        let index = try FuzzyAlignmentBoundsTests.makeIndex()
        let compared = try RankOrderPhaseTests.compareWithPhaseOff(
            index, Self.queries(), phase: \.bulkCeilings, mode: .fuzzy)
        #expect(compared > 10_000)
        for options in [SearchOptions(mode: .fuzzy, limit: 20), SearchOptions(mode: .fuzzy, limit: 3, scopes: [1])] {
            try Self.compareTyped(index, phase: \.bulkCeilings, options)
        }
    }

    /// Names of languages, countries, currencies and time zones in 30 languages (the demo's
    /// dataset): many titles share their first letters, go on after them with letters,
    /// spaces and punctuation, in Latin, Cyrillic, Greek, Arabic and CJK scripts, and carry
    /// weights.
    static func makeNamesIndex(threads: Int = 0) throws -> SearchIndex {
        let index = try SearchIndex(mode: .fuzzy, threads: threads)
        let items = SampleDataset.items(
            scopes: [.languages, .countries, .currencies, .timeZones], locales: SampleDataset.majorLocales)
        index.add(items)
        return index
    }

    /// Short queries, whose title-tier blocks are large, and longer ones as typed.
    static let namesQueries = [
        "m", "s", "c", "g", "к", "γ", "a", "n", "z", "ma", "sa", "no", "ко", "γά", "mede", "sud", "кош", "new",
        "san", "st", "ам", "ukr", "fr", "ger", "nord", "gu", "ис",
    ]

    /// Fuzzy mode's title tiers: a group of title positions whose titles all go on after the
    /// query with a word byte is bounded without the end bonus, and the titles that go on with
    /// a space or punctuation (or end) are examined first; the answers are those of the search
    /// without the title-tier phase, and groups were passed over.
    @Test func titleTierWordContinuationsMatchThePlainSearch() throws {
        // One thread: the groups passed over (counted below) do not depend on how threads
        // share the work.
        for index in [try Self.makeNamesIndex(threads: 1), try FuzzyAlignmentBoundsTests.makeIndex(threads: 1)] {
            let passedBefore = index.statistics.titleTierGroupsPassedOver
            let compared = try RankOrderPhaseTests.compareWithPhaseOff(
                index, Self.namesQueries + ["fb", "face", "x86", "tarte", "кот", "γάτα", "mode", "g"],
                phase: \.titleTierPhase, mode: .fuzzy)
            #expect(compared > 1_000)
            #expect(index.statistics.titleTierGroupsPassedOver > passedBefore)
        }
    }

    /// ``SearchTuning/rejectsOnRareByte``: a text without a word's rarest byte (among those the
    /// presence mask cannot rule out) is no match, without the forward pass.
    @Test func rareByteRejectionMatchesThePlainScan() throws {
        let names = try Self.makeNamesIndex()
        let compared = try RankOrderPhaseTests.compareWithPhaseOff(
            names, Self.namesQueries, phase: \.rejectsOnRareByte, mode: .fuzzy)
        #expect(compared > 1_000)
        let index = try FuzzyAlignmentBoundsTests.makeIndex()
        #expect(try RankOrderPhaseTests.compareWithPhaseOff(
            index, Self.queries(), phase: \.rejectsOnRareByte, mode: .fuzzy) > 10_000)
        for index in [names, index] {
            try Self.compareTyped(index, phase: \.rejectsOnRareByte, SearchOptions(mode: .fuzzy, limit: 20))
        }
    }

    /// ``SearchTuning/narrowsFuzzyByCharacters``: an item the vocabulary shows without a word's
    /// rarest character (`ш` of `кошк`, `τ` of `γάτα`) is no match, and is neither examined nor
    /// kept for refining the next keystroke. Compared on the demo's names in 30 languages (as
    /// typed too, where a keystroke refines the previous one's shorter list), on the fuzzy
    /// bounds corpus (Cyrillic and Greek words among Latin ones), and on transliterated names
    /// (readings after each text's own key).
    @Test func characterNarrowingMatchesThePlainScan() throws {
        let names = try Self.makeNamesIndex()
        #expect(try RankOrderPhaseTests.compareWithPhaseOff(
            names, Self.namesQueries + Self.typedPrefixes(), phase: \.narrowsFuzzyByCharacters, mode: .fuzzy)
            > 1_000)
        let index = try FuzzyAlignmentBoundsTests.makeIndex()
        #expect(try RankOrderPhaseTests.compareWithPhaseOff(
            index, Self.queries(), phase: \.narrowsFuzzyByCharacters, mode: .fuzzy) > 10_000)
        let transliterated = try SearchIndex(mode: .fuzzy, transliterate: true)
        transliterated.add(SampleDataset.items(scopes: [.languages, .countries], locales: SampleDataset.majorLocales))
        #expect(try RankOrderPhaseTests.compareWithPhaseOff(
            transliterated, Self.namesQueries + ["kosh", "gata", "nihon"], phase: \.narrowsFuzzyByCharacters,
            mode: .fuzzy) > 1_000)
        for index in [names, index, transliterated] {
            for options in [SearchOptions(mode: .fuzzy, limit: 20), SearchOptions(mode: .fuzzy, limit: 3, scopes: [1])] {
                try Self.compareTyped(index, phase: \.narrowsFuzzyByCharacters, options)
            }
        }
    }

    @Test(arguments: [MatchMode.fuzzy, .contains, .prefix])
    func deferredCaseCheckMatchesTheFullOne(mode: MatchMode) throws {
        let index = try FuzzyAlignmentBoundsTests.makeIndex()
        var compared = 0
        for caseMatching in [CaseMatching.smart, .sensitive] {
            // The typed queries' prefixes (mixed case among them); the exact total (a full
            // count, every candidate's case checked) with the smaller limit only.
            for query in Self.typedPrefixes() {
                for limit in [1, 20] {
                    let options = SearchOptions(
                        mode: mode, limit: limit, exactTotal: limit == 1, caseMatching: caseMatching)
                    let fast = try Self.freshResult(index, query, options, phase: \.defersCaseCheck, on: true)
                    let plain = try Self.freshResult(index, query, options, phase: \.defersCaseCheck, on: false)
                    #expect(fast.hits.map(\.id) == plain.hits.map(\.id), "ids of \(query) limit \(limit)")
                    #expect(fast.hits.map(\.score) == plain.hits.map(\.score), "scores of \(query)")
                    #expect(fast.hits.map(\.highlights) == plain.hits.map(\.highlights), "highlights of \(query)")
                    #expect(fast.total == plain.total, "total of \(query)")
                    #expect(fast.totalIsExact || limit > 1, "total of \(query)")
                    compared += plain.hits.count
                }
            }
            try Self.compareTyped(
                index, phase: \.defersCaseCheck, SearchOptions(mode: mode, limit: 20, caseMatching: caseMatching))
        }
        #expect(compared > 1_000)
    }

    /// A mixed-case word is checked against the original text: smart-case `Haus` finds only
    /// titles with `Haus` as written, through the deferred check too, in both modes.
    @Test(arguments: [MatchMode.fuzzy, .contains])
    func smartCaseHitsHoldTheCaseAsTyped(mode: MatchMode) throws {
        let index = try FuzzyAlignmentBoundsTests.makeIndex()
        let found = try index.search("Haus", options: SearchOptions(mode: mode, limit: 50, caseMatching: .smart))
        #expect(found.hits.count == 50)
        for texts in found.texts {
            #expect(texts.title.contains("H") || texts.subtitle.contains("H"), "\(texts.title) / \(texts.subtitle)")
        }
    }

    /// The search of `query` with the result cache emptied and the switch `phase` set to `on`.
    static func freshResult(
        _ index: SearchIndex, _ query: String, _ options: SearchOptions, phase: WritableKeyPath<SearchTuning, Bool>,
        on: Bool
    ) throws -> HitsWithTexts {
        index.tuning[keyPath: phase] = on
        defer { index.tuning[keyPath: phase] = true }
        index.cache.removeAll()
        return try index.search(query, options: options)
    }

    /// Every ``typed`` query typed keystroke by keystroke with `phase` on and then off, the
    /// cache emptied before each query only (so each keystroke refines the previous one's
    /// matches): the same hits at every keystroke.
    static func compareTyped(
        _ index: SearchIndex, phase: WritableKeyPath<SearchTuning, Bool>, _ options: SearchOptions
    ) throws {
        func type(_ query: String, on: Bool) throws -> [[SearchHit]] {
            index.tuning[keyPath: phase] = on
            defer { index.tuning[keyPath: phase] = true }
            index.cache.removeAll()
            var prefix = ""
            var answers: [[SearchHit]] = []
            for character in query {
                prefix.append(character)
                answers.append(try index.search(prefix, options: options).hits)
            }
            return answers
        }
        for query in typed {
            let fast = try type(query, on: true)
            let plain = try type(query, on: false)
            #expect(fast.map { $0.map(\.id) } == plain.map { $0.map(\.id) }, "ids typing \(query)")
            #expect(fast.map { $0.map(\.score) } == plain.map { $0.map(\.score) }, "scores typing \(query)")
            #expect(fast.map { $0.map(\.highlights) } == plain.map { $0.map(\.highlights) }, "highlights typing \(query)")
        }
    }
}

/// The case check folds an item's text with an ASCII table and each other code point once per
/// text: the same code points as ``LiteralFolder``, case kept or folded, diacritics kept or
/// folded, under the root locale and a German one.
@Suite("Engine: the case check's fold is the literal folder's")
struct CaseCheckFoldTests {
    static let texts = [
        "Report draft", "REPORT archive", "Résumé Straße STRASSE", "Ǆemal ǅ ǆ", "İstanbul ıi", "ΣΊΣΥΦΟΣ σίσυφος",
        "Москва МОСКВА", "ᏣᎳᎩ ꮳꮃꭹ", "ﬁ ﬀ ① ℃ Ⅻ", "Äpfel über Öl", "naïve café", "猫 ねこ ネコ", "x86_64 fooBar", "",
    ]

    @Test(arguments: ["und", "de"])
    func foldMatchesTheLiteralFolder(locale: String) throws {
        let analyzer = AnalyzerCache.shared.analyzer(for: try SearchLocale(locale))
        for diacriticsSensitive in [false, true] {
            let check = try #require(CaseCheck(
                plain: "Report", mode: .fuzzy, caseMatching: .sensitive, diacriticsSensitive: diacriticsSensitive,
                analyzer: analyzer))
            for caseSensitive in [false, true] {
                let folder = LiteralFolder(
                    caseSensitive: caseSensitive, diacriticsSensitive: diacriticsSensitive, analyzer: analyzer)
                for text in Self.texts + [String(Self.texts.joined(separator: " ").reversed())] {
                    #expect(
                        check.fold(text, caseSensitive: caseSensitive, folder: folder) == folder.fold(text).scalars,
                        "\(text) case \(caseSensitive) diacritics \(diacriticsSensitive) \(locale)")
                }
            }
        }
    }
}
