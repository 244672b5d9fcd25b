/// A k-way merge of sorted runs, in about n log₂ k comparisons where sorting them again costs
/// n log₂ n (a merged segment's vocabulary and sorted orders are made from its inputs' this
/// way).
enum SortedRuns {
    /// Visits the heads of runs `0..<count` in merged order: the runs are the leaves of a
    /// tournament tree of losers (each inner node keeps the run that lost the match there, the
    /// overall winner goes next), each head's order key held beside it, so a step replays the
    /// winner's path to the root: about log₂ k comparisons, one per level, where a binary heap
    /// makes two per level. `key(r)` is run `r`'s current head's key (integers that order the
    /// heads wherever they differ), read once per head; `tie(a, b)` orders two heads of equal
    /// key (true when run `a`'s goes first; with the keys, a strict total order); `take(r)`
    /// consumes run `r`'s head and returns true when the run has no head left. Runs for which
    /// `isEmpty` holds take no part. Most comparisons end on the keys, with no call; the tree
    /// lives in raw buffers, so a step retains nothing.
    @inline(__always)
    static func merge<Key: Comparable & BitwiseCopyable>(
        _ count: Int, isEmpty: (Int) -> Bool, key: (Int) -> Key, tie: (Int, Int) -> Bool, take: (Int) -> Bool
    ) {
        guard count > 0 else { return }
        // Run r is leaf count + r; inner node i (1..<count) has children 2i and 2i + 1, and
        // `losers[i]` is the run that lost there (slot 0 unused). A run with no head left loses
        // every match.
        let losers = UnsafeMutablePointer<Int>.allocate(capacity: count)
        let keys = UnsafeMutablePointer<Key>.allocate(capacity: count)
        let done = UnsafeMutablePointer<Bool>.allocate(capacity: count)
        defer {
            losers.deallocate()
            keys.deallocate()
            done.deallocate()
        }
        var live = 0
        for r in 0..<count {
            let empty = isEmpty(r)
            done[r] = empty
            if !empty {
                (keys + r).initialize(to: key(r))
                live += 1
            }
        }
        guard live > 0 else { return }
        /// True when run `a`'s head goes before run `b`'s (a run with no head goes last).
        @inline(__always) func before(_ a: Int, _ b: Int) -> Bool {
            if done[a] { return false }
            if done[b] { return true }
            let (x, y) = (keys[a], keys[b])
            return x != y ? x < y : tie(a, b)
        }
        // The first tournament, bottom up, each node's winner passed up through `winners`.
        let winners = UnsafeMutablePointer<Int>.allocate(capacity: 2 * count)
        defer { winners.deallocate() }
        for r in 0..<count { winners[count + r] = r }
        var node = count - 1
        while node >= 1 {
            let (a, b) = (winners[2 * node], winners[2 * node + 1])
            (winners[node], losers[node]) = before(a, b) ? (a, b) : (b, a)
            node -= 1
        }
        var winner = winners[1]
        while live > 0 {
            if take(winner) {
                done[winner] = true
                live -= 1
                guard live > 0 else { return }
            } else {
                keys[winner] = key(winner)
            }
            var at = (count + winner) >> 1
            while at >= 1 {
                let loser = losers[at]
                if before(loser, winner) {
                    losers[at] = winner
                    winner = loser
                }
                at >>= 1
            }
        }
    }

    /// ``merge(_:compare:)`` with each item's order key first: `key(item)` orders items
    /// wherever keys differ, and `compare(a, b)` (negative, zero, positive) is called on equal
    /// keys only; equal items go by ascending index.
    static func merge<Key: Comparable & BitwiseCopyable, Run: Collection<UInt32>>(
        _ runs: [Run], key: (UInt32) -> Key, compare: (UInt32, UInt32) -> Int
    ) -> [UInt32] {
        [UInt32].uninitialized(capacity: runs.reduce(0) { $0 + $1.count }) { out, written in
            written = merge(runs, into: out.baseAddress.unsafelyUnwrapped, key: key, compare: compare)
        }
    }

    /// ``merge(_:key:compare:)`` written at `out` (room for every item of the runs); returns
    /// the number of items. The runs are copied end to end into scratch pages
    /// (``PageBuffer/withScratch(_:count:_:)``) when large, and a caller that keeps the order in
    /// pages too leaves none of a merge's large orders in its thread's allocator arena.
    static func merge<Key: Comparable & BitwiseCopyable, Run: Collection<UInt32>>(
        _ runs: [Run], into out: UnsafeMutablePointer<UInt32>, key: (UInt32) -> Key, compare: (UInt32, UInt32) -> Int
    ) -> Int {
        let total = runs.reduce(0) { $0 + $1.count }
        return PageBuffer.withScratch(UInt32.self, count: total) { items in
            var ends = [Int]()
            var at = 0
            for run in runs {
                for item in run {
                    items[at] = item
                    at += 1
                }
                ends.append(at)
            }
            var heads = [0] + ends.dropLast()
            var written = 0
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
                            (out + written).initialize(to: items[heads[r]])
                            written += 1
                            heads[r] += 1
                            return heads[r] == ends[r]
                        })
                }
            }
            return written
        }
    }

    /// The items of several runs merged into one order: `runs[r]` lists items (indices of the
    /// merged segment) in run `r`'s order, items of equal key by ascending index; `compare(a,
    /// b)` orders two items by key alone (negative, zero, positive). Equal keys across runs go
    /// by ascending index, so the result is the order a sort by (key, index) makes.
    static func merge<Run: Collection<UInt32>>(_ runs: [Run], compare: (UInt32, UInt32) -> Int) -> [UInt32] {
        merge(runs, key: { _ in UInt64(0) }, compare: compare)
    }
}
