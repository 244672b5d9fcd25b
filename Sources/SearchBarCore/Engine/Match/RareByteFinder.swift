import Glibc

/// Finds a needle in a large buffer by comparing, 32 positions at a time, the needle's two
/// rarest bytes (given how often each byte value occurs in the buffer) and the rest only where
/// both match. Scanning for the first byte instead (`memchr`) stops every few bytes for a
/// common letter such as `e`; even the rarest letter stopped every few dozen bytes.
struct RareByteFinder {
    private let needle: UnsafeBufferPointer<UInt8>
    /// The position in the needle of its rarest byte.
    private let anchor: Int
    /// The position of its second rarest byte (another position; equal to ``anchor`` for a
    /// one-byte needle).
    private let second: Int

    /// A finder for `needle` (which must outlive it) in a buffer with these byte `counts`.
    init(_ needle: UnsafeBufferPointer<UInt8>, counts: [UInt32]) {
        self.needle = needle
        func count(_ k: Int) -> UInt32 { counts.count == 256 ? counts[Int(needle[k])] : 0 }
        var best = 0
        for k in needle.indices where count(k) < count(best) { best = k }
        var next = best == 0 ? min(1, needle.count - 1) : 0
        for k in needle.indices where k != best && count(k) < count(next) { next = k }
        anchor = best
        second = next
    }

    /// The offset of the first occurrence of the needle in `haystack` at or after `from`.
    func next(in haystack: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let n = needle.count
        guard n > 0, from >= 0, haystack.count - from >= n, let base = haystack.baseAddress,
            let pattern = needle.baseAddress
        else { return nil }
        // The last position where the needle can start.
        let last = haystack.count - n
        if n == 1 {
            guard let hit = memchr(base + from, Int32(pattern[0]), last - from + 1) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
        @inline(__always) func matches(_ start: Int) -> Bool {
            base[start + anchor] == pattern[anchor] && base[start + second] == pattern[second]
                && memcmp(base + start, pattern, n) == 0
        }
        // 32 candidate starts at a time: the needle's two rarest bytes compared at once, the
        // rest only where both match (a pair of rare bytes rarely does).
        let rare = SIMD32<UInt8>(repeating: pattern[anchor])
        let other = SIMD32<UInt8>(repeating: pattern[second])
        var start = from
        // (A block's loads end before start + 31 + n <= haystack.count.)
        while start + 31 <= last {
            let a = UnsafeRawPointer(base + start + anchor).loadUnaligned(as: SIMD32<UInt8>.self)
            let b = UnsafeRawPointer(base + start + second).loadUnaligned(as: SIMD32<UInt8>.self)
            // The lanes as four 64-bit words, a byte per lane (0 or FF): `any(_:)` and the
            // lane subscript were calls per block.
            let words = unsafeBitCast((a .== rare) .& (b .== other), to: SIMD4<UInt64>.self)
            if words[0] | words[1] | words[2] | words[3] != 0 {
                for w in 0..<4 {
                    var bits = words[w]
                    while bits != 0 {
                        let byte = bits.trailingZeroBitCount / 8
                        let lane = w * 8 + byte
                        if matches(start + lane) { return start + lane }
                        bits &= ~(0xFF << UInt64(byte * 8))
                    }
                }
            }
            start += 32
        }
        while start <= last {
            if matches(start) { return start }
            start += 1
        }
        return nil
    }
}
