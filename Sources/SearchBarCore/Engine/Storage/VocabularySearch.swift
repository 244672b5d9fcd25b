import Glibc

/// Binary searches over a sorted vocabulary arena.
enum VocabularySearch {
    /// Compares term `i` with `key` by bytes, looking only at the first `key.count` bytes of the
    /// term when `prefixOnly` is set.
    @inline(__always)
    static func compare(
        _ bytes: UnsafeBufferPointer<UInt8>, _ offsets: ArenaOffsets, _ i: Int,
        _ key: UnsafeBufferPointer<UInt8>, prefixOnly: Bool
    ) -> Int {
        let start = Int(offsets[i])
        let length = Int(offsets[i + 1]) - start
        let n = min(length, key.count)
        if n > 0 {
            let c = memcmp(bytes.baseAddress! + start, key.baseAddress!, n)
            if c != 0 { return Int(c) }
        }
        if prefixOnly && length >= key.count { return 0 }
        return length - key.count
    }

    /// The range of terms starting with `prefix`.
    static func prefixRange(
        _ bytes: UnsafeBufferPointer<UInt8>, _ offsets: ArenaOffsets, _ prefix: [UInt8]
    ) -> Range<Int> {
        let count = offsets.count - 1
        return prefix.withUnsafeBufferPointer { key in
            // First term >= prefix.
            let start = lowerBound(in: 0..<count) { compare(bytes, offsets, $0, key, prefixOnly: false) < 0 }
            // First term past the prefix block.
            let end = lowerBound(in: start..<count) { compare(bytes, offsets, $0, key, prefixOnly: true) <= 0 }
            return start..<end
        }
    }
}
