import Testing

@testable import SearchBarCore

/// Small writes (a few items each) fold into one delta segment on the writer's thread, so a
/// search walks a few segments however far behind the background merge is; the results are
/// those of an index written in one batch.
@Suite("Engine: small writes fold into a delta segment")
struct WriterDeltaTests {
    /// An index of `base` items in one segment, then `writes` small writes (3 items replaced
    /// or added, 2 removed each); the background merge may fold segments too.
    static func written(base: Int = 3000, writes: Int) throws -> SearchIndex {
        let index = try SearchIndex(locale: try SearchLocale("en"), mode: .prefix, threads: 2)
        index.add((0..<base).map { BackgroundMergeTests.item($0) })
        for w in 0..<writes {
            index.add((0..<3).map { BackgroundMergeTests.item((w * 37 + $0 * 11) % (base + 500), variant: w % 5) })
            index.remove(ids: [UInt64((w * 53) % base), UInt64((w * 53 + 7) % base)])
        }
        return index
    }

    @Test func smallWritesLeaveFewSegments() throws {
        let index = try Self.written(writes: 200)
        let views = index.snapshot.segments
        // The base segment, deltas of up to deltaItems live items, and fewer than deltaRun
        // small segments not folded yet.
        #expect(views.count <= 1 + (200 * 3) / SearchIndex.deltaItems + 1 + SearchIndex.deltaRun - 1)
        #expect(views.count < MergePolicy.maxSegments)
        #expect(views.dropFirst().allSatisfy { $0.segment.count <= SearchIndex.deltaItems })
    }

    @Test func aFoldedDeltaChangesNoResult() throws {
        let index = try Self.written(writes: 120)
        let oneBatch = try SearchIndex(locale: try SearchLocale("en"), mode: .prefix, threads: 2)
        let snapshot = index.snapshot
        var items: [IndexItem] = []
        for view in snapshot.segments {
            for i in 0..<view.segment.count where view.isLive(i) { items.append(view.segment.item(i)) }
        }
        oneBatch.add(items)
        #expect(index.count == oneBatch.count)
        #expect(try BackgroundMergeTests.results(index) == BackgroundMergeTests.results(oneBatch))
    }

    @Test func aLargeWriteIsNotFoldedNorAreFewSmallOnes() throws {
        let index = try SearchIndex(mode: .prefix, threads: 2)
        let large = (0..<SearchIndex.deltaRun).map { b in
            SegmentView(SegmentBuilder.build(
                (0..<SearchIndex.deltaItems + 1).map { IndexItem(id: UInt64(b * 10_000 + $0), title: "bulk \($0)") },
                analysis: index.analysis, pool: index.pool))
        }
        #expect(SearchIndex.foldingDelta(large, busy: []).count == large.count)
        let small = (0..<SearchIndex.deltaRun).map { b in
            SegmentView(SegmentBuilder.build([IndexItem(id: UInt64(b), title: "small \(b)")], analysis: index.analysis, pool: index.pool))
        }
        #expect(SearchIndex.foldingDelta(Array(small.dropLast()), busy: []).count == SearchIndex.deltaRun - 1)
        #expect(SearchIndex.foldingDelta(large + small, busy: []).count == large.count + 1)
        // A large segment whose items nearly all died is not small: folding it would walk all
        // of it under the writer lock.
        let died = large.map { $0.deleting(Array(1..<$0.segment.count)) }
        #expect(died.allSatisfy { $0.liveCount == 1 })
        #expect(SearchIndex.foldingDelta(died, busy: []).count == died.count)
        #expect(SearchIndex.foldingDelta(died + small, busy: []).count == died.count + 1)
    }

    @Test func pausedMergesHoldSmallSegmentsApart() throws {
        let index = try SearchIndex(mode: .prefix, threads: 2)
        index.pauseBackgroundMerges(true)
        for w in 0..<(SearchIndex.deltaRun * 2) { index.add([IndexItem(id: UInt64(w), title: "small \(w)")]) }
        #expect(index.segmentCount == SearchIndex.deltaRun * 2)
    }

    @Test func theWriterLeavesTheBackgroundMergesInputsAlone() throws {
        let index = try SearchIndex(mode: .prefix, threads: 2)
        let views = (0..<(SearchIndex.deltaRun - 1)).map { w in
            SegmentView(SegmentBuilder.build([IndexItem(id: UInt64(w), title: "small \(w)")], analysis: index.analysis, pool: index.pool))
        }
        let busy = Set(views.map(\.segment.serial))
        let more = views + [SegmentView(SegmentBuilder.build([IndexItem(id: 99, title: "small 99")], analysis: index.analysis, pool: index.pool))]
        #expect(SearchIndex.foldingDelta(more, busy: busy).count == more.count)
        #expect(SearchIndex.foldingDelta(more, busy: []).count == 1)
    }
}
