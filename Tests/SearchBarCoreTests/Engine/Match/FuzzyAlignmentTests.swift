import Testing

@testable import SearchBarCore

/// The optimal fuzzy placement against fzf's own alignment cases (algo_test.go), with the
/// expected scores worked out by hand from the constants: match 16, gap start -3, extension -1,
/// boundary after a space 10, after a delimiter 9, after other punctuation 8, letter-to-digit 7,
/// consecutive 4, first character doubled, and ours: 4 for ending at a boundary. The texts are
/// folded (lower case), so fzf's camelCase cases do not apply.
@Suite("Engine: fuzzy alignment")
struct FuzzyAlignmentTests {
    /// The best placement's score and positions.
    private func best(_ pattern: String, _ text: String) -> (score: Int, positions: [Int])? {
        let p = Array(pattern.utf8)
        let t = Array(text.utf8)
        var positions: [Int] = []
        let score = p.withUnsafeBufferPointer { pb in
            t.withUnsafeBufferPointer { tb in FuzzyAlignment.best(pb, in: tb, positions: &positions) }
        }
        if let score { #expect(score.span == positions[0]..<(positions[positions.count - 1] + 1)) }
        // The score-only program (two rows, no positions) agrees on the score and the span.
        let alone = p.withUnsafeBufferPointer { pb in t.withUnsafeBufferPointer { tb in FuzzyAlignment.best(pb, in: tb) } }
        #expect(alone?.score == score?.score && alone?.span == score?.span, "\(pattern) in \(text)")
        return score.map { ($0.score, positions) }
    }

    /// The greedy placement's score (fzf's v1).
    private func greedy(_ pattern: String, _ text: String) -> Int? {
        let p = Array(pattern.utf8)
        let t = Array(text.utf8)
        return p.withUnsafeBufferPointer { pb in
            t.withUnsafeBufferPointer { tb in
                FuzzyScorer.window(pb, in: tb).map { FuzzyScorer.score(pb, in: tb, window: $0) }
            }
        }
    }

    /// The score of one placement, computed from the rules directly (the reference for the
    /// dynamic program).
    private func reference(_ pattern: [UInt8], _ text: [UInt8], _ positions: [Int]) -> Int {
        func bonus(_ i: Int) -> Int {
            FuzzyScorer.bonus(i > 0 ? FuzzyScorer.charClass(text[i - 1]) : .white, FuzzyScorer.charClass(text[i]))
        }
        var total = 0
        var run = 0
        for (k, i) in positions.enumerated() {
            var b = bonus(i)
            if k > 0 && positions[k - 1] == i - 1 {
                if b >= FuzzyScorer.bonusBoundary && b > run { run = b }
                b = max(b, run, FuzzyScorer.bonusConsecutive)
            } else {
                run = b
                if k > 0 {
                    total += FuzzyScorer.gapStart + (i - positions[k - 1] - 2) * FuzzyScorer.gapExtension
                }
            }
            total += FuzzyScorer.scoreMatch + (k == 0 ? b * FuzzyScorer.firstCharMultiplier : b)
        }
        let last = positions[positions.count - 1]
        let ends = last + 1 == text.count || FuzzyScorer.charClass(text[last + 1]) < .letter
        return total + (ends ? FuzzyScorer.bonusBoundaryEnd : 0)
    }

    /// Every placement of `pattern` in `text` (small inputs only).
    private func placements(_ pattern: [UInt8], _ text: [UInt8]) -> [[Int]] {
        var found: [[Int]] = []
        func extend(_ prefix: [Int], _ from: Int) {
            if prefix.count == pattern.count {
                found.append(prefix)
                return
            }
            for i in from..<text.count where text[i] == pattern[prefix.count] { extend(prefix + [i], i + 1) }
        }
        extend([], 0)
        return found
    }

    @Test func xfooPlacesTheRunAfterThePunctuation() throws {
        let found = try #require(best("xfoo", "xf.foo"))
        // x at the start (16 + 2 × 10), a gap of two (-4), f after '.' (16 + 8), o o in its run
        // (2 × (16 + 8)), the end of the text (+4).
        #expect(found.positions == [0, 3, 4, 5])
        #expect(found.score == 108)
        // The greedy placement, x f + o o: 36 + 26 - 4 + 16 + 20 + 4.
        #expect(greedy("xfoo", "xf.foo") == 98)
    }

    @Test("fzf's boundary cases", arguments: [
        // pattern, text, positions, score
        ("fbb", "foo bar baz", [0, 4, 8], 48 + 20 + 20 - 6 - 4),
        ("fbb", "foo/bar/baz", [0, 4, 8], 48 + 20 + 18 - 6 - 4),
        ("fbb", "foo barbaz", [0, 4, 7], 48 + 20 + 10 - 6 - 3),
        ("zshc", "/man1/zshcompctl.1", [6, 7, 8, 9], 64 + 18 + 27),
        ("zshc", "/.oh-my-zsh/cache", [8, 9, 10, 12], 64 + 16 + 16 - 3 + 9),
        ("12356", "ab0123 456", [3, 4, 5, 8, 9], 80 + 12 - 3 - 1 + 4),
        ("12356", "abc123 456", [3, 4, 5, 8, 9], 80 + 14 + 14 + 4 - 3 - 1 + 4),
        ("foob", "foobar baz", [0, 1, 2, 3], 64 + 20 + 30),
    ])
    func fzfCases(pattern: String, text: String, positions: [Int], score: Int) throws {
        let found = try #require(best(pattern, text))
        #expect(found.positions == positions)
        #expect(found.score == score)
        #expect(found.score == reference(Array(pattern.utf8), Array(text.utf8), positions))
    }

    @Test func notASubsequence() {
        #expect(best("abc", "acb") == nil)
        #expect(best("abcd", "abc") == nil)
        #expect(best("", "abc") == nil)
    }

    @Test func aCharacterIsNeverSplit() throws {
        // "é" is C3 A9, "è" is C3 A8: the lead byte of "è" at the start would score more (a
        // doubled start bonus) than the whole "é" after a letter, but it is not an "é".
        let found = try #require(best("é", "èxé"))
        #expect(found.positions == [3, 4])
    }

    @Test func longTextsKeepTheGreedyPlacement() {
        let text = "x" + String(repeating: "y", count: FuzzyAlignment.maxCells) + "f.foo"
        #expect(best("xfoo", text) == nil)
        #expect(greedy("xfoo", text) != nil)
    }

    /// On random short texts the program finds a placement that scores what it reports, never
    /// below the greedy one, and as high as the best of all placements.
    @Test func matchesExhaustiveSearch() throws {
        var random = SplitMix(seed: 31)
        let alphabet = Array("ab_ -/.1".utf8)
        for _ in 0..<3000 {
            let text = (0..<(3 + random.next(below: 9))).map { _ in alphabet[random.next(below: alphabet.count)] }
            var pattern: [UInt8] = []
            for b in text where random.next(below: 3) == 0 { pattern.append(b) }
            guard !pattern.isEmpty else { continue }
            let p = String(decoding: pattern, as: UTF8.self)
            let t = String(decoding: text, as: UTF8.self)
            let found = try #require(best(p, t))
            #expect(found.score == reference(pattern, text, found.positions), "\(p) in \(t)")
            #expect(found.score >= (greedy(p, t) ?? .max), "\(p) in \(t)")
            let exhaustive = placements(pattern, text).map { reference(pattern, text, $0) }.max()
            #expect(found.score == exhaustive, "\(p) in \(t)")
            // Asked for a score it reaches, the program gives the same answer; asked for more,
            // it gives up (nil), whether it stops early or not.
            let pb = Array(p.utf8)
            let tb = Array(t.utf8)
            pb.withUnsafeBufferPointer { pattern in
                tb.withUnsafeBufferPointer { text in
                    let reached = FuzzyAlignment.best(pattern, in: text, reaching: found.score)
                    #expect(reached?.score == found.score, "\(p) in \(t)")
                    #expect(FuzzyAlignment.best(pattern, in: text, reaching: found.score + 1) == nil, "\(p) in \(t)")
                }
            }
        }
    }
}
