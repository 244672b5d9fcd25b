/// Splitting byte strings into contiguous ranges of their first two bytes (the "lead"), balanced
/// on a histogram: strings of range k all sort before those of range k + 1, so ranges sorted
/// separately and laid end to end are sorted. Used by the parallel byte sort and the parallel
/// vocabulary merge.
enum LeadRanges {
    /// The first two bytes of `text`, big-endian, zero-padded: byte order never decreases it.
    @inline(__always)
    static func lead(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        (text.count > 0 ? Int(text[0]) << 8 : 0) | (text.count > 1 ? Int(text[1]) : 0)
    }

    /// The range of every lead: consecutive leads, cut where the count so far passes the next
    /// multiple of `total / ranges`.
    static func table(histogram: [Int], total: Int, ranges: Int) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 1 << 16)
        var seen = 0
        var range = 0
        for value in 0..<(1 << 16) {
            table[value] = UInt8(truncatingIfNeeded: range)
            seen += histogram[value]
            while range < ranges - 1 && seen * ranges >= (range + 1) * total { range += 1 }
        }
        return table
    }
}
