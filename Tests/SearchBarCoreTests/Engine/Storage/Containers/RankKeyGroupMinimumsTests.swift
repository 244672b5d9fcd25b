import Testing

@testable import SearchBarCore

/// ``RankKeyGroupMinimums``: per group of a title order's positions, the least rank key high half.
@Suite("Engine: rank key high halves' least value per group of positions")
struct RankKeyGroupMinimumsTests {
    /// Values whose groups spread over 8, 16, 24 or 32 bits, and sorted ones (a title order's).
    static func values(_ count: Int, spread: Int, sorted: Bool, seed: UInt64) -> [UInt32] {
        var random = SplitMix(seed: seed)
        let base = UInt32(truncatingIfNeeded: random.next()) & 0x8000_0000
        let mask: UInt32 = spread >= 32 ? .max : (1 << UInt32(spread)) - 1
        let values = (0..<count).map { _ in base | (UInt32(truncatingIfNeeded: random.next()) & mask) }
        return sorted ? values.sorted() : values
    }

    @Test("each position's group minimum is the least value of its group, the last group short",
          arguments: [0, 1, 63, 64, 65, 1000], [8, 17, 32])
    func groupMinimums(count: Int, spread: Int) {
        for sorted in [false, true] {
            let values = Self.values(count, spread: spread, sorted: sorted, seed: UInt64(count * 40 + spread))
            let minimums = RankKeyGroupMinimums(values)
            #expect(minimums.count == count)
            for start in stride(from: 0, to: count, by: PositionGroups.size) {
                let group = start..<min(start + PositionGroups.size, count)
                let least = values[group].min()!
                for k in group { #expect(minimums.groupMinimum(at: k) == least, "position \(k) of \(count)") }
            }
            let groups = (count + PositionGroups.size - 1) / PositionGroups.size
            #expect(minimums.stored.count == groups)
            // Four bytes a group (small arrays round their capacity up).
            #expect(minimums.byteSize >= 4 * groups && minimums.byteSize <= 4 * groups + 48)
        }
    }

    @Test("an index file's column: restored as it was, refused when the groups do not match")
    func restoredFromColumn() {
        let values = Self.values(200, spread: 20, sorted: false, seed: 9)
        let minimums = RankKeyGroupMinimums(values)
        let stored = minimums.stored
        #expect(RankKeyGroupMinimums(minimums: stored, count: 200) == minimums)
        #expect(RankKeyGroupMinimums(minimums: stored, count: 193) != nil)
        // One group too few, one too many, a count of another number of groups.
        #expect(RankKeyGroupMinimums(minimums: Column(Array(stored.dropLast())), count: 200) == nil)
        #expect(RankKeyGroupMinimums(minimums: Column(Array(stored) + [0]), count: 200) == nil)
        #expect(RankKeyGroupMinimums(minimums: stored, count: 192) == nil && RankKeyGroupMinimums(minimums: stored, count: 257) == nil)
        #expect(RankKeyGroupMinimums(minimums: [], count: 0) == RankKeyGroupMinimums())
        #expect(RankKeyGroupMinimums(minimums: [], count: -1) == nil)
    }
}
