import Testing

@testable import SearchBarCore

/// Paging is exact: page p of n (offset p · n, limit n) is the slice [p · n, p · n + n) of the
/// one total order of hits, even where titles share long starts (their first collation bytes,
/// which a selection ranks by, tie) and where titles are equal.
@Suite struct PagingOrderTests {
    /// 480 items in two segments: report titles that agree in their first 16+ characters,
    /// equal titles, and a few others; ids shuffled so that id order is not title order. Scopes
    /// 0-2, a `kind` attribute, weights 0 except a few.
    static func index() throws -> SearchIndex {
        let index = try SearchIndex(locale: SearchLocale("en"), threads: 2)
        var random = SplitMix(seed: 28)
        var ids = Array(1...480).map(UInt64.init)
        for k in stride(from: ids.count - 1, to: 0, by: -1) { ids.swapAt(k, random.next(below: k + 1)) }
        var items: [IndexItem] = []
        for k in 0..<480 {
            let title: String
            switch k % 6 {
            case 0, 1, 2:
                let day = k % 28 + 1
                title = "Report 2024-01-\(day < 10 ? "0" : "")\(day) sales \(k % 37)"
            case 3: title = "Report 2024-01-01 sales"
            case 4: title = "Reporting period \(k % 11) summary"
            default: title = "Quarterly report \(k % 5)"
            }
            items.append(IndexItem(
                id: ids[k], title: title, subtitle: k % 4 == 0 ? "report appendix" : "", scope: UInt32(k % 3),
                weight: k % 97 == 0 ? 2 : 0, attributes: [ItemAttribute("kind", .text(k % 2 == 0 ? "even" : "odd"))]))
        }
        index.add(Array(items[..<280]))
        index.add(Array(items[280...]))
        return index
    }

    static let cases: [(String, SearchOptions)] = [
        ("report", SearchOptions(mode: .prefix)),
        ("rep", SearchOptions(mode: .prefix)),
        ("2024 sales", SearchOptions(mode: .prefix)),
        ("port", SearchOptions(mode: .contains)),
        ("report 01", SearchOptions(mode: .contains)),
        ("rprt", SearchOptions(mode: .fuzzy)),
        ("report", SearchOptions(mode: .prefix, scopes: [1, 2])),
        ("report", SearchOptions(mode: .contains, filters: [.equals(name: "kind", text: "even")])),
        ("", SearchOptions(listsAllWhenEmpty: true)),
        ("", SearchOptions(scopes: [0], listsAllWhenEmpty: true)),
    ]

    @Test(arguments: [2, 7, 50])
    func pagesAreSlicesOfOneOrder(pageSize: Int) throws {
        let index = try Self.index()
        for (query, options) in Self.cases {
            var all = options
            all.limit = SearchOptions.maxLimit
            let whole = try index.search(query, options: all).map(\.id)
            #expect(whole.count > 60, "\(query) \(options)")
            #expect(Set(whole).count == whole.count, "\(query): a hit twice in the unpaged list")
            var paged: [UInt64] = []
            var page = 0
            while paged.count < whole.count && page < 2000 {
                var options = options
                options.limit = pageSize
                options.offset = page * pageSize
                index.cache.removeAll()
                let hits = try index.search(query, options: options).map(\.id)
                #expect(hits == Array(whole[min(page * pageSize, whole.count)..<min(page * pageSize + pageSize, whole.count)]),
                    "\(query) page \(page) of \(pageSize)")
                if hits.isEmpty { break }
                paged += hits
                page += 1
            }
            #expect(paged == whole, "\(query) \(options) pages of \(pageSize)")
        }
    }

    @Test func theUnpagedOrderIsScoreThenTitleThenId() throws {
        let index = try Self.index()
        let collator = try Collator(locale: SearchLocale("en"))
        for (query, options) in Self.cases {
            var all = options
            all.limit = SearchOptions.maxLimit
            let found = try index.search(query, options: all)
            for k in found.hits.indices.dropFirst() {
                let (a, b) = (found.hits[k - 1], found.hits[k])
                if a.score != b.score {
                    #expect(a.score > b.score)
                    continue
                }
                let order = collator.compare(found.texts[k - 1].title, found.texts[k].title)
                #expect(order < 0 || (order == 0 && a.id < b.id), "\(query): \(a.id) before \(b.id)")
            }
        }
    }
}
