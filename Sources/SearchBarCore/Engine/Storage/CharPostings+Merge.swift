extension CharPostings {
    /// The character postings of a merged segment, from its inputs' (``SegmentMerger``): each
    /// input's postings of a character mapped through `mergedIndex` (per input, each local
    /// item's index in the merged segment, or `dropped`), dead items left out, and the inputs'
    /// lists joined in ascending order. An item holds the same characters after a merge, so this
    /// is the index a scan of the merged texts makes, without decoding them again.
    static func merged(_ inputs: [CharPostings], _ mergedIndex: [[UInt32]], dropped: UInt32) -> CharPostings {
        let parts = inputs.map(\.parts)
        // Per input, the position of its next key (every input's keys ascend).
        var heads = [Int](repeating: 0, count: parts.count)
        var keys: [UInt32] = []
        var offsets: [UInt32] = [0]
        var postings: [UInt32] = []
        postings.reserveCapacity(parts.reduce(0) { $0 + $1.postings.count })
        while true {
            var key = UInt32.max
            var any = false
            for (v, part) in parts.enumerated() where heads[v] < part.keys.count {
                key = min(key, part.keys[heads[v]])
                any = true
            }
            guard any else { break }
            let start = postings.count
            var sorted = true
            for (v, part) in parts.enumerated() where heads[v] < part.keys.count && part.keys[heads[v]] == key {
                let k = heads[v]
                for p in Int(part.offsets[k])..<Int(part.offsets[k + 1]) {
                    let item = mergedIndex[v][Int(part.postings[p])]
                    guard item != dropped else { continue }
                    if postings.count > start && postings[postings.count - 1] > item { sorted = false }
                    postings.append(item)
                }
                heads[v] += 1
            }
            // A character held by dead items only is not indexed.
            guard postings.count > start else { continue }
            if !sorted { postings[start...].sort() }
            keys.append(key)
            offsets.append(UInt32(truncatingIfNeeded: postings.count))
        }
        return CharPostings(keys: Column(keys), offsets: Column(offsets), postings: NarrowArray(postings)) ?? CharPostings()
    }
}
