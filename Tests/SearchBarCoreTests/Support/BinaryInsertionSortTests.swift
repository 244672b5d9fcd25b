@testable import SearchBarCore
import Testing

/// ``Swift/Collection/sortedByBinaryInsertion(by:)``: the order tied hits are put in by the
/// collator, with as few comparisons as it can.
@Suite("Support: binary insertion sort")
struct BinaryInsertionSortTests {
    /// The library's stable sort's order, for random keys with many ties (the payload tells
    /// equal keys apart, so a sort that is not stable fails).
    @Test func sortsLikeTheStableLibrarySort() {
        var random = SplitMix(seed: 5)
        for count in [0, 1, 2, 3, 7, 50, 200] {
            let items = (0..<count).map { (key: Int(random.next() % 9), payload: $0) }
            let sorted = items.sortedByBinaryInsertion { $0.key < $1.key }
            let expected = items.sorted { $0.key < $1.key }
            #expect(sorted.map(\.payload) == expected.map(\.payload), "\(count) items")
        }
    }

    /// With `first`, the first elements of the same stable order, no more.
    @Test func keepsOnlyTheFirstWhenAsked() {
        var random = SplitMix(seed: 6)
        for (count, first) in [(0, 3), (5, 1), (50, 7), (200, 20), (30, 30), (10, 40)] {
            let items = (0..<count).map { (key: Int(random.next() % 9), payload: $0) }
            let kept = items.sortedByBinaryInsertion(first: first) { $0.key < $1.key }
            let expected = items.sorted { $0.key < $1.key }.prefix(first)
            #expect(kept.map(\.payload) == expected.map(\.payload), "\(first) of \(count) items")
        }
    }

    /// About n log₂ n − 1.4 n comparisons: at most ⌈log₂ k⌉ to insert the k-th element.
    @Test func comparesAtMostTheBinarySearchBound() {
        var random = SplitMix(seed: 8)
        let items = (0..<50).map { _ in random.next() }
        var comparisons = 0
        _ = items.sortedByBinaryInsertion { a, b in
            comparisons += 1
            return a < b
        }
        let bound = (1...50).reduce(0) { total, k in total + Int.bitWidth - (k - 1).leadingZeroBitCount }
        #expect(comparisons <= bound)
        #expect(bound < 250)
    }
}
