/// The items of a segment in the order their hits rank when they tie on everything the match
/// decides (tier, quality, field, proximity): heavier weight first, then the locale's collation
/// order (the rank key), then local index (which is id order).
///
/// A query that matches most items (one letter, a common word) has thousands of hits at its
/// best tier, and the first `limit` of them in this order are the answer. ``SearchRun``'s
/// rank-order phase examines items in this order and stops as soon as the next item's best
/// possible score cannot enter the selection, instead of examining every item.
struct RankOrder: Sendable {
    /// Local item indices in rank order.
    let order: NarrowArray

    /// No items.
    init() { order = NarrowArray() }

    /// The order of the items with these `rankKeys` and `weightKeys` (empty: every weight 0).
    init(rankKeys: [UInt64], weightKeys: [UInt32]) {
        let count = rankKeys.count
        guard count > 0 else {
            order = NarrowArray()
            return
        }
        // LSD radix sort on 16-bit digits, stable, starting from index order: the rank key's
        // digits from the lowest, then the weight key's, complemented (heavier first).
        var current = [UInt32].filled(count: count) { out in
            for i in 0..<count { out[i] = UInt32(truncatingIfNeeded: i) }
        }
        var next = [UInt32](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 1 << 16)
        func pass<Key: FixedWidthInteger>(_ keys: [Key], shift: Int, heavierFirst: Bool) {
            let sorted = keys.withUnsafeBufferPointer { keys in
                current.withUnsafeBufferPointer { source in
                    next.withUnsafeMutableBufferPointer { target in
                        counts.withUnsafeMutableBufferPointer { counts in
                            Self.scatter(
                                source, into: target, counts: counts, keys: keys, shift: shift, invert: heavierFirst)
                        }
                    }
                }
            }
            if sorted { swap(&current, &next) }
        }
        for shift in stride(from: 0, to: 64, by: 16) { pass(rankKeys, shift: shift, heavierFirst: false) }
        if !weightKeys.isEmpty {
            for shift in stride(from: 0, to: 32, by: 16) { pass(weightKeys, shift: shift, heavierFirst: true) }
        }
        order = NarrowArray(current)
    }

    /// One counting-sort pass of `source` into `target` by the 16 bits at `shift` of each item's
    /// key (complemented with `invert`); false (and `target` untouched) when every item has the
    /// same digit, so the pass would change nothing.
    private static func scatter<Key: FixedWidthInteger>(
        _ source: UnsafeBufferPointer<UInt32>, into target: UnsafeMutableBufferPointer<UInt32>,
        counts: UnsafeMutableBufferPointer<Int>, keys: UnsafeBufferPointer<Key>, shift: Int, invert: Bool
    ) -> Bool {
        @inline(__always) func digit(_ i: UInt32) -> Int {
            let d = Int(truncatingIfNeeded: keys[Int(i)] >> shift) & 0xFFFF
            return invert ? 0xFFFF - d : d
        }
        counts.update(repeating: 0)
        for i in source { counts[digit(i)] += 1 }
        if counts.contains(source.count) { return false }
        var start = 0
        for d in counts.indices {
            let n = counts[d]
            counts[d] = start
            start += n
        }
        for i in source {
            let d = digit(i)
            target[counts[d]] = i
            counts[d] += 1
        }
        return true
    }

    /// The number of items.
    var count: Int { order.count }

    /// Bytes held.
    var byteSize: Int { order.byteSize }
}
