import Testing

@testable import SearchBarCore

/// A small segment (recent writes) offers its few candidates whole as its title-tier items
/// (``TitleTierItems/candidates(_:)``), so the title-tier phase still runs on the large
/// segments beside it, and its answers equal a plain scan's.
@Suite("Engine: small segments keep the title-tier phase of the large ones", .serialized)
struct SmallSegmentTitleTierTests {

    /// One segment of 40,000 items and three of 300 (merges paused, so they stay apart), with
    /// weights, subtitles, scopes and tombstones in each.
    static func makeIndex() throws -> SearchIndex {
        // One thread: the groups passed over (checked below) do not depend on how threads
        // share the work.
        let index = try SearchIndex(threads: 1)
        index.pauseBackgroundMerges(true)
        let batches = TitleTierPhaseTests.randomBatches(seed: 11, words: 2000, sizes: [40_000, 300, 300, 300])
        for batch in batches { index.add(batch) }
        index.remove(ids: stride(from: UInt64(0), to: UInt64(batches.joined().count), by: 9).map { $0 })
        return index
    }

    /// Each query typed after its one-character-shorter prefix, as a search bar does: the
    /// second search refines the first one's matches, which in a small segment are a short list.
    @Test func titleTierPhaseRunsBesideSmallSegments() throws {
        let index = try Self.makeIndex()
        #expect(index.snapshot.segments.count == 4)
        var groupsPassedOver: [MatchMode: Int] = [:]
        let queries = ["ab", "ba", "dé", "cc", "ad", "a b", "ab c", "abc", "ddd", "bad", "zz"]
        var compared = 0
        for query in queries {
            for options in [
                SearchOptions(limit: 1), SearchOptions(limit: 20), SearchOptions(limit: 50, scopes: [2]),
                SearchOptions(limit: 50, typos: false), SearchOptions(mode: .contains, limit: 1),
                SearchOptions(mode: .contains, limit: 20), SearchOptions(mode: .fuzzy, limit: 1),
                SearchOptions(mode: .fuzzy, limit: 20),
            ] {
                index.cache.removeAll()
                _ = try index.search(String(query.dropLast()), options: options)
                let groupsBefore = index.statistics.titleTierGroupsPassedOver
                let typed = try index.search(query, options: options).hits
                groupsPassedOver[options.mode ?? .prefix, default: 0] +=
                    index.statistics.titleTierGroupsPassedOver - groupsBefore
                let plain = try EngineTestSupport.freshSearch(index, query, options, phase: \.titleTierPhase, on: false)
                #expect(typed.map(\.score) == plain.map(\.score), "scores of \(query) limit \(options.limit)")
                // (score, rank key, id) orders the items totally, so both select the same items.
                #expect(Set(typed.map(\.id)) == Set(plain.map(\.id)), "selection of \(query) limit \(options.limit)")
                compared += plain.count
            }
        }
        #expect(compared > 500)
        // The large segment's title-order groups were passed over: its title-tier phase ran
        // although every small segment answered through a short list.
        for mode in [MatchMode.prefix, .contains, .fuzzy] {
            #expect(groupsPassedOver[mode, default: 0] > 0, "groups passed over in \(mode) mode")
        }
    }
}
