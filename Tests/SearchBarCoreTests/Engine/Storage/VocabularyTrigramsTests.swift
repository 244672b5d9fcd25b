import Testing

@testable import SearchBarCore

/// ``VocabularyTrigrams`` (which blocks of the vocabulary contains mode reads) never leaves out
/// a term that holds the needle, and leaves out most blocks that do not.
@Suite("Engine: the vocabulary's trigram filter keeps every block holding the needle")
struct VocabularyTrigramsTests {
    /// A skewed alphabet with multi-byte letters.
    static let skewed = ["e", "e", "a", "t", "n", "r", "s", "i", "o", "l", "q", "z", "é", "ß", "ж", "猫"]
    /// The Latin letters and a few others.
    static let wide =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) } + ["é", "ü", "ж", "и"]

    /// A sorted vocabulary of random terms over `letters`.
    static func vocabulary(_ random: inout SplitMix, count: Int, letters: [String] = skewed) -> [[UInt8]] {
        let alphabet = letters.map { Array($0.utf8) }
        var terms = Set<[UInt8]>()
        while terms.count < count {
            let length = 1 + random.next(below: 12)
            terms.insert((0..<length).flatMap { _ in alphabet[random.next(below: alphabet.count)] })
        }
        return terms.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static func arena(_ terms: [[UInt8]]) -> ByteArena {
        var offsets: [UInt32] = [0]
        var bytes: [UInt8] = []
        for term in terms {
            bytes += term
            offsets.append(UInt32(bytes.count))
        }
        return ByteArena(bytes: bytes, offsets: offsets)
    }

    /// Each block's set is every trigram of every term of the block, hashed as the filter hashes
    /// (the top 10 bits of the trigram times 2,654,435,761), stored word by word: the filter's
    /// bits, on vocabularies ending mid-block and on a block boundary.
    @Test func bitsAreEveryTermsTrigramsPerBlock() {
        var random = SplitMix(seed: 37)
        for size in [0, 1, 2, 64, 65, 1000] {
            let terms = Self.vocabulary(&random, count: size, letters: Self.wide)
            let blockCount = (terms.count + VocabularyTrigrams.termsPerBlock - 1) / VocabularyTrigrams.termsPerBlock
            var expected = [UInt64](repeating: 0, count: blockCount * VocabularyTrigrams.wordsPerBlock)
            for (t, term) in terms.enumerated() where term.count >= 3 {
                for k in 2..<term.count {
                    let trigram = UInt32(term[k - 2]) << 16 | UInt32(term[k - 1]) << 8 | UInt32(term[k])
                    let slot = Int((trigram &* 2_654_435_761) >> 22)
                    expected[(slot >> 6) * blockCount + t / VocabularyTrigrams.termsPerBlock] |= 1 << UInt64(slot & 63)
                }
            }
            #expect(VocabularyTrigrams(Self.arena(terms)).storedBits == expected, "\(size) terms")
        }
    }

    @Test func everyTermHoldingTheNeedleIsInARange() {
        var random = SplitMix(seed: 31)
        var checked = 0
        for size in [0, 1, 63, 64, 65, 129, 2000] {
            let terms = Self.vocabulary(&random, count: size)
            let filter = VocabularyTrigrams(Self.arena(terms))
            #expect(filter.termCount == terms.count)
            for _ in 0..<100 {
                // A piece of a term (multi-byte letters cut anywhere) or random bytes.
                var needle: [UInt8]
                if let term = terms.isEmpty ? nil : terms[random.next(below: terms.count)], term.count >= 3,
                    random.next(below: 4) != 0
                {
                    let length = 3 + random.next(below: term.count - 2)
                    let start = random.next(below: term.count - length + 1)
                    needle = Array(term[start..<(start + length)])
                } else {
                    needle = (0..<(1 + random.next(below: 6))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                }
                let ranges = needle.withUnsafeBufferPointer { filter.termRanges(holding: $0) }
                guard let ranges else {
                    #expect(needle.count < 3)
                    continue
                }
                // Ascending, disjoint, not touching (adjacent blocks are joined), in bounds.
                for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound < b.lowerBound) }
                #expect(ranges.allSatisfy { !$0.isEmpty && $0.lowerBound >= 0 && $0.upperBound <= terms.count })
                for (t, term) in terms.enumerated() where Self.contains(term, needle) {
                    #expect(ranges.contains { $0.contains(t) }, "term \(t) holds \(needle)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    /// On a vocabulary of random words over 30 letters, a needle that no term holds passes few
    /// blocks: the filter narrows (a filter that kept every block would pass the test above).
    @Test func aMissingNeedleReadsFewBlocks() {
        var random = SplitMix(seed: 7)
        let terms = Self.vocabulary(&random, count: 10_000, letters: Self.wide)
        let filter = VocabularyTrigrams(Self.arena(terms))
        let blocks = (terms.count + VocabularyTrigrams.termsPerBlock - 1) / VocabularyTrigrams.termsPerBlock
        var passed = 0
        var needles = 0
        for word in ["qxjvk", "zvqxw", "jqxzv", "wxqjz", "vkzqj"] {
            let needle = Array(word.utf8)
            guard !terms.contains(where: { Self.contains($0, needle) }) else { continue }
            needles += 1
            let ranges = needle.withUnsafeBufferPointer { filter.termRanges(holding: $0) } ?? []
            let perBlock = VocabularyTrigrams.termsPerBlock
            passed += ranges.reduce(0) { $0 + ($1.count + perBlock - 1) / perBlock }
        }
        #expect(needles >= 3)
        #expect(passed * 10 < blocks * needles, "\(passed) of \(blocks * needles) blocks passed")
    }

    static func contains(_ term: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= term.count else { return false }
        return (0...(term.count - needle.count)).contains { term[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
