import Testing

@testable import SearchBarCore

/// The title-tier phase (``TitleLeadOrder``, ``TitleByteOrder``, ``SearchRun``) and the no-space character index
/// (``CharPostings``) only skip work: their answers must equal a plain scan's.
@Suite("Engine: title-tier phase and character postings give the plain scan's answers", .serialized, .slow)
struct TitleTierPhaseTests {

    /// Many items whose words share short prefixes, with weights (unless `weighted` is false:
    /// then the title-tier bounds are uniform), subtitles and scopes, in three segments with
    /// tombstones.
    static func makeIndex(weighted: Bool = true) throws -> SearchIndex {
        let index = try SearchIndex(threads: 2)
        let batches = randomBatches(seed: 42, words: 3000, sizes: [25_000, 25_000, 25_000], weighted: weighted)
        for batch in batches { index.add(batch) }
        index.remove(ids: stride(from: UInt64(0), to: UInt64(batches.joined().count), by: 7).map { $0 })
        return index
    }

    /// Batches of the given `sizes` (ids counting from 0) whose titles and subtitles are words
    /// of a random vocabulary of `words` short words sharing prefixes, with scopes and weights
    /// (all 0 unless `weighted`).
    static func randomBatches(seed: UInt64, words: Int, sizes: [Int], weighted: Bool = true) -> [[IndexItem]] {
        var random = SplitMix(seed: seed)
        // ð and « fold to themselves, and folded byte order puts them after every ASCII letter;
        // collation puts ð after d and « before a.
        let letters = Array("abcdeéð«")
        var vocabulary: [String] = []
        for _ in 0..<words {
            vocabulary.append(String((0..<(1 + random.next(below: 6))).map { _ in letters[random.next(below: letters.count)] }))
        }
        var id: UInt64 = 0
        return sizes.map { size in
            var batch: [IndexItem] = []
            for _ in 0..<size {
                let title = (0..<(1 + random.next(below: 4))).map { _ in vocabulary[random.next(below: vocabulary.count)] }
                let subtitle = random.next(below: 3) == 0 ? vocabulary[random.next(below: vocabulary.count)] : ""
                batch.append(IndexItem(
                    id: id, title: title.joined(separator: " "), subtitle: subtitle, scope: UInt32(random.next(below: 3)),
                    weight: weighted ? [0, 0, 1, 2.5][random.next(below: 4)] : 0))
                id += 1
            }
            return batch
        }
    }

    /// `listedHolders`: ``SearchTuning/listedHolderGroups`` (0: every group looks its items up).
    @Test(arguments: [(true, 1024), (false, 1024), (false, 0)])
    func titleTierPhaseMatchesPlainScan(weighted: Bool, listedHolders: Int) throws {
        let index = try Self.makeIndex(weighted: weighted)
        index.tuning.listedHolderGroups = listedHolders
        var groupsPassedOver: [MatchMode: Int] = [:]
        var queries = ["a", "b", "e", "é", "ab", "ba", "dé", "cc", "a b", "ab c", "b a", "abc de", "ddd", "eeee"]
        queries += ["a ", "b c d", "zz", "a z"]
        var compared = 0
        for query in queries {
            for options in [
                SearchOptions(limit: 1), SearchOptions(limit: 7), SearchOptions(limit: 50),
                SearchOptions(limit: 50, scopes: [2]), SearchOptions(limit: 50, typos: false),
                SearchOptions(mode: .contains, limit: 1), SearchOptions(mode: .contains, limit: 50),
                SearchOptions(mode: .contains, limit: 50, scopes: [1]),
                SearchOptions(mode: .fuzzy, limit: 1), SearchOptions(mode: .fuzzy, limit: 50),
                SearchOptions(mode: .fuzzy, limit: 50, scopes: [0]),
            ] {
                let groupsBefore = index.statistics.titleTierGroupsPassedOver
                let fast = try EngineTestSupport.freshSearch(
                    index, query, options, phase: \.titleTierPhase, on: true)
                groupsPassedOver[options.mode ?? .prefix, default: 0] +=
                    index.statistics.titleTierGroupsPassedOver - groupsBefore
                let plain = try EngineTestSupport.freshSearch(
                    index, query, options, phase: \.titleTierPhase, on: false)
                #expect(fast.map(\.score) == plain.map(\.score), "scores of \(query) limit \(options.limit)")
                // Equal scores may be ordered by collation ties differently; every complete group
                // of equal scores must hold the same items.
                let lastScore = plain.last?.score
                var fastGroups: [UInt64: Set<UInt64>] = [:]
                var plainGroups: [UInt64: Set<UInt64>] = [:]
                for hit in fast where hit.score != lastScore { fastGroups[hit.score, default: []].insert(hit.id) }
                for hit in plain where hit.score != lastScore { plainGroups[hit.score, default: []].insert(hit.id) }
                #expect(fastGroups == plainGroups, "items of \(query) limit \(options.limit)")
                // (score, rank key, id) orders the items totally, so both select the same items.
                #expect(Set(fast.map(\.id)) == Set(plain.map(\.id)), "selection of \(query) limit \(options.limit)")
                compared += plain.count
            }
        }
        #expect(compared > 1000)
        // Every mode passed over whole groups of title-order positions (and its answers above
        // still equal the plain scan's).
        for mode in [MatchMode.prefix, .contains, .fuzzy] {
            #expect(groupsPassedOver[mode, default: 0] >= 20, "groups passed over in \(mode) mode")
        }
    }

    @Test func noSpaceScriptCandidatesAreComplete() throws {
        var random = SplitMix(seed: 7)
        let kana = Array("あいうえおかきくけこさしすせそ猫犬")
        var titles: [String] = []
        for _ in 0..<20_000 {
            titles.append(String((0..<(1 + random.next(below: 8))).map { _ in kana[random.next(below: kana.count)] }))
        }
        let index = try SearchIndex(threads: 2)
        index.add(titles.enumerated().map { IndexItem(id: UInt64($0.offset), title: $0.element) })
        var found = 0
        for query in ["猫", "猫犬", "あい", "かきく", "すせそ猫", "えお", "犬あ", "猫猫猫"] {
            let hits = try index.search(query, options: SearchOptions(limit: SearchOptions.maxLimit))
            let expected = Set(titles.indices.filter { titles[$0].contains(query) }.map { UInt64($0) })
            #expect(Set(hits.map(\.id)) == expected, "\(query)")
            found += expected.count
        }
        #expect(found > 1000)
    }
}
