import Glibc
@testable import SearchBarCore
import Testing

/// What a segment build leaves in its analyzer's pooled scratches for the next build.
// Serialized: two tests watch the memos of the analyzer of one locale each, and the others
// count pooled scratches; run side by side, one test's builds would show in another's counts.
@Suite("Segment builder: pooled scratches between builds", .serialized)
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

    /// Titles whose words ICU breaks by dictionary (Thai, Lao, Chinese, Japanese), so a build
    /// fills the word break memos.
    static func dictionaryTitles(_ ids: Range<Int>) -> [IndexItem] {
        let words = ["ภาษาไทย", "ง่ายนิดเดียว", "กรุงเทพมหานคร", "東京タワー", "北京大学", "ພາສາລາວ", "ສະບາຍດີ"]
        return ids.map { k in
            IndexItem(id: UInt64(k + 1), title: "\(words[k % words.count])\(words[(k * 3 + 1) % words.count]) \(k % 13)")
        }
    }

    /// A small build told to keep its word break memos leaves them filled for the next build,
    /// and both builds still make the segment the serial reference makes.
    @Test("a small build that keeps its word break memos leaves them for the next")
    func keptMemosBetweenBuilds() {
        let analysis = ItemAnalysis(
            analyzer: TextAnalyzer(locale: .none), collator: try! Collator(locale: .none), fields: .all)
        let items = Self.dictionaryTitles(0..<60)
        let pool = ThreadPool(threads: 2)
        let reference = SegmentBuilder.buildSerially(items, analysis: analysis)
        for _ in 0..<2 {
            let built = SegmentBuilder.build(
                count: items.count, item: { items[$0] }, analysis: analysis, pool: pool, chunkSize: 16,
                keepsBreakMemos: true)
            #expect(Self.pooledBreakChunks(analysis.analyzer) > 0)
            #expect(SegmentBuilderTests.differences(built, reference).isEmpty)
        }
        analysis.analyzer.forgetBreakMemos()
        #expect(Self.pooledScratches(analysis.analyzer) > 0)
        #expect(Self.pooledBreakChunks(analysis.analyzer) == 0)
    }

    /// The hits of a few queries in `index`, as ids.
    static func hits(_ index: SearchIndex) throws -> [[UInt64]] {
        try ["ภาษา", "東京", "北", "ສະ", "1", "กรุง"].map { text in
            index.cache.removeAll()
            return try index.search(text, options: SearchOptions(mode: .contains, limit: 30)).hits.map(\.id)
        }
    }

    /// An index keeps the word break memos of its stream's batches while adds go on (its
    /// background merge held, so nothing in the test depends on time) and empties them when a
    /// merge finds the adds paused, or when it goes away; its hits are those of one batch of the
    /// same items before and after.
    @Test("a stream keeps the word break memos until its adds pause")
    func streamMemosUntilQuiet() throws {
        // A locale no other test uses: its analyzer's pool is this test's alone.
        let locale = try SearchLocale("lo")
        let analyzer = AnalyzerCache.shared.analyzer(for: locale)
        let reference = try SearchIndex(locale: locale, threads: 2)
        reference.add(Self.dictionaryTitles(0..<400))
        reference.waitForMerges()
        let expected = try Self.hits(reference)
        #expect(expected.contains { !$0.isEmpty })
        #expect(Self.pooledBreakChunks(analyzer) == 0)

        let index = try SearchIndex(locale: locale, threads: 2)
        index.holdBackgroundMerges(true)
        var keptAfter = 0
        for b in 0..<10 {
            index.add(Self.dictionaryTitles(b * 40..<(b + 1) * 40))
            // Kept while a merge is still to come; when the index is one segment (the first
            // batch, or the writer just folded its small segments into one) none will come to
            // find the adds paused, so they go at once.
            let kept = Self.pooledBreakChunks(analyzer) > 0
            #expect(kept == (index.segmentCount > 1))
            if kept { keptAfter += 1 }
        }
        #expect(keptAfter >= 5)
        index.merges.condition.withLock { #expect(!index.merges.queued && !index.merges.running) }
        #expect(try Self.hits(index) == expected)
        index.waitForMerges()
        #expect(index.segmentCount == 1)
        #expect(Self.pooledBreakChunks(analyzer) == 0)
        #expect(try Self.hits(index) == expected)

        // Dropped while its stream goes on: the memos go with it.
        var dropped: SearchIndex? = try SearchIndex(locale: locale, threads: 2)
        dropped?.holdBackgroundMerges(true)
        try dropped?.add(count: 40) { Self.dictionaryTitles(0..<40)[$0] }
        try dropped?.add(count: 40) { Self.dictionaryTitles(40..<80)[$0] }
        #expect(Self.pooledBreakChunks(analyzer) > 0)
        dropped = nil
        #expect(Self.pooledBreakChunks(analyzer) == 0)
    }

    /// A search that finds the adds of a stream paused empties the memos its batches kept,
    /// through the background merge (held in the test until the adds are done; the quiet
    /// window is waited out, so a slow machine only waits longer).
    @Test("a search after the stream pauses empties its word break memos")
    func searchAfterStreamEmptiesMemos() throws {
        // A locale of its own, as in streamMemosUntilQuiet.
        let locale = try SearchLocale("lo-LA")
        let analyzer = AnalyzerCache.shared.analyzer(for: locale)
        let index = try SearchIndex(locale: locale, threads: 2)
        index.holdBackgroundMerges(true)
        for b in 0..<3 { index.add(Self.dictionaryTitles(b * 40..<(b + 1) * 40)) }
        #expect(Self.pooledBreakChunks(analyzer) > 0)
        index.holdBackgroundMerges(false)
        usleep(useconds_t(SearchIndex.quietNanoseconds / 1_000 * 2))
        // A query that finds nothing: hits' highlights analyse their texts on pooled scratches
        // and would fill memos of their own.
        #expect(try index.search("zzzz", options: SearchOptions(mode: .contains)).hits.isEmpty)
        index.waitUntilMergesIdle()
        #expect(index.segmentCount == 1)
        // The task empties the memos before it gives up its claim: idle means done.
        #expect(Self.pooledBreakChunks(analyzer) == 0)
    }
}
