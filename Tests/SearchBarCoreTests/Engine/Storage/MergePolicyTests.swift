import Synchronization
import Testing

@testable import SearchBarCore

/// The merge policy: how often an item is copied while a host streams batches, how many
/// segments a search sees, and which run the background merge folds next.
@Suite("Engine: the merge policy")
struct MergePolicyTests {
    /// Adds `batches` (sizes) one by one and merges as the background merge would between
    /// batches (tiers only, adds never pausing); returns the items copied by merges and the most
    /// segments ever held after a batch.
    private func stream(_ batches: [Int]) -> (copied: Int, mostSegments: Int, final: [Int]) {
        var sizes: [Int] = []
        var copied = 0
        var most = 0
        for batch in batches {
            sizes.append(batch)
            while let run = MergePolicy.newestRunToMerge(sizes) {
                let merged = sizes.suffix(run).reduce(0, +)
                copied += merged
                sizes.removeLast(run)
                sizes.append(merged)
            }
            most = max(most, sizes.count)
        }
        return (copied, most, sizes)
    }

    @Test func tiersGrowByTheFanIn() {
        #expect(MergePolicy.tier(0) == 0)
        let f = MergePolicy.fanIn
        #expect(MergePolicy.tier(f - 1) == 0)
        #expect(MergePolicy.tier(f) == 1)
        #expect(MergePolicy.tier(f * f - 1) == 1)
        #expect(MergePolicy.tier(f * f) == 2)
        #expect(MergePolicy.tier(f * f * f * f * f) == 5)
        #expect(MergePolicy.tier(Int.max) > 0)
    }

    @Test(arguments: [(1_000_000, 10_000), (1_000_000, 1_000), (5_000_000, 100_000), (100_000, 10)])
    func equalBatchesAreCopiedLogarithmicallyOften(total: Int, batch: Int) {
        let (copied, most, final) = stream(Array(repeating: batch, count: total / batch))
        // Each merge lifts its items a tier: at most one copy per tier between a batch and the whole.
        let tiers = Double(MergePolicy.tier(total) - MergePolicy.tier(batch) + 1)
        #expect(Double(copied) / Double(total) <= tiers)
        // At most fanIn - 1 segments wait in each tier.
        #expect(most <= (MergePolicy.fanIn - 1) * Int(tiers) + 1)
        #expect(final.reduce(0, +) == total / batch * batch)
    }

    @Test func oneMillionInBatchesOfTenThousandIsCopiedFewerThanThreeTimes() {
        let (copied, _, final) = stream(Array(repeating: 10_000, count: 100))
        #expect(Double(copied) / 1_000_000 < 2, "merging pairs copied each item 6.3 times, tiers of four 2.6")
        // What the streaming leaves for the merge into one segment once adds pause: fewer than
        // fanIn segments per tier.
        #expect(final.count < 3 * MergePolicy.fanIn)
    }

    @Test func oneBatchIsNeverMerged() {
        #expect(MergePolicy.newestRunToMerge([1_000_000]) == nil)
        #expect(stream([1_000_000]).copied == 0)
    }

    @Test func aSmallBatchAfterABigOneWaitsForItsTier() {
        let f = MergePolicy.fanIn
        #expect(MergePolicy.newestRunToMerge([1_000_000, 10]) == nil)
        #expect(MergePolicy.newestRunToMerge([1_000_000] + Array(repeating: 10, count: f - 1)) == nil)
        #expect(MergePolicy.newestRunToMerge([1_000_000] + Array(repeating: 10, count: f)) == f)
    }

    /// Real segments: fanIn + 1 batches of one tier, held apart from the background merge.
    private func fullTier() throws -> SearchIndex {
        let index = try SearchIndex(threads: 2)
        index.pauseBackgroundMerges(true)
        for b in 0...MergePolicy.fanIn {
            index.add((0..<20).map { IndexItem(id: UInt64(b * 100 + $0), title: "title \(b) \($0)") })
        }
        return index
    }

    @Test func theBackgroundMergeFoldsAFullTierThenEverythingOnceAddsPause() throws {
        let index = try fullTier()
        let views = index.snapshot.segments
        let f = MergePolicy.fanIn
        #expect(views.count == f + 1)
        #expect(MergePolicy.next(views, full: false) == 0..<f + 1)
        #expect(MergePolicy.next(Array(views.prefix(f - 1)), full: false) == nil)
        #expect(MergePolicy.next(Array(views.prefix(3)), full: true) == 0..<3)
        #expect(MergePolicy.next(Array(views.prefix(1)), full: true) == nil)
    }

    /// Once adds pause, a full tier behind an older segment is folded with it in one merge,
    /// not merged first and copied again.
    @Test func aFullTierIsFoldedWithTheRestOnceAddsPause() throws {
        let index = try SearchIndex(threads: 2)
        index.pauseBackgroundMerges(true)
        let f = MergePolicy.fanIn
        index.add((0..<(f * f * 2)).map { IndexItem(id: UInt64(100_000 + $0), title: "older \($0)") })
        for b in 0..<f {
            index.add((0..<20).map { IndexItem(id: UInt64(b * 100 + $0), title: "title \(b) \($0)") })
        }
        let views = index.snapshot.segments
        #expect(views.count == f + 1)
        #expect(MergePolicy.next(views, full: false) == 1..<f + 1)
        #expect(MergePolicy.next(views, full: true) == 0..<f + 1)
        #expect(MergePolicy.next(Array(views.prefix(f)), full: false) == nil)
        #expect(MergePolicy.next(Array(views.prefix(f)), full: true) == 0..<f)
        index.waitForMerges()
        #expect(index.segmentCount == 1)
        #expect(index.count == f * f * 2 + f * 20)
    }

    @Test func aMostlyDeadSegmentIsRewrittenFirst() throws {
        let index = try SearchIndex(threads: 2)
        index.pauseBackgroundMerges(true)
        index.add((0..<2_000).map { IndexItem(id: UInt64($0), title: "item \($0)") })
        index.add([IndexItem(id: 5_000, title: "other")])
        index.remove(ids: (0..<1_200).map(UInt64.init))
        #expect(MergePolicy.next(index.snapshot.segments, full: false) == 0..<1)
    }

    @Test func addsMergeOnlyPastTheCapAndNeverBusySegments() throws {
        let index = try SearchIndex(threads: 2)
        index.pauseBackgroundMerges(true)
        for b in 0..<(MergePolicy.maxSegments + 6) {
            index.add([IndexItem(id: UInt64(b), title: "item \(b)")])
        }
        #expect(index.segmentCount <= MergePolicy.maxSegments)
        #expect(index.count == MergePolicy.maxSegments + 6)
        // Past the cap with the segment before the newest busy (the background merge folds
        // it): only the segments after it may merge, and one alone cannot.
        let full = try SearchIndex(threads: 2)
        full.pauseBackgroundMerges(true)
        for b in 0..<MergePolicy.maxSegments { full.add([IndexItem(id: UInt64(b), title: "item \(b)")]) }
        let views = full.snapshot.segments
        #expect(views.count == MergePolicy.maxSegments)
        let other = try SearchIndex(threads: 2)
        other.add([IndexItem(id: 1_000, title: "newest")])
        let extra = views + other.snapshot.segments
        let busy = Set([views[views.count - 1].segment.serial])
        let capped = MergePolicy.capped(extra, busy: busy)
        #expect(capped.count == extra.count)
        #expect(capped.contains { busy.contains($0.segment.serial) })
        #expect(MergePolicy.capped(extra, busy: []).count <= MergePolicy.maxSegments)
    }

    @Test func aCapMergeOfManyItemsOnThePoolIsTheSameSegment() throws {
        // Past the cap, a run of batches holding `parallelCapItems` live items or more merges on
        // the pool given (the writer waits for it); the segment must be the one-thread merge's.
        let count = MergePolicy.maxSegments + 1
        let size = MergePolicy.parallelCapItems / MergePolicy.maxSegments + 1
        let items = SegmentBuilderTests.items(count * size, seed: 32)
        let pool = ThreadPool(threads: 2)
        let views = (0..<count).map { b in
            SegmentView(
                SegmentBuilder.build(
                    Array(items[b * size..<(b + 1) * size]), analysis: SegmentBuilderTests.analysis, pool: pool))
        }
        let alone = MergePolicy.capped(views, busy: [])
        // A pool of its own, so its job count is the merge's alone.
        let mergePool = ThreadPool(threads: 2)
        let parallel = MergePolicy.capped(views, busy: [], pool: mergePool)
        #expect(mergePool.jobsRun.load(ordering: .relaxed) > 0)
        #expect(alone.count <= MergePolicy.maxSegments)
        #expect(alone.count == parallel.count)
        // The merged run held enough items to take the pool.
        #expect(alone.contains { $0.liveCount >= MergePolicy.parallelCapItems })
        for (a, p) in zip(alone, parallel) {
            #expect(SegmentBuilderTests.differences(a.segment, p.segment) == [])
        }
    }
}
