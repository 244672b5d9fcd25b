/// Which blocks of a segment's sorted vocabulary can hold a given byte string: per block of
/// ``termsPerBlock`` consecutive terms, a 1,024-bit set of the hashes of every byte trigram
/// inside one of its terms.
///
/// Contains mode searches the vocabulary for a query word's run (and, with a typo budget, for
/// the word without its first letter) when the title tiers cannot answer a keystroke. Scanning
/// every term's bytes cost 1–2 ms per keystroke on a vocabulary of 500,000–750,000 terms. A
/// needle of three or more bytes occurs only in blocks that hold all of its trigrams, so the
/// scan reads only those: typically under 1% of the blocks. The filter never leaves out a
/// block that holds the needle (a hash collision only keeps a block that does not).
///
/// It costs 2 bytes per term (1 MiB for the 500,000 terms of 1 M titles). The sets are stored
/// word by word (all blocks' first 64 bits, then all blocks' next 64, ...), so a needle's
/// trigrams are tested against every block by reading one or a few arrays front to back,
/// rather than a cache line per block.
struct VocabularyTrigrams: Sendable {
    /// Terms per block.
    static let termsPerBlock = 64
    /// 64-bit words per block's set: 1,024 bits.
    static let wordsPerBlock = 16

    /// The blocks' sets, word by word: word `w` of block `b` is at `w * blockCount + b` (in
    /// pages of their own when large: a merge makes them on its thread).
    private let bits: Column<UInt64>
    /// The number of blocks.
    private let blockCount: Int
    /// The number of terms filtered.
    let termCount: Int

    /// No terms.
    init() {
        bits = []
        blockCount = 0
        termCount = 0
    }

    /// A filter made before (an index file stores its ``storedBits``) for `termCount` terms; nil
    /// unless it holds one set per block of terms.
    init?(bits: [UInt64], termCount: Int) {
        let blockCount = (termCount + Self.termsPerBlock - 1) / Self.termsPerBlock
        guard termCount >= 0, bits.count == blockCount * Self.wordsPerBlock else { return nil }
        self.bits = Column(bits)
        self.blockCount = blockCount
        self.termCount = termCount
    }

    /// The blocks' sets, word by word (what an index file stores).
    var storedBits: [UInt64] { bits.array }

    /// The filter over `vocabulary`'s terms. Each block's set is gathered in a set of its own
    /// (16 words, in registers or the first-level cache) and then written out word by word: a
    /// trigram's bit set straight into the word-by-word layout lands in a different cache line
    /// for each word.
    init(_ vocabulary: ByteArena) {
        let termCount = vocabulary.count
        let blockCount = (termCount + Self.termsPerBlock - 1) / Self.termsPerBlock
        let bits = Column<UInt64>.filled(count: blockCount * Self.wordsPerBlock) { bits in
            vocabulary.bytes.withUnsafeBufferPointer { bytes in
                vocabulary.expandedOffsets().withUnsafeBufferPointer { offsets in
                    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Self.wordsPerBlock) { set in
                        for block in 0..<blockCount {
                            set.initialize(repeating: 0)
                            for t in block * Self.termsPerBlock..<min(termCount, (block + 1) * Self.termsPerBlock) {
                                let start = Int(offsets[t])
                                let end = Int(offsets[t + 1])
                                guard end - start >= 3 else { continue }
                                var trigram = UInt32(bytes[start]) << 8 | UInt32(bytes[start + 1])
                                for k in (start + 2)..<end {
                                    trigram = (trigram << 8 | UInt32(bytes[k])) & 0xFF_FFFF
                                    let slot = Self.slot(trigram)
                                    set[slot >> 6] |= 1 << UInt64(slot & 63)
                                }
                            }
                            for w in 0..<Self.wordsPerBlock { (bits.base + w * blockCount + block).initialize(to: set[w]) }
                        }
                    }
                }
            }
        }
        self.bits = bits
        self.blockCount = blockCount
        self.termCount = termCount
    }

    /// The bit of a trigram (three bytes, the first in bits 16–23) in a block's set.
    @inline(__always)
    private static func slot(_ trigram: UInt32) -> Int {
        // Fibonacci hashing: the top 10 bits of the product.
        Int(truncatingIfNeeded: (trigram &* 2_654_435_761) >> 22)
    }

    /// The ranges of term ids (ascending, disjoint, adjacent blocks joined) whose blocks hold
    /// every trigram of `needle`: every term containing `needle` lies in one. Nil for a needle
    /// under three bytes, which the filter cannot narrow.
    func termRanges(holding needle: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        guard needle.count >= 3 else { return nil }
        // The needle's trigram bits, gathered per word of a block's set.
        var probes: [(word: Int, mask: UInt64)] = []
        var trigram = UInt32(needle[0]) << 8 | UInt32(needle[1])
        for k in 2..<needle.count {
            trigram = (trigram << 8 | UInt32(needle[k])) & 0xFF_FFFF
            let slot = Self.slot(trigram)
            let bit: UInt64 = 1 << UInt64(slot & 63)
            if let p = probes.firstIndex(where: { $0.word == slot >> 6 }) {
                probes[p].mask |= bit
            } else {
                probes.append((slot >> 6, bit))
            }
        }
        var ranges: [Range<Int>] = []
        let blockCount = self.blockCount
        // Each probe reads its word of every block, front to back.
        let columns = probes.map { (start: $0.word * blockCount, mask: $0.mask) }
        bits.withUnsafeBufferPointer { bits in
            for b in 0..<blockCount {
                var holds = true
                for column in columns where bits[column.start + b] & column.mask != column.mask {
                    holds = false
                    break
                }
                guard holds else { continue }
                let first = b * Self.termsPerBlock
                let end = min(first + Self.termsPerBlock, termCount)
                if let last = ranges.last, last.upperBound == first {
                    ranges[ranges.count - 1] = last.lowerBound..<end
                } else {
                    ranges.append(first..<end)
                }
            }
        }
        return ranges
    }

    /// Bytes held.
    var byteSize: Int { bits.byteSize }
}
