import Testing

@testable import SearchBarCore

/// ``Snapshot/firstLive(among:)`` looks only in the segments whose id range meets the asked ids'
/// range: it must find exactly the live ids a walk of every segment finds.
@Suite("Engine: finding live ids among a write's ids")
struct ContainsAnyTests {
    /// An index of segments of ids 0..<100, 100..<200, 1000..<1100 and 150..<160 (the last
    /// replacing ids of the second), with 40..<60 and 1050 removed; merges paused.
    static func index() throws -> SearchIndex {
        let index = try SearchIndex(locale: try SearchLocale("en"), mode: .prefix, threads: 2)
        index.pauseBackgroundMerges(true)
        for range in [0..<100, 100..<200, 1000..<1100, 150..<160] {
            index.add(range.map { IndexItem(id: UInt64($0), title: "item \($0)") })
        }
        index.remove(ids: (40..<60).map(UInt64.init) + [1050])
        return index
    }

    @Test func findsTheLiveIdsAWalkOfEverySegmentFinds() throws {
        let index = try Self.index()
        let snapshot = index.snapshot
        #expect(snapshot.segments.count == 4)
        let asked: [[UInt64]] = [
            [], [200, 300, 999], [40, 41, 59], [59, 60], [1050], [1049], [5000, 0], [2000, 1100, 1099],
            [155], (200..<1000).map(UInt64.init), [UInt64.max, 0], [160, 40],
        ]
        for ids in asked {
            let walked = ids.first { snapshot.locate($0) != nil }
            #expect(snapshot.firstLive(among: ids) == walked, "\(ids)")
            #expect(index.containsAny(of: ids) == (walked != nil), "\(ids)")
            // A single-pass sequence, as a host's generator of ids.
            var next = ids.makeIterator()
            #expect(index.containsAny(of: AnySequence { AnyIterator { next.next() } }) == (walked != nil), "\(ids)")
        }
    }

    @Test func anAscendingAddOfAStoredIdIsRefused() throws {
        let index = try Self.index()
        // Ids above every stored one are added; one stored id among them refuses the whole add.
        try index.add(count: 10) { IndexItem(id: UInt64(2000 + $0), title: "new \($0)") }
        #expect(index.count == 100 - 20 + 100 + 99 + 10)
        #expect(throws: SearchBarError.self) {
            try index.add(count: 3) { IndexItem(id: [199, 3000, 3001][$0], title: "again \($0)") }
        }
        try index.add(count: 2) { IndexItem(id: [45, 1050][$0], title: "removed before \($0)") }
        #expect(index.count == 100 - 20 + 100 + 99 + 10 + 2)
    }
}
