extension Collection {
    /// The elements sorted by `areInIncreasingOrder`, stable: each element is inserted into the
    /// sorted ones before it at the place a binary search finds. That takes the fewest
    /// comparisons a simple sort can (about n log₂ n − 1.4 n) but moves O(n²) elements, so it
    /// suits a few dozen elements whose comparison is costly (a collator call), not large
    /// collections. With `first`, only the first `first` elements in that order are kept, and
    /// an element that does not precede the last of them costs one comparison.
    func sortedByBinaryInsertion(
        first limit: Int = .max, by areInIncreasingOrder: (Element, Element) -> Bool
    ) -> [Element] {
        var sorted: [Element] = []
        sorted.reserveCapacity(Swift.min(count, limit))
        for element in self {
            // Full: an element that does not precede the last kept one is left out at once.
            if sorted.count >= limit {
                guard let last = sorted.last, areInIncreasingOrder(element, last) else { continue }
                sorted.removeLast()
            }
            // The first position whose element `element` precedes (after every equal one).
            let position = lowerBound(in: 0..<sorted.count) { !areInIncreasingOrder(element, sorted[$0]) }
            sorted.insert(element, at: position)
        }
        return sorted
    }
}
