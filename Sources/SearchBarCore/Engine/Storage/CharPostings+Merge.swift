extension CharPostings {
    /// The character postings of a merged segment, from its inputs' (``SegmentMerger``): each
    /// input's postings of a character mapped through `mergedIndex` (per input, each local
    /// item's index in the merged segment, or `dropped`), dead items left out, and the inputs'
    /// lists joined in ascending order. An item holds the same characters after a merge, so this
    /// is the index a scan of the merged texts makes, without decoding them again.
    static func merged(_ inputs: [CharPostings], _ mergedIndex: [Column<UInt32>], dropped: UInt32) -> CharPostings {
        let parts = inputs.map(\.parts)
        // Raw views (the parts hold the storage): a step reads no reference-counted value.
        let keyBases = parts.map { $0.keys.withUnsafeBufferPointer { $0 } }
        let offsetBases = parts.map { $0.offsets.withUnsafeBufferPointer { $0 } }
        let readers = parts.map(\.postings.reader)
        // Every input's map in one buffer (input v's from mapStarts[v]).
        var mapStarts = [0]
        for index in mergedIndex { mapStarts.append(mapStarts[mapStarts.count - 1] + index.count) }
        // The maps and the postings, the merge's two large temporaries, in scratch pages (each
        // input posting gives at most one merged posting).
        return PageBuffer.withScratch(UInt32.self, count: mapStarts[mergedIndex.count]) { flat in
            for (v, index) in mergedIndex.enumerated() {
                _ = UnsafeMutableBufferPointer(rebasing: flat[mapStarts[v]..<mapStarts[v + 1]]).initialize(from: index)
            }
            return PageBuffer.withScratch(UInt32.self, count: readers.reduce(0) { $0 + $1.count }) { scratch in
                merged(parts, keyBases, offsetBases, readers, mapStarts, UnsafeBufferPointer(flat), into: scratch, dropped: dropped)
            }
        }
    }

    /// ``merged(_:_:dropped:)`` over raw views of the inputs' parts, with every input's map in
    /// `flat` (input v's from `mapStarts[v]`), the postings written to `postings` (room for every
    /// input posting).
    private static func merged(
        _ parts: [(keys: Column<UInt32>, offsets: Column<UInt32>, postings: NarrowArray)],
        _ keyBases: [UnsafeBufferPointer<UInt32>], _ offsetBases: [UnsafeBufferPointer<UInt32>],
        _ readers: [NarrowArray.Reader], _ mapStarts: [Int], _ flat: UnsafeBufferPointer<UInt32>,
        into postings: UnsafeMutableBufferPointer<UInt32>, dropped: UInt32
    ) -> CharPostings {
        // Per input, the position of its next key (every input's keys ascend).
        var heads = [Int](repeating: 0, count: parts.count)
        var keys: [UInt32] = []
        var offsets: [UInt32] = [0]
        var count = 0
        withExtendedLifetime(parts) {
                while true {
                    var key = UInt32.max
                    var any = false
                    for v in heads.indices where heads[v] < keyBases[v].count {
                        key = min(key, keyBases[v][heads[v]])
                        any = true
                    }
                    guard any else { break }
                    let start = count
                    var sorted = true
                    for v in heads.indices where heads[v] < keyBases[v].count && keyBases[v][heads[v]] == key {
                        let (k, reader, base) = (heads[v], readers[v], mapStarts[v])
                        var last = count > start ? postings[count - 1] : 0
                        for p in Int(offsetBases[v][k])..<Int(offsetBases[v][k + 1]) {
                            let item = flat[base + Int(reader[p])]
                            // Defensive: the inputs' lists are checked disjoint (CharPostings.init?),
                            // so the room always holds them.
                            guard item != dropped, count < postings.count else { continue }
                            if count > start && last > item { sorted = false }
                            postings[count] = item
                            count += 1
                            last = item
                        }
                        heads[v] += 1
                    }
                    // A character held by dead items only is not indexed.
                    guard count > start else { continue }
                    if !sorted {
                        var unsorted = UnsafeMutableBufferPointer(rebasing: postings[start..<count])
                        unsorted.sort()
                    }
                    keys.append(key)
                    offsets.append(UInt32(truncatingIfNeeded: count))
                }
        }
        let values = NarrowArray(UnsafeBufferPointer(rebasing: postings[0..<count]))
        return CharPostings(keys: Column(keys), offsets: Column(offsets), postings: values) ?? CharPostings()
    }
}
