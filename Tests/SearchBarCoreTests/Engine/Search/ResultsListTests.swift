import Testing

@testable import SearchBarCore

/// What a list view needs from a search: highlights in every field that matched, the number of
/// matches beyond the page, pages, an empty query listing every item, and items by id.
@Suite("Engine: results for a list view")
struct ResultsListTests {
    /// `count` items of a number and two words from a small vocabulary (so that many match one
    /// letter and some need typos), with subtitles and keywords from the same words. The
    /// numbers lead so that titles differ in their first collation bytes.
    static func items(_ count: Int, seed: UInt64 = 7) -> [IndexItem] {
        let words = [
            "apple", "apricot", "banana", "berry", "cherry", "citrus", "date", "elder", "fig", "grape",
            "guava", "kiwi", "lemon", "lime", "mango", "melon", "olive", "orange", "peach", "pear",
        ]
        var random = SplitMix(seed: seed)
        func phrase(_ n: Int) -> String { (0..<n).map { _ in words[random.next(below: words.count)] }.joined(separator: " ") }
        return (0..<count).map { k in
            IndexItem(
                id: UInt64(k + 1), title: "\(k) \(phrase(2))", subtitle: phrase(2), keywords: phrase(1),
                scope: UInt32(k % 3))
        }
    }

    /// The number of matches of `query`: the hits of a search whose limit every match fits.
    static func allMatches(_ index: SearchIndex, _ query: String, _ options: SearchOptions = SearchOptions()) throws -> Int {
        var all = options
        all.limit = SearchOptions.maxLimit
        all.offset = 0
        index.cache.removeAll()
        let found = try index.search(query, options: all)
        #expect(found.hits.count < SearchOptions.maxLimit)
        #expect(found.totalIsExact)
        #expect(found.total == found.hits.count)
        return found.hits.count
    }

    @Test func aTitleHitAlsoHighlightsItsSubtitleAndKeywords() throws {
        let index = try SearchIndex(threads: 2)
        index.add([
            IndexItem(id: 1, title: "Apple pie", subtitle: "Baked apple with cinnamon", keywords: "apple dessert"),
            IndexItem(id: 2, title: "Pear tart", subtitle: "No fruit named here", keywords: "pastry"),
        ])
        let found = try index.search("apple")
        let hit = try #require(found.hits.first)
        let texts = try #require(found.texts.first)
        #expect(hit.id == 1 && hit.field == .title)
        func marked(_ field: SearchField) -> [String] {
            let bytes = Array(texts.text(of: field).utf8)
            return hit.highlights(in: field).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        #expect(marked(.title) == ["Apple"])
        #expect(marked(.subtitle) == ["apple"])
        #expect(marked(.keywords) == ["apple"])
        #expect(texts.subtitle == "Baked apple with cinnamon" && texts.keywords == "apple dessert")
        #expect(hit.otherHighlights[.title] == nil)
    }

    @Test func highlightsInEveryFieldInEveryMode() throws {
        for mode in MatchMode.allCases {
            let index = try SearchIndex(mode: mode, threads: 2)
            index.add([IndexItem(id: 1, title: "Crème brûlée", subtitle: "A crème dessert", keywords: "CRÈME custard")])
            let found = try index.search("creme")
            let hit = try #require(found.hits.first, "\(mode)")
            let texts = try #require(found.texts.first)
            for field in SearchField.allCases {
                let bytes = Array(texts.text(of: field).utf8)
                let marked = hit.highlights(in: field).map { String(decoding: bytes[$0], as: UTF8.self) }
                #expect(marked.map { $0.lowercased() } == ["crème"], "\(mode) \(field): \(marked)")
            }
        }
    }

    @Test func aFieldWhereNothingMatchedHasNoHighlights() throws {
        let index = try SearchIndex(threads: 2)
        index.add([IndexItem(id: 1, title: "Lemon cake", subtitle: "Sponge", keywords: "")])
        let hit = try #require(try index.search("lemon").first)
        #expect(hit.otherHighlights.isEmpty)
        #expect(hit.highlights(in: .subtitle).isEmpty && hit.highlights(in: .keywords).isEmpty)
    }

    @Test func theTotalIsExactWhenEveryMatchFitsAndALowerBoundOtherwise() throws {
        let index = try SearchIndex(threads: 2)
        index.add(Self.items(3000))
        let matches = try Self.allMatches(index, "ap")
        #expect(matches > 100)
        let page = try index.search("ap", options: SearchOptions(limit: 20))
        #expect(page.hits.count == 20)
        #expect(!page.totalIsExact)
        #expect(page.total == 20)
        let few = try index.search("ap 17", options: SearchOptions(limit: 50))
        #expect(few.totalIsExact && few.total == few.hits.count && few.hits.count < 50)
    }

    @Test(arguments: ["ap", "a", "peach", "pech", "lemon mango", "lemonmango", "grape 1", "zzz"])
    func anExactTotalCountsEveryMatch(query: String) throws {
        let index = try SearchIndex(threads: 2)
        index.add(Self.items(4000))
        for mode in MatchMode.allCases {
            let options = SearchOptions(mode: mode, limit: 10)
            let expected = try Self.allMatches(index, query, options)
            index.cache.removeAll()
            var exact = options
            exact.exactTotal = true
            let found = try index.search(query, options: exact)
            #expect(found.totalIsExact, "\(mode) \(query)")
            #expect(found.total == expected, "\(mode) \(query)")
            // Again, from the result cache, and on a later page.
            #expect(try index.search(query, options: exact).total == expected)
            exact.offset = 5
            #expect(try index.search(query, options: exact).total == expected)
        }
    }

    @Test func anExactTotalHonoursScopesAndFilters() throws {
        let index = try SearchIndex(threads: 2)
        index.add(Self.items(3000))
        let options = SearchOptions(limit: 5, scopes: [1], exactTotal: true)
        let expected = try Self.allMatches(index, "pe", options)
        #expect(try index.search("pe", options: options).total == expected)
        #expect(expected < (try Self.allMatches(index, "pe")))
    }

    @Test func pagesFollowOneAnother() throws {
        let index = try SearchIndex(threads: 2)
        index.add(Self.items(2000))
        for query in ["a", "pe", "lemon", "pech"] {
            let whole = try index.search(query, options: SearchOptions(limit: 300)).map(\.id)
            var paged: [UInt64] = []
            for page in 0..<10 {
                paged += try index.search(query, options: SearchOptions(limit: 30, offset: page * 30)).map(\.id)
            }
            #expect(paged == whole, "\(query)")
        }
    }

    @Test func aPagePastTheLastHitIsEmptyWithTheTotal() throws {
        let index = try SearchIndex(threads: 2)
        index.add(Self.items(200))
        let matches = try Self.allMatches(index, "lemon")
        let found = try index.search("lemon", options: SearchOptions(limit: 10, offset: matches + 5))
        #expect(found.hits.isEmpty && found.texts.isEmpty)
        #expect(found.total == matches && found.totalIsExact)
        let last = try index.search("lemon", options: SearchOptions(limit: 10, offset: matches - 3))
        #expect(last.hits.count == 3 && last.texts.count == 3 && last.total == matches)
        // An offset past the largest honoured is the largest.
        let far = SearchOptions(offset: Int.max)
        #expect(far.effectiveOffset == SearchOptions.maxOffset)
    }

    @Test func anEmptyQueryListsEveryItemByWeightThenTitleThenId() throws {
        let index = try SearchIndex(locale: SearchLocale("en"), threads: 2)
        let titles = ["banana", "Apple", "apple", "cherry", "Äpfel", "", "date", "apple"]
        index.add(titles.enumerated().map { IndexItem(id: UInt64(10 - $0.offset), title: $0.element) })
        index.add([IndexItem(id: 50, title: "zucchini", weight: 5)])
        #expect(try index.search("").isEmpty)
        let options = SearchOptions(listsAllWhenEmpty: true)
        let found = try index.search("", options: options)
        #expect(found.total == 9 && found.totalIsExact)
        #expect(found.texts.map(\.title) == ["zucchini", "", "Äpfel", "apple", "apple", "Apple", "banana", "cherry", "date"])
        #expect(found.hits[3].id < found.hits[4].id)
        #expect(found.hits.allSatisfy { $0.highlights.isEmpty && $0.otherHighlights.isEmpty })
        #expect(Set(found.hits.dropFirst().map(\.tier)) == [.titlePrefix])
        // Blank text lists too; pages and scopes apply.
        #expect(try index.search("  ", options: options).count == 9)
        let page = try index.search("", options: SearchOptions(limit: 3, offset: 3, listsAllWhenEmpty: true))
        #expect(page.texts.map(\.title) == ["apple", "apple", "Apple"])
        #expect(page.total == 9 && page.totalIsExact)
    }

    @Test func anEmptyQueryListsALargeIndexWithScopesAndAnExactTotal() throws {
        let index = try SearchIndex(threads: 2)
        let items = Self.items(20_000)
        index.add(items)
        let all = try index.search("", options: SearchOptions(limit: 25, listsAllWhenEmpty: true))
        #expect(all.total == 20_000 && all.totalIsExact)
        let collator = try Collator(locale: .none)
        let sorted = items.sorted { a, b in
            let order = collator.compare(a.title, b.title)
            return order != 0 ? order < 0 : a.id < b.id
        }
        #expect(all.hits.map(\.id) == sorted.prefix(25).map(\.id))
        // A deep page (a selection of 10,010 items) is the same stretch of that order.
        let deep = try index.search("", options: SearchOptions(limit: 20, offset: 9990, listsAllWhenEmpty: true))
        #expect(deep.map(\.id) == sorted[9990..<10010].map(\.id))
        let scoped = try index.search(
            "", options: SearchOptions(limit: 25, scopes: [2], listsAllWhenEmpty: true, exactTotal: true))
        #expect(scoped.total == items.filter { $0.scope == 2 }.count && scoped.totalIsExact)
        #expect(scoped.hits.map(\.id) == sorted.filter { $0.scope == 2 }.prefix(25).map(\.id))
    }

    @Test func itemsByIdAndRemovingEveryItem() throws {
        let index = try SearchIndex(fields: [.title, .subtitle], threads: 2)
        index.add([
            IndexItem(
                id: 7, title: "Crème brûlée", subtitle: "Dessert", keywords: "not stored", scope: 3, weight: 2.5,
                attributes: [ItemAttribute("kind", .text("Sweet")), ItemAttribute("year", .number(1691))]),
            IndexItem(id: 8, title: "Bread", weight: -1),
        ])
        let item = try #require(index.item(id: 7))
        #expect(item.title == "Crème brûlée" && item.subtitle == "Dessert" && item.keywords == "")
        #expect(item.scope == 3 && item.weight == 2.5)
        #expect(item.attributes == [ItemAttribute("kind", .text("sweet")), ItemAttribute("year", .number(1691))])
        #expect(index.item(id: 8)?.weight == -1)
        #expect(index.item(id: 9) == nil)
        index.removeAll()
        #expect(index.count == 0 && index.item(id: 7) == nil)
        #expect(try index.search("creme").isEmpty)
        #expect(try index.search("", options: SearchOptions(listsAllWhenEmpty: true)).isEmpty)
        index.add([IndexItem(id: 7, title: "Again")])
        #expect(try index.search("again").map(\.id) == [7])
    }
}
