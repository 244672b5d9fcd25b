extension SegmentMerger {
    /// The merged forward index and postings when the inputs' live items follow one another in
    /// the merged order (batches added in id order, as a host streams rows): a term's merged
    /// postings are then its inputs' postings, mapped to merged items (dead ones left out), end
    /// to end, so they are carried over instead of rebuilt from the forward index, and both
    /// arrays are written straight into their narrow form. The same arrays as
    /// ``gatherForward(_:_:_:)`` and ``buildPostings(_:_:termCount:)`` give; nil when the inputs
    /// interleave or an array would not be narrow (the caller rebuilds then).
    static func carriedIndex(
        _ order: [Entry], _ segments: [Segment], _ maps: [[UInt32]], _ mergedIndex: [[UInt32]], termCount: Int
    ) -> (offsets: [UInt32], forward: NarrowArray, postingOffsets: [UInt32], postings: NarrowArray)? {
        guard order.count <= 1 << 24, termCount <= 1 << 24, segments.allSatisfy({ $0.forward.bits <= 24 }),
            inputsFollowOneAnother(mergedIndex)
        else { return nil }
        let (offsets, forward) = narrowForward(order, segments, maps)
        let (postingOffsets, postings) = carriedPostings(segments, maps, mergedIndex, termCount: termCount)
        return (offsets, forward, postingOffsets, postings)
    }

    /// True when the inputs' live items, input after input, are the merged items in order.
    private static func inputsFollowOneAnother(_ mergedIndex: [[UInt32]]) -> Bool {
        var next: UInt32 = 0
        for index in mergedIndex {
            for n in index where n != dropped {
                guard n == next else { return false }
                next &+= 1
            }
        }
        return true
    }

    /// ``gatherForward(_:_:_:)`` written into a narrow array (every input's entries are below
    /// 2²⁴, so no field bits, and so are the merged term ids).
    private static func narrowForward(_ order: [Entry], _ segments: [Segment], _ maps: [[UInt32]])
        -> (offsets: [UInt32], forward: NarrowArray)
    {
        let offsets = forwardOffsets(order, segments)
        let forward = NarrowArray.filled(count: Int(offsets[order.count]), narrow: true) { forward in
            mapForward(order, segments, maps) { forward.set($0, $1) }
        }
        return (offsets, forward)
    }

    /// Per merged term, its inputs' postings mapped by `mergedIndex`, dead items left out, input
    /// after input (ascending when the inputs follow one another).
    private static func carriedPostings(
        _ segments: [Segment], _ maps: [[UInt32]], _ mergedIndex: [[UInt32]], termCount: Int
    ) -> (offsets: [UInt32], postings: NarrowArray) {
        // Counts at term + 1, then summed into starts.
        var offsets = [UInt32](repeating: 0, count: termCount + 1)
        offsets.withUnsafeMutableBufferPointer { offsets in
            for (v, segment) in segments.enumerated() {
                let postings = segment.postings
                // A mapped file's streams were not read at its open: a damaged one may end
                // before its count, so its postings are counted as the fill below reads them.
                let storedCountsHold = !mergedIndex[v].contains(dropped) && !segment.isMapped
                maps[v].withUnsafeBufferPointer { map in
                    mergedIndex[v].withUnsafeBufferPointer { merged in
                        for t in 0..<map.count {
                            var live = postings.count(t..<t + 1)
                            if !storedCountsHold {
                                live = 0
                                postings.forEach(t) { item in
                                    if merged[Int(item)] != dropped { live += 1 }
                                }
                            }
                            offsets[Int(map[t]) + 1] &+= UInt32(truncatingIfNeeded: live)
                        }
                    }
                }
            }
            for t in 0..<termCount { offsets[t + 1] &+= offsets[t] }
        }
        var fill = [UInt32](offsets.dropLast())
        let postings = NarrowArray.filled(count: Int(offsets[termCount]), narrow: true) { postings in
            fill.withUnsafeMutableBufferPointer { fill in
                for (v, segment) in segments.enumerated() {
                    let inputPostings = segment.postings
                    maps[v].withUnsafeBufferPointer { map in
                        mergedIndex[v].withUnsafeBufferPointer { merged in
                            for t in 0..<map.count {
                                let m = Int(map[t])
                                inputPostings.forEach(t) { item in
                                    let n = merged[Int(item)]
                                    if n != dropped {
                                        postings.set(Int(fill[m]), n)
                                        fill[m] &+= 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (offsets, postings)
    }
}
