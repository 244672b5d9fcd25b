@testable import SearchBarCore
import Testing

/// What a segment build leaves in its analyzer's pooled scratches for the next build.
@Suite("Segment builder: word break memos between builds")
struct BuildMemoTests {
    /// The chunks kept by the word break memos of `analyzer`'s pooled scratches.
    static func pooledBreakChunks(_ analyzer: TextAnalyzer) -> Int {
        analyzer.scratchPool.withLock { pool in pool.reduce(0) { $0 + $1.breaks.count } }
    }

    /// A build below its memo-keeping limit (a batch of a stream) leaves the memos it filled
    /// for the next build; a build at the limit empties them. Both builds make the segment the
    /// serial reference makes.
    @Test("a small build keeps the pooled word break memos, one at the limit empties them")
    func memosBetweenBuilds() {
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
            memoKeepingLimit: items.count + 1)
        let chunks = Self.pooledBreakChunks(analysis.analyzer)
        #expect(chunks > 0)
        #expect(SegmentBuilderTests.differences(kept, reference).isEmpty)
        let emptied = SegmentBuilder.build(
            count: items.count, item: { items[$0] }, analysis: analysis, pool: pool, chunkSize: 16,
            memoKeepingLimit: items.count)
        #expect(Self.pooledBreakChunks(analysis.analyzer) == 0)
        #expect(SegmentBuilderTests.differences(emptied, reference).isEmpty)
    }
}
