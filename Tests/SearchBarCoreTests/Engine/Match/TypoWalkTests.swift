import Testing

@testable import SearchBarCore

/// ``TypoWalk`` against a plain definition of its answer, term by term, on random vocabularies
/// over a small alphabet (so that near misses are common) with one- to four-byte letters.
@Suite("Engine: typo walk against the definition")
struct TypoWalkTests {
    /// Letters of 1, 2, 3 and 4 UTF-8 bytes.
    static let alphabet: [UInt32] = [0x61, 0x62, 0x63, 0x64, 0xE9, 0x436, 0x732B, 0x1F600]

    /// A sorted vocabulary of distinct random terms, as an arena.
    static func vocabulary(_ random: inout SplitMix, count: Int) -> (terms: [[UInt32]], arena: ByteArena) {
        var keys = Set<[UInt8]>()
        while keys.count < count {
            let length = 1 + random.next(below: 11)
            var key: [UInt8] = []
            for _ in 0..<length { UTF8Codec.append(alphabet[random.next(below: alphabet.count)], to: &key) }
            keys.insert(key)
        }
        let sorted = keys.sorted { $0.lexicographicallyPrecedes($1) }
        var bytes: [UInt8] = []
        var offsets: [UInt32] = [0]
        for key in sorted {
            bytes += key
            offsets.append(UInt32(bytes.count))
        }
        return (sorted.map { UTF8Codec.codePoints($0) }, ByteArena(bytes: bytes, offsets: offsets))
    }

    /// Optimal string alignment distances (adjacent transpositions cost 1) from all of `a` to
    /// each prefix of `b`: element `j` is the distance to `b[..<j]`.
    static func distances(_ a: [UInt32], _ b: [UInt32]) -> [Int] {
        let width = b.count + 1
        var d = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in 0...a.count { d[i * width] = i }
        for j in 0...b.count { d[j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                var v = min(d[(i - 1) * width + j] + 1, d[i * width + j - 1] + 1)
                v = min(v, d[(i - 1) * width + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = min(v, d[(i - 2) * width + j - 2] + 1)
                }
                d[i * width + j] = v
            }
        }
        return Array(d[(a.count * width)...])
    }

    /// The cost of `term` for `word` as the typo policy defines it, or nil above `budget`:
    /// - same first letter: the distance to the term (to its closest non-empty prefix when
    ///   `prefix` is set);
    /// - a wrong first letter costs 2 and nothing else may differ: the term is (or, with
    ///   `prefix`, starts with) the word without its first letter, with its first two letters
    ///   swapped, or with another first letter put before it or in place of its first letter.
    static func cost(_ word: [UInt32], _ term: [UInt32], budget: Int, prefix: Bool) -> Int? {
        var best = Int.max
        if term.first == word.first {
            let row = distances(word, term)
            best = prefix ? row.dropFirst().min()! : row[term.count]
        }
        if budget >= TypoPolicy.firstLetterCost {
            let rest = Array(word.dropFirst())
            var forms: [[UInt32]] = []
            if !rest.isEmpty { forms.append(rest) }
            if word.count >= 2, word[0] != word[1] { forms.append([word[1], word[0]] + word.dropFirst(2)) }
            if let other = term.first, other != word[0] { forms += [[other] + word, [other] + rest] }
            let fits = forms.contains { form in
                prefix ? term.starts(with: form) : term == form
            }
            if fits { best = min(best, TypoPolicy.firstLetterCost) }
        }
        return best <= budget ? best : nil
    }

    /// Per term, the lowest cost the walk reports.
    static func walkCosts(_ matches: [TypoWalk.Match]) -> [Int: Int] {
        var costs: [Int: Int] = [:]
        for match in matches {
            for t in match.terms { costs[t] = min(costs[t] ?? Int.max, match.cost) }
        }
        return costs
    }

    /// The first few terms whose reported cost differs from the expected one, readably.
    static func differences(_ got: [Int: Int], _ expected: [Int: Int], _ terms: [[UInt32]]) -> [String] {
        let keys = Set(got.keys).union(expected.keys).filter { got[$0] != expected[$0] }.sorted()
        return keys.prefix(5).map { t in
            let text = String(String.UnicodeScalarView(terms[t].compactMap(Unicode.Scalar.init)))
            return "\(text): got \(got[t].map(String.init) ?? "none"), expected \(expected[t].map(String.init) ?? "none")"
        }
    }

    /// Query words: random ones, and vocabulary terms with up to three random edits (so that
    /// every cost and every first-letter form occurs).
    static func words(_ random: inout SplitMix, terms: [[UInt32]], count: Int) -> [[UInt32]] {
        var words: [[UInt32]] = []
        for n in 0..<count {
            var word: [UInt32]
            if n % 4 == 0 {
                word = (0..<(1 + random.next(below: 11))).map { _ in alphabet[random.next(below: alphabet.count)] }
            } else {
                word = terms[random.next(below: terms.count)]
                if n % 2 == 0 { word += terms[random.next(below: terms.count)].prefix(3) }
                for _ in 0..<random.next(below: 4) {
                    let at = random.next(below: word.count + 1)
                    let letter = alphabet[random.next(below: alphabet.count)]
                    switch random.next(below: 4) {
                    case 0: word.insert(letter, at: at)
                    case 1 where at < word.count && word.count > 1: word.remove(at: at)
                    case 2 where at < word.count: word[at] = letter
                    default: if at + 1 < word.count { word.swapAt(at, at + 1) }
                    }
                }
            }
            words.append(word)
        }
        return words
    }

    /// Every term the definition admits is reported at its cost and no other term is, with and
    /// without a list of the terms holding the rest of the word (both ways of finding a wrong
    /// first letter).
    @Test(arguments: [false, true])
    func walkFindsExactlyTheTermsWithinTheBudget(prefix: Bool) {
        var random = SplitMix(seed: prefix ? 41 : 42)
        let (terms, arena) = Self.vocabulary(&random, count: 2_500)
        let words = Self.words(&random, terms: terms, count: 160)
        arena.bytes.withUnsafeBufferPointer { bytes in
            arena.expandedOffsets().withUnsafeBufferPointer { offsets in
                let walk = TypoWalk(bytes: bytes, offsets: ArenaOffsets(offsets))
                let termsContaining: ([UInt8]) -> [UInt32]? = { piece in
                    (0..<arena.count).filter { t in
                        let term = Array(arena.bytes[arena.range(t)])
                        return term.count >= piece.count
                            && (0...(term.count - piece.count)).contains { term[$0..<($0 + piece.count)].elementsEqual(piece) }
                    }.map { UInt32($0) }
                }
                var firstLetterHits = 0
                for word in words {
                    for budget in 1...2 {
                        var expected: [Int: Int] = [:]
                        for (t, term) in terms.enumerated() {
                            if let cost = Self.cost(word, term, budget: budget, prefix: prefix) { expected[t] = cost }
                        }
                        let enumerated = Self.walkCosts(walk.matches(word, budget: budget, prefix: prefix))
                        let listed = Self.walkCosts(
                            walk.matches(word, budget: budget, prefix: prefix, termsContaining: termsContaining))
                        #expect(Self.differences(enumerated, expected, terms).isEmpty, "\(word) budget \(budget)")
                        #expect(
                            Self.differences(listed, expected, terms).isEmpty, "\(word) budget \(budget), terms listed")
                        firstLetterHits += expected.keys.filter { terms[$0].first != word.first }.count
                    }
                }
                // The data must exercise the wrong-first-letter forms.
                #expect(firstLetterHits > 50)
            }
        }
    }

    /// Typing forward, a word's walk visits only the terms its shorter form matched with the
    /// same budget (``WordPlanCache``): that must find exactly what a walk of the whole
    /// vocabulary finds, for every prefix of every word.
    @Test func walkWithinAShorterWordsMatchesFindsTheSame() {
        var random = SplitMix(seed: 43)
        let (terms, arena) = Self.vocabulary(&random, count: 2_500)
        let words = Self.words(&random, terms: terms, count: 120)
        var narrowed = 0
        arena.bytes.withUnsafeBufferPointer { bytes in
            arena.expandedOffsets().withUnsafeBufferPointer { offsets in
                let walk = TypoWalk(bytes: bytes, offsets: ArenaOffsets(offsets))
                for word in words where word.count >= 2 {
                    for budget in 1...2 {
                        for cut in 1..<word.count {
                            let shorter = Array(word[..<cut])
                            var key: [UInt8] = []
                            for c in shorter { UTF8Codec.append(c, to: &key) }
                            let domain = walk.matches(shorter, budget: budget, prefix: true).map(\.terms)
                                + [VocabularySearch.prefixRange(bytes, ArenaOffsets(offsets), key)]
                            let full = Self.walkCosts(walk.matches(word, budget: budget, prefix: true))
                            let within = Self.walkCosts(walk.matches(word, budget: budget, prefix: true, within: domain))
                            #expect(Self.differences(within, full, terms).isEmpty, "\(word) after \(shorter), budget \(budget)")
                            if domain.reduce(0, { $0 + $1.count }) < terms.count / 4 { narrowed += 1 }
                        }
                    }
                }
            }
        }
        // The shorter words' matches must usually be a small part of the vocabulary.
        #expect(narrowed > 500)
    }

    @Test func walkDomainClampsSortsAndMerges() {
        #expect(TypoWalk.walkDomain([8..<12, 0..<3, 2..<5, 20..<30, 5..<6], sameFirst: 1..<25) == [1..<6, 8..<12, 20..<25])
        #expect(TypoWalk.walkDomain([0..<1, 30..<40], sameFirst: 5..<10).isEmpty)
        #expect(TypoWalk.walkDomain([], sameFirst: 0..<10).isEmpty)
    }

    /// The cache narrows a walk only to a shorter prefix word with the same budget.
    @Test func planCacheNarrowsOnlyToAShorterPrefixWordWithTheSameBudget() {
        func word(_ text: String, prefix: Bool = true) -> QueryWord {
            QueryWord(key: Array(text.utf8), kind: .word, isPrefix: prefix, typos: true)
        }
        #expect(WordPlanCache.extends(word("medeci"), word("medec")))
        #expect(WordPlanCache.extends(word("medecin"), word("medec")))
        #expect(!WordPlanCache.extends(word("medec"), word("medec")))  // not longer
        #expect(!WordPlanCache.extends(word("medec"), word("mede")))  // budget 1 after 0
        #expect(!WordPlanCache.extends(word("medecines"), word("medecine")))  // budget 2 after 1
        #expect(!WordPlanCache.extends(word("medeci"), word("medec", prefix: false)))  // a whole word
        #expect(!WordPlanCache.extends(word("medeci", prefix: false), word("medec")))
        #expect(!WordPlanCache.extends(word("medoci"), word("medec")))  // not a prefix
    }
}
