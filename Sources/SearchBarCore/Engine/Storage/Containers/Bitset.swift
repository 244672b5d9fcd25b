/// A fixed-size set of small integers, one bit each.
struct Bitset: Sendable, Equatable {
    /// The bits, 64 per word.
    private(set) var words: [UInt64]
    /// The number of bits.
    let count: Int

    /// A set of `count` bits, all clear.
    init(count: Int) {
        self.count = count
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// A set of `count` bits over saved ``words``; nil unless there are `(count + 63) / 64`
    /// words with no bit set at or past `count`.
    static func restored(words: [UInt64], count: Int) -> Bitset? {
        guard count >= 0, words.count == (count + 63) / 64 else { return nil }
        if count & 63 != 0, let last = words.last, last >> UInt64(count & 63) != 0 { return nil }
        return Bitset(words: words, count: count)
    }

    private init(words: [UInt64], count: Int) {
        self.words = words
        self.count = count
    }

    /// True when bit `i` is set.
    @inline(__always) func contains(_ i: Int) -> Bool {
        words[i >> 6] & (1 << UInt64(i & 63)) != 0
    }

    /// Sets bit `i`; returns true when it was clear.
    @discardableResult
    @inline(__always) mutating func insert(_ i: Int) -> Bool {
        let mask: UInt64 = 1 << UInt64(i & 63)
        let old = words[i >> 6]
        words[i >> 6] = old | mask
        return old & mask == 0
    }

    /// Adds every member of `other` below ``count`` (the sets are normally the same size).
    mutating func formUnion(_ other: Bitset) {
        for w in 0..<min(words.count, other.words.count) { words[w] |= other.words[w] }
        if count & 63 != 0, other.count > count, let last = words.indices.last {
            words[last] &= (1 << UInt64(count & 63)) - 1
        }
    }

    /// The number of set bits.
    var population: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The set bits in ascending order (a word at a time: empty words cost one comparison).
    func members(expectedCount: Int = 0) -> [UInt32] {
        var list = [UInt32]()
        list.reserveCapacity(expectedCount)
        for (w, word) in words.enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                list.append(UInt32(truncatingIfNeeded: w << 6 | remaining.trailingZeroBitCount))
                remaining &= remaining - 1
            }
        }
        return list
    }
}
