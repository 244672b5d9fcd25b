/// One query word resolved against one segment's vocabulary: which terms it matches and at
/// what cost, looked up in O(1) per term while items are verified.
struct WordPlan: Sendable {
    /// The word.
    let word: QueryWord
    /// When the word matches one block of terms at one cost, that block (no table needed).
    private let soleRange: Range<Int>?
    private let soleCost: UInt8
    /// Otherwise the cost of every term: 0 for no match, else typos + 1.
    private let costs: TermCosts?
    /// The term equal to the word, or -1.
    let exactTerm: Int
    /// The matched blocks of terms (for gathering candidates from postings).
    let ranges: [Range<Int>]
    /// Postings behind ``ranges`` (Int.max for substring words, which are not in the vocabulary).
    let volume: Int

    /// Resolves `word` against `segment`; with `domain`, the typo walk visits only those
    /// terms (see ``TypoWalk/matches(_:budget:prefix:within:termsContaining:)``).
    init(_ word: QueryWord, segment: Segment, within domain: [Range<Int>]? = nil) {
        self.word = word
        guard !word.matchesAsSubstring else {
            soleRange = 0..<0
            soleCost = 0
            costs = nil
            exactTerm = -1
            ranges = []
            volume = Int.max
            return
        }
        let base = word.baseCost
        let exactRange: Range<Int>
        if word.isPrefix {
            exactRange = segment.termRange(prefix: word.key)
        } else {
            exactRange = segment.term(equalTo: word.key).map { $0..<($0 + 1) } ?? 0..<0
        }
        let exact = segment.term(equalTo: word.key) ?? -1
        exactTerm = exact
        var typoMatches: [TypoWalk.Match] = []
        if word.typoBudget > 0 {
            typoMatches = segment.vocabulary.bytes.withUnsafeBufferPointer { bytes in
                TypoWalk(bytes: bytes, offsets: segment.vocabularyOffsets).matches(
                    word.codePoints, budget: word.typoBudget, prefix: word.isPrefix, within: domain,
                    termsContaining: { ContainsCandidates.terms(holding: $0, segment: segment) })
            }
            typoMatches.removeAll { $0.cost == 0 }
        }
        if typoMatches.isEmpty {
            soleRange = exactRange
            soleCost = UInt8(min(base, 250) + 1)
            costs = nil
            ranges = exactRange.isEmpty ? [] : [exactRange]
        } else {
            let typos = typoMatches.map { (terms: $0.terms, cost: UInt8(min($0.cost + base, 250) + 1)) }
            soleRange = nil
            soleCost = 0
            costs = TermCosts(exact: exactRange, exactCost: UInt8(min(base, 250) + 1), typos: typos)
            ranges = (exactRange.isEmpty ? [] : [exactRange]) + typoMatches.map(\.terms)
        }
        volume = ranges.reduce(0) { $0 + segment.postingCount($1) }
    }

    /// The terms the word matches exactly with no cost, when that is one block and no typo
    /// table is needed (nil otherwise).
    var exactBlock: Range<Int>? { soleCost == 1 ? soleRange : nil }

    /// 0 when term `t` does not match, else typos + 1.
    @inline(__always) func cost(_ t: Int) -> UInt8 {
        if let soleRange { return soleRange.contains(t) ? soleCost : 0 }
        return costs?.cost(t) ?? 0
    }
}
