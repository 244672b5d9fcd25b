extension SegmentMerger {
    /// Per merged term, the inputs holding it and its id there, in input order: the terms'
    /// lists are read from them end to end.
    struct TermHolders: @unchecked Sendable {
        /// Per merged term, where its holders start in ``holders``, plus the end (in pages of its
        /// own when large, as ``holders``).
        let starts: Column<UInt32>
        /// Per holder, its input (high 32 bits) and its term id there (low 32 bits); in pages
        /// of its own when large (``Column``), so a merge leaves no large freed block behind.
        let holders: Column<UInt64>

        /// The holders of the terms of `segments`, whose term ids `maps` gives in the merged
        /// vocabulary of `termCount` terms.
        init(_ segments: [Segment], _ maps: [Column<UInt32>], termCount: Int) {
            let starts = Column<UInt32>.filled(count: termCount + 1) { starts in
                starts.base.initialize(repeating: 0, count: termCount + 1)
                for map in maps {
                    for m in map { starts[Int(m) + 1] &+= 1 }
                }
                for t in 0..<termCount { starts[t + 1] &+= starts[t] }
            }
            holders = PageBuffer.withScratch(UInt32.self, count: termCount + 1) { fill in
                _ = fill.initialize(from: starts)
                return Column<UInt64>.filled(count: Int(starts[termCount])) { holders in
                    for (v, map) in maps.enumerated() {
                        for (local, m) in map.enumerated() {
                            holders[Int(fill[Int(m)])] = UInt64(v) << 32 | UInt64(local)
                            fill[Int(m)] &+= 1
                        }
                    }
                }
            }
            self.starts = starts
        }

        /// Calls `body(input, term)` for each holder of merged term `t`, in input order.
        @inline(__always) func forEach(_ t: Int, _ body: (Int, Int) -> Void) {
            holders.withUnsafeBufferPointer { holders in
                for h in Int(starts[t])..<Int(starts[t + 1]) {
                    body(Int(holders[h] >> 32), Int(holders[h] & 0xFFFF_FFFF))
                }
            }
        }

        /// The sum of merged term `t`'s holders' stored counts.
        @inline(__always) func storedCount(_ t: Int, _ inputs: [PostingLists]) -> Int {
            var total = 0
            forEach(t) { v, local in total += inputs[v].count(local..<local + 1) }
            return total
        }

        /// Term boundaries (0 first, the term count last) of chunks of about `postings` stored
        /// postings of `inputs` each (``PostingLists/chunkStarts(termCount:postings:count:)``).
        func chunks(of postings: Int, _ inputs: [PostingLists]) -> [Int] {
            // One chunk needs no count.
            guard postings < Int.max else { return [0, starts.count - 1] }
            return PostingLists.chunkStarts(termCount: starts.count - 1, postings: postings) { storedCount($0, inputs) }
        }
    }
}
