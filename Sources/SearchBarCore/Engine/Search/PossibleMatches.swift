/// The items of a scan that may match, in ascending order, each with whether its ceiling is
/// the plan's lowest (``LowCeilings``, read once per 64 items): what
/// ``SearchRun/Examiner`` walks when the plan has ``MatchPlan/lowCeilings``.
protocol PossibleMatches {
    /// The next item that may match, or nil at the end.
    mutating func next() -> (item: Int, lowCeiling: Bool)?
}

/// ``PossibleMatches`` of a range of every item of a segment: only the items of a block that
/// may match are visited, by their bits, so the items a word's bytes rule out cost nothing
/// each (a dense query such as `mede` or `кош` would spend its scan stepping over them).
struct PossibleMatchesInRange: PossibleMatches {
    private let lowCeilings: (Int) -> LowCeilings
    private let end: Int
    /// The first item not read yet.
    private var unread: Int
    /// The first item of the current block, its items left to visit, and its low ceilings.
    private var first = 0
    private var left: UInt64 = 0
    private var low: UInt64 = 0

    /// The items of `range` that `lowCeilings` (per block of 64) lets through.
    init(_ range: Range<Int>, _ lowCeilings: @escaping (Int) -> LowCeilings) {
        self.lowCeilings = lowCeilings
        end = range.upperBound
        unread = range.lowerBound
    }

    @inline(__always) mutating func next() -> (item: Int, lowCeiling: Bool)? {
        while left == 0 {
            guard unread < end else { return nil }
            first = unread & ~63
            let blockEnd = min(first + 64, end)
            let known = lowCeilings(first >> 6)
            // The bits of items unread..<blockEnd of the block.
            let width = blockEnd - unread
            let inRange = (width == 64 ? UInt64.max : (UInt64(1) << UInt64(width)) - 1) << UInt64(unread - first)
            left = ~known.none & inRange
            low = known.low
            unread = blockEnd
        }
        let bit = UInt64(left.trailingZeroBitCount)
        left &= left - 1
        return (first + Int(bit), low & (1 << bit) != 0)
    }
}

/// ``PossibleMatches`` of a list of candidates, `item(k)` for `k` in a range (ascending): each
/// block's low ceilings are read when the list enters it.
struct PossibleMatchesInList: PossibleMatches {
    private let lowCeilings: (Int) -> LowCeilings
    private let item: (Int) -> Int
    private var k: Int
    private let end: Int
    private var block = -1
    private var known = LowCeilings(none: 0, low: 0)

    /// The items `item(k)` for `k` in `range` that `lowCeilings` lets through.
    init(_ range: Range<Int>, _ lowCeilings: @escaping (Int) -> LowCeilings, through item: @escaping (Int) -> Int) {
        self.lowCeilings = lowCeilings
        self.item = item
        k = range.lowerBound
        end = range.upperBound
    }

    @inline(__always) mutating func next() -> (item: Int, lowCeiling: Bool)? {
        while k < end {
            let i = item(k)
            k += 1
            if i >> 6 != block {
                block = i >> 6
                known = lowCeilings(block)
            }
            let bit = UInt64(1) << UInt64(i & 63)
            if known.none & bit != 0 { continue }
            return (i, known.low & bit != 0)
        }
        return nil
    }
}
