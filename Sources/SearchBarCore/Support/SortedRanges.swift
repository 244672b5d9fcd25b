/// Operations on lists of integer ranges kept ascending and disjoint (blocks of terms, byte
/// ranges of highlights).
enum SortedRanges {
    /// `ranges` united: ascending, disjoint, none empty, overlapping or touching ones joined.
    static func union(_ ranges: [Range<Int>]) -> [Range<Int>] {
        if isAscendingAndApart(ranges) { return ranges }
        var result: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// True when `ranges` is already its own union: none empty, each starting after the previous
    /// one ends (the common case of a highlight or a term block list, which then costs no copy).
    private static func isAscendingAndApart(_ ranges: [Range<Int>]) -> Bool {
        var end = Int.min
        for range in ranges {
            guard !range.isEmpty, range.lowerBound > end else { return false }
            end = range.upperBound
        }
        return true
    }

    /// The parts of `ranges` outside `taken` (both ascending and disjoint).
    static func subtract(_ taken: [Range<Int>], from ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var k = 0
        for range in ranges {
            var low = range.lowerBound
            while k < taken.count && taken[k].upperBound <= low { k += 1 }
            var j = k
            while low < range.upperBound {
                guard j < taken.count, taken[j].lowerBound < range.upperBound else {
                    result.append(low..<range.upperBound)
                    break
                }
                if taken[j].lowerBound > low { result.append(low..<taken[j].lowerBound) }
                low = max(low, taken[j].upperBound)
                j += 1
            }
        }
        return result
    }
}
