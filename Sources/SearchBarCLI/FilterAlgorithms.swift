/// Where one term matched in a run of folded code points ("units"), and its score.
struct TermMatch {
    /// First unit of the match (for a fuzzy match without positions: the first unit where
    /// the term's first character occurs, as fzf reports it).
    var start: Int
    /// One past the last matched unit.
    var end: Int
    /// fzf's score for the match.
    var score: Int32
}

/// The folded code points of a text with fzf's character class of each (the class of the
/// code point the unit was folded from).
struct UnitText {
    var units: UnsafeBufferPointer<UInt32>
    var classes: UnsafeBufferPointer<UInt8>

    var count: Int { units.count }

    /// fzf's `bonusAt`: the bonus of a match starting at `index`.
    func bonus(at index: Int) -> Int16 {
        if index == 0 { return FilterScore.boundaryWhite }
        return FilterScore.table[Int(classes[index - 1]) * 8 + Int(classes[index])]
    }

    func isWhite(_ index: Int) -> Bool { classes[index] == CharacterClass.white.rawValue }
}

/// fzf's matching algorithms (algo.go of fzf 0.38) on folded units: the optimal-alignment fuzzy
/// match (V2, a Smith-Waterman variant with fzf's bonuses), its greedy fallback for very long
/// texts (V1), exact, prefix, suffix and equal matches, and the word-prefix match of our
/// `prefix` mode. Scores are fzf's, so rankings agree with `fzf --filter`.
final class FilterAlgorithms {
    /// fzf falls back to the greedy algorithm above this many cells (its slab size).
    static let maxCells = 100 * 1024

    private var h0: [Int32] = []
    private var c0: [Int32] = []
    private var bonuses: [Int16] = []
    private var firsts: [Int] = []
    private var h: [Int32] = []
    private var c: [Int32] = []

    /// The best fuzzy alignment of `pattern` in `text`, or nil; `positions` (when asked for)
    /// receives the matched units, last first.
    func fuzzy(_ text: UnitText, _ pattern: [UInt32], forward: Bool, positions: UnsafeMutablePointer<[Int]>?) -> TermMatch? {
        let m = pattern.count
        if m == 0 { return TermMatch(start: 0, end: 0, score: 0) }
        let n = text.count
        if n * m > Self.maxCells { return greedy(text, pattern, forward: forward, positions: positions) }
        // Phase 1: the pattern must occur in order; start one unit before its first character.
        guard let firstIndex = Self.subsequenceStart(text.units, pattern) else { return nil }
        let idx = max(firstIndex - 1, 0)
        if h0.count < n {
            h0 = Array(repeating: 0, count: n)
            c0 = h0
            bonuses = Array(repeating: 0, count: n)
        }
        if firsts.count < m { firsts = Array(repeating: 0, count: m) }
        return h0.withUnsafeMutableBufferPointer { H0 in
            c0.withUnsafeMutableBufferPointer { C0 in
                bonuses.withUnsafeMutableBufferPointer { B in
                    firsts.withUnsafeMutableBufferPointer { F in
                        fuzzyPhases(text, pattern, forward: forward, positions: positions, idx: idx, H0: H0, C0: C0, B: B, F: F)
                    }
                }
            }
        }
    }

    private func fuzzyPhases(
        _ text: UnitText, _ pattern: [UInt32], forward: Bool, positions: UnsafeMutablePointer<[Int]>?, idx: Int,
        H0: UnsafeMutableBufferPointer<Int32>, C0: UnsafeMutableBufferPointer<Int32>,
        B: UnsafeMutableBufferPointer<Int16>, F: UnsafeMutableBufferPointer<Int>
    ) -> TermMatch? {
        let m = pattern.count
        let n = text.count
        let T = text.units
        let bonusTable = FilterScore.table
        // Phase 2: bonus per position, first occurrences, the first row.
        var maxScore: Int32 = 0
        var maxScorePos = 0
        var pidx = 0
        var lastIdx = 0
        let pchar0 = pattern[0]
        var pchar = pattern[0]
        var prevH0: Int32 = 0
        var prevClass = Int(CharacterClass.white.rawValue)
        var inGap = false
        var i = idx
        while i < n {
            let cls = Int(text.classes[i])
            let char = T[i]
            let bonus = bonusTable[prevClass * 8 + cls]
            B[i] = bonus
            prevClass = cls
            if char == pchar {
                if pidx < m {
                    F[pidx] = i
                    pidx += 1
                    pchar = pattern[min(pidx, m - 1)]
                }
                lastIdx = i
            }
            if char == pchar0 {
                let score = Int32(FilterScore.match) + Int32(bonus) * Int32(FilterScore.firstCharMultiplier)
                H0[i] = score
                C0[i] = 1
                if m == 1 && (forward && score > maxScore || !forward && score >= maxScore) {
                    maxScore = score
                    maxScorePos = i
                    if forward && bonus >= FilterScore.boundary { break }
                }
                inGap = false
            } else {
                H0[i] = max(prevH0 + Int32(inGap ? FilterScore.gapExtension : FilterScore.gapStart), 0)
                C0[i] = 0
                inGap = true
            }
            prevH0 = H0[i]
            i += 1
        }
        if pidx != m { return nil }
        if m == 1 {
            positions?.pointee.append(maxScorePos)
            return TermMatch(start: maxScorePos, end: maxScorePos + 1, score: maxScore)
        }
        // Phase 3: the score matrix.
        let f0 = F[0]
        let width = lastIdx - f0 + 1
        let cells = width * m
        if h.count < cells {
            h = Array(repeating: 0, count: cells)
            c = h
        }
        return h.withUnsafeMutableBufferPointer { H in
            c.withUnsafeMutableBufferPointer { C in
                for col in 0..<width {
                    H[col] = H0[f0 + col]
                    C[col] = C0[f0 + col]
                }
                for row in 1..<m {
                    let f = F[row]
                    let pchar = pattern[row]
                    let base = row * width
                    var inGap = false
                    H[base + f - f0 - 1] = 0
                    var col = f
                    while col <= lastIdx {
                        let cell = base + col - f0
                        let s2 = H[cell - 1] + Int32(inGap ? FilterScore.gapExtension : FilterScore.gapStart)
                        var s1: Int32 = 0
                        var consecutive: Int32 = 0
                        if pchar == T[col] {
                            s1 = H[cell - 1 - width] + Int32(FilterScore.match)
                            var b = B[col]
                            consecutive = C[cell - 1 - width] + 1
                            if consecutive > 1 {
                                let fb = B[col - Int(consecutive) + 1]
                                if b >= FilterScore.boundary && b > fb {
                                    consecutive = 1
                                } else {
                                    b = max(b, max(FilterScore.consecutive, fb))
                                }
                            }
                            if s1 + Int32(b) < s2 {
                                s1 += Int32(B[col])
                                consecutive = 0
                            } else {
                                s1 += Int32(b)
                            }
                        }
                        C[cell] = consecutive
                        inGap = s1 < s2
                        let score = max(max(s1, s2), 0)
                        if row == m - 1 && (forward && score > maxScore || !forward && score >= maxScore) {
                            maxScore = score
                            maxScorePos = col
                        }
                        H[cell] = score
                        col += 1
                    }
                }
                // Phase 4: backtrace for the positions.
                var j = f0
                if let positions {
                    var row = m - 1
                    j = maxScorePos
                    var preferMatch = true
                    while true {
                        let base = row * width
                        let j0 = j - f0
                        let s = H[base + j0]
                        var s1: Int32 = 0
                        var s2: Int32 = 0
                        if row > 0 && j >= F[row] { s1 = H[base - width + j0 - 1] }
                        if j > F[row] { s2 = H[base + j0 - 1] }
                        if s > s1 && (s > s2 || s == s2 && preferMatch) {
                            positions.pointee.append(j)
                            if row == 0 { break }
                            row -= 1
                        }
                        preferMatch = C[base + j0] > 1 || base + width + j0 + 1 < cells && C[base + width + j0 + 1] > 0
                        j -= 1
                    }
                }
                return TermMatch(start: j, end: maxScorePos + 1, score: maxScore)
            }
        }
    }

    /// The first index of `pattern[0]` when the whole pattern occurs in order, else nil.
    static func subsequenceStart(_ units: UnsafeBufferPointer<UInt32>, _ pattern: [UInt32]) -> Int? {
        var p = 0
        var first = -1
        for i in 0..<units.count where units[i] == pattern[p] {
            if p == 0 { first = i }
            p += 1
            if p == pattern.count { return first }
        }
        return nil
    }

    /// fzf's V1: the leftmost greedy occurrence, shortened from its end, scored like V2.
    func greedy(_ text: UnitText, _ pattern: [UInt32], forward: Bool, positions: UnsafeMutablePointer<[Int]>?) -> TermMatch? {
        let n = text.count, m = pattern.count
        func at(_ i: Int, _ count: Int) -> Int { forward ? i : count - i - 1 }
        var pidx = 0, sidx = -1, eidx = -1
        for index in 0..<n where text.units[at(index, n)] == pattern[at(pidx, m)] {
            if sidx < 0 { sidx = index }
            pidx += 1
            if pidx == m {
                eidx = index + 1
                break
            }
        }
        guard sidx >= 0, eidx >= 0 else { return nil }
        pidx -= 1
        var index = eidx - 1
        while index >= sidx {
            if text.units[at(index, n)] == pattern[at(pidx, m)] {
                pidx -= 1
                if pidx < 0 {
                    sidx = index
                    break
                }
            }
            index -= 1
        }
        if !forward { (sidx, eidx) = (n - eidx, n - sidx) }
        let score = Self.score(text, pattern, sidx, eidx, positions: positions)
        return TermMatch(start: sidx, end: eidx, score: score)
    }

    /// fzf's `calculateScore`: the score of matching `pattern` in order within `sidx..<eidx`.
    static func score(_ text: UnitText, _ pattern: [UInt32], _ sidx: Int, _ eidx: Int, positions: UnsafeMutablePointer<[Int]>?) -> Int32 {
        var pidx = 0
        var score: Int32 = 0
        var inGap = false
        var consecutive = 0
        var firstBonus: Int16 = 0
        var prevClass = sidx > 0 ? Int(text.classes[sidx - 1]) : Int(CharacterClass.white.rawValue)
        let bonusTable = FilterScore.table
        for idx in sidx..<eidx {
            let cls = Int(text.classes[idx])
            if pidx < pattern.count && text.units[idx] == pattern[pidx] {
                positions?.pointee.append(idx)
                score += Int32(FilterScore.match)
                var bonus = bonusTable[prevClass * 8 + cls]
                if consecutive == 0 {
                    firstBonus = bonus
                } else {
                    if bonus >= FilterScore.boundary && bonus > firstBonus { firstBonus = bonus }
                    bonus = max(max(bonus, firstBonus), FilterScore.consecutive)
                }
                score += Int32(pidx == 0 ? bonus * FilterScore.firstCharMultiplier : bonus)
                inGap = false
                consecutive += 1
                pidx += 1
            } else {
                score += Int32(inGap ? FilterScore.gapExtension : FilterScore.gapStart)
                inGap = true
                consecutive = 0
                firstBonus = 0
            }
            prevClass = cls
        }
        return score
    }

    /// fzf's `ExactMatchNaive`: the occurrence whose first character has the best bonus (the
    /// first one at a word boundary wins). With `wordStart`, only occurrences that start a word
    /// (the text's start, or after a character that is not a letter or digit) count.
    static func exact(_ text: UnitText, _ pattern: [UInt32], forward: Bool, wordStart: Bool = false) -> TermMatch? {
        let n = text.count, m = pattern.count
        if m == 0 { return TermMatch(start: 0, end: 0, score: 0) }
        if n < m { return nil }
        var pidx = 0
        var bestPos = -1
        var bonus: Int16 = 0
        var bestBonus: Int16 = -1
        var index = 0
        while index < n {
            let index_ = forward ? index : n - index - 1
            let pidx_ = forward ? pidx : m - pidx - 1
            if pattern[pidx_] == text.units[index_] {
                if pidx_ == 0 { bonus = text.bonus(at: index_) }
                pidx += 1
                if pidx == m {
                    let start = forward ? index - m + 1 : n - index - 1
                    let startsWord = !wordStart || start == 0
                        || text.classes[start - 1] <= CharacterClass.delimiter.rawValue
                    if startsWord && bonus > bestBonus {
                        bestPos = index
                        bestBonus = bonus
                    }
                    if startsWord && bonus >= FilterScore.boundary { break }
                    index -= pidx - 1
                    pidx = 0
                    bonus = 0
                }
            } else {
                index -= pidx
                pidx = 0
                bonus = 0
            }
            index += 1
        }
        guard bestPos >= 0 else { return nil }
        let sidx = forward ? bestPos - m + 1 : n - (bestPos + 1)
        let eidx = forward ? bestPos + 1 : n - (bestPos - m + 1)
        return TermMatch(start: sidx, end: eidx, score: score(text, pattern, sidx, eidx, positions: nil))
    }

    /// fzf's `PrefixMatch`: the pattern at the start, after leading blanks (unless it starts with one).
    static func prefix(_ text: UnitText, _ pattern: [UInt32]) -> TermMatch? {
        let m = pattern.count
        if m == 0 { return TermMatch(start: 0, end: 0, score: 0) }
        let trimmed = isBlank(pattern[0]) ? 0 : leadingBlanks(text)
        guard text.count - trimmed >= m else { return nil }
        for i in 0..<m where text.units[trimmed + i] != pattern[i] { return nil }
        return TermMatch(start: trimmed, end: trimmed + m, score: score(text, pattern, trimmed, trimmed + m, positions: nil))
    }

    /// fzf's `SuffixMatch`: the pattern at the end, before trailing blanks (unless it ends with one).
    static func suffix(_ text: UnitText, _ pattern: [UInt32]) -> TermMatch? {
        let m = pattern.count
        var trimmed = text.count
        if m == 0 || !isBlank(pattern[m - 1]) { trimmed -= trailingBlanks(text) }
        if m == 0 { return TermMatch(start: trimmed, end: trimmed, score: 0) }
        let diff = trimmed - m
        guard diff >= 0 else { return nil }
        for i in 0..<m where text.units[diff + i] != pattern[i] { return nil }
        return TermMatch(start: diff, end: trimmed, score: score(text, pattern, diff, trimmed, positions: nil))
    }

    /// fzf's `EqualMatch`: the whole text, leading and trailing blanks aside.
    static func equal(_ text: UnitText, _ pattern: [UInt32]) -> TermMatch? {
        let m = pattern.count
        if m == 0 { return nil }
        let lead = isBlank(pattern[0]) ? 0 : leadingBlanks(text)
        let trail = isBlank(pattern[m - 1]) ? 0 : trailingBlanks(text)
        guard text.count - lead - trail == m else { return nil }
        for i in 0..<m where text.units[lead + i] != pattern[i] { return nil }
        let white = Int32(FilterScore.boundaryWhite)
        let score = (Int32(FilterScore.match) + white) * Int32(m) + Int32(FilterScore.firstCharMultiplier - 1) * white
        return TermMatch(start: lead, end: lead + m, score: score)
    }

    static func isBlank(_ unit: UInt32) -> Bool { CharacterClass.of(unit) == .white }

    static func leadingBlanks(_ text: UnitText) -> Int {
        var i = 0
        while i < text.count && text.isWhite(i) { i += 1 }
        return i
    }

    static func trailingBlanks(_ text: UnitText) -> Int {
        var i = 0
        while i < text.count && text.isWhite(text.count - 1 - i) { i += 1 }
        return i
    }
}
