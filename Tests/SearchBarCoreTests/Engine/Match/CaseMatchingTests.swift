import Testing

@testable import SearchBarCore

@Suite("Engine: case-sensitive, smart-case and diacritics-sensitive matching")
struct CaseMatchingTests {
    static let titles = ["Report draft", "report final", "REPORT archive", "Résumé", "resume builder", "Straße"]

    @Test(arguments: [MatchMode.prefix, .contains, .fuzzy])
    func foldedByDefault(mode: MatchMode) throws {
        let index = try EngineTestSupport.index(Self.titles, mode: mode)
        #expect(Set(try EngineTestSupport.ids(index, "report")) == [1, 2, 3])
        #expect(Set(try EngineTestSupport.ids(index, "Report")) == [1, 2, 3])
        #expect(Set(try EngineTestSupport.ids(index, "resume")) == [4, 5])
    }

    @Test(arguments: [MatchMode.prefix, .contains, .fuzzy])
    func smartCase(mode: MatchMode) throws {
        let index = try EngineTestSupport.index(Self.titles, mode: mode)
        let smart = SearchOptions(caseMatching: .smart)
        #expect(Set(try EngineTestSupport.ids(index, "report", smart)) == [1, 2, 3])
        #expect(try EngineTestSupport.ids(index, "Report", smart) == [1])
        #expect(try EngineTestSupport.ids(index, "REPORT", smart) == [3])
        // Only the word with an upper-case letter is case-sensitive.
        #expect(try EngineTestSupport.ids(index, "draft Report", smart) == [1])
        // Case kept, diacritics still folded: Resume finds Résumé, not "resume builder".
        #expect(try EngineTestSupport.ids(index, "Resume", smart) == [4])
        #expect(try EngineTestSupport.ids(index, "STRASSE", smart) == [])
    }

    @Test func caseSensitive() throws {
        let index = try EngineTestSupport.index(Self.titles, mode: .contains)
        let sensitive = SearchOptions(caseMatching: .sensitive)
        #expect(Set(try EngineTestSupport.ids(index, "report", sensitive)) == [2])
        #expect(Set(try EngineTestSupport.ids(index, "port", sensitive)) == [1, 2])
        #expect(try EngineTestSupport.ids(index, "PORT", sensitive) == [3])
    }

    @Test func diacriticsSensitive() throws {
        let index = try EngineTestSupport.index(Self.titles, mode: .contains)
        let literal = SearchOptions(diacriticsSensitive: true)
        #expect(try EngineTestSupport.ids(index, "resume", literal) == [5])
        #expect(try EngineTestSupport.ids(index, "résumé", literal) == [4])
        #expect(try EngineTestSupport.ids(index, "RÉSUMÉ", literal) == [4])  // case still folded
        #expect(try EngineTestSupport.ids(index, "strasse", literal) == [])
        #expect(try EngineTestSupport.ids(index, "straße", literal) == [6])
    }

    @Test func typingForwardKeepsTheCheck() throws {
        let index = try EngineTestSupport.index(Self.titles, mode: .contains)
        let smart = SearchOptions(caseMatching: .smart)
        #expect(Set(try EngineTestSupport.ids(index, "rep", smart)) == [1, 2, 3])
        #expect(try EngineTestSupport.ids(index, "repO", smart) == [])
        #expect(try EngineTestSupport.ids(index, "REPO", smart) == [3])
        let literal = SearchOptions(diacriticsSensitive: true)
        #expect(Set(try EngineTestSupport.ids(index, "r", literal)) == [1, 2, 3, 4, 5, 6])
        #expect(try EngineTestSupport.ids(index, "ré", literal) == [4])
    }
}
