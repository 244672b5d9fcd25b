import Glibc

/// Sorting the strings of a ``ByteArena`` by their bytes (memcmp order, a prefix first).
enum ByteOrder {
    /// The indices of the first `count` strings of `arena` (all when nil) in byte order, equal
    /// strings by index. Compares 8-byte big-endian prefixes as integers and reads the bytes
    /// only on equal prefixes. A blank arena sorts as `count` empty strings.
    static func sortedIndices(_ arena: ByteArena, count: Int? = nil) -> [UInt32] {
        let n = count ?? arena.count
        var entries = [(prefix: UInt64, index: UInt32)]()
        entries.reserveCapacity(n)
        arena.bytes.withUnsafeBufferPointer { bytes in
            for i in 0..<n {
                let range = arena.range(i)
                var prefix: UInt64 = 0
                for k in 0..<8 { prefix = prefix << 8 | UInt64(k < range.count ? bytes[range.lowerBound + k] : 0) }
                entries.append((prefix, UInt32(truncatingIfNeeded: i)))
            }
            entries.sort { a, b in
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                let order = compare(bytes, arena.range(Int(a.index)), arena.range(Int(b.index)))
                return order != 0 ? order < 0 : a.index < b.index
            }
        }
        return entries.map(\.index)
    }

    /// Compares two byte ranges of `bytes` (memcmp order, the shorter first on a common prefix).
    static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Int {
        let n = min(a.count, b.count)
        if n > 0, let base = bytes.baseAddress {
            let c = memcmp(base + a.lowerBound, base + b.lowerBound, n)
            if c != 0 { return Int(c) }
        }
        return a.count - b.count
    }
}
