@testable import SearchBarCore
import Testing

/// ``LeadRanges``: the split of two-byte leads into balanced ranges that the parallel byte sort
/// and the builder's vocabulary merge use.
@Suite("Storage: lead ranges")
struct LeadRangesTests {
    /// The table is the one a walk of every lead makes (each lead takes the range current before
    /// its own count is added; a range starts after the lead whose count passes its share), on
    /// histograms empty, sparse (a batch's words: few distinct leads) and dense, for one range
    /// and for many.
    @Test func tableIsTheWalkOfEveryLead() {
        var random = SplitMix(seed: 23)
        let size = 1 << 16
        let shapes: [(String, () -> [Int])] = [
            ("empty", { [Int](repeating: 0, count: size) }),
            ("lead 0 only", { var h = [Int](repeating: 0, count: size); h[0] = 40; return h }),
            ("sparse", {
                var h = [Int](repeating: 0, count: size)
                for _ in 0..<300 { h[random.next(below: size)] += 1 + random.next(below: 200) }
                return h
            }),
            ("one heavy lead", {
                var h = [Int](repeating: 0, count: size)
                h[0x6162] = 10_000
                for _ in 0..<20 { h[random.next(below: size)] += 1 }
                return h
            }),
            ("dense", { (0..<size).map { _ in random.next(below: 3) } }),
        ]
        for (name, make) in shapes {
            let histogram = make()
            let total = histogram.reduce(0, +)
            for ranges in [1, 2, 16, 200, 256] {
                var expected = [UInt8](repeating: 0, count: size)
                var seen = 0
                var range = 0
                for value in 0..<size {
                    expected[value] = UInt8(range)
                    seen += histogram[value]
                    while range < ranges - 1 && seen * ranges >= (range + 1) * total { range += 1 }
                }
                #expect(LeadRanges.table(histogram: histogram, total: total, ranges: ranges) == expected, "\(name), \(ranges) ranges")
            }
        }
    }
}
