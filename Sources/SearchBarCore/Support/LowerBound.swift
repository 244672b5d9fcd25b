/// The first index of `range` for which `isBelow` is false, where `isBelow` is true on a prefix
/// of the range and false after it (a binary search over a sorted order; `range.upperBound`
/// when it is true everywhere).
@inline(__always)
func lowerBound(in range: Range<Int>, where isBelow: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
        let middle = low + (high - low) / 2
        if isBelow(middle) { low = middle + 1 } else { high = middle }
    }
    return low
}
