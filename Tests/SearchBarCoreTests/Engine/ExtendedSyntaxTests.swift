import Testing

@testable import SearchBarCore

@Suite("Engine: extended syntax anchors, escaped spaces and highlights")
struct ExtendedSyntaxTests {
    static let extended = SearchOptions(mode: .contains, extendedSyntax: true)

    @Test func anchorsSkipLeadingAndTrailingBlanks() throws {
        let index = try EngineTestSupport.index(["  main.swift", "main.c  ", "domain.c", " main "], mode: .contains)
        #expect(Set(try EngineTestSupport.ids(index, "^main", Self.extended)) == [1, 2, 4])
        #expect(Set(try EngineTestSupport.ids(index, ".c$", Self.extended)) == [2, 3])
        #expect(try EngineTestSupport.ids(index, "^main$", Self.extended) == [4])
        #expect(try EngineTestSupport.ids(index, "!^main", Self.extended) == [3])
    }

    @Test func escapedSpaceIsPartOfTheTerm() throws {
        let index = try EngineTestSupport.index(["main swift", "mainswift", "swift main"], mode: .contains)
        #expect(try EngineTestSupport.ids(index, "'main\\ swift", Self.extended) == [1])
        #expect(try EngineTestSupport.ids(index, "main\\ swift", Self.extended) == [1])
        #expect(try EngineTestSupport.ids(index, "^swift\\ m", Self.extended) == [3])
        // Without the backslash they are two terms, in any order.
        #expect(Set(try EngineTestSupport.ids(index, "'main 'swift", Self.extended)) == [1, 2, 3])
    }

    @Test func everyTermIsHighlighted() throws {
        let titles = ["main.swift", "README main", "domain.c"]
        let index = try EngineTestSupport.index(titles, mode: .contains)
        func highlighted(_ query: String, _ id: UInt64) throws -> [String] {
            let hit = try #require(try index.search(query, options: Self.extended).first { $0.id == id })
            return EngineTestSupport.highlighted(hit, in: titles[Int(id) - 1])
        }
        #expect(try highlighted("^main", 1) == ["main"])
        #expect(try highlighted(".swift$", 1) == [".swift"])
        #expect(try highlighted("'ain", 3) == ["ain"])
        #expect(try highlighted("^domain.c$", 3) == ["domain.c"])
        #expect(try highlighted("readme | domain", 2) == ["README"])
        #expect(try highlighted("main !swift", 2) == ["main"])
        #expect(try highlighted("^read main", 2) == ["READ", "main"])
    }
}
