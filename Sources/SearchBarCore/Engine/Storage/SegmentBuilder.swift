import Glibc

/// Builds a ``Segment`` from items (ascending, unique ids): items are analysed in parallel
/// chunks, each with its own vocabulary sorted by bytes (``SegmentPart``); the chunk
/// vocabularies are merged into one by ranges in parallel (``VocabularyMerge``), and the forward
/// index, postings and texts are then written chunk by chunk in parallel, each chunk straight
/// into its place in the segment's arrays. The result is the segment ``buildSerially(_:analysis:)``
/// makes, byte for byte.
enum SegmentBuilder {
    /// Items per analysis chunk.
    static let chunkSize = 2048

    /// A build of at least this many items frees the analyzer's pooled scratches whole when its
    /// analysis is done (``TextAnalyzer/releaseScratches()``): each holds about a megabyte that a
    /// host keeping the index pays for as long as the analyzer lives. A smaller build, typically
    /// one batch of a stream, keeps them warm for the next batch and empties only their word
    /// break memos (``TextAnalyzer/forgetBreakMemos()``), which would otherwise grow over a
    /// stream up to their bound in every pooled scratch, unless its caller keeps the memos for
    /// the stream's next batch and empties them itself once the stream pauses.
    static let releasedScratchItems = 1 << 16

    /// Builds a segment from `items`, which must be sorted by ascending, unique id.
    static func build(_ items: [IndexItem], analysis: ItemAnalysis, pool: ThreadPool, keepsBreakMemos: Bool = false)
        -> Segment
    {
        build(count: items.count, item: { items[$0] }, analysis: analysis, pool: pool, keepsBreakMemos: keepsBreakMemos)
    }

    /// Builds a segment from `count` items made on demand (from several threads at once) by
    /// `item`, whose ids must ascend strictly; at most `chunkSize` items are analysed per task
    /// (the chunks evened out over the pool's threads, ``balancedChunkSize``). A build
    /// of `releasedScratchItems` items or more frees the pooled scratches when its analysis is
    /// done; a smaller one empties their word break memos unless `keepsBreakMemos` (the caller
    /// then empties them, ``TextAnalyzer/forgetBreakMemos()``).
    static func build<Item: AnalyzableItem>(
        count: Int, item: @escaping @Sendable (Int) -> Item, analysis: ItemAnalysis, pool: ThreadPool,
        chunkSize: Int = chunkSize, releasedScratchItems: Int = releasedScratchItems, keepsBreakMemos: Bool = false
    ) -> Segment {
        let size = balancedChunkSize(count: count, chunkSize: chunkSize, threads: pool.threadCount)
        let chunkCount = (count + size - 1) / size
        let parts = SlotArray<SegmentPart>(count: chunkCount)
        pool.forEach(chunkCount) { task in
            let range = task * size..<min(count, (task + 1) * size)
            parts[task] = SegmentPart.analyze(range.lazy.map(item), analysis)
        }
        if count >= releasedScratchItems {
            analysis.analyzer.releaseScratches()
        } else if !keepsBreakMemos {
            analysis.analyzer.forgetBreakMemos()
        }
        return assemble(parts.take(), analysis.fields, pool: pool)
    }

    /// The items per chunk for a build of `count` items on `threads` threads: at most
    /// `chunkSize`, and as even as it takes for the chunks to be a multiple of `threads` in
    /// number, so no thread analyses a last chunk alone while the others wait (a batch of 10,000
    /// is 6 chunks of 1,667 on two threads rather than 5 of 2,048, the fifth alone).
    static func balancedChunkSize(count: Int, chunkSize: Int, threads: Int) -> Int {
        let chunks = (count + chunkSize - 1) / chunkSize
        guard chunks > 1, threads > 1 else { return chunkSize }
        let even = (chunks + threads - 1) / threads * threads
        return (count + even - 1) / even
    }

    /// Assembles the segment of `input`, which it owns: their slabs are freed (on `pool`) once
    /// the segment's columns hold everything they gave.
    private static func assemble(_ input: consuming [SegmentPart], _ fields: SearchFields, pool: ThreadPool) -> Segment {
        var parts = consume input
        let merged = VocabularyMerge(parts, pool: pool)
        let (forward, forwardOffsets, plainPostings) = writeIndex(parts, merged, pool: pool)
        let postings = PostingLists.encoded(
            offsets: NarrowArray(merged.postingOffsets), values: plainPostings, itemCount: forwardOffsets.count - 1, pool: pool)
        for k in parts.indices {
            parts[k].forward = []
            parts[k].terms = ByteArena()
        }

        // Columns.
        var originalPatches = [ByteArena](repeating: ByteArena(), count: 3)
        var folded = [ByteArena](repeating: ByteArena(), count: 3)
        for field in SearchField.allCases where fields.includes(field) {
            let f = Int(field.rawValue)
            originalPatches[f] = concatenate(parts.map { $0.originalPatches[f] }, pool: pool).blankIfEmpty()
            for k in parts.indices { parts[k].originalPatches[f] = ByteArena() }
            // A field empty in every item keeps no offsets (its arena is blank).
            if parts.contains(where: { !$0.folded[f].bytes.isEmpty }) {
                folded[f] = concatenate(parts.map { $0.folded[f] }, pool: pool)
            }
            for k in parts.indices { parts[k].folded[f] = ByteArena() }
        }
        // A batch without attributes (every packed one) makes its table with no work per item.
        var attributes = AttributeTable(itemCount: parts.reduce(0) { $0 + $1.count })
        if parts.contains(where: { !$0.attributes.isEmpty }) {
            attributes = AttributeTable()
            for part in parts {
                if part.attributes.isEmpty {
                    for _ in 0..<part.count { attributes.append([]) }
                } else {
                    for values in part.attributes { attributes.append(values) }
                }
            }
        }
        var runExceptions: [UInt32] = []
        var itemBase: UInt32 = 0
        for part in parts {
            runExceptions += part.runExceptions.map { itemBase + $0 }
            itemBase += UInt32(truncatingIfNeeded: part.count)
        }
        let scopes = parts.contains { $0.scopes.contains { $0 != 0 } } ? joined(parts.map(\.scopes)) : Column()
        let weights = parts.contains { $0.weights.contains { $0 != WeightKey.zero } } ? joined(parts.map(\.weights)) : Column()
        let ids = ItemIDs(joined(parts.map(\.ids)))
        let rankKeys = joined(parts.map(\.rankKeys))
        release(&parts, pool: pool)
        return Segment(
            ids: ids, scopes: scopes, weightKeys: weights,
            rankKeys: rankKeys, originalPatches: originalPatches, folded: folded,
            forwardOffsets: forwardOffsets, forward: forward, forwardIsNarrowest: true, vocabulary: merged.vocabulary,
            postings: postings,
            attributes: attributes, runExceptions: runExceptions, pool: pool)
    }

    /// Frees the parts' slabs on `pool`'s threads (a 1 M-item build holds about 500, whose
    /// pages the freeing thread gives back), leaving `parts` empty.
    private static func release(_ parts: inout [SegmentPart], pool: ThreadPool) {
        let slots = SlotArray<SegmentPart>(count: parts.count)
        for k in parts.indices { slots[k] = parts[k] }
        parts = []
        pool.forEach(slots.count) { k in _ = slots.remove(k) }
    }

    /// The parts' columns end to end, in a column of their exact size (`flatMap` grows its
    /// result by doubling and the segment would keep the spare capacity: 5% of the rank keys at
    /// 1 M items), in pages of its own when large (``Column/filled(count:_:)``).
    private static func joined<T: BitwiseCopyable>(_ columns: [Column<T>]) -> Column<T> {
        Column.filled(count: columns.reduce(0) { $0 + $1.count }) { all in
            var at = 0
            for column in columns {
                column.withUnsafeBufferPointer { source in
                    if let from = source.baseAddress { (all.base + at).initialize(from: from, count: source.count) }
                }
                at += column.count
            }
        }
    }

    /// The forward index with global term ids, its offsets, and the postings, written part by
    /// part in parallel straight into their narrow form: the forward index and its offsets in
    /// the fewest bits (the segment's), the postings in 24 or 32.
    private static func writeIndex(_ parts: [SegmentPart], _ merged: VocabularyMerge, pool: ThreadPool)
        -> (forward: NarrowArray, forwardOffsets: NarrowArray, postings: NarrowArray)
    {
        // Where each part's items and forward entries go.
        var itemBase = [Int](repeating: 0, count: parts.count + 1)
        var forwardBase = [Int](repeating: 0, count: parts.count + 1)
        for (c, part) in parts.enumerated() {
            itemBase[c + 1] = itemBase[c] + part.count
            forwardBase[c + 1] = forwardBase[c] + part.forward.count
        }
        let itemCount = itemBase[parts.count]
        let (itemStarts, forwardStarts) = (itemBase, forwardBase)
        let postingCount = Int(merged.postingOffsets.last ?? 0)
        var forwardOffsets = NarrowArray()
        var postings = NarrowArray()
        let forwardCount = forwardBase[parts.count]
        // The offsets' greatest is the last, the number of entries.
        let offsetBits = NarrowArray.bits(for: UInt32(truncatingIfNeeded: forwardCount))
        let forward = NarrowArray.filledByRuns(count: forwardCount, bits: forwardBits(parts, merged)) { forward in
            let shared = SlotArray<[NarrowArray.RunWriter.Shared]>(count: parts.count)
            forwardOffsets = NarrowArray.filledByRuns(count: itemCount + 1, bits: offsetBits) { forwardOffsets in
                let sharedOffsets = SlotArray<[NarrowArray.RunWriter.Shared]>(count: parts.count)
                postings = NarrowArray.filled(count: postingCount, narrow: itemCount <= 1 << 24) { postings in
                    pool.forEach(parts.count) { c in
                        // Part c writes its items' offsets after the first (the first part offset 0 too).
                        var offsets = NarrowArray.RunWriter(
                            forwardOffsets, start: c == 0 ? 0 : itemStarts[c] + 1, end: itemStarts[c + 1] + 1)
                        if c == 0 { offsets.append(0) }
                        var run = NarrowArray.RunWriter(forward, start: forwardStarts[c], end: forwardStarts[c + 1])
                        writeIndex(
                            parts[c], placement: merged.placement(ofPart: c), itemBase: itemStarts[c],
                            forward: &run, forwardOffsets: &offsets, postings: postings)
                        shared[c] = run.finish()
                        sharedOffsets[c] = offsets.finish()
                    }
                }
                // No parts (no items): the one offset.
                return parts.isEmpty ? [.init(start: 0, values: [0])] : sharedOffsets.take().flatMap { $0 }
            }
            return shared.take().flatMap { $0 }
        }
        return (forward, forwardOffsets, postings)
    }

    /// The bits of the segment's forward entries: as few as the greatest needs (what
    /// ``NarrowArray/narrowed()`` would give), known from the parts' greatest field and the
    /// vocabulary's size, as every term is some entry's.
    private static func forwardBits(_ parts: [SegmentPart], _ merged: VocabularyMerge) -> Int {
        let field = parts.reduce(0) { max($0, $1.greatestField) }
        return field > 0
            ? Int(Segment.fieldShift) + NarrowArray.bits(for: field)
            : NarrowArray.bits(for: UInt32(truncatingIfNeeded: max(merged.vocabulary.count - 1, 0)))
    }

    /// Writes one part's forward entries (with global term ids) through `forward`, its forward
    /// offsets and postings into the segment's arrays, at the part's item base.
    private static func writeIndex(
        _ part: SegmentPart, placement: (terms: [UInt32], cursors: [UInt32]), itemBase: Int,
        forward: inout NarrowArray.RunWriter, forwardOffsets: inout NarrowArray.RunWriter, postings: NarrowArray.Writer
    ) {
        var cursors = placement.cursors
        let terms = placement.terms
        var last = [Int32](repeating: -1, count: terms.count)
        part.forward.withUnsafeBufferPointer { entries in
            var k = 0
            for (i, count) in part.forwardCounts.enumerated() {
                let item = UInt32(truncatingIfNeeded: itemBase + i)
                for _ in 0..<Int(count) {
                    let entry = entries[k]
                    let t = Int(entry & Segment.termMask)
                    forward.append(terms[t] | (entry & ~Segment.termMask))
                    if last[t] != Int32(truncatingIfNeeded: i) {
                        last[t] = Int32(truncatingIfNeeded: i)
                        postings.set(Int(cursors[t]), item)
                        cursors[t] &+= 1
                    }
                    k += 1
                }
                forwardOffsets.append(UInt32(truncatingIfNeeded: forward.position))
            }
        }
    }

    /// Joins arenas end to end (serially).
    static func concatenate(_ arenas: [ByteArena]) -> ByteArena {
        let totalBytes = arenas.reduce(0) { $0 + $1.bytes.count }
        let totalStrings = arenas.reduce(0) { $0 + $1.count }
        var bytes = [UInt8]()
        bytes.reserveCapacity(totalBytes)
        var offsets = [UInt32]()
        offsets.reserveCapacity(totalStrings + 1)
        offsets.append(0)
        for arena in arenas {
            let base = UInt32(truncatingIfNeeded: bytes.count)
            bytes.append(contentsOf: arena.bytes)
            for k in 1..<arena.count + 1 { offsets.append(base &+ arena.offset(k)) }
        }
        return ByteArena(bytes: bytes, offsets: offsets)
    }

    /// Joins arenas end to end, copying them in parallel on `pool`, with the offsets in blocks
    /// (``BlockedOffsets``, what the segment keeps) made from the arenas' offsets (16-bit steps,
    /// narrowed by ``BlockedOffsets/init(bases:steps:)``), or as 32-bit offsets when a block spans
    /// 64 KiB or more: the result is the plain join's ``ByteArena/blocked()``, without the plain
    /// 32-bit offsets of every string in between.
    static func concatenate(_ arenas: [ByteArena], pool: ThreadPool) -> ByteArena {
        var byteBase = [Int](repeating: 0, count: arenas.count + 1)
        var stringBase = [Int](repeating: 0, count: arenas.count + 1)
        for (k, arena) in arenas.enumerated() {
            byteBase[k + 1] = byteBase[k] + arena.bytes.count
            stringBase[k + 1] = stringBase[k] + arena.count
        }
        let (byteStarts, stringStarts) = (byteBase, stringBase)
        let stringCount = stringBase[arenas.count]
        let bytes = Column<UInt8>.filled(count: byteBase[arenas.count]) { bytes in
            pool.forEach(arenas.count) { k in
                arenas[k].bytes.withUnsafeBufferPointer { source in
                    if let from = source.baseAddress, source.count > 0 {
                        (bytes.base + byteStarts[k]).initialize(from: from, count: source.count)
                    }
                }
            }
        }
        guard stringCount > 0 else { return ByteArena(bytes: bytes, offsets: Column([0])) }
        // Offset g (0...stringCount) of the join is arena k's offset g - stringStarts[k] (plus
        // the arena's byte start), for the arena k whose strings end at or after g.
        let blockSize = BlockedOffsets.blockSize
        let offsetCount = stringCount + 1
        let bases = Column<UInt32>.filled(count: (offsetCount + blockSize - 1) / blockSize) { bases in
            var k = 0
            for b in 0..<(offsetCount + blockSize - 1) / blockSize {
                let g = b * blockSize
                while stringStarts[k + 1] < g { k += 1 }
                bases[b] = UInt32(truncatingIfNeeded: byteStarts[k]) &+ arenas[k].offset(g - stringStarts[k])
            }
        }
        let spans = SlotArray<Bool>(count: arenas.count)
        let steps = Column<UInt16>.filled(count: offsetCount) { steps in
            steps[0] = 0
            pool.forEach(arenas.count) { k in
                let arena = arenas[k]
                let base = UInt32(truncatingIfNeeded: byteStarts[k])
                var fits = true
                for s in 1..<arena.count + 1 {
                    let g = stringStarts[k] + s
                    let distance = base &+ arena.offset(s) &- bases[g >> BlockedOffsets.blockShift]
                    fits = fits && distance <= UInt32(UInt16.max)
                    steps[g] = UInt16(truncatingIfNeeded: distance)
                }
                spans[k] = fits
            }
        }
        if spans.take().allSatisfy({ $0 }) {
            return ByteArena(bytes: bytes, blockedOffsets: BlockedOffsets(bases: bases, steps: steps))
        }
        let offsets = Column<UInt32>.filled(count: offsetCount) { offsets in
            offsets[0] = 0
            pool.forEach(arenas.count) { k in
                let base = UInt32(truncatingIfNeeded: byteStarts[k])
                for s in 1..<arenas[k].count + 1 { offsets[stringStarts[k] + s] = base &+ arenas[k].offset(s) }
            }
        }
        return ByteArena(bytes: bytes, offsets: offsets)
    }
}

/// A fixed array whose slots distinct threads fill (each task writes only its own slot), read
/// by one thread after the job has finished. Raw storage, so concurrent writes to different
/// slots involve no shared Swift access.
final class SlotArray<Element>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Element?>
    /// The number of slots.
    let count: Int

    /// `count` empty slots.
    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: max(count, 1))
        storage.initialize(repeating: nil, count: count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Slot `i`; written by one task only.
    subscript(i: Int) -> Element? {
        get { storage[i] }
        set { storage[i] = newValue }
    }

    /// The filled values, in slot order, moved out: the slots are left empty, so the values
    /// are not kept alive by the array until it is freed.
    func take() -> [Element] { (0..<count).compactMap { remove($0) } }

    /// Moves slot `i`'s value out, leaving it empty (no copy-on-write when it is put back).
    func remove(_ i: Int) -> Element? {
        let value = storage[i]
        storage[i] = nil
        return value
    }
}
