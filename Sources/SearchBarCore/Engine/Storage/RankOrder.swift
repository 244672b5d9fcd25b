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
        // digits from the lowest, carrying the keys along so that every pass reads them in
        // sequence; then the weight key's, complemented (heavier first).
        var keys = rankKeys
        var items = [UInt32].filled(count: count) { out in
            for i in 0..<count { out[i] = UInt32(truncatingIfNeeded: i) }
        }
        var keysOut = [UInt64](repeating: 0, count: count)
        var itemsOut = [UInt32](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 1 << 16)
        for shift in stride(from: 0, to: 64, by: 16) {
            let sorted = counts.withUnsafeMutableBufferPointer { counts in
                Self.scatter(&keys, &items, into: &keysOut, &itemsOut, counts: counts) { key, _ in
                    Int(truncatingIfNeeded: key >> shift) & 0xFFFF
                }
            }
            if sorted {
                swap(&keys, &keysOut)
                swap(&items, &itemsOut)
            }
        }
        if !weightKeys.isEmpty {
            weightKeys.withUnsafeBufferPointer { weights in
                for shift in stride(from: 0, to: 32, by: 16) {
                    let sorted = counts.withUnsafeMutableBufferPointer { counts in
                        Self.scatter(&keys, &items, into: &keysOut, &itemsOut, counts: counts) { _, item in
                            0xFFFF - Int(truncatingIfNeeded: weights[Int(item)] >> shift) & 0xFFFF
                        }
                    }
                    if sorted {
                        swap(&keys, &keysOut)
                        swap(&items, &itemsOut)
                    }
                }
            }
        }
        order = NarrowArray(items)
    }

    /// One counting-sort pass of `keys` and `items` into `keysOut` and `itemsOut` by the
    /// `digit` (0...0xFFFF) of each key and item; false (the outputs untouched) when every item
    /// has the same digit, so the pass would change nothing.
    @inline(__always)
    private static func scatter(
        _ keys: inout [UInt64], _ items: inout [UInt32], into keysOut: inout [UInt64], _ itemsOut: inout [UInt32],
        counts: UnsafeMutableBufferPointer<Int>, digit: (UInt64, UInt32) -> Int
    ) -> Bool {
        keys.withUnsafeBufferPointer { keys in
            items.withUnsafeBufferPointer { items in
                keysOut.withUnsafeMutableBufferPointer { keysOut in
                    itemsOut.withUnsafeMutableBufferPointer { itemsOut in
                        counts.update(repeating: 0)
                        for k in keys.indices { counts[digit(keys[k], items[k])] += 1 }
                        if counts.contains(keys.count) { return false }
                        var start = 0
                        for d in counts.indices {
                            let n = counts[d]
                            counts[d] = start
                            start += n
                        }
                        for k in keys.indices {
                            let d = digit(keys[k], items[k])
                            keysOut[counts[d]] = keys[k]
                            itemsOut[counts[d]] = items[k]
                            counts[d] += 1
                        }
                        return true
                    }
                }
            }
        }
    }

    /// The number of items.
    var count: Int { order.count }

    /// Bytes held.
    var byteSize: Int { order.byteSize }
}
