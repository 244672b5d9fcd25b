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
