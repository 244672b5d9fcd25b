import Testing

@testable import SearchBarCore

/// The shortcuts for the slowest keystrokes only skip work: a prefix query of one character of
/// a script written without spaces takes the title-tier phase and passes candidates over on its
/// bound, a contains word of emoji or symbols is searched for in one pass over the texts, and the
/// rest of a run of tied hits is looked up among the run's possible matches. Each
/// answer must equal the plain run's (no title-tier phase, no rank-order bound), hits, scores and
/// highlights, and pages must stay slices of one order.
@Suite("Engine: tail shortcuts give the plain run's answers", .serialized)
struct TailShortcutTests {
    /// Titles of Thai, Hangul and kana syllables (each a substring word), some starting with the
    /// query's character and many holding it inside, subtitles holding it at their start, weights,
    /// scopes, three segments and tombstones.
    static func noSpaceIndex(fields: SearchFields) throws -> SearchIndex {
        var random = SplitMix(seed: 32)
        let pieces = ["ห", "หน", "หน้า", "ก", "กา", "ม", "แมว", "얼", "얼굴", "가", "사", "猫", "ねこ", "abc", "x"]
        let index = try SearchIndex(fields: fields, threads: 2)
        var id: UInt64 = 0
        for _ in 0..<3 {
            var batch: [IndexItem] = []
            for _ in 0..<6_000 {
                let title = (0..<(1 + random.next(below: 4))).map { _ in pieces[random.next(below: pieces.count)] }
                let subtitle = random.next(below: 4) == 0 ? pieces[random.next(below: pieces.count)] : ""
                batch.append(IndexItem(
                    id: id, title: title.joined(separator: random.next(below: 2) == 0 ? " " : ""), subtitle: subtitle,
                    scope: UInt32(random.next(below: 3)), weight: random.next(below: 5) == 0 ? 1.5 : 0))
                id += 1
            }
            index.add(batch)
        }
        index.remove(ids: stride(from: UInt64(0), to: id, by: 9).map { $0 })
        return index
    }

    /// The hits of `query` searched afresh with every phase on, and with the title-tier phase
    /// and rank-order bounds off.
    static func fastAndPlain(_ index: SearchIndex, _ query: String, _ options: SearchOptions) throws
        -> (fast: [SearchHit], plain: [SearchHit])
    {
        index.cache.removeAll()
        let fast = try index.search(query, options: options).hits
        index.tuning.titleTierPhase = false
        index.tuning.rankOrderPhase = false
        defer { index.tuning = SearchTuning() }
        index.cache.removeAll()
        let plain = try index.search(query, options: options).hits
        return (fast, plain)
    }

    /// Every field searched (a subtitle that starts with the character ranks in the in-order
    /// tier), and the title alone (every match outside the title tiers is an infix one).
    @Test(arguments: [SearchFields.all, .title])
    func oneNoSpaceCharacterInPrefixModeMatchesThePlainRun(fields: SearchFields) throws {
        let index = try Self.noSpaceIndex(fields: fields)
        var compared = 0
        let groupsBefore = index.statistics.titleTierGroupsPassedOver
        for query in ["ห", "หน", "ก", "ม", "แ", "얼", "가", "사", "猫", "ね", "ห ", "z"] {
            for options in [
                SearchOptions(mode: .prefix, limit: 1), SearchOptions(mode: .prefix, limit: 7),
                SearchOptions(mode: .prefix, limit: 50), SearchOptions(mode: .prefix, limit: 20, offset: 40),
                SearchOptions(mode: .prefix, limit: 50, scopes: [1]),
            ] {
                let (fast, plain) = try Self.fastAndPlain(index, query, options)
                #expect(fast.map(\.id) == plain.map(\.id), "\(query) \(options)")
                #expect(fast.map(\.score) == plain.map(\.score), "scores of \(query) \(options)")
                #expect(fast.map(\.highlights) == plain.map(\.highlights), "highlights of \(query) \(options)")
                compared += plain.count
            }
        }
        #expect(compared > 1000)
        // The title-tier phase ran over the title-byte blocks and passed groups over.
        #expect(index.statistics.titleTierGroupsPassedOver > groupsBefore)
    }

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

    /// Titles and subtitles with emoji and symbols (folded to themselves), some glued to words,
    /// some at item ends, so that a symbol's bytes also run across two items' texts.
    static func symbolIndex() throws -> SearchIndex {
        var random = SplitMix(seed: 5)
        let pieces = ["🍕", "☕", "🚀", "★", "→", "pizza", "café", "x", "猫", "—", "🍕🍕", "a→b"]
        let index = try SearchIndex(threads: 2)
        var items: [IndexItem] = []
        for k in 0..<12_000 {
            let title = (0..<(1 + random.next(below: 3))).map { _ in pieces[random.next(below: pieces.count)] }
            let subtitle = random.next(below: 5) == 0 ? pieces[random.next(below: pieces.count)] : ""
            items.append(IndexItem(
                id: UInt64(k), title: title.joined(separator: random.next(below: 2) == 0 ? " " : ""),
                subtitle: subtitle))
        }
        index.add(Array(items[..<7_000]))
        index.add(Array(items[7_000...]))
        index.remove(ids: stride(from: UInt64(0), to: 12_000, by: 11).map { $0 })
        return index
    }

    @Test func symbolWordsInContainsModeMatchThePlainScan() throws {
        let index = try Self.symbolIndex()
        var compared = 0
        for query in ["🍕", "☕", "→", "★", "—", "🍕🍕", "🍕 pizza", "→b", "🚀 ★", "♥"] {
            for options in [
                SearchOptions(mode: .contains, limit: 7), SearchOptions(mode: .contains, limit: 50),
                SearchOptions(mode: .contains, limit: SearchOptions.maxLimit),
            ] {
                index.cache.removeAll()
                let fast = try index.search(query, options: options).hits
                index.tuning.narrowsContains = false
                defer { index.tuning = SearchTuning() }
                index.cache.removeAll()
                let plain = try index.search(query, options: options).hits
                #expect(fast.map(\.id) == plain.map(\.id), "\(query) \(options.limit)")
                #expect(fast.map(\.score) == plain.map(\.score), "scores of \(query)")
                #expect(fast.map(\.highlights) == plain.map(\.highlights), "highlights of \(query)")
                compared += plain.count
            }
        }
        #expect(compared > 3000)
    }

    /// The one-pass search of a segment's texts finds exactly the items whose folded fields hold
    /// the bytes.
    @Test func itemsHoldingBytesAreExactlyTheHolders() throws {
        let index = try Self.symbolIndex()
        for view in index.snapshot.segments {
            let segment = view.segment
            for piece in ["🍕", "→", "★", "🍕🍕", "—", "→b"] {
                let key = Array(piece.utf8)
                let expected = (0..<segment.count).filter { i in
                    segment.folded.contains { arena in
                        !arena.isBlank && Array(arena.bytes[arena.range(i)]).firstRange(of: key) != nil
                    }
                }.map { UInt32($0) }
                #expect(ContainsCandidates.itemsHoldingBytes(key, segment: segment) == expected, "\(piece)")
            }
        }
    }
}
