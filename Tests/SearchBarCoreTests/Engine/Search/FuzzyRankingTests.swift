import Testing

@testable import SearchBarCore

/// Fuzzy mode's ranking and highlights against fzf's and nucleo's expectations: the
/// best-scoring placement, boundary bonuses (after a space > after a delimiter such as `/` >
/// after other punctuation such as `-`, `_`, `.`), the bonus for ending at a boundary, and the
/// tiebreaks. Every expected order is worked out by hand in the comments.
@Suite("Engine: fuzzy ranking and tiebreaks")
struct FuzzyRankingTests {
    private let fuzzy = SearchOptions(mode: .fuzzy)

    private func fuzzy(tiebreak: Tiebreak) -> SearchOptions { SearchOptions(mode: .fuzzy, tiebreak: tiebreak) }

    @Test func xfooHighlightsTheBestPlacement() throws {
        // Greedy: x f . f o o -> "xf" + "oo"; best: "x" + "foo" (a word start after '.', a run of three).
        let index = try EngineTestSupport.index(["xf.foo"], mode: .fuzzy)
        let hit = try #require(try index.search("xfoo", options: fuzzy).first)
        #expect(EngineTestSupport.highlighted(hit, in: "xf.foo") == ["x", "foo"])
    }

    @Test func theBestPlacementAlsoScores() throws {
        // "xfoo": in "xf.foo" 108 at its best placement (98 greedily: x f + o o), in the
        // shorter "xfaoo" 99 (x f, a gap of one, o o: 36 + 26 - 3 + 16 + 20 + 4). The greedy
        // score ranked "xfaoo" first.
        let index = try EngineTestSupport.index(["xf.foo", "xfaoo"], mode: .fuzzy)
        #expect(try EngineTestSupport.ids(index, "xfoo", fuzzy) == [1, 2])
    }

    @Test func wordStartAfterPunctuationBeatsInsideAWord() throws {
        // fzf: "fb" on foo-bar = 36 + (16 + 8) - 5 = 55, on foobar = 36 + 16 - 4 = 48.
        let index = try EngineTestSupport.index(["foobar", "foo-bar"], mode: .fuzzy)
        #expect(try EngineTestSupport.ids(index, "fb", fuzzy) == [2, 1])
    }

    @Test func camelCaseStartsEarnTheirBonus() throws {
        // fzf's bonusCamel123 (7) where the original text turns from lower to upper case: "fb"
        // on fooBar = f at the start (16 + 2 × 10), a gap of two (-4), B (16 + 7) = 55; on
        // foobar the b earns no bonus, 48. Equal lengths; collation alone would put foobar
        // first.
        let index = try EngineTestSupport.index(["foobar", "fooBar"], mode: .fuzzy)
        #expect(try EngineTestSupport.ids(index, "fb", fuzzy) == [2, 1])
        let hit = try #require(try index.search("fb", options: fuzzy).first)
        #expect(EngineTestSupport.highlighted(hit, in: "fooBar") == ["f", "B"])
        // The best placement takes a camelCase start over an earlier plain letter: on fxbyBz
        // the B after a gap of three (36 - 5 + 23 = 54) beats the greedy b after a gap of
        // one (36 - 3 + 16 = 49).
        let other = try EngineTestSupport.index(["fxbyBz"], mode: .fuzzy)
        let best = try #require(try other.search("fb", options: fuzzy).first)
        #expect(EngineTestSupport.highlighted(best, in: "fxbyBz") == ["f", "B"])
    }

    @Test("a space beats a delimiter, which beats an underscore", arguments: ["fb", "bar"])
    func boundaryStrengths(query: String) throws {
        // "fb" (a subsequence): b after ' ' +10, after '/' +9, after '_' +8. "bar" (a substring
        // at a word start in all three): its first byte's bonus doubled, 20 / 18 / 16. The
        // lengths are equal, and collation alone would put "foo bar" < "foo_bar" < "foo/bar"
        // or another order: only the scores give this one.
        let index = try EngineTestSupport.index(["foo_bar", "foo/bar", "foo bar"], mode: .fuzzy)
        #expect(try EngineTestSupport.ids(index, query, fuzzy) == [3, 2, 1])
    }

    @Test func endingAtABoundaryRanksAbove() throws {
        // "foo" starts both titles (the title-prefix tier); "foo_bar" ends the match at '_'
        // (+4), which outranks "foobar"'s weight (weights come after the match's quality).
        let index = try SearchIndex(mode: .fuzzy)
        index.add([IndexItem(id: 1, title: "foobar", weight: 5), IndexItem(id: 2, title: "foo_bar")])
        #expect(try EngineTestSupport.ids(index, "foo", fuzzy) == [2, 1])
    }

    @Test func equalScoresPreferTheShorterText() throws {
        // Both start with "abc" followed by a space: equal scores. Collation would put
        // "abc aaaa" first; the default tiebreak puts the shorter "abc b" first.
        let index = try EngineTestSupport.index(["abc b", "abc aaaa"], mode: .fuzzy)
        #expect(try EngineTestSupport.ids(index, "abc", fuzzy) == [1, 2])
        #expect(try EngineTestSupport.ids(index, "abc", fuzzy(tiebreak: .index)) == [2, 1])
    }

    @Test("fzf's tiebreaks", arguments: [
        // "ab" inside a word after 'x' in all three, each match ending at a boundary: equal
        // scores (16 + 16 + 4 + 4). 1 "yxab": length 4, begins at 2, ends 0 before the end.
        // 2 "xab zzzzzz": length 10, begins at 1, ends 7 before the end. 3 "aaxab": length 5,
        // begins at 3, ends at the end. Collation: 3 < 2 < 1.
        (Tiebreak.length, [UInt64(1), 3, 2]),
        (.begin, [2, 1, 3]),
        (.end, [3, 1, 2]),  // 1 and 3 tie: collation
        (.index, [3, 2, 1]),
    ])
    func tiebreaks(tiebreak: Tiebreak, expected: [UInt64]) throws {
        let index = try EngineTestSupport.index(["yxab", "xab zzzzzz", "aaxab"], mode: .fuzzy)
        #expect(try EngineTestSupport.ids(index, "ab", fuzzy(tiebreak: tiebreak)) == expected)
        // A repeat with another tiebreak is not answered from the cache of the first.
        #expect(try EngineTestSupport.ids(index, "ab", fuzzy(tiebreak: .length)) == [1, 3, 2])
    }

    @Test func titleTierHitsPreferTheBoundaryThenTheShorterTitle() throws {
        // 300 titles "m" + 1...300 'a's (lengths 2...301, in scrambled id order) and "m-x": all
        // start with "m" (the title-prefix tier). "m-x" ends the match at '-' (+4) and ranks
        // first; then the shortest titles, whatever their ids or collation. The title-tier phase
        // passes over the others on their exact bounds.
        var titles = (1...300).map { "m" + String(repeating: "a", count: ($0 * 119) % 300 + 1) }
        titles.append("m-x")
        let index = try EngineTestSupport.index(titles, mode: .fuzzy)
        let hits = try index.search("m", options: SearchOptions(mode: .fuzzy, limit: 5))
        let expected = ["m-x", "ma", "maa", "maaa", "maaaa"]
        #expect(hits.map { titles[Int($0.id) - 1] } == expected)
    }

    @Test func tiebreakNames() {
        #expect(Tiebreak.allCases.map(\.name) == ["length", "begin", "end", "index"])
        #expect(Tiebreak(name: "end") == .end)
        #expect(Tiebreak(name: "pathname") == nil)
    }
}
