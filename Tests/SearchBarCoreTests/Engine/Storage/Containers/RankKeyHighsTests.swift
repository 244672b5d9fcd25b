import Testing

@testable import SearchBarCore

/// ``RankKeyHighs``: a title order's rank key high halves in two bytes a position.
@Suite("Engine: rank key high halves as grouped 16-bit steps")
struct RankKeyHighsTests {
    /// Values whose groups spread over 8, 16, 24 or 32 bits, and sorted ones (a title order's).
    static func values(_ count: Int, spread: Int, sorted: Bool, seed: UInt64) -> [UInt32] {
        var random = SplitMix(seed: seed)
        let base = UInt32(truncatingIfNeeded: random.next()) & 0x8000_0000
        let mask: UInt32 = spread >= 32 ? .max : (1 << UInt32(spread)) - 1
        let values = (0..<count).map { _ in base | (UInt32(truncatingIfNeeded: random.next()) & mask) }
        return sorted ? values.sorted() : values
    }

    @Test("each position's bounds hold its value, exact where its group spreads over 16 bits or less",
          arguments: [0, 1, 63, 64, 65, 1000], [8, 16, 17, 24, 32])
    func boundsHoldTheValues(count: Int, spread: Int) {
        for sorted in [false, true] {
            let values = Self.values(count, spread: spread, sorted: sorted, seed: UInt64(count * 40 + spread))
            let highs = RankKeyHighs(values)
            #expect(highs.count == count && highs.isEmpty == (count == 0))
            for start in stride(from: 0, to: count, by: PositionGroups.size) {
                let group = start..<min(start + PositionGroups.size, count)
                let least = values[group].min()!
                let exact = values[group].max()! - least <= UInt32(UInt16.max)
                for k in group {
                    let (low, high) = highs.bounds(k)
                    #expect(low <= values[k] && values[k] <= high, "position \(k) of \(count), spread \(spread)")
                    if exact { #expect(low == high) }
                    #expect(highs.groupMinimum(at: k) == least)
                }
            }
            let groups = (count + PositionGroups.size - 1) / PositionGroups.size
            // Two bytes a position and eight a group (small arrays round their capacity up).
            #expect(highs.byteSize >= 2 * count + 8 * groups && highs.byteSize <= 2 * count + 8 * groups + 48)
        }
    }

    @Test("an index file's columns: restored as they were, refused when the groups do not match")
    func restoredFromColumns() {
        let values = Self.values(200, spread: 20, sorted: false, seed: 9)
        let highs = RankKeyHighs(values)
        let (steps, groups) = highs.stored
        #expect(RankKeyHighs(steps: steps, groups: groups) == highs)
        // One group too few, one too many.
        #expect(RankKeyHighs(steps: steps, groups: Column(Array(groups.dropLast()))) == nil)
        #expect(RankKeyHighs(steps: steps, groups: Column(Array(groups) + [0])) == nil)
        // A shift over 16 bits.
        var wide = Array(groups)
        wide[0] |= 17 << 32
        #expect(RankKeyHighs(steps: steps, groups: Column(wide)) == nil)
        // Values near the top of the range do not overflow.
        let top = RankKeyHighs([UInt32.max, 0, UInt32.max - 1])
        #expect(top.bounds(0).high == UInt32.max && top.bounds(1).low == 0)
    }
}
