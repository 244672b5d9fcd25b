import Testing

@testable import SearchBarCore

@Suite("Engine: highlights in the original text")
struct HighlightTests {
    @Test func prefixHighlightsCoverDiacritics() throws {
        let index = try EngineTestSupport.index(["Crème Brûlée à la Façon"], locale: "fr")
        let hit = try #require(try index.search("creme bru").first)
        #expect(EngineTestSupport.highlighted(hit, in: "Crème Brûlée à la Façon") == ["Crème", "Brû"])
    }

    @Test func typoHighlightsTheWholeWord() throws {
        let index = try EngineTestSupport.index(["Saturday Market"])
        let hit = try #require(try index.search("satuday").first)
        #expect(EngineTestSupport.highlighted(hit, in: "Saturday Market") == ["Saturday"])
    }

    @Test func containsTypoHighlightsOnlyWordsWithoutAnExactOccurrence() throws {
        let text = "Saturday Market Markte"
        let index = try EngineTestSupport.index([text])
        let options = SearchOptions(mode: .contains)
        // "satuday" occurs nowhere: its typo match is highlighted whole.
        let typo = try #require(try index.search("satuday market", options: options).first)
        #expect(EngineTestSupport.highlighted(typo, in: text) == ["Saturday", "Market"])
        // "market" occurs: "Markte", one transposition away, is not what it matched.
        let exact = try #require(try index.search("market", options: options).first)
        #expect(EngineTestSupport.highlighted(exact, in: text) == ["Market"])
    }

    @Test func prefixTypoHighlightsOnlyWordsWithoutAnExactOccurrence() throws {
        let text = "Saturday Market Markte"
        let index = try EngineTestSupport.index([text, "Satruday Markte"])
        // "market" occurs as typed: "Markte", one transposition away, is not what it matched.
        let exact = try #require(try index.search("market sat").first { $0.id == 1 })
        #expect(EngineTestSupport.highlighted(exact, in: text) == ["Sat", "Market"])
        // In the second title it occurs nowhere as typed: its typo match is highlighted whole.
        let typo = try #require(try index.search("market sat").first { $0.id == 2 })
        #expect(EngineTestSupport.highlighted(typo, in: "Satruday Markte") == ["Sat", "Markte"])
        // The same, whether or not the search made the typo plans (fresh, with the as-typed
        // phase on and off).
        for on in [true, false] {
            let hits = try EngineTestSupport.freshSearch(
                index, "market sat", SearchOptions(), phase: \.asTypedPhase, on: on)
            #expect(hits.map(\.highlights) == [exact.highlights, typo.highlights])
        }
    }

    @Test func substringScriptHighlights() throws {
        let text = "関西国際空港限定トートバッグ"
        let index = try EngineTestSupport.index([text], locale: "ja")
        let hit = try #require(try index.search("国際").first)
        #expect(EngineTestSupport.highlighted(hit, in: text) == ["国際"])
    }

    @Test func containsAndFuzzyHighlights() throws {
        let index = try EngineTestSupport.index(["Résumé Builder"])
        let contains = try #require(try index.search("sume", options: SearchOptions(mode: .contains)).first)
        #expect(EngineTestSupport.highlighted(contains, in: "Résumé Builder") == ["sumé"])
        let fuzzy = try #require(try index.search("rsbl", options: SearchOptions(mode: .fuzzy)).first)
        #expect(EngineTestSupport.highlighted(fuzzy, in: "Résumé Builder") == ["R", "s", "B", "l"])
    }

    @Test func highlightsInTheReportedField() throws {
        let index = try SearchIndex()
        index.add([IndexItem(id: 9, title: "Notes", subtitle: "Ünïcode handling")])
        let hit = try #require(try index.search("unicode").first)
        #expect(hit.field == .subtitle)
        #expect(EngineTestSupport.highlighted(hit, in: "Ünïcode handling") == ["Ünïcode"])
    }

    /// A text over 64 KiB is highlighted in its first 64 KiB, up to the last space there; a
    /// match further in finds the item without a highlight.
    @Test("highlights cover the first 64 KiB of a longer text", arguments: [MatchMode.prefix, .contains, .fuzzy])
    func highlightsOfLongText(_ mode: MatchMode) throws {
        let limit = Highlighter.highlightedBytes
        let words = String(repeating: "Café ", count: 40_000)  // 240,000 bytes
        let index = try EngineTestSupport.index([words, "x " + String(repeating: "y", count: limit) + " zebra"], mode: mode)
        let hits = try index.search("café")
        let hit = try #require(hits.first { $0.id == 1 })
        // Fuzzy mode highlights one occurrence; the others, every occurrence.
        #expect(hit.highlights.count == (mode == .fuzzy ? 1 : limit / 6))
        #expect(hit.highlights.allSatisfy { $0.upperBound <= limit })
        #expect(EngineTestSupport.highlighted(hit, in: words).allSatisfy { $0 == "Café" })
        let far = try #require(try index.search("zebra").first { $0.id == 2 })
        #expect(far.highlights.isEmpty)
        // Up to 64 KiB, every occurrence.
        let short = String(repeating: "Café ", count: limit / 6)
        let shortIndex = try EngineTestSupport.index([short], mode: mode)
        let shortHit = try #require(try shortIndex.search("café").first)
        #expect(shortHit.highlights.count == (mode == .fuzzy ? 1 : limit / 6))
    }
}
