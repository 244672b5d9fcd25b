import Testing

@testable import SearchBarCore

/// The shortcuts for the slowest keystrokes only skip work: the rest of a run of tied hits is
/// looked up among the run's possible matches, and pages must stay slices of one order.
@Suite("Engine: tail shortcuts give the plain run's answers", .serialized)
struct TailShortcutTests {
    /// File paths: thousands share their directories, hence their rank keys, and a sparse word
    /// matches a few of each directory.
    static func pathIndex() throws -> SearchIndex {
        var random = SplitMix(seed: 9)
        let directories = ["/usr/lib/x86_64-linux-gnu/", "/usr/lib/python3/dist-packages/", "/usr/share/doc/"]
        let names = ["libicu", "libz", "readme", "site", "oauth", "gsutil", "zoneinfo"]
        var ids = Array(1...9_000).map(UInt64.init)
        for k in stride(from: ids.count - 1, to: 0, by: -1) { ids.swapAt(k, random.next(below: k + 1)) }
        let index = try SearchIndex(threads: 2)
        var items: [IndexItem] = []
        for k in 0..<9_000 {
            let name = names[random.next(below: names.count)]
            let path = directories[k % 3] + "\(name)\(random.next(below: 400))/\(["a", "b", "c"][k % 3]).txt"
            items.append(IndexItem(id: ids[k], title: path))
        }
        index.add(Array(items[..<5_000]))
        index.add(Array(items[5_000...]))
        return index
    }

    @Test(arguments: [2, 7, 50])
    func tiedPathsPageAsSlicesOfOneOrder(pageSize: Int) throws {
        let index = try Self.pathIndex()
        for (query, mode) in [("libicu", MatchMode.contains), ("oauth 1", .contains), ("gsutil", .prefix),
                              ("readme", .fuzzy)] {
            var all = SearchOptions(mode: mode)
            all.limit = SearchOptions.maxLimit
            let whole = try index.search(query, options: all).map(\.id)
            #expect(whole.count > 300, "\(query)")
            for page in [0, 1, 5] {
                var options = SearchOptions(mode: mode)
                options.limit = pageSize
                options.offset = page * pageSize
                index.cache.removeAll()
                let hits = try index.search(query, options: options).map(\.id)
                let start = min(page * pageSize, whole.count)
                #expect(hits == Array(whole[start..<min(start + pageSize, whole.count)]), "\(query) page \(page)")
            }
        }
    }
}
