@testable import SearchBarCore
import Testing

/// ``SortedRanges``: the union and difference of range lists that term costs, the typo walk's
/// domain and highlights share.
@Suite("Support: sorted range lists")
struct SortedRangesTests {
    @Test func unionAndSubtract() {
        #expect(SortedRanges.union([5..<9, 0..<2, 8..<12, 2..<3, 20..<20]) == [0..<3, 5..<12])
        // Already ascending: kept when apart, joined when touching, empty ones dropped.
        #expect(SortedRanges.union([0..<2, 3..<4, 9..<12]) == [0..<2, 3..<4, 9..<12])
        #expect(SortedRanges.union([0..<2, 2..<4, 9..<12]) == [0..<4, 9..<12])
        #expect(SortedRanges.union([0..<2, 3..<3, 9..<12]) == [0..<2, 9..<12])
        #expect(SortedRanges.union([]) == [])
        #expect(SortedRanges.subtract([2..<4, 6..<7], from: [0..<10]) == [0..<2, 4..<6, 7..<10])
        #expect(SortedRanges.subtract([0..<10], from: [3..<5]) == [])
        #expect(SortedRanges.subtract([], from: [3..<5, 8..<9]) == [3..<5, 8..<9])
        #expect(SortedRanges.subtract([4..<6], from: [0..<5, 5..<9]) == [0..<4, 6..<9])
    }
}
