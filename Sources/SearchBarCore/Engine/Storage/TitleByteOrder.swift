import Glibc

/// The items of a segment sorted by the bytes of their folded title.
///
/// In `contains` mode the title tiers (exact title, title starts with the query) compare the
/// folded title with the folded query as bytes, so the items that can reach them are one
/// contiguous range of this order, found by binary search, with the exact titles first. Like
/// ``TitleLeadOrder`` it keeps the columns of a score bound in its own order, so a search can
/// dismiss most of a large range without reading the items.
struct TitleByteOrder: Sendable {
    /// Local item indices by folded title bytes (ties by index).
    let order: NarrowArray
    /// Per group of positions of ``order``, the least high 32 bits of its items' collation rank
    /// keys (see ``TitleLeadOrder/rankKeyMinimums``).
    let rankKeyMinimums: RankKeyGroupMinimums
    /// The weight key of the item at each position (empty when every weight is 0).
    let weightKeys: GroupedColumn<UInt32>

    /// No items.
    init() {
        order = NarrowArray()
        rankKeyMinimums = RankKeyGroupMinimums()
        weightKeys = GroupedColumn()
    }

    /// Sorts the `count` folded `titles` (blank: every title empty).
    init(titles: ByteArena, count: Int, rankKeys: Column<UInt64>, weightKeys: Column<UInt32>) {
        self.init(order: Column(ByteOrder.sortedIndices(titles, count: count)), rankKeys: rankKeys, weightKeys: weightKeys)
    }

    /// The columns in `order`, the items sorted by folded title (see ``ByteOrder``).
    init(order: Column<UInt32>, rankKeys: Column<UInt64>, weightKeys: Column<UInt32>) {
        self.order = NarrowArray(order)
        rankKeyMinimums = RankKeyGroupMinimums(order.lazy.map { UInt32(truncatingIfNeeded: rankKeys[Int($0)] >> 32) })
        self.weightKeys = GroupedColumn(weightKeys.isEmpty ? [] : order.map { weightKeys[Int($0)] } as [UInt32])
    }

    /// An order and its columns made before (an index file stores them); the caller has
    /// checked that the columns have one value per position (`weightKeys` may be empty).
    init(order: NarrowArray, rankKeyMinimums: RankKeyGroupMinimums, weightKeys: Column<UInt32>) {
        self.order = order
        self.rankKeyMinimums = rankKeyMinimums
        self.weightKeys = GroupedColumn(weightKeys)
    }

    /// Bytes held.
    var byteSize: Int { order.byteSize + rankKeyMinimums.byteSize + weightKeys.byteSize }

    /// Bytes held per part (for ``Segment/storageBreakdown``).
    var byteSizes: (order: Int, rankKeyMinimums: Int, weightKeys: Int) {
        (order.byteSize, rankKeyMinimums.byteSize, weightKeys.byteSize)
    }

    /// The positions whose title starts with `key`, and among them (at their start) those
    /// whose title equals it.
    func block(startingWith key: [UInt8], titles: ByteArena) -> (all: Range<Int>, equal: Range<Int>) {
        guard !order.isEmpty else { return (0..<0, 0..<0) }
        return titles.bytes.withUnsafeBufferPointer { bytes in
            key.withUnsafeBufferPointer { key in
                // First position >= key, then first position whose title does not start with key.
                func title(_ position: Int) -> Range<Int> { titles.range(Int(order[position])) }
                func startsWithKey(_ position: Int) -> Int {
                    let range = title(position)
                    let n = min(range.count, key.count)
                    if n > 0, let base = bytes.baseAddress, let k = key.baseAddress {
                        let c = memcmp(base + range.lowerBound, k, n)
                        if c != 0 { return Int(c) }
                    }
                    return range.count >= key.count ? 0 : -1
                }
                let start = lowerBound(in: 0..<order.count) { startsWithKey($0) < 0 }
                let end = lowerBound(in: start..<order.count) { startsWithKey($0) == 0 }
                var equalEnd = start
                while equalEnd < end && title(equalEnd).count == key.count { equalEnd += 1 }
                return (start..<end, start..<equalEnd)
            }
        }
    }
}
