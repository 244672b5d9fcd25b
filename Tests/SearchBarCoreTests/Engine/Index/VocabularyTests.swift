import Testing

@testable import SearchBarCore

@Suite("Engine: vocabulary and pruned searches")
struct VocabularyTests {
    @Test func vocabularyCountsLiveItemsAndKeepsTheOriginalSpelling() throws {
        let index = try EngineTestSupport.index(["Café York", "café au lait", "Cafeteria", "Café noir", "York"])
        let words = index.vocabulary(prefix: "CAF", limit: 5)
        #expect(words.map(\.word) == ["Café", "Cafeteria"])
        #expect(words.map(\.count) == [3, 1])
        #expect(index.vocabulary(prefix: "caf", limit: 1).map(\.word) == ["Café"])
        index.remove(ids: [1, 2, 4])
        #expect(index.vocabulary(prefix: "caf", limit: 5).map(\.word) == ["Cafeteria"])
        #expect(index.vocabulary(prefix: "", limit: 5).isEmpty)
        #expect(index.vocabulary(prefix: "y", limit: 0).isEmpty)
    }

    /// Once the top-k holds title-prefix hits, other items are skipped by their tier ceiling;
    /// the hits must score as those of a search that keeps every item (limit large enough).
    /// (Ids are not compared: among equal scores whose 8-byte rank keys tie, the top-k keeps the
    /// lowest ids before the final collation sort, so a larger limit may order ties differently.)
    @Test(arguments: [MatchMode.prefix, .contains, .fuzzy])
    func prunedSearchesMatchFullSearches(mode: MatchMode) throws {
        var titles: [String] = []
        for k in 0..<20_000 {
            let words = ["apple", "banana", "apricot", "cherry", "avocado", "grape", "lemon", "mango"]
            titles.append("\(words[k % 8]) \(words[(k / 8) % 8]) \(k)")
        }
        let index = try EngineTestSupport.index(titles, mode: mode)
        for query in ["a", "ap", "b", "mango 1", "gr"] {
            let small = try index.search(query, options: SearchOptions(mode: mode, limit: 20))
            index.cache.removeAll()
            let large = try index.search(query, options: SearchOptions(mode: mode, limit: 10_000))
            index.cache.removeAll()
            #expect(small.map(\.score) == Array(large.prefix(20)).map(\.score), "\(mode) \(query)")
            #expect(small.count == 20, "\(mode) \(query)")
        }
    }
}
