import Testing

@testable import SearchBarCore

/// The public i18n acceptance cases with a query, run as index searches in prefix mode: the
/// item is indexed alone (or with its listed siblings) and must be found, or not.
@Suite("Engine: i18n cases as searches")
struct I18nSearchTests {
    static let searchCases = I18nCase.all.filter { !$0.query.hasPrefix("(") }

    @Test("i18n search", arguments: searchCases)
    func search(_ c: I18nCase) throws {
        let index = try EngineTestSupport.index([c.item, "unrelated filler text"], locale: c.locale)
        let hits = try index.search(c.query)
        let found = hits.contains { $0.id == 1 }
        switch c.expect {
        case "match": #expect(found, "case \(c.id): \(c.query) should find \(c.item)")
        case "no match": #expect(!found, "case \(c.id): \(c.query) should not find \(c.item)")
        default: Issue.record("case \(c.id): unknown expectation \(c.expect)")
        }
    }

    // The typo and concatenation cases by name, so a filter on "case 85" finds them.
    @Test("case 84: two/tow, under 5 characters no typo") func case84() throws { try run(84) }
    @Test("case 85: saturday/satuday, one deletion") func case85() throws { try run(85) }
    @Test("case 87: phone/phnoe, transposition is one typo") func case87() throws { try run(87) }
    @Test("case 88: the/teh, 3 characters no typo") func case88() throws { try run(88) }
    @Test("case 90: 2025/2024, no typos on numbers") func case90() throws { try run(90) }
    @Test("case 91: any way finds anyway") func case91() throws { try run(91) }
    @Test("case 81: je b does not match (earlier words are whole words)") func case81() throws { try run(81) }
    @Test("case 82: jet b matches") func case82() throws { try run(82) }
    @Test("case 43: Japanese phrase across two ICU tokens") func case43() throws { try run(43) }
    @Test("case 51: Hangul IME intermediate syllable") func case51() throws { try run(51) }
    @Test("case 58: Thai infix") func case58() throws { try run(58) }

    private func run(_ id: Int) throws {
        let c = try #require(Self.searchCases.first { $0.id == id })
        try search(c)
    }
}
