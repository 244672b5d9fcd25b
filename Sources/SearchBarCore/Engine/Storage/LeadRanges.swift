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
    /// multiple of `total / ranges`. The count changes only at leads that occur, so only those
    /// (and lead 0) are looked at, and each range's leads are filled at once.
    static func table(histogram: [Int], total: Int, ranges: Int) -> [UInt8] {
        let size = 1 << 16
        return [UInt8].uninitialized(capacity: size) { table, initialized in
            histogram.withUnsafeBufferPointer { histogram in
                var seen = 0
                var range = 0
                var start = 0
                for value in 0..<size {
                    let count = histogram[value]
                    if count == 0 && value != 0 { continue }
                    seen += count
                    while range < ranges - 1 && seen * ranges >= (range + 1) * total {
                        // Leads up to this one keep the current range; the next starts after it.
                        table.baseAddress!.advanced(by: start).initialize(
                            repeating: UInt8(truncatingIfNeeded: range), count: value + 1 - start)
                        start = value + 1
                        range += 1
                    }
                }
                table.baseAddress!.advanced(by: start).initialize(
                    repeating: UInt8(truncatingIfNeeded: range), count: size - start)
            }
            initialized = size
        }
    }
}
