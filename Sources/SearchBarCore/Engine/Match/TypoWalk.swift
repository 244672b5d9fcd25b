/// Finds the vocabulary terms within a word's typo budget by walking the sorted vocabulary like
/// a trie: consecutive terms share their common prefix's rows of the Damerau-Levenshtein
/// (optimal string alignment) table, and a prefix whose row minimum exceeds the budget skips its
/// whole block of terms with one binary search.
///
/// A wrong first letter costs ``TypoPolicy/firstLetterCost``: the table walk covers the terms
/// that share the word's first letter, and direct lookups cover the rest (first letter
/// dropped, added, replaced or swapped, the remainder exact). A first letter missed or replaced
/// can be any letter: those terms are found among the terms holding the rest of the word when
/// the caller can list them, and by one lookup per distinct first letter otherwise.
struct TypoWalk {
    /// A block of consecutive terms that match with the same cost.
    struct Match: Equatable {
        /// Term ids.
        var terms: Range<Int>
        /// Typos.
        var cost: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let offsets: ArenaOffsets
    private let termCount: Int

    /// A walker over a sorted vocabulary arena.
    init(bytes: UnsafeBufferPointer<UInt8>, offsets: ArenaOffsets) {
        self.bytes = bytes
        self.offsets = offsets
        termCount = offsets.count - 1
    }

    /// The terms within `budget` typos of `word` (as a whole term, or as a prefix of a term when
    /// `prefix` is set). Exact matches are included with cost 0.
    /// - Parameter termsContaining: the ascending ids of the terms whose bytes contain the
    ///   given bytes, or nil when listing them costs too much. With it, a wrong first letter
    ///   costs one search for the rest of the word (cached while the word grows) instead of a
    ///   lookup per distinct first letter of the vocabulary, thousands in a multilingual one.
    /// - Parameter domain: when set, the table walk visits only these terms: the terms a shorter
    ///   word matches in prefix mode with the same budget, when `word` extends it (see
    ///   ``walkDomain(_:sameFirst:)``).
    func matches(
        _ word: [UInt32], budget: Int, prefix: Bool, within domain: [Range<Int>]? = nil,
        termsContaining: (([UInt8]) -> [UInt32]?)? = nil
    ) -> [Match] {
        guard budget > 0, let first = word.first else { return [] }
        var results: [Match] = []
        var firstBytes: [UInt8] = []
        UTF8Codec.append(first, to: &firstBytes)
        let sameFirst = VocabularySearch.prefixRange(bytes, offsets, firstBytes)
        if let domain {
            for range in Self.walkDomain(domain, sameFirst: sameFirst) {
                walk(word, budget: budget, prefix: prefix, in: range, into: &results)
            }
        } else {
            walk(word, budget: budget, prefix: prefix, in: sameFirst, into: &results)
        }
        if budget >= TypoPolicy.firstLetterCost {
            firstLetterTypos(word, prefix: prefix, termsContaining: termsContaining, into: &results)
        }
        return results
    }

    /// The blocks of `domain` inside `sameFirst`, ascending and disjoint.
    ///
    /// Why a word's matches lie among those of any shorter word it extends (prefix mode, the
    /// same budget): dropping the word's last letter never raises its distance to the
    /// best prefix of a term (the letter was matched, substituted or inserted against the
    /// term's prefix, which loses its last letter too, or it was deleted; a transposed pair
    /// becomes one substitution). The wrong-first-letter forms do not use the domain.
    static func walkDomain(_ domain: [Range<Int>], sameFirst: Range<Int>) -> [Range<Int>] {
        SortedRanges.union(domain.map { $0.clamped(to: sameFirst) })
    }

    // MARK: - Table walk over terms sharing the first letter

    private func walk(_ word: [UInt32], budget k: Int, prefix: Bool, in range: Range<Int>, into results: inout [Match]) {
        let m = word.count
        let maxDepth = m + k
        let width = m + 1
        var rows = [UInt8](repeating: 0, count: (maxDepth + 1) * width)
        for j in 0...m { rows[j] = UInt8(j) }
        var bestUpTo = [UInt8](repeating: UInt8.max, count: maxDepth + 1)
        var path = [UInt32](repeating: 0, count: maxDepth + 1)
        var validDepth = 0
        var cps = [UInt32](repeating: 0, count: maxDepth + 1)
        var i = range.lowerBound
        while i < range.upperBound {
            // Decode up to maxDepth + 1 code points of term i.
            let start = Int(offsets[i])
            let end = Int(offsets[i + 1])
            var n = 0
            var p = start
            var complete = true
            while p < end {
                if n > maxDepth {
                    complete = false
                    break
                }
                let (c, length) = UTF8Codec.decode(bytes.baseAddress!, p, end)
                cps[n] = c
                n += 1
                p += length
            }
            var lcp = 0
            while lcp < min(validDepth, n) && path[lcp] == cps[lcp] { lcp += 1 }
            var d = lcp
            var prunedAt = -1
            let limit = min(n, maxDepth)
            while d < limit {
                d += 1
                let c = cps[d - 1]
                path[d - 1] = c
                let row = d * width
                let above = (d - 1) * width
                rows[row] = UInt8(min(d, 255))
                var rowMin = rows[row]
                for j in 1...m {
                    var v = min(rows[above + j] &+ 1, rows[row + j - 1] &+ 1)
                    let substitution = rows[above + j - 1] &+ (c == word[j - 1] ? 0 : 1)
                    if substitution < v { v = substitution }
                    if d > 1, j > 1, c == word[j - 2], cps[d - 2] == word[j - 1] {
                        let transposition = rows[(d - 2) * width + j - 2] &+ 1
                        if transposition < v { v = transposition }
                    }
                    rows[row + j] = v
                    if v < rowMin { rowMin = v }
                }
                bestUpTo[d] = min(bestUpTo[d - 1], rows[row + m])
                if Int(rowMin) > k {
                    prunedAt = d
                    break
                }
            }
            validDepth = d
            if prunedAt >= 0 {
                // No term under cps[0..<d] gets closer; in prefix mode they all match at the
                // shallower depth's cost, if any.
                let blockEnd = self.blockEnd(from: i, depth: prunedAt, limit: range.upperBound)
                let best = Int(bestUpTo[prunedAt - 1])
                if prefix && best <= k { append(i..<blockEnd, best, &results) }
                validDepth = prunedAt - 1
                i = blockEnd
                continue
            }
            let cost: Int
            if prefix {
                cost = Int(bestUpTo[d])
            } else {
                cost = complete && n == d ? Int(rows[d * width + m]) : Int.max
            }
            if cost <= k { append(i..<(i + 1), cost, &results) }
            i += 1
        }
    }

    /// The end of the block of terms (from `start`) that begin with the first `depth` code
    /// points of term `start`. Most pruned blocks are a few terms long, so the search gallops
    /// from `start` (1, 2, 4, ... terms ahead) before it bisects.
    private func blockEnd(from start: Int, depth: Int, limit: Int) -> Int {
        // The block's prefix: the bytes of those code points, read in place.
        let first = Int(offsets[start])
        let end = Int(offsets[start + 1])
        var p = first
        for _ in 0..<depth where p < end { p += UTF8Codec.decode(bytes.baseAddress!, p, end).1 }
        let key = UnsafeBufferPointer(rebasing: bytes[first..<p])
        func inBlock(_ i: Int) -> Bool {
            VocabularySearch.compare(bytes, offsets, i, key, prefixOnly: true) <= 0
        }
        var inside = start
        var step = 1
        while start + step < limit && inBlock(start + step) {
            inside = start + step
            step <<= 1
        }
        return lowerBound(in: (inside + 1)..<max(inside + 1, min(start + step, limit)), where: inBlock)
    }

    private func append(_ terms: Range<Int>, _ cost: Int, _ results: inout [Match]) {
        if let last = results.last, last.cost == cost, last.terms.upperBound == terms.lowerBound {
            results[results.count - 1].terms = last.terms.lowerBound..<terms.upperBound
        } else {
            results.append(Match(terms: terms, cost: cost))
        }
    }

    // MARK: - A wrong first letter

    private func firstLetterTypos(
        _ word: [UInt32], prefix: Bool, termsContaining: (([UInt8]) -> [UInt32]?)?, into results: inout [Match]
    ) {
        let cost = TypoPolicy.firstLetterCost
        let rest = Array(word.dropFirst())
        var candidates: [[UInt32]] = []
        if !rest.isEmpty { candidates.append(rest) }  // an extra first letter typed
        if word.count >= 2, word[0] != word[1] {  // the first two letters swapped
            candidates.append([word[1], word[0]] + word.dropFirst(2))
        }
        // The first letter missed ([c] + word) or replaced ([c] + rest), c any other letter:
        // every such term holds the rest's bytes.
        let restKey = Self.key(rest)
        if !rest.isEmpty, let holding = termsContaining?(restKey) {
            otherFirstLetter(
                word[0], then: [Self.key(word), restKey], among: holding, prefix: prefix, cost: cost, into: &results)
        } else {
            for c in distinctFirstLetters() where c != word[0] {
                candidates.append([c] + word)
                candidates.append([c] + rest)
            }
        }
        for candidate in candidates {
            let key = Self.key(candidate)
            let range = VocabularySearch.prefixRange(bytes, offsets, key)
            guard !range.isEmpty else { continue }
            if prefix {
                results.append(Match(terms: range, cost: cost))
            } else if Int(offsets[range.lowerBound + 1] - offsets[range.lowerBound]) == key.count {
                results.append(Match(terms: range.lowerBound..<(range.lowerBound + 1), cost: cost))
            }
        }
    }

    /// Appends the terms of `terms` (ascending ids) that start with a letter other than `first`
    /// followed by one of `tails` (followed by anything when `prefix` is set).
    private func otherFirstLetter(
        _ first: UInt32, then tails: [[UInt8]], among terms: [UInt32], prefix: Bool, cost: Int,
        into results: inout [Match]
    ) {
        for t in terms {
            let start = Int(offsets[Int(t)])
            let end = Int(offsets[Int(t) + 1])
            guard start < end else { continue }
            let (c, length) = UTF8Codec.decode(bytes.baseAddress!, start, end)
            guard c != first else { continue }
            let remainder = UnsafeBufferPointer(rebasing: bytes[(start + length)..<end])
            let fits = tails.contains { tail in
                (prefix ? remainder.count >= tail.count : remainder.count == tail.count)
                    && remainder.prefix(tail.count).elementsEqual(tail)
            }
            if fits { append(Int(t)..<(Int(t) + 1), cost, &results) }
        }
    }

    /// The UTF-8 of `codePoints`.
    private static func key(_ codePoints: some Sequence<UInt32>) -> [UInt8] {
        var key: [UInt8] = []
        for c in codePoints { UTF8Codec.append(c, to: &key) }
        return key
    }

    /// Every distinct first code point of the vocabulary, found by jumping block to block.
    private func distinctFirstLetters() -> [UInt32] {
        var letters: [UInt32] = []
        var i = 0
        while i < termCount {
            let start = Int(offsets[i])
            let end = Int(offsets[i + 1])
            guard start < end else {
                i += 1
                continue
            }
            let (c, _) = UTF8Codec.decode(bytes.baseAddress!, start, end)
            letters.append(c)
            i = blockEnd(from: i, depth: 1, limit: termCount)
        }
        return letters
    }
}
