/// Merges segments into one, keeping only live items: texts and attributes are copied, term ids
/// remapped into one sorted vocabulary, and postings rebuilt from the forward index. No text is
/// analysed again, and nothing the inputs hold sorted is sorted again: the vocabulary, the
/// title byte order and the rank-key order are merged from the inputs' (``SortedRuns``), so a
/// merge costs little more than copying.
enum SegmentMerger {
    /// One segment made of the live items of `views` (ids must be unique across live items), or
    /// nil when `cancellation` was set before the merge was done (it is checked between items).
    /// With a `pool`, the merged segment's title sort runs on it.
    static func merge(_ views: [SegmentView], cancellation: CancellationFlag? = nil, pool: ThreadPool? = nil)
        -> Segment?
    {
        let (vocabulary, maps) = mergedVocabulary(views)

        // Live items in id order, and each input item's index in the merged segment.
        var order: [(id: UInt64, view: Int32, local: UInt32)] = []
        order.reserveCapacity(views.reduce(0) { $0 + $1.liveCount })
        for (v, view) in views.enumerated() {
            for i in 0..<view.segment.count where view.isLive(i) {
                order.append((view.segment.ids[i], Int32(v), UInt32(i)))
            }
        }
        order.sort { $0.id < $1.id }
        var mergedIndex = views.map { [UInt32](repeating: dropped, count: $0.segment.count) }
        for (n, entry) in order.enumerated() {
            mergedIndex[Int(entry.view)][Int(entry.local)] = UInt32(truncatingIfNeeded: n)
        }

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
        let sortedOrders = (
            titles: titleOrder(views, mergedIndex, titles: folded[0], count: ids.count),
            rankKeys: SortedRuns.merge(runs(views.map { $0.segment.rankKeyOrder.order }, mergedIndex)) { a, b in
                let (x, y) = (rankKeys[Int(a)], rankKeys[Int(b)])
                return x == y ? 0 : x < y ? -1 : 1
            }
        )
        return Segment(
            ids: ItemIDs(ids), scopes: Column(scopes), weightKeys: Column(weights), rankKeys: Column(rankKeys),
            originalPatches: originalPatches, folded: folded,
            forwardOffsets: Column(forwardOffsets), forward: NarrowArray(forward), vocabulary: vocabulary,
            postingOffsets: Column(postingOffsets), postings: NarrowArray(postings), attributes: attributes, runExceptions: runExceptions,
            pool: pool, sortedOrders: sortedOrders)
    }

    /// ``mergedIndex``'s value for an item that is not merged (dead).
    private static let dropped = UInt32.max

    /// The union of the inputs' sorted vocabularies, sorted, and per input the merged id of
    /// each of its terms.
    static func mergedVocabulary(_ views: [SegmentView]) -> (ByteArena, [[UInt32]]) {
        let vocabularies = views.map(\.segment.vocabulary)
        let raw = vocabularies.map(RawArena.init)
        var maps = vocabularies.map { [UInt32](repeating: 0, count: $0.count) }
        var merged = ByteArena()
        merged.reserve(
            strings: vocabularies.reduce(0) { $0 + $1.count }, bytes: vocabularies.reduce(0) { $0 + $1.bytes.count })
        var heads = [Int](repeating: 0, count: views.count)
        var last: UnsafeBufferPointer<UInt8>? = nil
        SortedRuns.merge(
            views.count, isEmpty: { raw[$0].count == 0 },
            goesBefore: { a, b in
                let order = ByteOrder.compare(raw[a].text(heads[a]), raw[b].text(heads[b]))
                return order != 0 ? order < 0 : a < b
            },
            take: { r in
                let term = raw[r].text(heads[r])
                if last.map({ ByteOrder.compare($0, term) != 0 }) ?? true { merged.append(term) }
                last = term
                maps[r][heads[r]] = UInt32(truncatingIfNeeded: merged.count - 1)
                heads[r] += 1
                return heads[r] == raw[r].count
            })
        merged.shrink()
        return (merged, maps)
    }

    /// The merged segment's items in folded-title byte order (ties by index), from the inputs'
    /// title byte orders; `titles` are the merged segment's `count` folded titles (blank: all
    /// empty).
    private static func titleOrder(_ views: [SegmentView], _ mergedIndex: [[UInt32]], titles: ByteArena, count: Int)
        -> [UInt32]
    {
        let raw = RawArena(titles)
        let prefixes = (0..<count).map { ByteOrder.leadingKey(raw.text($0)) }
        return SortedRuns.merge(runs(views.map { $0.segment.titleBytes.order }, mergedIndex)) { a, b in
            let (x, y) = (prefixes[Int(a)], prefixes[Int(b)])
            if x != y { return x < y ? -1 : 1 }
            return ByteOrder.compare(raw.text(Int(a)), raw.text(Int(b)))
        }
    }

    /// Each input's order in merged indices, dead items left out.
    private static func runs<Order: RandomAccessCollection<UInt32>>(_ orders: [Order], _ mergedIndex: [[UInt32]])
        -> [[UInt32]]
    {
        orders.indices.map { v in
            var run = [UInt32]()
            run.reserveCapacity(orders[v].count)
            for local in orders[v] where mergedIndex[v][Int(local)] != dropped {
                run.append(mergedIndex[v][Int(local)])
            }
            return run
        }
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
