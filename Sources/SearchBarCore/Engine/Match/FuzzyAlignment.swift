import Glibc

/// The best-scoring placement of a fuzzy pattern in a folded text, as fzf's v2 and nucleo find
/// it: a Smith-Waterman-like dynamic program over the text's bytes, scored exactly as
/// ``FuzzyScorer/score(_:in:window:positions:)`` scores one placement (match score, per-position
/// bonuses, consecutive runs that keep their first bonus, gap start and extension penalties,
/// the doubled first character and the bonus for ending at a boundary).
///
/// The greedy placement (``FuzzyScorer/window(_:in:)``) takes the first match it meets: `xfoo`
/// on `xf.foo` becomes `xf`+`oo`, where the best placement is `x`+`foo` (a word start and a run
/// of three). The program is bounded: each pattern byte can only sit between its earliest
/// (greedy forward) and its latest (greedy backward) position, and above ``maxCells`` cells the
/// caller keeps the greedy placement, as fzf falls back to its v1 above a size.
enum FuzzyAlignment {
    /// The most cells (pattern bytes × text bytes between the first possible start and the last
    /// possible end) the program fills; larger texts keep the greedy placement.
    static let maxCells = 16_384

    /// A score no placement reaches (far from overflow when penalties are added to it).
    private static let unreachable: Int32 = -1_000_000_000
    /// Scores above this are reachable.
    private static let reachable: Int32 = unreachable / 2

    /// The best score of `pattern` as a subsequence of `text`, the span from its first matched
    /// byte to one past its last, and its positions appended to `positions` (ascending) when
    /// asked; nil when `pattern` is not a subsequence of `text`,
    /// or when the program would exceed ``maxCells`` (then the caller scores the greedy window).
    ///
    /// A UTF-8 continuation byte of the pattern only ever follows its lead byte directly, so a
    /// character is never split over two places.
    ///
    /// - Parameter minimum: without `positions`, the score that matters: the program stops (and
    ///   answers nil) as soon as no placement can reach it, from the rows filled so far and the
    ///   best every later pattern byte can add (``bestPerByte``), and answers nil for a best
    ///   score below it in any case. A caller that only needs
    ///   placements at or above a score (one that can still enter a full selection, or beat a
    ///   placement it has) so skips the rest of the program for most texts.
    /// - Parameter known: the earliest placement (``FuzzyScorer/forward(_:in:into:)``) when the
    ///   caller has it.
    static func best(
        _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, reaching minimum: Int = Int.min,
        earliest known: UnsafePointer<Int>? = nil, camel: UnsafeBufferPointer<Int32> = FuzzyScorer.noMarks,
        positions: UnsafeMutablePointer<[Int]>? = nil
    ) -> (score: Int, span: Range<Int>)? {
        let m = pattern.count
        guard m > 0, text.count >= m else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * m) { bounds -> (score: Int, span: Range<Int>)? in
            let earliest = bounds.baseAddress!
            let latest = earliest + m
            // Earliest position of each pattern byte (the greedy forward match).
            if let known {
                earliest.update(from: known, count: m)
            } else if !FuzzyScorer.forward(pattern, in: text, into: earliest) {
                return nil
            }
            // Latest position of each pattern byte (the greedy backward match); it exists, since
            // the forward match does.
            var k = m - 1
            var j = text.count - 1
            while k >= 0 {
                if text[j] == pattern[k] {
                    latest[k] = j
                    k -= 1
                }
                j -= 1
            }
            let lo = earliest[0]
            let n = latest[m - 1] + 1 - lo
            guard n * m <= maxCells else { return nil }
            if positions == nil {
                return rows(
                    pattern, text, lo: lo, n: n, earliest: earliest, latest: latest, camel: camel, minimum: minimum)
            }
            return fill(
                pattern, text, lo: lo, n: n, earliest: earliest, latest: latest, camel: camel, positions: positions)
        }
    }

    /// The most one pattern byte after the first can add to a placement's score: a match with
    /// the best bonus (a camelCase or digit bonus is smaller). The end bonus comes once.
    static let bestPerByte = FuzzyScorer.scoreMatch + FuzzyScorer.bonusBoundaryWhite

    /// True when a row whose best cell is `rowBest`, with `left` pattern bytes after it, cannot
    /// lead to a score of `minimum` (adding the most each byte and the end can add).
    @inline(__always)
    private static func cannotReach(_ minimum: Int, rowBest: Int32, left: Int) -> Bool {
        Int(rowBest) + left * bestPerByte + FuzzyScorer.bonusBoundaryEnd < minimum
    }

    /// The same program without positions: two rows at a time, each cell keeping the column
    /// where its placement starts instead of where it came from; nil as soon as no placement
    /// can reach `minimum`.
    private static func rows(
        _ pattern: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, lo: Int, n: Int,
        earliest: UnsafeMutablePointer<Int>, latest: UnsafeMutablePointer<Int>, camel: UnsafeBufferPointer<Int32>,
        minimum: Int
    ) -> (score: Int, span: Range<Int>)? {
        let m = pattern.count
        return withUnsafeTemporaryAllocation(byteCount: n * 17, alignment: 4) { block -> (score: Int, span: Range<Int>)? in
            let raw = block.baseAddress!
            var above = raw.bindMemory(to: Int32.self, capacity: n)
            var current = (raw + n * 4).bindMemory(to: Int32.self, capacity: n)
            var aboveStart = (raw + n * 8).bindMemory(to: Int32.self, capacity: n)
            var currentStart = (raw + n * 12).bindMemory(to: Int32.self, capacity: n)
            var aboveRun = (raw + n * 16).bindMemory(to: Int8.self, capacity: n)
            // The other row of run bonuses and the per-column bonuses: one more block.
            return withUnsafeTemporaryAllocation(of: Int8.self, capacity: 2 * n) { bytes -> (score: Int, span: Range<Int>)? in
                var currentRun = bytes.baseAddress!
                let bonus = currentRun + n
                columnBonuses(text, lo: lo, n: n, camel: camel, into: bonus)
                let match = Int32(FuzzyScorer.scoreMatch)
                var rowBest = unreachable
                for c in (earliest[0] - lo)...(latest[0] - lo) {
                    if text[lo + c] == pattern[0] {
                        above[c] = match + Int32(bonus[c]) * Int32(FuzzyScorer.firstCharMultiplier)
                        aboveRun[c] = bonus[c]
                        aboveStart[c] = Int32(c)
                        rowBest = max(rowBest, above[c])
                    } else {
                        above[c] = unreachable
                    }
                }
                if cannotReach(minimum, rowBest: rowBest, left: m - 1) { return nil }
                for k in 1..<m {
                    let aboveLow = earliest[k - 1] - lo
                    let aboveHigh = latest[k - 1] - lo
                    let low = earliest[k] - lo
                    let high = latest[k] - lo
                    let continuation = pattern[k] & 0xC0 == 0x80
                    var gapBest = unreachable
                    var gapStart: Int32 = 0
                    rowBest = unreachable
                    for c in (aboveLow + 1)...high {
                        if gapBest > reachable { gapBest += Int32(FuzzyScorer.gapExtension) }
                        let back = c - 2
                        if back >= aboveLow && back <= aboveHigh && above[back] > reachable {
                            let opened = above[back] + Int32(FuzzyScorer.gapStart)
                            if opened >= gapBest {
                                gapBest = opened
                                gapStart = aboveStart[back]
                            }
                        }
                        guard c >= low else { continue }
                        var best = unreachable
                        var bestRun: Int8 = 0
                        var bestStart: Int32 = 0
                        if text[lo + c] == pattern[k] {
                            let b = bonus[c]
                            let diagonal = c - 1
                            if diagonal <= aboveHigh && above[diagonal] > reachable {
                                var run = aboveRun[diagonal]
                                if b >= Int8(FuzzyScorer.bonusBoundary) && b > run { run = b }
                                best = above[diagonal] + match + Int32(max(b, run, Int8(FuzzyScorer.bonusConsecutive)))
                                bestRun = run
                                bestStart = aboveStart[diagonal]
                            }
                            if !continuation && gapBest > reachable && gapBest + match + Int32(b) > best {
                                best = gapBest + match + Int32(b)
                                bestRun = b
                                bestStart = gapStart
                            }
                        }
                        current[c] = best
                        currentRun[c] = bestRun
                        currentStart[c] = bestStart
                        rowBest = max(rowBest, best)
                    }
                    if cannotReach(minimum, rowBest: rowBest, left: m - 1 - k) { return nil }
                    swap(&above, &current)
                    swap(&aboveStart, &currentStart)
                    swap(&aboveRun, &currentRun)
                }
                var bestScore = unreachable
                var bestEnd = -1
                for c in (earliest[m - 1] - lo)...(latest[m - 1] - lo) where above[c] > reachable {
                    let total = above[c] + Int32(FuzzyScorer.endBonus(text, after: lo + c))
                    if total > bestScore {
                        bestScore = total
                        bestEnd = c
                    }
                }
                guard bestEnd >= 0, Int(bestScore) >= minimum else { return nil }
                return (Int(bestScore), (lo + Int(aboveStart[bestEnd]))..<(lo + bestEnd + 1))
            }
        }
    }

    /// The program over columns `lo..<lo + n` of `text`.
    private static func fill(
        _ pattern: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, lo: Int, n: Int,
        earliest: UnsafeMutablePointer<Int>, latest: UnsafeMutablePointer<Int>, camel: UnsafeBufferPointer<Int32>,
        positions: UnsafeMutablePointer<[Int]>?
    ) -> (score: Int, span: Range<Int>)? {
        let m = pattern.count
        let cells = m * n
        // Per cell (row k = pattern byte, column c = text byte lo + c): the best score of the
        // pattern's first k + 1 bytes with byte k at column c (`score`), the first bonus of the
        // run of consecutive matches it ends (`runBonus`), and where byte k - 1 sat (`from`:
        // -1 for the column before, as part of the run).
        // One block for the four arrays: on the stack when it is small.
        return withUnsafeTemporaryAllocation(byteCount: cells * 9 + n, alignment: 4) { block -> (score: Int, span: Range<Int>)? in
            let raw = block.baseAddress!
            let score = raw.bindMemory(to: Int32.self, capacity: cells)
            let from = (raw + cells * 4).bindMemory(to: Int32.self, capacity: cells)
            let runBonus = (raw + cells * 8).bindMemory(to: Int8.self, capacity: cells)
            let bonus = (raw + cells * 9).bindMemory(to: Int8.self, capacity: n)
            columnBonuses(text, lo: lo, n: n, camel: camel, into: bonus)
            return program(
                pattern, text, lo: lo, n: n, earliest: earliest, latest: latest, positions: positions,
                score: score, from: from, runBonus: runBonus, bonus: bonus)
        }
    }

    /// The boundary bonus of each of the `n` columns from `lo`: what a match at that byte earns
    /// for the character class change before it, or at a camelCase mark (`camel`, ascending).
    private static func columnBonuses(
        _ text: UnsafeBufferPointer<UInt8>, lo: Int, n: Int, camel: UnsafeBufferPointer<Int32>,
        into bonus: UnsafeMutablePointer<Int8>
    ) {
        var previous = lo > 0 ? FuzzyScorer.charClass(text[lo - 1]) : .white
        for c in 0..<n {
            let current = FuzzyScorer.charClass(text[lo + c])
            bonus[c] = Int8(FuzzyScorer.bonus(previous, current))
            previous = current
        }
        for mark in camel where Int(mark) >= lo && Int(mark) < lo + n {
            bonus[Int(mark) - lo] = max(bonus[Int(mark) - lo], Int8(FuzzyScorer.bonusCamel))
        }
    }

    /// ``fill``'s work on its arrays.
    private static func program(
        _ pattern: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, lo: Int, n: Int,
        earliest: UnsafeMutablePointer<Int>, latest: UnsafeMutablePointer<Int>,
        positions: UnsafeMutablePointer<[Int]>?, score: UnsafeMutablePointer<Int32>,
        from: UnsafeMutablePointer<Int32>, runBonus: UnsafeMutablePointer<Int8>, bonus: UnsafeMutablePointer<Int8>
    ) -> (score: Int, span: Range<Int>)? {
        let m = pattern.count
        let match = Int32(FuzzyScorer.scoreMatch)
        let gapStart = Int32(FuzzyScorer.gapStart)
        let gapExtension = Int32(FuzzyScorer.gapExtension)
        let boundary = Int8(FuzzyScorer.bonusBoundary)
        let consecutive = Int8(FuzzyScorer.bonusConsecutive)

        // Row 0: the first byte, its bonus doubled.
        for c in (earliest[0] - lo)...(latest[0] - lo) {
            if text[lo + c] == pattern[0] {
                score[c] = match + Int32(bonus[c]) * Int32(FuzzyScorer.firstCharMultiplier)
                runBonus[c] = bonus[c]
                from[c] = -2
            } else {
                score[c] = unreachable
            }
        }
        for k in 1..<m {
            let row = k * n
            let above = row - n
            let aboveLow = earliest[k - 1] - lo
            let aboveHigh = latest[k - 1] - lo
            let low = earliest[k] - lo
            let high = latest[k] - lo
            let continuation = pattern[k] & 0xC0 == 0x80
            // The best score with byte k - 1 at least two columns back and a gap up to c - 1.
            var gapBest = unreachable
            var gapFrom: Int32 = -3
            for c in (aboveLow + 1)...high {
                if gapBest > reachable { gapBest += gapExtension }
                let back = c - 2
                if back >= aboveLow && back <= aboveHigh && score[above + back] > reachable {
                    let opened = score[above + back] + gapStart
                    if opened >= gapBest {
                        gapBest = opened
                        gapFrom = Int32(back)
                    }
                }
                guard c >= low else { continue }
                var best = unreachable
                var bestRun: Int8 = 0
                var bestFrom: Int32 = -3
                if text[lo + c] == pattern[k] {
                    let b = bonus[c]
                    let diagonal = c - 1
                    if diagonal <= aboveHigh && score[above + diagonal] > reachable {
                        var run = runBonus[above + diagonal]
                        if b >= boundary && b > run { run = b }
                        best = score[above + diagonal] + match + Int32(max(b, run, consecutive))
                        bestRun = run
                        bestFrom = -1
                    }
                    if !continuation && gapBest > reachable && gapBest + match + Int32(b) > best {
                        best = gapBest + match + Int32(b)
                        bestRun = b
                        bestFrom = gapFrom
                    }
                }
                score[row + c] = best
                runBonus[row + c] = bestRun
                from[row + c] = bestFrom
            }
        }
        // The last byte: the best end, the earliest on a tie.
        let lastRow = (m - 1) * n
        var bestScore = unreachable
        var bestEnd = -1
        for c in (earliest[m - 1] - lo)...(latest[m - 1] - lo) where score[lastRow + c] > reachable {
            let total = score[lastRow + c] + Int32(FuzzyScorer.endBonus(text, after: lo + c))
            if total > bestScore {
                bestScore = total
                bestEnd = c
            }
        }
        guard bestEnd >= 0 else { return nil }
        // Back from the end to the first byte (m steps), keeping the positions when asked.
        var c = bestEnd
        var placed = positions == nil ? [] : [Int](repeating: 0, count: m)
        for k in stride(from: m - 1, through: 0, by: -1) {
            if positions != nil { placed[k] = lo + c }
            if k == 0 { break }
            let back = from[k * n + c]
            c = back == -1 ? c - 1 : Int(back)
        }
        positions?.pointee.append(contentsOf: placed)
        return (Int(bestScore), (lo + c)..<(lo + bestEnd + 1))
    }
}
