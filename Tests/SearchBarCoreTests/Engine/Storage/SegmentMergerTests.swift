import Glibc
@testable import SearchBarCore
import Testing

/// ``SegmentMerger`` merges its inputs' sorted vocabularies and orders instead of sorting
/// again: the merged segment must be the one a build of its live items makes.
@Suite("Segment merger: merged orders equal a fresh build's", .slow)
struct SegmentMergerTests {
    /// `items` dealt at random into `count` segments (ids interleaving across them).
    static func segments(_ items: [IndexItem], count: Int, seed: UInt64) -> [Segment] {
        var random = SplitMix(seed: seed)
        var groups = [[IndexItem]](repeating: [], count: count)
        for item in items { groups[random.next(below: count)].append(item) }
        let pool = ThreadPool(threads: 2)
        return groups.map { SegmentBuilder.build($0, analysis: SegmentBuilderTests.analysis, pool: pool) }
    }

    @Test("with every item live, the merge is the build of all items", arguments: [1, 2, 3, 8, 17])
    func allLive(segmentCount: Int) throws {
        let items = SegmentBuilderTests.items(1500, seed: UInt64(segmentCount))
        let views = Self.segments(items, count: segmentCount, seed: 5).map(SegmentView.init)
        let merged = try #require(SegmentMerger.merge(views))
        let reference = SegmentBuilder.buildSerially(items, analysis: SegmentBuilderTests.analysis)
        #expect(SegmentBuilderTests.differences(merged, reference) == [])
        // With a pool (a caller that waits for the merge) the steps run in parallel: the same segment.
        let parallel = try #require(SegmentMerger.merge(views, pool: ThreadPool(threads: 2)))
        #expect(SegmentBuilderTests.differences(parallel, reference) == [])
    }

    @Test("a merged segment keeps its large columns in pages and is the build of its items, its inputs' ids in order or not",
          arguments: [false, true])
    func mergedSegment(reversed: Bool) throws {
        let items = SegmentBuilderTests.items(12000, seed: 6)
        let pool = ThreadPool(threads: 2)
        let batches = [items[..<5000], items[5000...]].map {
            SegmentView(SegmentBuilder.build(Array($0), analysis: SegmentBuilderTests.analysis, pool: pool))
        }
        let views = reversed ? batches.reversed() : batches
        let merged = try #require(SegmentMerger.merge(views))
        let parallel = try #require(SegmentMerger.merge(views, pool: pool))
        let reference = SegmentBuilder.buildSerially(items, analysis: SegmentBuilderTests.analysis)
        #expect(SegmentBuilderTests.differences(merged, reference) == [])
        #expect(SegmentBuilderTests.differences(parallel, reference) == [])
        #expect(merged.folded[0].bytes.isPaged && !merged.folded[0].bytes.isBorrowed && !merged.isMapped)
    }

    @Test("with dead items, the orders and columns are those of the live items' build")
    func someDead() throws {
        let items = SegmentBuilderTests.items(1500, seed: 9)
        var random = SplitMix(seed: 3)
        var dead = Set<UInt64>()
        let views = Self.segments(items, count: 8, seed: 4).map { segment in
            let locals = (0..<segment.count).filter { _ in random.next(below: 3) == 0 }
            dead.formUnion(locals.map { segment.ids[$0] })
            return SegmentView(segment).deleting(locals)
        }
        let merged = try #require(SegmentMerger.merge(views))
        let parallel = try #require(SegmentMerger.merge(views, pool: ThreadPool(threads: 3)))
        #expect(SegmentBuilderTests.differences(merged, parallel) == [])
        let live = items.filter { !dead.contains($0.id) }
        let reference = SegmentBuilder.buildSerially(live, analysis: SegmentBuilderTests.analysis)
        #expect(merged.ids.elementsEqual(reference.ids))
        #expect(merged.rankKeys == reference.rankKeys)
        #expect((0..<3).allSatisfy { merged.folded[$0].bytes == reference.folded[$0].bytes })
        #expect(merged.titleBytes.order.elementsEqual(reference.titleBytes.order))
        #expect(merged.rankKeyOrder.order.elementsEqual(reference.rankKeyOrder.order))
        // The columns gathered and the structures carried over from the inputs, dead items left out.
        #expect((0..<3).allSatisfy {
            merged.originalPatches[$0].bytes == reference.originalPatches[$0].bytes
                && merged.originalPatches[$0].expandedOffsets() == reference.originalPatches[$0].expandedOffsets()
                && merged.folded[$0].expandedOffsets() == reference.folded[$0].expandedOffsets()
        })
        #expect(merged.scopes == reference.scopes && merged.weightKeys == reference.weightKeys)
        #expect(merged.presence == reference.presence)
        #expect(merged.runExceptions == reference.runExceptions)
        #expect(merged.attributes.offsets == reference.attributes.offsets)
        #expect(merged.attributes.entries.map(\.text) == reference.attributes.entries.map(\.text))
        let texts = (0..<reference.count).flatMap { i in (0..<3).map { reference.folded[$0].array(i) } }
        let characters = Set(texts.flatMap { UTF8Codec.codePoints($0) }).map { Array(String(UnicodeScalar($0)!).utf8) }
        #expect(characters.allSatisfy { merged.charPostings.candidates(for: $0) == reference.charPostings.candidates(for: $0) })
        // The vocabulary is every input's terms (dead items' too), sorted by bytes, each once.
        let union = Set(views.flatMap { view in (0..<view.segment.termCount).map { view.segment.vocabulary.array($0) } })
        let expected = union.sorted { $0.lexicographicallyPrecedes($1) }
        #expect((0..<merged.vocabulary.count).map { merged.vocabulary.array($0) } == expected)
        // Its punctuated terms are carried over from the inputs': those of the merged vocabulary.
        #expect(merged.punctuatedTerms == PunctuatedTerms.ids(merged.vocabulary))
        #expect(!merged.punctuatedTerms.isEmpty)
    }

    /// Titles alone make narrow forward entries, whose postings a merge carries over; with
    /// subtitles and keywords the merge rebuilds them: both must give the build's.
    @Test("inputs of consecutive ids (streamed batches) carry their postings over", arguments: [false, true], [false, true])
    func consecutiveBatches(withDead: Bool, titlesOnly: Bool) throws {
        let items = SegmentBuilderTests.items(1500, seed: 21).map { item in
            titlesOnly ? IndexItem(id: item.id, title: item.title) : item
        }
        let pool = ThreadPool(threads: 2)
        var random = SplitMix(seed: 8)
        var dead = Set<UInt64>()
        let views = stride(from: 0, to: items.count, by: 200).map { start in
            let segment = SegmentBuilder.build(
                Array(items[start..<min(start + 200, items.count)]), analysis: SegmentBuilderTests.analysis, pool: pool)
            let locals = withDead ? (0..<segment.count).filter { _ in random.next(below: 4) == 0 } : []
            dead.formUnion(locals.map { segment.ids[$0] })
            return SegmentView(segment).deleting(locals)
        }
        let merged = try #require(SegmentMerger.merge(views))
        let live = items.filter { !dead.contains($0.id) }
        let reference = SegmentBuilder.buildSerially(live, analysis: SegmentBuilderTests.analysis)
        Self.expectCarried(merged, reference, withDead: withDead)
        let parallel = try #require(SegmentMerger.merge(views, pool: pool))
        #expect(SegmentBuilderTests.differences(parallel, merged) == [])
    }

    /// Expects `merged`, made from streamed batches, to hold `reference`'s postings and forward
    /// index (the whole segment when no item died; else through the terms, as the vocabulary
    /// keeps dead items' terms, with empty postings).
    static func expectCarried(_ merged: Segment, _ reference: Segment, withDead: Bool) {
        let terms = (0..<merged.termCount).map { merged.vocabulary.array($0) }
        let referenceTerms = (0..<reference.termCount).map { reference.vocabulary.array($0) }
        let postings = { (segment: Segment, t: Int) in segment.postings.items(t) }
        let byTerm = Dictionary(uniqueKeysWithValues: referenceTerms.enumerated().map { ($1, $0) })
        for (t, term) in terms.enumerated() {
            #expect(postings(merged, t) == (byTerm[term].map { postings(reference, $0) } ?? []))
        }
        let forward = { (segment: Segment, terms: [[UInt8]]) in
            (0..<segment.count).map { i in
                (Int(segment.forwardOffsets[i])..<Int(segment.forwardOffsets[i + 1])).map { k in
                    terms[Int(segment.forward[k] & Segment.termMask)] + [UInt8(segment.forward[k] >> Segment.fieldShift)]
                }
            }
        }
        // Byte for byte what the encoder makes of the merged lists (dead items' terms empty).
        let encoded = PostingLists.encoded((0..<merged.termCount).map { postings(merged, $0) }, itemCount: merged.count)
        #expect(merged.postings.starts == encoded.starts && merged.postings.bytes == encoded.bytes)
        #expect(forward(merged, terms) == forward(reference, referenceTerms))
        #expect(merged.forward.bits == reference.forward.bits)
        #expect(merged.punctuatedTerms == PunctuatedTerms.ids(merged.vocabulary))
        if !withDead { #expect(SegmentBuilderTests.differences(merged, reference) == []) }
    }

    /// `items` added in batches of `batch` (merges paused), `dead` removed, saved to an index
    /// file and opened again: the opened index, whose segments are mapped, and the directory
    /// the caller removes.
    static func openedBatches(_ items: [IndexItem], batch: Int, removing dead: [UInt64] = []) throws -> (SearchIndex, String) {
        let index = try SearchIndex(locale: try SearchLocale("en"), threads: 2)
        index.pauseBackgroundMerges(true)
        for start in stride(from: 0, to: items.count, by: batch) { index.add(Array(items[start..<min(start + batch, items.count)])) }
        index.remove(ids: dead)
        let directory = IndexFileTests.directory()
        try index.save(to: directory + "/batches.sbindex")
        return (try SearchIndex.open(path: directory + "/batches.sbindex", threads: 2), directory)
    }

    /// A merge after an open reads its postings from the file's streams: the segments of a
    /// saved index of streamed batches (some items removed) must merge into the build of the
    /// live items, with a pool and without.
    @Test("segments mapped from an index file merge into the live items' build", arguments: [false, true])
    func mappedBatches(withDead: Bool) throws {
        let items = SegmentBuilderTests.items(1500, seed: 23).map { IndexItem(id: $0.id, title: $0.title) }
        var random = SplitMix(seed: 11)
        let dead = withDead ? items.map(\.id).filter { _ in random.next(below: 4) == 0 } : []
        let (opened, directory) = try Self.openedBatches(items, batch: 200, removing: dead)
        defer { IndexFileTests.remove(directory) }
        let views = opened.snapshot.segments
        #expect(views.count == 8 && views.allSatisfy(\.segment.isMapped))
        let live = items.filter { !Set(dead).contains($0.id) }
        let reference = SegmentBuilder.buildSerially(live, analysis: opened.analysis)
        let merged = try #require(SegmentMerger.merge(views))
        Self.expectCarried(merged, reference, withDead: withDead)
        let parallel = try #require(SegmentMerger.merge(views, pool: ThreadPool(threads: 2)))
        #expect(SegmentBuilderTests.differences(parallel, merged) == [])
    }

    /// With a pool, the vocabulary is cut into ranges merged in parallel: the same vocabulary
    /// and maps as one merge, for inputs in memory and mapped from a file, some items dead.
    @Test("a vocabulary merged in ranges on a pool is the one merged in one piece", arguments: [2, 3, 5])
    func vocabularyInRanges(threads: Int) throws {
        let items = SegmentBuilderTests.items(1500, seed: 41)
        let pool = ThreadPool(threads: threads)
        var random = SplitMix(seed: UInt64(threads))
        let inMemory = Self.segments(items, count: 7, seed: 6).map { segment in
            SegmentView(segment).deleting((0..<segment.count).filter { _ in random.next(below: 4) == 0 })
        }
        let (opened, directory) = try Self.openedBatches(items, batch: 300)
        defer { IndexFileTests.remove(directory) }
        let mapped = opened.snapshot.segments
        #expect(mapped.count == 5 && mapped.allSatisfy(\.segment.isMapped))
        // One input, and an input with no terms, too.
        let empty = SegmentView(SegmentBuilder.build([], analysis: SegmentBuilderTests.analysis, pool: pool))
        for views in [inMemory, mapped, Array(inMemory.prefix(1)), [empty] + inMemory + [empty], [empty]] {
            let (whole, wholeMaps) = SegmentMerger.mergedVocabulary(views)
            let (ranged, rangedMaps) = SegmentMerger.mergedVocabulary(views, pool: pool, parallelTerms: 0)
            #expect(ranged.bytes == whole.bytes && ranged.expandedOffsets() == whole.expandedOffsets())
            #expect(rangedMaps == wholeMaps)
        }
    }

    /// A file's vocabulary is read as it is, and a hostile one need not be sorted: cut into
    /// ranges on a pool, the merge must still give every input term the id of a merged term of
    /// its bytes (the merged vocabulary is then unsorted too, but nothing traps or mixes terms up).
    @Test("an unsorted (hostile) vocabulary cut into ranges maps every term to its own bytes", arguments: [2, 3, 5])
    func unsortedVocabularyInRanges(threads: Int) throws {
        let items = SegmentBuilderTests.items(1500, seed: 43)
        var random = SplitMix(seed: UInt64(threads))
        let vocabularies = Self.segments(items, count: 5, seed: 8).enumerated().map { n, segment in
            var terms = (0..<segment.termCount).map { segment.vocabulary.array($0) }
            // Every other input shuffled; one of them reversed (cuts then fall before earlier ones).
            if n % 2 == 0 {
                for k in terms.indices.reversed() { terms.swapAt(k, random.next(below: k + 1)) }
            } else if n == 1 {
                terms.reverse()
            }
            var (bytes, offsets) = ([UInt8](), [UInt32(0)])
            for term in terms {
                bytes += term
                offsets.append(UInt32(bytes.count))
            }
            return ByteArena(bytes: bytes, offsets: offsets)
        }
        let pool = ThreadPool(threads: threads)
        for inputs in [vocabularies, Array(vocabularies.prefix(2)), [vocabularies[1]]] {
            let (merged, maps) = SegmentMerger.mergedVocabulary(inputs, pool: pool, parallelTerms: 0)
            #expect(maps.count == inputs.count)
            for (vocabulary, map) in zip(inputs, maps) {
                #expect(map.count == vocabulary.count)
                #expect(map.indices.allSatisfy { t in
                    Int(map[t]) < merged.count && merged.array(Int(map[t])) == vocabulary.array(t)
                })
            }
            // Each merged term is some input term's.
            let given = Set(inputs.flatMap { vocabulary in (0..<vocabulary.count).map { vocabulary.array($0) } })
            #expect((0..<merged.count).allSatisfy { given.contains(merged.array($0)) })
        }
    }

    @Test("merged postings encoded in chunks on a pool are those encoded in one piece", arguments: [1, 7, 300])
    func chunkedPostings(chunkPostings: Int) throws {
        let items = SegmentBuilderTests.items(1200, seed: 31).map { IndexItem(id: $0.id, title: $0.title) }
        let pool = ThreadPool(threads: 3)
        let segments = stride(from: 0, to: items.count, by: 150).map { start in
            SegmentBuilder.build(Array(items[start..<min(start + 150, items.count)]), analysis: SegmentBuilderTests.analysis, pool: pool)
        }
        let (vocabulary, maps) = SegmentMerger.mergedVocabulary(segments.map(SegmentView.init))
        var next: UInt32 = 0
        let mergedIndex = segments.map { segment in
            Column((0..<segment.count).map { _ in
                defer { next += 1 }
                return next
            })
        }
        let whole = SegmentMerger.mergedPostings(
            segments, maps, mergedIndex, termCount: vocabulary.count, itemCount: items.count, pool: nil)
        let chunked = SegmentMerger.mergedPostings(
            segments, maps, mergedIndex, termCount: vocabulary.count, itemCount: items.count, pool: pool,
            chunkPostings: chunkPostings)
        #expect(chunked.offsets == whole.offsets && chunked.starts == whole.starts && chunked.bytes == whole.bytes)
        let reference = SegmentBuilder.buildSerially(items, analysis: SegmentBuilderTests.analysis)
        #expect(whole.offsets == reference.postings.offsets && whole.starts == reference.postings.starts)
        #expect(whole.bytes == reference.postings.bytes)
    }

    @Test("a stream buffer keeps its bytes as it grows from the allocator into pages")
    func streamBufferGrowth() {
        let buffer = SegmentMerger.StreamBuffer()
        var expected: [UInt8] = []
        var random = SplitMix(seed: 12)
        while expected.count < 3 * PageBuffer.minimumBytes {
            let run = random.next(below: 5000) + 1
            buffer.reserve(run)
            for k in 0..<run {
                let byte = UInt8(truncatingIfNeeded: expected.count &* 31 &+ k)
                buffer.end[k] = byte
                expected.append(byte)
            }
            buffer.count += run
        }
        #expect(Array(UnsafeBufferPointer(start: buffer.base, count: buffer.count)) == expected)
        let (words, room) = buffer.words
        #expect(room * 4 >= buffer.count && Int(bitPattern: words) % 4 == 0)
    }

    /// The vocabulary and the title order merge by 16 leading bytes and look at the bytes past
    /// them (or, for short terms, at the lengths) only on a tie: terms and titles that share
    /// 8, 15, 16 or 17 leading bytes must merge into the build's order.
    @Test("terms and titles sharing long prefixes merge in byte order")
    func longSharedPrefixes() throws {
        let stems = ["abcdefgh", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "zz"]
        var random = SplitMix(seed: 17)
        let items = (0..<600).map { k -> IndexItem in
            let words = (0..<1 + random.next(below: 3)).map { _ in
                stems[random.next(below: stems.count)] + ["", "a", "b", "ab", "ba", "aab"][random.next(below: 6)]
            }
            return IndexItem(id: UInt64(k), title: words.joined(separator: " "))
        }
        let reference = SegmentBuilder.buildSerially(items, analysis: SegmentBuilderTests.analysis)
        for count in [2, 5, 9] {
            let views = Self.segments(items, count: count, seed: UInt64(count)).map(SegmentView.init)
            let merged = try #require(SegmentMerger.merge(views))
            #expect(SegmentBuilderTests.differences(merged, reference) == [], "\(count) inputs")
        }
    }

    @Test("16 leading bytes order byte strings as memcmp does wherever they differ within them")
    func leadingBytesOrder() {
        var random = SplitMix(seed: 23)
        let strings = (0..<300).map { _ in
            (0..<random.next(below: 24)).map { _ in UInt8([0, 1, 97, 98, 255][random.next(below: 5)]) }
        }
        for a in strings {
            for b in strings {
                a.withUnsafeBufferPointer { x in
                    b.withUnsafeBufferPointer { y in
                        let order = ByteOrder.compare(x, y)
                        let (kx, ky) = (LeadingBytes(x), LeadingBytes(y))
                        if kx != ky {
                            #expect((kx < ky) == (order < 0))
                        } else if x.count <= LeadingBytes.width && y.count <= LeadingBytes.width {
                            #expect(order == x.count - y.count)
                        }
                    }
                }
            }
        }
    }

    @Test("a leading key holds a string's first eight bytes, big-endian and zero-padded, at every length")
    func leadingKeyBytes() throws {
        // Each string ends where an unreadable page begins (PROT_NONE): a read past its end
        // faults and fails the test run. Before it, random bytes the key must not take either.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapped = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let base = try #require(mapped == MAP_FAILED ? nil : mapped)
        defer { munmap(base, 2 * page) }
        #expect(mprotect(base + page, page, PROT_NONE) == 0)
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var random = SplitMix(seed: 29)
        for length in 0...12 {
            for _ in 0..<50 {
                for k in page - 16..<page { bytes[k] = UInt8(random.next(below: 256)) }
                let text = UnsafeBufferPointer(start: bytes + page - length, count: length)
                var expected: UInt64 = 0
                for k in 0..<8 { expected = expected << 8 | UInt64(k < length ? text[k] : 0) }
                #expect(ByteOrder.leadingKey(text) == expected)
            }
        }
        #expect(ByteOrder.leadingKey(UnsafeBufferPointer(start: nil, count: 0)) == 0)
    }

    @Test("the k-way merge of sorted runs is the sort of their items by (key, index)")
    func sortedRuns() {
        var random = SplitMix(seed: 11)
        // Fan-ins of every shape of the tournament tree, and runs left empty among full ones.
        for (runCount, filled) in [(0, 0), (1, 1), (2, 2), (3, 3), (5, 5), (7, 3), (12, 12), (13, 13), (16, 16), (24, 2)] {
            let keys = (0..<400).map { _ in random.next(below: 20) }
            var runs = [[UInt32]](repeating: [], count: runCount)
            for item in 0..<(runCount == 0 ? 0 : keys.count) { runs[random.next(below: filled) * runCount / filled].append(UInt32(item)) }
            runs = runs.map { $0.sorted { keys[Int($0)] != keys[Int($1)] ? keys[Int($0)] < keys[Int($1)] : $0 < $1 } }
            let merged = SortedRuns.merge(runs) { a, b in keys[Int(a)] - keys[Int(b)] }
            let expected = runs.joined().sorted {
                keys[Int($0)] != keys[Int($1)] ? keys[Int($0)] < keys[Int($1)] : $0 < $1
            }
            #expect(merged == expected, "\(runCount) runs")
            // With a coarse 64-bit key first and the comparison only on equal coarse keys (as the
            // vocabulary and the title order merge with their leading 8 bytes): the same order.
            let keyed = SortedRuns.merge(runs, key: { UInt64(keys[Int($0)] / 4) }) { a, b in keys[Int(a)] - keys[Int(b)] }
            #expect(keyed == expected, "\(runCount) runs, keyed")
        }
    }
}
