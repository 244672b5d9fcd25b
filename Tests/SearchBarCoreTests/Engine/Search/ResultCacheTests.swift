import Testing

@testable import SearchBarCore

/// ``ResultCache``: recent searches, and short searches kept longer.
@Suite("Result cache")
struct ResultCacheTests {
    static let titles = [
        "apple pie", "apricot jam", "banana bread", "blueberry muffin", "cherry tart", "carrot cake",
        "date loaf", "elderflower cordial", "fig roll", "grape juice",
    ]

    /// Searches `query` on `index`; true when the index's cache answered it (no search ran).
    static func answeredFromCache(_ index: SearchIndex, _ query: String) throws -> Bool {
        let compiled = CompiledQuery(
            query, options: SearchOptions(), defaultMode: index.defaultMode, analysis: index.analysis,
            isAttribute: { _ in false })
        return index.cache.hits(for: compiled, version: index.snapshot.version) != nil
    }

    @Test(
        "one- and two-character queries",
        arguments: [("a", true), ("ab", true), ("абв", false), ("猫", true), ("猫猫猫", false), ("é", true)])
    func shortness(query: String, short: Bool) throws {
        let index = try EngineTestSupport.index(Self.titles)
        let compiled = CompiledQuery(
            query, options: SearchOptions(), defaultMode: index.defaultMode, analysis: index.analysis,
            isAttribute: { _ in false })
        #expect(ResultCache.isShort(compiled) == short)
    }

    @Test("a short search outlives many longer ones on the same snapshot")
    func shortSearchesOutlive() throws {
        let index = try EngineTestSupport.index(Self.titles)
        let first = try index.search("b")
        // Enough longer searches to push "b" out of the recent ones.
        for k in 0..<(index.cache.capacity + 4) { _ = try index.search("banana \(k)") }
        #expect(try Self.answeredFromCache(index, "b"))
        #expect(try index.search("b") == first)
        // A longer query is not kept beyond the recent ones.
        _ = try index.search("cherry")
        for k in 0..<(index.cache.capacity + 4) { _ = try index.search("banana \(k)") }
        #expect(try !Self.answeredFromCache(index, "cherry"))
    }

    @Test("a change to the index is never answered from an older snapshot's short search as is")
    func changesRetireShortSearches() throws {
        let index = try EngineTestSupport.index(Self.titles)
        #expect(try index.search("ch").map(\.id) == [5])
        index.add([IndexItem(id: 100, title: "chestnut soup")])
        #expect(try !Self.answeredFromCache(index, "ch"))
        #expect(try Set(index.search("ch").map(\.id)) == [5, 100])
        _ = try index.search("d")
        #expect(index.cache.shortCount == 2)
        #expect(index.remove(ids: [100]) == 1)
        #expect(try !Self.answeredFromCache(index, "ch"))
        #expect(try index.search("ch").map(\.id) == [5])
        // One entry per query, the latest snapshot's ("d" is kept from the older one, to be
        // patched when it is typed again).
        #expect(index.cache.shortCount == 2)
    }

    @Test("the short searches hold at most their hit budget, forgetting the least recently used")
    func shortHitBudget() throws {
        let cache = ResultCache(capacity: 1, shortHitBudget: 5)
        let index = try EngineTestSupport.index(Self.titles)
        func entry(_ query: String, hits: Int) -> ResultCache.Entry {
            let compiled = CompiledQuery(
                query, options: SearchOptions(), defaultMode: index.defaultMode, analysis: index.analysis,
                isAttribute: { _ in false })
            let hit = SearchHit(id: 1, score: 1, field: .title, highlights: [])
            return ResultCache.Entry(
                query: compiled, version: 7, hits: Array(repeating: hit, count: hits), texts: [], matches: [:],
                total: hits, totalIsExact: true)
        }
        func cached(_ e: ResultCache.Entry) -> Bool { cache.hits(for: e.query, version: 7) != nil }
        let a = entry("a", hits: 2)
        let b = entry("b", hits: 2)
        let c = entry("c", hits: 2)
        cache.store(a)
        cache.store(b)
        #expect(cached(a))  // a is now the most recently used
        cache.store(c)  // 6 hits: b, the least recently used, goes
        #expect(cached(a) && !cached(b) && cached(c))
        cache.store(entry("d", hits: 6))  // over the budget on its own: never kept as short
        #expect(cache.shortCount == 2)
        // Short entries keep no matches: refinement reads only the recent ones.
        let longer = entry("cx", hits: 1)
        #expect(cache.base(for: longer.query) == nil)
    }
}
