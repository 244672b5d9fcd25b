@testable import SearchBarCore
import Testing

/// The parallel segment builder (chunk vocabularies merged by ranges, index written per chunk)
/// must make byte for byte the segment of the serial reference builder: same vocabulary and
/// term ids, forward index, postings, texts, columns and derived orders.
@Suite("Segment builder: parallel build equals the serial reference", .slow)
struct SegmentBuilderTests {
    /// Random multilingual items: words of the sample dataset's titles, subtitles and keywords
    /// recombined, with repeats, empty fields, scopes, weights and attributes.
    static func items(_ count: Int, seed: UInt64) -> [IndexItem] {
        let words = SampleDataset.items(locales: ["en", "de", "ja", "zh", "th", "ru", "ar", "ko", "hi", "vi"])
            .flatMap { item -> [String] in [item.title, item.subtitle, item.keywords] }
            .flatMap { text -> [String] in text.split(separator: " ").map(String.init) }
        let extra = ["", "a", "a\u{0}b", "ß", "İstanbul", "東京タワー", "ภาษาไทย", "👍🏽", "x1", "x10", "aaaaaaaaa", "aaaaaaaab"]
        var random = SplitMix(seed: seed)
        func text(_ maxWords: Int) -> String {
            (0..<random.next(below: maxWords + 1)).map { _ in
                random.next(below: 10) == 0 ? extra[random.next(below: extra.count)] : words[random.next(below: words.count)]
            }.joined(separator: random.next(below: 5) == 0 ? "-" : " ")
        }
        var id: UInt64 = 0
        return (0..<count).map { _ in
            id += 1 + UInt64(random.next(below: 3))
            let attributes: [ItemAttribute] = random.next(below: 4) == 0 ? [ItemAttribute("kind", .text(text(1)))] : []
            return IndexItem(
                id: id, title: text(8), subtitle: random.next(below: 3) == 0 ? "" : text(6), keywords: text(4),
                scope: UInt32(random.next(below: 3)), weight: Double(random.next(below: 5)) - 2, attributes: attributes)
        }
    }

    /// Differences between two segments, by part name.
    static func differences(_ a: Segment, _ b: Segment) -> [String] {
        var failures: [String] = []
        func check(_ name: String, _ equal: Bool) { if !equal { failures.append(name) } }
        check("ids", a.ids.elementsEqual(b.ids))
        check("scopes", a.scopes == b.scopes)
        check("weightKeys", a.weightKeys == b.weightKeys)
        check("rankKeys", a.rankKeys == b.rankKeys)
        for f in 0..<3 {
            check(
                "originalPatches[\(f)]",
                a.originalPatches[f].bytes == b.originalPatches[f].bytes
                    && a.originalPatches[f].expandedOffsets() == b.originalPatches[f].expandedOffsets())
            check("folded[\(f)]", a.folded[f].bytes == b.folded[f].bytes && a.folded[f].expandedOffsets() == b.folded[f].expandedOffsets())
        }
        check("vocabulary", a.vocabulary.bytes == b.vocabulary.bytes && a.vocabulary.expandedOffsets() == b.vocabulary.expandedOffsets())
        // The forward index and its offsets byte for byte: their widths and padding too.
        check("forwardOffsets", Array(a.forwardOffsets.narrow.storageBytes) == Array(b.forwardOffsets.narrow.storageBytes))
        check("forward", Array(a.forward.storageBytes) == Array(b.forward.storageBytes))
        check("postingOffsets", a.postings.offsets == b.postings.offsets)
        check("postings", a.postings.starts == b.postings.starts && a.postings.bytes == b.postings.bytes)
        check("presence", a.presence == b.presence)
        check("runExceptions", a.runExceptions == b.runExceptions)
        check("punctuatedTerms", a.punctuatedTerms == b.punctuatedTerms)
        check("titleLeads", a.titleLeads.order.elementsEqual(b.titleLeads.order) && a.titleLeads.rankKeyMinimums == b.titleLeads.rankKeyMinimums
            && a.titleLeads.termStarts == b.titleLeads.termStarts && a.titleLeads.titleWordCounts == b.titleLeads.titleWordCounts
            && a.titleLeads.weightKeys == b.titleLeads.weightKeys)
        check("vocabularyByteCounts", a.vocabularyByteCounts == b.vocabularyByteCounts)
        check("titleBytes", a.titleBytes.order.elementsEqual(b.titleBytes.order))
        check("rankKeyOrder", a.rankKeyOrder.order.elementsEqual(b.rankKeyOrder.order))
        check("rankOrder", a.rankOrder.order == b.rankOrder.order)
        check("vocabularyTrigrams", a.vocabularyTrigrams.storedBits == b.vocabularyTrigrams.storedBits)
        check("attributes", a.attributes.offsets == b.attributes.offsets && a.attributes.names == b.attributes.names
            && a.attributes.entries.map(\.text) == b.attributes.entries.map(\.text)
            && a.attributes.entries.map(\.number) == b.attributes.entries.map(\.number))
        let keys = (0..<a.vocabulary.count).map { a.vocabulary.array($0) }
        check("charPostings", keys.allSatisfy { a.charPostings.candidates(for: $0) == b.charPostings.candidates(for: $0) })
        return failures
    }

    static let analysis = ItemAnalysis(
        analyzer: AnalyzerCache.shared.analyzer(for: .none), collator: try! Collator(locale: .none), fields: .all)

    @Test("a build's chunks are a multiple of the threads in number, none larger than asked")
    func balancedChunks() {
        #expect(SegmentBuilder.balancedChunkSize(count: 10_000, chunkSize: 2048, threads: 2) == 1667)
        #expect(SegmentBuilder.balancedChunkSize(count: 2048, chunkSize: 2048, threads: 2) == 2048)
        #expect(SegmentBuilder.balancedChunkSize(count: 10_000, chunkSize: 2048, threads: 1) == 2048)
        for threads in [2, 3, 4] {
            for count in [2, 3, 7, 2049, 4097, 10_000, 12_289, 1_000_000] {
                let size = SegmentBuilder.balancedChunkSize(count: count, chunkSize: 2048, threads: threads)
                let chunks = (count + size - 1) / size
                #expect(size >= 1 && size <= 2048, "count \(count) threads \(threads)")
                #expect(chunks == (count + 2047) / 2048 || chunks % threads == 0, "count \(count) threads \(threads)")
                #expect(chunks >= (count + 2047) / 2048)
            }
        }
    }

    @Test("equal on 0, 1, chunk-boundary and random counts, for several chunk sizes and thread counts")
    func equalsReference() {
        let all = Self.items(2000, seed: 42)
        var references: [Int: Segment] = [:]
        for threads in [1, 3] {
            let pool = ThreadPool(threads: threads)
            for chunkSize in [1, 7, 64, 512] {
                for count in Set([0, 1, 2, chunkSize - 1, chunkSize, chunkSize + 1, 3 * chunkSize + 5, all.count])
                where count >= 0 && count <= all.count {
                    let items = Array(all.prefix(count))
                    let reference = references[count] ?? SegmentBuilder.buildSerially(items, analysis: Self.analysis)
                    references[count] = reference
                    let built = SegmentBuilder.build(
                        count: items.count, item: { items[$0] }, analysis: Self.analysis, pool: pool,
                        chunkSize: chunkSize)
                    let failures = Self.differences(built, reference)
                    #expect(failures.isEmpty, "threads \(threads) chunk \(chunkSize) count \(count): \(failures)")
                }
            }
        }
    }

    @Test("items read as UTF-8 in place build the segment their strings build")
    func utf8Items() throws {
        let items = Self.items(3 * SegmentBuilder.chunkSize + 9, seed: 11).map { item in
            IndexItem(
                id: item.id, title: item.title, subtitle: item.subtitle, keywords: item.keywords, scope: item.scope,
                weight: item.weight)
        }
        // Each text's bytes in storage of its own (an empty text without any), freed after the builds.
        let copies = items.map { item in
            [item.title, item.subtitle, item.keywords].map { text -> UnsafeMutableBufferPointer<UInt8> in
                let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
                _ = copy.initialize(from: text.utf8)
                return copy
            }
        }
        defer { for texts in copies { for copy in texts { copy.deallocate() } } }
        let buffers = TextBuffers(texts: copies.map { texts in
            texts.map { UnsafeBufferPointer(start: $0.isEmpty ? nil : $0.baseAddress, count: $0.count) }
        })
        let german = try SearchLocale("de")
        let analyses = [
            Self.analysis,
            ItemAnalysis(
                analyzer: AnalyzerCache.shared.analyzer(for: german), collator: try Collator(locale: german),
                fields: .all, transliteration: Transliteration(locale: german)),
        ]
        let pool = ThreadPool(threads: 2)
        for analysis in analyses {
            let reference = SegmentBuilder.buildSerially(items, analysis: analysis)
            let built = SegmentBuilder.build(
                count: items.count,
                item: { i in
                    UTF8Item(
                        id: items[i].id, title: buffers.texts[i][0], subtitle: buffers.texts[i][1],
                        keywords: buffers.texts[i][2],
                        scope: items[i].scope, weight: items[i].weight)
                }, analysis: analysis, pool: pool)
            let failures = Self.differences(built, reference)
            #expect(failures.isEmpty, "\(analysis.analyzer.locale): \(failures)")
        }
    }

    @Test("equal with only the title field, with a locale, at the default chunk size")
    func titleOnly() throws {
        let locale = try SearchLocale("ja")
        let analysis = ItemAnalysis(
            analyzer: AnalyzerCache.shared.analyzer(for: locale), collator: try Collator(locale: locale),
            fields: .title)
        let items = Self.items(2 * SegmentBuilder.chunkSize + 1, seed: 7)
        let reference = SegmentBuilder.buildSerially(items, analysis: analysis)
        let pool = ThreadPool(threads: 2)
        for chunkSize in [3, SegmentBuilder.chunkSize] {
            let built = SegmentBuilder.build(
                count: items.count, item: { items[$0] }, analysis: analysis, pool: pool, chunkSize: chunkSize)
            let failures = Self.differences(built, reference)
            #expect(failures.isEmpty, "chunk \(chunkSize): \(failures)")
        }
    }

    @Test("the parallel byte sort gives the serial order", arguments: [0, 1, 100, ByteOrder.parallelThreshold + 17])
    func parallelByteOrder(count: Int) {
        var random = SplitMix(seed: UInt64(count))
        let stems: [[UInt8]] = [[], [0], [0x61], [0x61, 0x62], Array("the ".utf8), Array("東京".utf8), [0xFF, 0xFF]]
        var arena = ByteArena()
        for _ in 0..<count {
            var bytes = stems[random.next(below: stems.count)]
            for _ in 0..<random.next(below: 12) { bytes.append(UInt8(truncatingIfNeeded: 0x5F + random.next(below: 4))) }
            arena.append(bytes)
        }
        for threads in [1, 2, 5] {
            let pool = ThreadPool(threads: threads)
            #expect(Array(ByteOrder.sortedIndices(arena, count: count, pool: pool)) == ByteOrder.sortedIndices(arena, count: count))
        }
        let serial = ByteOrder.sortedIndices(arena)
        #expect(zip(serial, serial.dropFirst()).allSatisfy { a, b in
            let x = arena.array(Int(a)), y = arena.array(Int(b))
            return x.lexicographicallyPrecedes(y) || (x == y && a < b)
        })
    }
}

/// Texts' bytes the builder's threads read (the test keeps them alive and unchanged).
private struct TextBuffers: @unchecked Sendable {
    let texts: [[UnsafeBufferPointer<UInt8>]]
}
