import Testing

@testable import SearchBarCore

/// ``SortKeyCache``: the sort keys that order tied hits, kept across searches.
@Suite("Engine: sort keys kept for tied hits")
struct SortKeyCacheTests {
    private typealias Title = SortKeyCache.Title

    @Test("made and kept keys are the collator's sort keys")
    func keysAreTheCollators() throws {
        let collator = try Collator(locale: try SearchLocale("de"))
        let texts = ["Äpfel", "apfel", "Straße", "strasse", "", "file10", "file2", "猫", "ǅemal", "😀 x"]
        let titles = texts.enumerated().map { (title: Title(serial: 7, local: UInt32($0.offset)), text: $0.element) }
        let cache = SortKeyCache(capacity: 64)
        let made = cache.keys(of: titles, collator: collator)
        #expect(made == texts.map { collator.sortKey($0) })
        // Ten titles in 64 slots: some may share one, and the last one in a slot is kept.
        let held = titles.indices.filter { cache.holds(titles[$0].title) }
        #expect(held.count >= 5)
        // A second call reads the kept ones back: given other texts, it still answers their keys.
        let kept = cache.keys(of: titles.map { ($0.title, "something else") }, collator: collator)
        for k in titles.indices {
            #expect(kept[k] == (held.contains(k) ? made[k] : collator.sortKey("something else")), "\(texts[k])")
        }
    }

    @Test("a title never gets the key of another title in its slot")
    func collisionsMakeTheirOwnKey() throws {
        let collator = try Collator(locale: try SearchLocale("en"))
        let cache = SortKeyCache(capacity: 1)
        let a = Title(serial: 1, local: 0)
        let b = Title(serial: 2, local: 0)
        let c = Title(serial: 1, local: 1)
        #expect(!cache.holds(a))
        #expect(cache.keys(of: [(a, "alpha")], collator: collator) == [collator.sortKey("alpha")])
        #expect(cache.holds(a))
        #expect(cache.keys(of: [(b, "beta")], collator: collator) == [collator.sortKey("beta")])
        #expect(cache.keys(of: [(c, "gamma")], collator: collator) == [collator.sortKey("gamma")])
        #expect(cache.holds(c) && !cache.holds(a) && !cache.holds(b))
    }

    @Test("keys longer than the limit are made every time, not kept")
    func longKeysAreNotKept() throws {
        let collator = try Collator(locale: try SearchLocale("en"))
        let cache = SortKeyCache()
        let long = String(repeating: "Ab ", count: 200)
        let short = Title(serial: 3, local: 0)
        let longTitle = Title(serial: 3, local: 1)
        let keys = cache.keys(of: [(short, "short"), (longTitle, long)], collator: collator)
        #expect(keys[1] == collator.sortKey(long) && keys[1].count > SortKeyCache.maxKeyBytes)
        #expect(!cache.holds(longTitle))
        #expect(cache.holds(short))
    }

    @Test("ties ordered from kept keys equal ties ordered from fresh keys")
    func searchesReuseKeys() throws {
        let endings = ["b", "ä", "A", "a", "Zed", "z", "é", "e", "E", "ab", "a b", "0", "10", "9"]
        let index = try SearchIndex(locale: try SearchLocale("de"))
        index.add(endings.enumerated().map {
            IndexItem(id: UInt64($0.offset), title: "Similarlongtitlestart " + $0.element)
        })
        var options = SearchOptions()
        options.mode = .contains
        let first = try index.search("longtitle", options: options).map(\.id)
        let segment = index.snapshot.segments[0].segment
        #expect((0..<endings.count).contains { index.sortKeys.holds(Title(serial: segment.serial, local: UInt32($0))) })
        index.cache.removeAll()
        let second = try index.search("longtitle", options: options).map(\.id)
        #expect(first == second && first.count == endings.count)
    }
}
