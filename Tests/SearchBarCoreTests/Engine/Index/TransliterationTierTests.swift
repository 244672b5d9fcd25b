import Testing

@testable import SearchBarCore

/// The tiers of transliterated search: turning `transliterate` on changes nothing for a query
/// typed in the original script (the readings an item's texts end with are no title words of
/// theirs), and a query typed as the reading tiers as the original would in prefix mode.
@Suite("Engine: transliteration keeps the tiers")
struct TransliterationTierTests {
    /// Titles in several scripts, some mixed, some sharing first words, with a run of filler
    /// titles large enough for the title-tier phase and the ceilings to be used.
    static let titles: [String] = [
        "Москва", "Москва река", "Hotel Москва", "Москва 1", "москва-сити", "Moscow", "Αθήνα", "Αθήνα Πειραιάς",
        "서울", "서울 타워", "ひらがな", "Paris", "Paris Москва", "Чехов", "Чехов дом", "Θεσσαλονίκη", "foo_bar Москва",
        "שלום", "Tel Aviv שלום", "Москва\u{1F}река",
    ] + (0..<3000).map { "Москва улица \($0)" } + (0..<3000).map { "Paris rue \($0)" }

    /// Queries in the scripts of the titles, as a user types them (prefixes, whole words, two
    /// words, a word typed in another order).
    static let queries = [
        "м", "мо", "моск", "москва", "москва ", "москва р", "москва река", "москва 1", "река москва", "москва улица 2",
        "αθ", "αθήνα", "αθηνα π", "서", "서울", "서울 타", "ひら", "ひらがな", "paris", "paris м", "hotel", "hotel м",
        "чехов", "чехов дом", "шалом", "שלו", "tel aviv", "foo_bar", "foo", "улица",
    ]

    static func build(_ transliterate: Bool) throws -> SearchIndex {
        let index = try SearchIndex(locale: try SearchLocale(nil), mode: .prefix, threads: 2, transliterate: transliterate)
        index.add(titles.enumerated().map { IndexItem(id: UInt64($0.offset + 1), title: $0.element) })
        return index
    }

    /// What a hit shows a user: its item, score (tier first), field and highlights.
    struct Seen: Equatable, CustomStringConvertible {
        let id: UInt64
        let tier: MatchTier
        let score: UInt64
        let highlights: [Range<Int>]
        var description: String { "\(id) \(tier) \(highlights)" }
    }

    static func seen(_ index: SearchIndex, _ query: String, _ options: SearchOptions) throws -> [Seen] {
        try index.search(query, options: options).map {
            Seen(id: $0.id, tier: $0.tier, score: $0.score, highlights: $0.highlights)
        }
    }

    @Test("a query in the original script gets the same hits with the option on", arguments: [
        MatchMode.prefix, .contains, .fuzzy,
    ])
    func originalScriptUnchanged(mode: MatchMode) throws {
        let plain = try Self.build(false)
        let reading = try Self.build(true)
        for limit in [3, 20, 10_000] {
            let options = SearchOptions(mode: mode, limit: limit)
            for query in Self.queries {
                let off = try Self.seen(plain, query, options)
                let on = try Self.seen(reading, query, options)
                #expect(on == off, "\(mode) \(query) limit \(limit)")
            }
        }
        // The extended syntax's anchors hold at the text's own end.
        let extended = SearchOptions(mode: mode, extendedSyntax: true)
        for query in ["москва$", "^москва$", "^москва", "'река", "^αθήνα$"] {
            #expect(try Self.seen(reading, query, extended) == Self.seen(plain, query, extended), "\(query)")
        }
    }

    @Test func theTitleWordsLeaveTheReadingsOut() throws {
        let index = try Self.build(true)
        let hits = try index.search("москва", options: SearchOptions(limit: 3))
        #expect(hits.map(\.id) == [1, 4, 2])
        #expect(hits.map(\.tier) == [.exactTitle, .titlePrefix, .titlePrefix])
        // A reading does not continue a title: "москва moskva" is no title of Москва.
        #expect(try index.search("москва moskva").first?.tier != .exactTitle)
    }

    @Test("a reading typed tiers as the original would", arguments: [
        ("moskva", 1, MatchTier.exactTitle),
        ("moskva reka", 2, .exactTitle),
        ("moskva r", 2, .titlePrefix),
        ("moskva 1", 4, .exactTitle),
        ("hotel moskva", 3, .exactTitle),
        ("hotel mosk", 3, .titlePrefix),
        ("paris moskva", 13, .exactTitle),
        ("athina", 7, .exactTitle),
        ("athina peir", 8, .titlePrefix),
        ("seoul", 9, .exactTitle),
        ("chekhov", 14, .exactTitle),
        ("chekhov dom", 15, .exactTitle),
    ])
    func readingTiers(query: String, id: Int, tier: MatchTier) throws {
        let index = try Self.build(true)
        let hit = try #require(try index.search(query, options: SearchOptions(limit: 5)).first { $0.id == UInt64(id) })
        #expect(hit.tier == tier)
    }

    @Test func aReadingStartsATitleFromTheThirdLetter() throws {
        // One- and two-letter keystrokes keep the first word's title-lead block: Москва is
        // found by its reading as a word of the title, not as its start.
        let index = try Self.build(true)
        let options = SearchOptions(limit: 10_000)
        #expect(try index.search("mo", options: options).first { $0.id == 1 }?.tier == .inOrder)
        #expect(try index.search("mos", options: options).first { $0.id == 1 }?.tier == .titlePrefix)
        // Moscow starts its title itself and Москва by its reading: both ahead of the titles
        // where the word comes later, with a small limit too (the title tiers are bounded).
        let top = try index.search("mos", options: SearchOptions(limit: 3))
        #expect(top.count == 3 && top.allSatisfy { $0.tier == .titlePrefix })
        #expect(top.prefix(2).map(\.id) == [6, 1])
    }

    @Test func aReadingRanksTheTitleItStartsAboveOneItEnds() throws {
        let index = try Self.build(true)
        let ids = try EngineTestSupport.ids(index, "moskva", SearchOptions(limit: 4))
        // Москва (exact), then the titles Москва starts (Москва 1, Москва река: collation
        // order), before Hotel Москва.
        #expect(ids.prefix(3) == [1, 4, 2])
        let all = try EngineTestSupport.ids(index, "moskva", SearchOptions(limit: 10_000))
        let hotel = try #require(all.firstIndex(of: 3))
        #expect(all.prefix(hotel).contains(2))
        #expect(try index.search("moskva", options: SearchOptions(limit: 10_000)).first { $0.id == 3 }?.tier == .inOrder)
    }
}
