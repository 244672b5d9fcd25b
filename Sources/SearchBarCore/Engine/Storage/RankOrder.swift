/// The first items of a segment in the order their hits rank when they tie on everything the
/// match decides (tier, quality, field, proximity): heavier weight first, then the locale's
/// collation order (the rank key), then local index (which is id order).
///
/// A query that matches most items (one letter, a common word) has thousands of hits at its
/// best tier, and the first `limit` of them in this order are the answer. ``SearchRun``'s
/// rank-order phase examines items in this order and stops as soon as the next item's best
/// possible score cannot enter the selection; it gives up after ``keptItems``
/// items, so only that many are kept: selected in one pass over the keys, not sorted.
struct RankOrder: Sendable {
    /// Local item indices of the first items in rank order.
    let order: [UInt32]

    /// How many items a segment keeps (the rank-order phase reads no further).
    static let keptItems = 4096

    /// No items.
    init() { order = [] }

    /// An order made before (an index file stores it); the caller has checked its items.
    init(order: [UInt32]) { self.order = order }

    /// The first ``keptItems`` items (all when fewer) of a segment whose items all weigh the same
    /// (no weight keys): its rank-key order's first items, which is this order without weights
    /// (rank key, then local index), with nothing compared.
    init(unweighted rankKeyOrder: RankKeyOrder) {
        let kept = min(Self.keptItems, rankKeyOrder.order.count)
        order = (0..<kept).map { rankKeyOrder.order[$0] }
    }

    /// The first `limit` items (all when fewer) with these `rankKeys` and `weightKeys` (empty:
    /// every weight 0) in rank order.
    init(rankKeys: Column<UInt64>, weightKeys: Column<UInt32>, first limit: Int) {
        let count = rankKeys.count
        let kept = min(max(limit, 0), count)
        guard kept > 0 else {
            order = []
            return
        }
        /// True when item `a` ranks before item `b`.
        @inline(__always) func before(_ a: UInt32, _ b: UInt32) -> Bool {
            if !weightKeys.isEmpty, weightKeys[Int(a)] != weightKeys[Int(b)] {
                return weightKeys[Int(a)] > weightKeys[Int(b)]
            }
            if rankKeys[Int(a)] != rankKeys[Int(b)] { return rankKeys[Int(a)] < rankKeys[Int(b)] }
            return a < b
        }
        // A heap of the `kept` best items so far whose root is the last of them in rank order:
        // most items are rejected by one comparison with the root.
        var heap: [UInt32] = []
        heap.reserveCapacity(kept)
        for i in 0..<UInt32(truncatingIfNeeded: count) {
            if heap.count < kept {
                heap.append(i)
                var child = heap.count - 1
                while child > 0 {
                    let parent = (child - 1) / 2
                    guard before(heap[parent], heap[child]) else { break }
                    heap.swapAt(parent, child)
                    child = parent
                }
            } else if before(i, heap[0]) {
                heap[0] = i
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    guard left < kept else { break }
                    var last = left
                    if left + 1 < kept && before(heap[left], heap[left + 1]) { last = left + 1 }
                    guard before(heap[parent], heap[last]) else { break }
                    heap.swapAt(parent, last)
                    parent = last
                }
            }
        }
        heap.sort(by: before)
        order = heap
    }

    /// The number of items kept.
    var count: Int { order.count }

    /// Bytes held.
    var byteSize: Int { order.capacity * 4 }
}
