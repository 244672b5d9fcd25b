/// A least-significant-digit radix sort of (key, index) entries by their 64-bit key: a pass
/// per key byte, each a stable counting sort, so entries of equal key keep their order. Passes
/// in which every entry has the same byte are skipped (the high bytes of small keys, the first
/// bytes of strings a parallel sort split by them). About 8 linear passes where a comparison
/// sort makes log₂ n of them through a closure: used for the 8-byte prefixes of titles and
/// terms (``ByteOrder``) and the rank keys (``RankKeyOrder``).
enum RadixSort {
    /// An entry: the key sorted on, and what it belongs to.
    typealias Entry = (key: UInt64, index: UInt32)

    /// Below this many entries a comparison sort is used.
    static let threshold = 256

    /// Sorts `entries` by key, stably.
    static func sortByKey(_ entries: UnsafeMutableBufferPointer<Entry>) {
        let n = entries.count
        guard n >= threshold, let base = entries.baseAddress else {
            // The standard sort is stable.
            var entries = entries
            entries.sort { $0.key < $1.key }
            return
        }
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 8 * 256)
        counts.initialize(repeating: 0, count: 8 * 256)
        defer { counts.deallocate() }
        // A scratch as large as the entries (16 bytes each), in pages of its own when large.
        PageBuffer.withScratch(Entry.self, count: n) { scratch in sortByKey(base, n, counts: counts, scratch: scratch.baseAddress!) }
    }

    /// The passes of ``sortByKey(_:)`` over `n` entries at `base`, with zeroed `counts` and a
    /// `scratch` of `n` entries.
    private static func sortByKey(
        _ base: UnsafeMutablePointer<Entry>, _ n: Int, counts: UnsafeMutablePointer<Int>, scratch: UnsafeMutablePointer<Entry>
    ) {
        for k in 0..<n {
            var key = base[k].key
            for byte in 0..<8 {
                counts[byte &* 256 &+ Int(key & 0xFF)] &+= 1
                key >>= 8
            }
        }
        var (from, to) = (base, scratch)
        for byte in 0..<8 {
            let histogram = counts + byte * 256
            let shift = UInt64(8 * byte)
            if histogram[Int((from[0].key >> shift) & 0xFF)] == n { continue }
            // Bucket starts, in place of the counts.
            var sum = 0
            for d in 0..<256 {
                let count = histogram[d]
                histogram[d] = sum
                sum &+= count
            }
            for k in 0..<n {
                let entry = from[k]
                let d = Int((entry.key >> shift) & 0xFF)
                (to + histogram[d]).initialize(to: entry)
                histogram[d] &+= 1
            }
            swap(&from, &to)
        }
        if from != base { base.update(from: from, count: n) }
    }
}
