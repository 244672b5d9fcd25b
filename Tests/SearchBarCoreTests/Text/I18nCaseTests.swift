import SearchBarCore
import Testing

/// One acceptance case of `Tests/Fixtures/i18n-cases.json`.
struct I18nCase: Sendable, CustomTestStringConvertible {
    let id: Int
    let locale: String
    let item: String
    let query: String
    let expect: String

    var testDescription: String { "case \(id) [\(locale)] \(item) / \(query) → \(expect)" }

    /// All cases of the fixture (empty when it cannot be read; `fixtureIsComplete` catches that).
    static let all: [I18nCase] = {
        let path = TextTestSupport.fixturesDirectory + "/i18n-cases.json"
        guard let bytes = TextTestSupport.readFile(path), case .array(let list)? = JSON.parse(bytes) else { return [] }
        return list.compactMap { entry in
            guard let id = entry["id"]?.int, let locale = entry["locale"]?.string, let item = entry["item"]?.string,
                let query = entry["query"]?.string, let expect = entry["expect"]?.string
            else { return nil }
            return I18nCase(id: id, locale: locale, item: item, query: query, expect: expect)
        }
    }()

    /// Cases that need the engine's typo tolerance or query-word concatenation: they are checked
    /// by the engine's search tests, not by the text layer.
    static let deferredToEngine: Set<Int> = [84, 85, 87, 88, 90, 91]
}

@Suite("International text: acceptance cases")
struct I18nCaseTests {
    @Test("the fixture has all cases")
    func fixtureIsComplete() {
        #expect(I18nCase.all.count >= 65)
        let ids = Set(I18nCase.all.map(\.id))
        #expect(I18nCase.deferredToEngine.isSubset(of: ids))
    }

    @Test("acceptance", arguments: I18nCase.all.filter { !I18nCase.deferredToEngine.contains($0.id) })
    func acceptance(_ c: I18nCase) throws {
        let locale = try SearchLocale(c.locale)
        #expect(!locale.isFallback)
        let analyzer = TextAnalyzer(locale: locale)
        switch c.query {
        case "(tokenize)":
            #expect(c.expect.hasPrefix("tokens: "))
            let expected = c.expect.dropFirst("tokens: ".count).split(separator: "|").map { $0.trimmingSpaces() }
            let tokens = analyzer.tokenize(c.item).filter { $0.kind != .part }
            #expect(tokens.map(\.text) == expected)
        case "(sort)":
            #expect(c.expect.hasPrefix("order: "))
            let expected = c.expect.dropFirst("order: ".count).split(separator: "<").map { $0.trimmingSpaces() }
            let items = c.item.split(separator: ",").map { $0.trimmingSpaces() }
            let collator = try Collator(locale: locale)
            #expect(collator.sortedIndices(items).map { items[$0] } == expected)
            // Reversed input gives the same order (the sort does not depend on input order).
            let reversed = Array(items.reversed())
            #expect(collator.sortedIndices(reversed).map { reversed[$0] } == expected)
        default:
            let matched = TextTestSupport.prefixMatches(item: c.item, query: c.query, analyzer: analyzer)
            switch c.expect {
            case "match": #expect(matched, "fold(item)=\(analyzer.fold(c.item)) fold(query)=\(analyzer.fold(c.query))")
            case "no match":
                #expect(!matched, "fold(item)=\(analyzer.fold(c.item)) fold(query)=\(analyzer.fold(c.query))")
            default: Issue.record("unknown expectation \(c.expect)")
            }
        }
    }

    @Test("deferred typo cases are the engine's", arguments: I18nCase.all.filter { I18nCase.deferredToEngine.contains($0.id) })
    func deferred(_ c: I18nCase) throws {
        // The text layer's part: both sides fold and tokenize; whether they match within the typo
        // budget (or by concatenating query words) is decided by the engine's search tests.
        let analyzer = TextAnalyzer(locale: try SearchLocale(c.locale))
        #expect(!analyzer.tokenize(c.item).isEmpty)
        #expect(!analyzer.tokenize(c.query).isEmpty)
    }
}
