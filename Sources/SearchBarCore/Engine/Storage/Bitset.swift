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

    /// The number of set bits.
    var population: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}
