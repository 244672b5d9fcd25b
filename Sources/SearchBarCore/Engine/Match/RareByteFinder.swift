import Glibc

/// Finds a needle in a large buffer by scanning (with `memchr`) for the needle's rarest byte,
/// given how often each byte value occurs in the buffer, and comparing the rest around each
/// hit. Scanning for the first byte instead stops every few bytes for a common letter such as
/// `e`; the rarest byte makes few stops.
struct RareByteFinder {
    private let needle: UnsafeBufferPointer<UInt8>
    /// The position in the needle of its rarest byte.
    private let anchor: Int

    /// A finder for `needle` (which must outlive it) in a buffer with these byte `counts`.
    init(_ needle: UnsafeBufferPointer<UInt8>, counts: [UInt32]) {
        self.needle = needle
        var best = 0
        for k in needle.indices where counts.count == 256 && counts[Int(needle[k])] < counts[Int(needle[best])] {
            best = k
        }
        anchor = best
    }

    /// The offset of the first occurrence of the needle in `haystack` at or after `from`.
    func next(in haystack: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let n = needle.count
        guard n > 0, from >= 0, haystack.count - from >= n, let base = haystack.baseAddress,
            let pattern = needle.baseAddress
        else { return nil }
        let rare = Int32(pattern[anchor])
        // Anchor positions whose needle start lies in from...haystack.count - n.
        var position = from + anchor
        let last = haystack.count - n + anchor
        while position <= last {
            guard let hit = memchr(base + position, rare, last - position + 1) else { return nil }
            let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            let start = offset - anchor
            // The first and last bytes inline: most anchor hits fail there without a call.
            if base[start] == pattern[0] && base[start + n - 1] == pattern[n - 1]
                && (n <= 2 || memcmp(base + start + 1, pattern + 1, n - 2) == 0)
            {
                return start
            }
            position = offset + 1
        }
        return nil
    }
}
