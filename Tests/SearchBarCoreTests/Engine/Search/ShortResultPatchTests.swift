import Testing

@testable import SearchBarCore

/// ``ResultCache/Patch``: a short search kept from an earlier snapshot, answered after writes
/// from its kept selection and the segments added since, gives exactly what a fresh search
/// gives.
@Suite("Short results patched across writes")
struct ShortResultPatchTests {
    static let words = [
        "apple", "apricot", "avocado", "ábaco", "banana", "berry", "blue", "boat", "book", "cab", "cable",
        "cherry", "cocoa", "date", "dune", "elder", "éclair", "fig", "grape", "ärger", "straße", "zoo",
    ]
    /// Short queries typed again and again while the index changes.
    static let queries = ["a", "b", "ap", "bo", "c", "é", "e", "ca", "z"]

    /// A title of one to four of ``words``.
    static func title(_ rng: inout SplitMix) -> String {
        (0...rng.next(below: 4)).map { _ in words[rng.next(below: words.count)] }.joined(separator: " ")
    }

    /// An item with a random title and one of four weights.
    static func item(_ id: UInt64, _ rng: inout SplitMix) -> IndexItem {
        IndexItem(id: id, title: title(&rng), weight: Double(rng.next(below: 4)))
    }

    @Test(
        "patched short searches equal fresh ones over many random writes",
        arguments: [MatchMode.prefix, .contains, .fuzzy])
    func patchedEqualsFresh(mode: MatchMode) throws {
        var rng = SplitMix(seed: 32 &+ UInt64(mode.rawValue))
        // The twin gets the same writes; its cache is emptied before each search.
        let index = try SearchIndex(mode: mode, threads: 2)
        let twin = try SearchIndex(mode: mode, threads: 2)
        func write(_ items: [IndexItem]) {
            index.add(items)
            twin.add(items)
        }
        func remove(_ ids: [UInt64]) {
            #expect(index.remove(ids: ids) == twin.remove(ids: ids))
        }
        var nextID: UInt64 = 1
        var initial: [IndexItem] = []
        for _ in 0..<1500 {
            initial.append(Self.item(nextID, &rng))
            nextID += 1
        }
        write(initial)
        let options = [
            SearchOptions(limit: 5), SearchOptions(limit: 20), SearchOptions(limit: 10, exactTotal: true),
        ]
        for step in 0..<60 {
            switch step % 5 {
            case 0:  // new items
                write((0..<rng.next(below: 6) + 1).map { _ in
                    defer { nextID += 1 }
                    return Self.item(nextID, &rng)
                })
            case 1:  // random removals
                remove((0..<8).map { _ in UInt64(rng.next(below: Int(nextID)) + 1) })
            case 2:  // the best hits of a short query removed: its kept selection runs short
                let query = Self.queries[rng.next(below: Self.queries.count)]
                let top = try twin.search(query, options: SearchOptions(limit: 30)).map(\.id)
                remove(Array(top.prefix(rng.next(below: 25) + 1)))
            case 3:  // the best hits of a short query replaced (same id, another title)
                let query = Self.queries[rng.next(below: Self.queries.count)]
                let top = try twin.search(query, options: SearchOptions(limit: 5)).map(\.id)
                write(top.map { Self.item($0, &rng) })
            default:  // random updates, and now and then everything merged
                write((0..<4).map { _ in Self.item(UInt64(rng.next(below: Int(nextID)) + 1), &rng) })
                if step % 10 == 9 { index.waitForMerges() }
            }
            for query in Self.queries {
                for option in options {
                    let got = try index.search(query, options: option)
                    twin.cache.removeAll()
                    let want = try twin.search(query, options: option)
                    #expect(got == want, "step \(step), \(mode) \"\(query)\" limit \(option.limit)")
                }
            }
        }
        // The patches did answer (this test is about them).
        #expect(index.cache.patchedSearches > 0)
    }

    @Test("a search on an older snapshot is never patched from a newer one")
    func olderSnapshot() throws {
        var rng = SplitMix(seed: 7)
        let index = try SearchIndex(mode: .prefix, threads: 2)
        index.add((1...500).map { Self.item(UInt64($0), &rng) })
        let old = index.snapshot
        let best = try index.search("a", options: SearchOptions(limit: 5), on: old).map(\.id)
        index.cache.removeAll()
        // The best hits removed; the newer snapshot's search keeps a selection without them.
        #expect(index.remove(ids: best) == best.count)
        _ = try index.search("a", options: SearchOptions(limit: 5))
        let got = try index.search("a", options: SearchOptions(limit: 5), on: old)
        index.cache.removeAll()
        let want = try index.search("a", options: SearchOptions(limit: 5), on: old)
        #expect(got == want)
        #expect(got.map(\.id) == best)
    }

    @Test("a short search is patched after a write, and not refined from its patched matches")
    func patchedAfterWrite() throws {
        let index = try EngineTestSupport.index(ResultCacheTests.titles)
        #expect(try index.search("ch").map(\.id) == [5])
        index.add([IndexItem(id: 100, title: "chestnut soup")])
        let patched = index.cache.patchedSearches
        #expect(try Set(index.search("ch").map(\.id)) == [5, 100])
        #expect(index.cache.patchedSearches == patched + 1)
        // A longer query after the patched one still finds every match.
        #expect(try Set(index.search("che").map(\.id)) == [5, 100])
        #expect(index.remove(ids: [100]) == 1)
        #expect(try index.search("ch").map(\.id) == [5])
        #expect(index.cache.patchedSearches == patched + 2)
    }
}
