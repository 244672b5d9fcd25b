import Testing

@testable import SearchBarCore

@Suite("Engine: match modes, filters and extended syntax")
struct ModeTests {
    static let titles = ["Photoshop Elements", "Shopping list", "Workshop notes", "Phone book", "photo shop"]

    @Test func prefixMatchesWordStartsOnly() throws {
        let index = try EngineTestSupport.index(Self.titles)
        #expect(Set(try EngineTestSupport.ids(index, "shop")) == [2, 5])
    }

    @Test func containsMatchesAnywhere() throws {
        let index = try EngineTestSupport.index(Self.titles)
        let ids = try EngineTestSupport.ids(index, "shop", SearchOptions(mode: .contains))
        #expect(Set(ids) == [1, 2, 3, 5])
        #expect(Array(ids.prefix(2)).sorted() == [2, 5])  // word starts before infixes
    }

    @Test func fuzzyMatchesSubsequencesBestFirst() throws {
        let index = try EngineTestSupport.index(Self.titles)
        let ids = try EngineTestSupport.ids(index, "phsp", SearchOptions(mode: .fuzzy))
        #expect(Set(ids) == [1, 5])
        let exact = try EngineTestSupport.ids(index, "phone book", SearchOptions(mode: .fuzzy))
        #expect(exact.first == 4)
    }

    /// A word that occurs as a substring ranks as one (in order at a word start, else infix),
    /// and is highlighted there, even when the first subsequence match lies elsewhere; both
    /// on a small index and on one large enough for the candidate phase, where the index
    /// narrows which items can hold the substring.
    @Test(arguments: [0, 30_000])
    func fuzzyPrefersASubstringOverTheFirstSubsequence(filler: Int) throws {
        var titles = ["Mixed medley decks Médecine", "Mxexdxe nothing", "Mixed decks xmedecine"]
        for k in 0..<filler { titles.append("m e d e filler \(k)") }
        let index = try EngineTestSupport.index(titles, mode: .fuzzy)
        let hits = try index.search("mede", options: SearchOptions(mode: .fuzzy, limit: 3))
        #expect(hits.prefix(2).map(\.id) == [1, 3])
        #expect(hits.map(\.tier) == [.inOrder, .infix, .fuzzy])
        #expect(EngineTestSupport.highlighted(hits[0], in: titles[0]) == ["Méde"])
        #expect(hits[1].highlights == [13..<17])
    }

    @Test func containsToleratesTypos() throws {
        let index = try EngineTestSupport.index(["Elements of style"])
        #expect(try EngineTestSupport.ids(index, "elemants", SearchOptions(mode: .contains)) == [1])
        #expect(try EngineTestSupport.ids(index, "elemants", SearchOptions(mode: .contains, typos: false)).isEmpty)
    }

    @Test func scopesAndAttributeFilters() throws {
        let index = try SearchIndex()
        index.add([
            IndexItem(id: 1, title: "report 2023", scope: 1, attributes: [.init("kind", .text("PDF")), .init("year", .number(2023))]),
            IndexItem(id: 2, title: "report 2024", scope: 2, attributes: [.init("kind", .text("pdf")), .init("year", .number(2024))]),
            IndexItem(id: 3, title: "report draft", scope: 2, attributes: [.init("kind", .text("doc"))]),
        ])
        #expect(Set(try EngineTestSupport.ids(index, "report", SearchOptions(scopes: [2]))) == [2, 3])
        #expect(Set(try EngineTestSupport.ids(index, "report", SearchOptions(filters: [.equals(name: "kind", text: "pdf")]))) == [1, 2])
        #expect(try EngineTestSupport.ids(index, "report", SearchOptions(filters: [.range(name: "year", min: 2024, max: .infinity)])) == [2])
        let extended = SearchOptions(extendedSyntax: true)
        #expect(try EngineTestSupport.ids(index, "report kind:pdf year>=2024", extended) == [2])
        #expect(Set(try EngineTestSupport.ids(index, "report scope:2", extended)) == [2, 3])
        #expect(Set(try EngineTestSupport.ids(index, "kind:doc", extended)) == [3])
    }

    @Test func extendedOperators() throws {
        let index = try EngineTestSupport.index(["main.swift", "main.c", "README main", "domain.swift"])
        let o = SearchOptions(extendedSyntax: true)
        #expect(Set(try EngineTestSupport.ids(index, "^main", o)) == [1, 2])
        #expect(Set(try EngineTestSupport.ids(index, ".swift$", o)) == [1, 4])
        #expect(Set(try EngineTestSupport.ids(index, "'ain", o)) == [1, 2, 3, 4])
        #expect(Set(try EngineTestSupport.ids(index, "main !swift", o)) == [2, 3])
        #expect(Set(try EngineTestSupport.ids(index, "readme | domain", o)) == [3, 4])
    }

    @Test func emptyQueryFindsNothing() throws {
        let index = try EngineTestSupport.index(Self.titles)
        #expect(try index.search("").isEmpty)
        #expect(try index.search("   ").isEmpty)
    }
}
