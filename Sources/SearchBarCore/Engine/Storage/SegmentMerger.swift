/// Merges segments into one, keeping only live items: texts and attributes are copied, term ids
/// remapped into one sorted vocabulary, and postings rebuilt from the forward index. No text is
/// analysed again, so a merge costs little more than copying.
enum SegmentMerger {
    /// One segment made of the live items of `views` (ids must be unique across live items), or
    /// nil when `cancellation` was set before the merge was done (it is checked between items).
    /// With a `pool`, the merged segment's title sort runs on it.
    static func merge(_ views: [SegmentView], cancellation: CancellationFlag? = nil, pool: ThreadPool? = nil)
        -> Segment?
    {
        // Vocabulary.
        var interner = ByteInterner(expected: views.reduce(0) { $0 + $1.segment.termCount })
        var maps: [[UInt32]] = []
        for view in views {
            let vocabulary = view.segment.vocabulary
            var map = [UInt32](repeating: 0, count: vocabulary.count)
            vocabulary.bytes.withUnsafeBytes { bytes in
                for t in 0..<vocabulary.count {
                    let key = UnsafeRawBufferPointer(rebasing: bytes[vocabulary.range(t)])
                    map[t] = UInt32(truncatingIfNeeded: interner.intern(key))
                }
            }
            maps.append(map)
        }
        let (vocabulary, rank) = SegmentBuilder.sortedVocabulary(interner.arena)
        for v in maps.indices { for t in maps[v].indices { maps[v][t] = rank[Int(maps[v][t])] } }

        // Live items in id order.
        var order: [(id: UInt64, view: Int32, local: UInt32)] = []
        order.reserveCapacity(views.reduce(0) { $0 + $1.liveCount })
        for (v, view) in views.enumerated() {
            for i in 0..<view.segment.count where view.isLive(i) {
                order.append((view.segment.ids[i], Int32(v), UInt32(i)))
            }
        }
        order.sort { $0.id < $1.id }

        // Columns.
        let anyScopes = views.contains { !$0.segment.scopes.isEmpty }
        let anyWeights = views.contains { !$0.segment.weightKeys.isEmpty }
        var ids = [UInt64](), scopes = [UInt32](), weights = [UInt32](), rankKeys = [UInt64]()
        ids.reserveCapacity(order.count)
        rankKeys.reserveCapacity(order.count)
        var originalPatches = [ByteArena](repeating: ByteArena(), count: 3)
        var folded = [ByteArena](repeating: ByteArena(), count: 3)
        let usedFields = (0..<3).filter { f in
            views.contains { !$0.segment.folded[f].isBlank || !$0.segment.originalPatches[f].isBlank }
        }
        var forwardOffsets: [UInt32] = [0]
        forwardOffsets.reserveCapacity(order.count + 1)
        var forward = [UInt32]()
        var attributes = AttributeTable()
        var runExceptions: [UInt32] = []
        for (n, entry) in order.enumerated() {
            if n & 4095 == 0, let cancellation, cancellation.isCancelled { return nil }
            let segment = views[Int(entry.view)].segment
            let i = Int(entry.local)
            ids.append(entry.id)
            if anyScopes { scopes.append(segment.scope(i)) }
            if anyWeights { weights.append(segment.weightKey(i)) }
            rankKeys.append(segment.rankKeys[i])
            for f in usedFields {
                originalPatches[f].append(segment.originalPatches[f].bytes[segment.originalPatches[f].range(i)])
                folded[f].append(segment.folded[f].bytes[segment.folded[f].range(i)])
            }
            let map = maps[Int(entry.view)]
            for k in Int(segment.forwardOffsets[i])..<Int(segment.forwardOffsets[i + 1]) {
                let value = segment.forward[k]
                forward.append(map[Int(value & Segment.termMask)] | (value & ~Segment.termMask))
            }
            forwardOffsets.append(UInt32(truncatingIfNeeded: forward.count))
            attributes.append(from: segment.attributes, item: i)
            if RunExceptions.contains(segment.runExceptions, i) {
                runExceptions.append(UInt32(truncatingIfNeeded: ids.count - 1))
            }
        }
        if let cancellation, cancellation.isCancelled { return nil }
        let (postingOffsets, postings) = buildPostings(forward, forwardOffsets, termCount: vocabulary.count)
        for f in usedFields {
            originalPatches[f].shrink()
            originalPatches[f] = originalPatches[f].blankIfEmpty()
            folded[f].shrink()
        }
        return Segment(
            ids: ItemIDs(ids), scopes: Column(scopes), weightKeys: Column(weights), rankKeys: Column(rankKeys),
            originalPatches: originalPatches, folded: folded,
            forwardOffsets: Column(forwardOffsets), forward: NarrowArray(forward), vocabulary: vocabulary,
            postingOffsets: Column(postingOffsets), postings: NarrowArray(postings), attributes: attributes, runExceptions: runExceptions,
            pool: pool)
    }

    /// Postings (one per item and term, ascending items) from a forward index.
    static func buildPostings(_ forward: [UInt32], _ forwardOffsets: [UInt32], termCount: Int)
        -> (offsets: [UInt32], postings: [UInt32])
    {
        let itemCount = forwardOffsets.count - 1
        var counts = [UInt32](repeating: 0, count: termCount + 1)
        var last = [Int32](repeating: -1, count: termCount)
        for i in 0..<itemCount {
            for k in Int(forwardOffsets[i])..<Int(forwardOffsets[i + 1]) {
                let t = Int(forward[k] & Segment.termMask)
                if last[t] != Int32(truncatingIfNeeded: i) {
                    last[t] = Int32(truncatingIfNeeded: i)
                    counts[t] &+= 1
                }
            }
        }
        var offsets = [UInt32](repeating: 0, count: termCount + 1)
        var running: UInt32 = 0
        for t in 0..<termCount {
            offsets[t] = running
            running &+= counts[t]
        }
        offsets[termCount] = running
        var fill = offsets
        var postings = [UInt32](repeating: 0, count: Int(running))
        for t in 0..<termCount { last[t] = -1 }
        for i in 0..<itemCount {
            for k in Int(forwardOffsets[i])..<Int(forwardOffsets[i + 1]) {
                let t = Int(forward[k] & Segment.termMask)
                if last[t] != Int32(truncatingIfNeeded: i) {
                    last[t] = Int32(truncatingIfNeeded: i)
                    postings[Int(fill[t])] = UInt32(truncatingIfNeeded: i)
                    fill[t] &+= 1
                }
            }
        }
        return (offsets, postings)
    }
}
