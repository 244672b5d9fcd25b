import Testing

@testable import SearchBarCore

@Suite("Engine: ranking")
struct RankingTests {
    @Test func tiersOrderExactThenPrefixThenInOrderThenAnyOrderThenTypo() throws {
        let index = try EngineTestSupport.index([
            "york new",  // 1: any order
            "new york",  // 2: exact title
            "the new york times",  // 3: in order, not at the start
            "new york city",  // 4: title starts with the query
            "nwe york",  // 5: no: "nwe" is 3 letters, no typo allowed... (not found)
            "newark yorkshire",  // 6: prefixes? "new" is not the last word: must be whole -> no
        ])
        let hits = try index.search("new york")
        #expect(hits.map(\.id) == [2, 4, 3, 1])
        #expect(hits.map(\.tier) == [.exactTitle, .titlePrefix, .inOrder, .anyOrder])
    }

    @Test func exactAboveTypo() throws {
        let index = try EngineTestSupport.index(["saturdays", "saturday", "satruday"])
        let hits = try index.search("saturday")
        #expect(hits.map(\.id) == [2, 1, 3])
        #expect(hits.last?.tier == .typo)
    }

    @Test func fieldOrderTitleSubtitleKeywords() throws {
        let index = try SearchIndex()
        index.add([
            IndexItem(id: 1, title: "alpha", keywords: "zebra"),
            IndexItem(id: 2, title: "beta", subtitle: "zebra"),
            IndexItem(id: 3, title: "zebra crossing"),
        ])
        let hits = try index.search("zebra")
        #expect(hits.map(\.id) == [3, 2, 1])
        #expect(hits.map(\.field) == [.title, .subtitle, .keywords])
    }

    @Test func proximityThenWeightThenCollation() throws {
        let index = try SearchIndex(locale: try SearchLocale("en"))
        index.add([
            IndexItem(id: 1, title: "red big apple"),
            IndexItem(id: 2, title: "red apple"),
            IndexItem(id: 3, title: "Zed red apple", weight: 5),
            IndexItem(id: 4, title: "äd red apple", weight: 5),
            IndexItem(id: 5, title: "ad red apple", weight: 5),
        ])
        let hits = try index.search("red apple")
        // Title prefix first; then in-order hits: weight 5 before 0, collation among equals
        // (ad < äd < Zed, ties broken by id), adjacency before a gap.
        #expect(hits.map(\.id) == [2, 5, 4, 3, 1])
    }

    @Test("long runs of equal scores and rank keys follow full collation, then id", arguments: ["prefix", "contains"])
    func longTieRunsFollowCollation(mode: String) throws {
        // One shared 20-letter start: every 8-byte rank key ties, so the final order comes from
        // the full comparison of sort keys.
        let endings = ["b", "ä", "A", "a", "Zed", "z", "é", "e", "E", "ab", "a b", "b", "ä", "0", "10", "9"]
        let titles = endings.map { "Similarlongtitlestart " + $0 }
        let locale = try SearchLocale("de")
        let index = try SearchIndex(locale: locale)
        index.add(titles.enumerated().map { IndexItem(id: UInt64(100 - $0.offset), title: $0.element) })
        let collator = try Collator(locale: locale)
        for count in [titles.count, 5] {
            var options = SearchOptions()
            options.mode = mode == "prefix" ? .prefix : .contains
            options.limit = count
            let hits = try index.search("similarlongtitlestart", options: options)
            let expected = titles.indices.map { (id: UInt64(100 - $0), title: titles[$0]) }.sorted { a, b in
                let order = collator.compare(a.title, b.title)
                return order != 0 ? order < 0 : a.id < b.id
            }
            #expect(Set(hits.map(\.score)).count == 1)
            if count == titles.count { #expect(hits.map(\.id) == expected.map(\.id)) }
            // A run under 8: the order of the ids kept is still collation order.
            let kept = Set(hits.map(\.id))
            #expect(hits.map(\.id) == expected.map(\.id).filter { kept.contains($0) })
        }
    }

    @Test func deterministicAcrossRuns() throws {
        let titles = (0..<3000).map { "item \($0 % 17) common word \($0 % 5)" }
        let index = try EngineTestSupport.index(titles, threads: 2)
        let first = try EngineTestSupport.ids(index, "common wo")
        index.cache.removeAll()
        let second = try EngineTestSupport.ids(index, "common wo")
        #expect(first == second)
        #expect(first.count == 50)
    }
}
