extension CharPostings {
    /// The character postings of a merged segment, from its inputs' (``SegmentMerger``): each
    /// input's postings of a character mapped through `mergedIndex` (per input, each local
    /// item's index in the merged segment, or `dropped`), dead items left out, and the inputs'
    /// lists joined in ascending order. An item holds the same characters after a merge, so this
    /// is the index a scan of the merged texts makes, without decoding them again.
    static func merged(_ inputs: [CharPostings], _ mergedIndex: [[UInt32]], dropped: UInt32) -> CharPostings {
        let parts = inputs.map(\.parts)
        // Raw views (the parts hold the storage): a step reads no reference-counted value.
        let keyBases = parts.map { $0.keys.withUnsafeBufferPointer { $0 } }
        let offsetBases = parts.map { $0.offsets.withUnsafeBufferPointer { $0 } }
        let readers = parts.map(\.postings.reader)
        // Every input's map in one buffer (input v's from mapStarts[v]).
        var mapStarts = [0]
        for index in mergedIndex { mapStarts.append(mapStarts[mapStarts.count - 1] + index.count) }
        let flat = Array(mergedIndex.joined())
        // Per input, the position of its next key (every input's keys ascend).
        var heads = [Int](repeating: 0, count: parts.count)
        var keys: [UInt32] = []
        var offsets: [UInt32] = [0]
        var postings: [UInt32] = []
        postings.reserveCapacity(readers.reduce(0) { $0 + $1.count })
        withExtendedLifetime(parts) {
            flat.withUnsafeBufferPointer { flat in
                while true {
                    var key = UInt32.max
                    var any = false
                    for v in heads.indices where heads[v] < keyBases[v].count {
                        key = min(key, keyBases[v][heads[v]])
                        any = true
                    }
                    guard any else { break }
                    let start = postings.count
                    var sorted = true
                    for v in heads.indices where heads[v] < keyBases[v].count && keyBases[v][heads[v]] == key {
                        let (k, reader, base) = (heads[v], readers[v], mapStarts[v])
                        var last = postings.count > start ? postings[postings.count - 1] : 0
                        for p in Int(offsetBases[v][k])..<Int(offsetBases[v][k + 1]) {
                            let item = flat[base + Int(reader[p])]
                            guard item != dropped else { continue }
                            if postings.count > start && last > item { sorted = false }
                            postings.append(item)
                            last = item
                        }
                        heads[v] += 1
                    }
                    // A character held by dead items only is not indexed.
                    guard postings.count > start else { continue }
                    if !sorted { postings[start...].sort() }
                    keys.append(key)
                    offsets.append(UInt32(truncatingIfNeeded: postings.count))
                }
            }
        }
        return CharPostings(keys: Column(keys), offsets: Column(offsets), postings: NarrowArray(postings)) ?? CharPostings()
    }
}
