extension SegmentMerger {
    /// The merged forward index and postings when the inputs' live items follow one another in
    /// the merged order (batches added in id order, as a host streams rows): a term's merged
    /// postings are then its inputs' postings, mapped to merged items (dead ones left out), end
    /// to end, so they are read from the inputs' streams and encoded a term at a time instead of
    /// rebuilt from the forward index, and the forward index is written straight into its narrow
    /// form. The same as ``gatherForward(_:_:_:)`` and ``buildPostings(_:_:termCount:)`` give,
    /// encoded; nil when the inputs interleave or an array would not be narrow (the caller
    /// rebuilds then). With a `pool`, the forward index and chunks of the postings are made in
    /// parallel.
    static func carriedIndex(
        _ order: Column<Entry>, _ segments: [Segment], _ maps: [Column<UInt32>], _ mergedIndex: [Column<UInt32>], termCount: Int,
        pool: ThreadPool?
    ) -> (offsets: Column<UInt32>, forward: NarrowArray, postings: PostingLists)? {
        guard order.count <= 1 << 24, termCount <= 1 << 24, segments.allSatisfy({ $0.forward.bits <= 24 }),
            inputsFollowOneAnother(mergedIndex)
        else { return nil }
        guard let pool else {
            let (offsets, forward) = narrowForward(order, segments, maps, termCount: termCount)
            let postings = mergedPostings(
                segments, maps, mergedIndex, termCount: termCount, itemCount: order.count, pool: nil)
            return (offsets, forward, postings)
        }
        // The forward index beside the postings' chunks.
        let forward = SlotArray<(offsets: Column<UInt32>, forward: NarrowArray)>(count: 1)
        let postings = SlotArray<PostingLists>(count: 1)
        pool.forEach(2) { task in
            if task == 0 {
                forward[0] = narrowForward(order, segments, maps, termCount: termCount)
            } else {
                postings[0] = mergedPostings(
                    segments, maps, mergedIndex, termCount: termCount, itemCount: order.count, pool: pool)
            }
        }
        guard let (offsets, entries) = forward.remove(0), let lists = postings.remove(0) else { return nil }
        return (offsets, entries, lists)
    }

    /// True when the inputs' live items, input after input, are the merged items in order.
    private static func inputsFollowOneAnother(_ mergedIndex: [Column<UInt32>]) -> Bool {
        var next: UInt32 = 0
        for index in mergedIndex {
            for n in index where n != dropped {
                guard n == next else { return false }
                next &+= 1
            }
        }
        return true
    }

    /// ``gatherForward(_:_:_:)`` written into a narrow array in as few bits as its greatest
    /// entry needs (every input's entries are below 2²⁴, so no field bits: each is a merged term
    /// id, below `termCount`). The entries are written once, at the width of the greatest term
    /// id, which the greatest entry needs unless the last terms are held by dead items alone
    /// (then they are narrowed again), in one run (``NarrowArray/RunWriter``).
    private static func narrowForward(_ order: Column<Entry>, _ segments: [Segment], _ maps: [Column<UInt32>], termCount: Int)
        -> (offsets: Column<UInt32>, forward: NarrowArray)
    {
        let offsets = forwardOffsets(order, segments)
        let bits = NarrowArray.bits(for: UInt32(truncatingIfNeeded: max(termCount - 1, 0)))
        let count = Int(offsets[order.count])
        var greatest: UInt32 = 0
        let forward = NarrowArray.filledByRuns(count: count, bits: bits) { forward in
            var run = NarrowArray.RunWriter(forward, start: 0, end: count)
            mapForward(order, segments, maps) { _, entry in
                run.append(entry)
                greatest = max(greatest, entry)
            }
            return run.finish()
        }
        return (offsets, NarrowArray.bits(for: greatest) < bits ? forward.narrowed() : forward)
    }

    /// Per merged term, its inputs' postings mapped by `mergedIndex`, dead items left out, input
    /// after input (ascending when the inputs follow one another), encoded as
    /// ``PostingLists/encoded(offsets:values:itemCount:pool:)`` encodes them: each term's list is
    /// read from its inputs' streams into a scratch buffer and written at once, in chunks of terms
    /// run in parallel on `pool` when given, with no array of every merged posting in between.
    /// The counts are those the streams give (a mapped file's stored counts, which its loader
    /// only bounds, serve to size the chunks and buffers alone). `chunkPostings`: the stored
    /// postings of a chunk, about.
    static func mergedPostings(
        _ segments: [Segment], _ maps: [Column<UInt32>], _ mergedIndex: [Column<UInt32>], termCount: Int, itemCount: Int,
        pool: ThreadPool?, chunkPostings: Int = 1 << 16
    ) -> PostingLists {
        let holders = TermHolders(segments, maps, termCount: termCount)
        let inputs = segments.map(\.postings)
        let chunks = holders.chunks(of: (pool?.threadCount ?? 0) > 1 ? chunkPostings : Int.max, inputs)
        let firstWidth = PostingLists.width(of: UInt32(truncatingIfNeeded: max(itemCount - 1, 0)))
        let outputs = SlotArray<StreamBuffer>(count: chunks.count - 1)
        // Per input without dropped items, its first merged item (the inputs follow one another).
        let bases = mergedIndex.map { index -> UInt32? in
            guard let first = index.first, !index.contains(dropped) else { return nil }
            return first
        }
        // Per term, its count, then its stream's bytes; each chunk writes its own terms'. (These
        // and the offsets and starts summed from them in pages of their own when large.)
        var offsetValues = Column<UInt32>(), startValues = Column<UInt32>()
        PageBuffer.withScratch(UInt32.self, count: termCount + 1) { countBuffer in
            PageBuffer.withScratch(UInt32.self, count: termCount + 1) { lengthBuffer in
                countBuffer.initialize(repeating: 0)
                lengthBuffer.initialize(repeating: 0)
                let (counts, lengths) = (SharedPointer(countBuffer.baseAddress!), SharedPointer(lengthBuffer.baseAddress!))
                let body: @Sendable (Int) -> Void = { c in
                    outputs[c] = encodeChunk(
                        chunks[c]..<chunks[c + 1], holders, inputs, mergedIndex, bases: bases, firstWidth: firstWidth, counts: counts,
                        lengths: lengths)
                }
                if let pool { pool.forEach(chunks.count - 1, body) } else { for c in 0..<chunks.count - 1 { body(c) } }
                // Counts and lengths, summed into offsets and starts (at term + 1).
                offsetValues = Column<UInt32>.filled(count: termCount + 1) { offsets in
                    offsets[0] = 0
                    for t in 0..<termCount { offsets[t + 1] = offsets[t] &+ counts[t] }
                }
                startValues = Column<UInt32>.filled(count: termCount + 1) { starts in
                    starts[0] = 0
                    for t in 0..<termCount { starts[t + 1] = starts[t] &+ lengths[t] }
                }
            }
        }
        let dataCount = Int(startValues[termCount])
        let bytes = Column<UInt8>.filled(count: dataCount + PostingLists.padding) { bytes in
            var at = 0
            for c in 0..<chunks.count - 1 {
                guard let output = outputs.remove(c) else { continue }
                (bytes.base + at).initialize(from: output.base, count: output.count)
                at += output.count
            }
            (bytes.base + at).initialize(repeating: 0, count: dataCount + PostingLists.padding - at)
        }
        return PostingLists(
            offsets: NarrowArray(offsetValues), starts: NarrowArray(startValues), bytes: bytes, itemCount: itemCount)
    }

    /// Encodes the merged lists of the terms in `terms` (see ``mergedPostings(_:_:_:termCount:itemCount:pool:chunkPostings:)``):
    /// their streams end to end, and per term its count and stream length in `counts` and `lengths`.
    /// A term's list is gathered as its first value and gaps (what its stream stores) and written
    /// from them (``PostingLists/writeGapStream(_:count:firstWidth:into:)``); an input item's
    /// merged index is the item plus `bases[input]` when that is not nil (an input without
    /// dropped items), else read from `mergedIndex`. An input's terms come in ascending order
    /// (its vocabulary is sorted), so where a term's count and stream start is mostly where the
    /// input's term before ended, read once.
    private static func encodeChunk(
        _ terms: Range<Int>, _ holders: TermHolders, _ inputs: [PostingLists], _ mergedIndex: [Column<UInt32>],
        bases: [UInt32?], firstWidth: Int, counts: SharedPointer<UInt32>, lengths: SharedPointer<UInt32>
    ) -> StreamBuffer {
        // Raw views (`inputs` and `mergedIndex` hold the storage): a posting reads no
        // reference-counted value.
        let merged = mergedIndex.map { $0.withUnsafeBufferPointer { $0 } }
        let readers = inputs.map(\.reader)
        defer { withExtendedLifetime((inputs, mergedIndex)) {} }
        // Per input, the term after the one read last, and where its count and stream start.
        var next = inputs.map { _ in (term: -1, offset: UInt32(0), start: UInt32(0)) }
        let output = StreamBuffer()
        // A term's first value and gaps, gathered from its holders into `scratch`'s storage,
        // made room for before each holder is read (a cursor gives no more than its stored count).
        let scratch = StreamBuffer()
        var (list, room) = scratch.words
        readers.withUnsafeBufferPointer { readers in
            next.withUnsafeMutableBufferPointer { next in
                bases.withUnsafeBufferPointer { bases in
                    holders.starts.withUnsafeBufferPointer { starts in
                        holders.holders.withUnsafeBufferPointer { holderList in
                            for t in terms {
                                var count = 0
                                // The merged item given last; one below 0 before the first, so the
                                // first value is stored as a gap from it.
                                var last = UInt32.max
                                for h in Int(starts[t])..<Int(starts[t + 1]) {
                                    let (v, local) = (Int(holderList[h] >> 32), Int(holderList[h] & 0xFFFF_FFFF))
                                    let reader = readers[v]
                                    let (offset, start) = next[v].term == local
                                        ? (next[v].offset, next[v].start) : (reader.offsets[local], reader.starts[local])
                                    var (cursor, offsetEnd, startEnd) = reader.cursor(local, offset: offset, start: start)
                                    next[v] = (local + 1, offsetEnd, startEnd)
                                    let stored = cursor.count
                                    if count + stored > room {
                                        scratch.count = 4 * count
                                        scratch.reserve(4 * stored)
                                        (list, room) = scratch.words
                                    }
                                    let into = list
                                    var written = count
                                    if let base = bases[v] {
                                        cursor.forEachRest { item in
                                            let n = item &+ base
                                            into[written] = n &- last &- 1
                                            last = n
                                            written &+= 1
                                        }
                                    } else {
                                        let index = merged[v]
                                        cursor.forEachRest { item in
                                            let n = index[Int(item)]
                                            if n != dropped {
                                                into[written] = n &- last &- 1
                                                last = n
                                                written &+= 1
                                            }
                                        }
                                    }
                                    count = written
                                }
                                counts[t] = UInt32(truncatingIfNeeded: count)
                                guard count > 0 else { continue }
                                output.reserve(PostingLists.maxStreamBytes(count: count, firstWidth: firstWidth))
                                let length = PostingLists.writeGapStream(
                                    list, count: count, firstWidth: firstWidth, into: output.end)
                                output.count += length
                                lengths[t] = UInt32(truncatingIfNeeded: length)
                            }
                        }
                    }
                }
            }
        }
        return output
    }
}
