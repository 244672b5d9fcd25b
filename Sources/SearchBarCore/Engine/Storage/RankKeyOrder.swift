/// Every item of a segment in rank-key order (then local index), so that the items whose titles
/// share a rank key (their first collation bytes: "Report 2024-01-01 …", "Report 2024-01-02 …")
/// are adjacent and found by binary search. A full selection looks up its last run of ties here
/// (``SearchRun/restOfLastTie(_:matchers:snapshot:)``) instead of reading every rank key.
struct RankKeyOrder: Sendable {
    /// Local item indices in rank-key order (20 bits each below 2²⁰ items).
    let order: NarrowArray

    /// No items.
    init() { order = NarrowArray() }

    /// The items of a segment with these `rankKeys`, in rank-key order.
    init(rankKeys: Column<UInt64>) {
        // (key, index) pairs in index order, radix-sorted by key (stable: ties by index).
        // Both in pages of their own when large (``PageBuffer/withScratch(_:count:_:)``).
        let count = rankKeys.count
        order = rankKeys.withUnsafeBufferPointer { keys in
            PageBuffer.withScratch(RadixSort.Entry.self, count: count) { entries in
                for i in 0..<count { entries[i] = (keys[i], UInt32(truncatingIfNeeded: i)) }
                RadixSort.sortByKey(entries)
                return NarrowArray.filled(count: count, bits: NarrowArray.bits(for: UInt32(truncatingIfNeeded: max(count - 1, 0)))) { order in
                    for i in 0..<count { order.set(i, entries[i].index) }
                }
            }
        }
    }

    /// An order made before (an index file stores it); the caller has checked it.
    init(order: NarrowArray) { self.order = order }

    /// The local indices of the items whose rank key is `key`, in ascending order; `rankKeys`
    /// are the segment's.
    func items(withKey key: UInt64, rankKeys: RankKeyColumn) -> Slice<NarrowArray> {
        let first = lowerBound(in: order.indices) { rankKeys[Int(order[$0])] < key }
        let end = lowerBound(in: first..<order.count) { rankKeys[Int(order[$0])] <= key }
        return order[first..<end]
    }

    /// Bytes held.
    var byteSize: Int { order.byteSize }
}
