@testable import SearchBarCore
import Testing

/// What a segment build leaves in its analyzer's pooled scratches for the next build.
@Suite("Segment builder: pooled scratches between builds")
struct BuildScratchTests {
    /// The number of `analyzer`'s pooled scratches.
    static func pooledScratches(_ analyzer: TextAnalyzer) -> Int {
        analyzer.scratchPool.withLock { pool in pool.count }
    }

    /// The chunks kept by the word break memos of `analyzer`'s pooled scratches.
    static func pooledBreakChunks(_ analyzer: TextAnalyzer) -> Int {
        analyzer.scratchPool.withLock { pool in pool.reduce(0) { $0 + $1.breaks.count } }
    }

    /// A build below its limit (a batch of a stream) keeps the pooled scratches for the next
    /// build but empties their word break memos; a build at the limit frees the scratches. Both
    /// builds make the segment the serial reference makes.
    @Test("a small build keeps the pooled scratches without memos, one at the limit frees them")
    func scratchesBetweenBuilds() {
        // An analyzer of its own: no other test shares its pool.
        let analysis = ItemAnalysis(
            analyzer: TextAnalyzer(locale: .none), collator: try! Collator(locale: .none), fields: .all)
        let words = ["ภาษาไทย", "ง่ายนิดเดียว", "กรุงเทพมหานคร", "東京タワー", "北京大学"]
        let items = (0..<40).map { k in
            IndexItem(id: UInt64(k + 1), title: "\(words[k % words.count]) \(words[(k * 3 + 1) % words.count]) \(k)")
        }
        let pool = ThreadPool(threads: 2)
        let reference = SegmentBuilder.buildSerially(items, analysis: analysis)
        let kept = SegmentBuilder.build(
            count: items.count, item: { items[$0] }, analysis: analysis, pool: pool, chunkSize: 16,
            releasedScratchItems: items.count + 1)
        #expect(Self.pooledScratches(analysis.analyzer) > 0)
        #expect(Self.pooledBreakChunks(analysis.analyzer) == 0)
        #expect(SegmentBuilderTests.differences(kept, reference).isEmpty)
        let emptied = SegmentBuilder.build(
            count: items.count, item: { items[$0] }, analysis: analysis, pool: pool, chunkSize: 16,
            releasedScratchItems: items.count)
        #expect(Self.pooledScratches(analysis.analyzer) == 0)
        #expect(SegmentBuilderTests.differences(emptied, reference).isEmpty)
    }
}
