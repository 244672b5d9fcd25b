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

@Suite("Engine: extended terms alone are tiered by what they matched")
struct ExtendedTermTierTests {
    @Test func tiersFollowTheOperators() throws {
        let titles = ["main", "main.swift", "domain.swift", "the main loop"]
        let index = try EngineTestSupport.index(titles, mode: .contains)
        let o = SearchOptions(mode: .contains, extendedSyntax: true)
        func tiers(_ query: String) throws -> [UInt64: MatchTier] {
            Dictionary(uniqueKeysWithValues: try index.search(query, options: o).map { ($0.id, $0.tier) })
        }
        #expect(try tiers("^main$") == [1: .exactTitle])
        #expect(try tiers("^main") == [1: .titlePrefix, 2: .titlePrefix])
        // 'main: a word start in 1, 2 and 4, inside "domain" in 3.
        #expect(try tiers("'main") == [1: .inOrder, 2: .inOrder, 3: .infix, 4: .inOrder])
        #expect(try index.search("'main", options: o).map(\.id).last == 3)
        // Several groups: the worst decides; an OR group its best term.
        #expect(try tiers("^main 'swift")[2] == .inOrder)
        #expect(try tiers("^dom | ^the")[3] == .titlePrefix)
        // Negations alone keep one tier for every hit.
        #expect(Set(try tiers("!swift").values).count == 1)
    }

    /// The title-tier phase passes items over by bounds; with terms tiering the hits it must
    /// still give the plain scan's answers (4,000 titles: no small-candidate shortcut).
    @Test func titleTierPhaseGivesThePlainScansAnswers() throws {
        var titles: [String] = []
        for n in 0..<1000 { titles += ["main \(n)", "domain \(n)", "item \(n) main", "\(n) mainline"] }
        titles += ["main", " main "]
        let index = try EngineTestSupport.index(titles, mode: .contains)
        for query in ["^main$", "^main", "'main", "main$", "^item 'main", "'ain !dom", "^main | ^item"] {
            for limit in [1, 10, 50] {
                let options = SearchOptions(mode: .contains, limit: limit, extendedSyntax: true)
                let fast = try EngineTestSupport.freshSearch(index, query, options, phase: \.titleTierPhase, on: true)
                let plain = try EngineTestSupport.freshSearch(index, query, options, phase: \.titleTierPhase, on: false)
                #expect(fast.map(\.score) == plain.map(\.score), "scores of \(query) limit \(limit)")
                let last = plain.last?.score
                #expect(Set(fast.filter { $0.score != last }.map(\.id)) == Set(plain.filter { $0.score != last }.map(\.id)))
            }
        }
        #expect(try index.search("^main$", options: SearchOptions(mode: .contains, extendedSyntax: true)).map(\.id).sorted() == [4001, 4002])
    }
}
