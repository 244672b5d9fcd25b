/// A k-way merge of sorted runs, in about n log₂ k comparisons where sorting them again costs
/// n log₂ n (a merged segment's vocabulary and sorted orders are made from its inputs' this
/// way).
enum SortedRuns {
    /// Visits the heads of runs `0..<count` in merged order: the runs sit in a binary heap
    /// ordered by their heads, each head's order key held beside it. `key(r)` is run
    /// `r`'s current head's key (integers that order the heads wherever they differ), read once
    /// per head; `tie(a, b)` orders two heads of equal key (true when run `a`'s goes first; with
    /// the keys, a strict total order); `take(r)` consumes run `r`'s head and returns true when
    /// the run has no head left. Runs for which `isEmpty` holds take no part. Most comparisons
    /// end on the keys, with no call; the heap lives in raw buffers, so a step retains nothing.
    @inline(__always)
    static func merge<Key: Comparable & BitwiseCopyable>(
        _ count: Int, isEmpty: (Int) -> Bool, key: (Int) -> Key, tie: (Int, Int) -> Bool, take: (Int) -> Bool
    ) {
        guard count > 0 else { return }
        let heap = UnsafeMutablePointer<Int>.allocate(capacity: count)
        let keys = UnsafeMutablePointer<Key>.allocate(capacity: count)
        defer {
            heap.deallocate()
            keys.deallocate()
        }
        var n = 0
        for r in 0..<count where !isEmpty(r) {
            heap[n] = r
            (keys + r).initialize(to: key(r))
            n += 1
        }
        @inline(__always) func before(_ a: Int, _ b: Int) -> Bool {
            let (x, y) = (keys[a], keys[b])
            return x != y ? x < y : tie(a, b)
        }
        @inline(__always) func siftDown(_ start: Int) {
            var k = start
            while true {
                let left = 2 * k + 1
                guard left < n else { return }
                var child = left
                if left + 1 < n && before(heap[left + 1], heap[left]) { child = left + 1 }
                guard before(heap[child], heap[k]) else { return }
                (heap[child], heap[k]) = (heap[k], heap[child])
                k = child
            }
        }
        var k = n / 2
        while k > 0 {
            k -= 1
            siftDown(k)
        }
        while n > 0 {
            let run = heap[0]
            if take(run) {
                n -= 1
                guard n > 0 else { return }
                heap[0] = heap[n]
            } else {
                keys[run] = key(run)
            }
            siftDown(0)
        }
    }

    /// ``merge(_:compare:)`` with each item's order key first: `key(item)` orders items
    /// wherever keys differ, and `compare(a, b)` (negative, zero, positive) is called on equal
    /// keys only; equal items go by ascending index.
    static func merge<Key: Comparable & BitwiseCopyable>(
        _ runs: [[UInt32]], key: (UInt32) -> Key, compare: (UInt32, UInt32) -> Int
    ) -> [UInt32] {
        var items = [UInt32]()
        items.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        var ends = [Int]()
        for run in runs {
            items += run
            ends.append(items.count)
        }
        var heads = [0] + ends.dropLast()
        return [UInt32].uninitialized(capacity: items.count) { out, written in
            items.withUnsafeBufferPointer { items in
                ends.withUnsafeBufferPointer { ends in
                    heads.withUnsafeMutableBufferPointer { heads in
                        merge(
                            runs.count, isEmpty: { heads[$0] == ends[$0] },
                            key: { key(items[heads[$0]]) },
                            tie: { a, b in
                                let x = items[heads[a]]
                                let y = items[heads[b]]
                                let order = compare(x, y)
                                return order != 0 ? order < 0 : x < y
                            },
                            take: { r in
                                out.initializeElement(at: written, to: items[heads[r]])
                                written += 1
                                heads[r] += 1
                                return heads[r] == ends[r]
                            })
                    }
                }
            }
        }
    }

    /// The items of several runs merged into one order: `runs[r]` lists items (indices of the
    /// merged segment) in run `r`'s order, items of equal key by ascending index; `compare(a,
    /// b)` orders two items by key alone (negative, zero, positive). Equal keys across runs go
    /// by ascending index, so the result is the order a sort by (key, index) makes.
    static func merge(_ runs: [[UInt32]], compare: (UInt32, UInt32) -> Int) -> [UInt32] {
        merge(runs, key: { _ in UInt64(0) }, compare: compare)
    }
}
