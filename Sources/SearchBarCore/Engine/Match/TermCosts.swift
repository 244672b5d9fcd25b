/// The cost at which a query word matches each term of a segment's vocabulary, when it matches
/// one block of terms exactly and some scattered blocks within its typo budget.
///
/// A table with one byte per term was cleared for every typo plan: the size of the vocabulary
/// (800 KB for a word list) for a word whose typo matches are a few dozen blocks. Here the typo
/// blocks are kept as sorted, disjoint ranges, each with the lowest cost any match gave its
/// terms, and found through a directory of pages of ``pageSize`` terms: a lookup reads the page's
/// first range and, only when ranges share the page, the next ones.
struct TermCosts: Sendable {
    /// Terms per directory page.
    static let pageSize = 256

    /// The block the word matches without a typo, and that match's cost.
    private let exact: Range<Int>
    private let exactCost: UInt8
    /// The typo blocks outside `exact`, ascending and disjoint.
    private let lowers: [UInt32]
    private let uppers: [UInt32]
    private let costs: [UInt8]
    /// Per page of terms, the first typo block that ends after the page's first term; the
    /// pages after the last block are not stored.
    private let firstBlock: [UInt32]

    /// Costs for `exact` at `exactCost`, and for the terms of each typo block at its cost; a
    /// term in several blocks takes the lowest. `exactCost` must be below every typo cost (a
    /// typo costs more than none), and no cost may be 0 (which means "no match").
    init(exact: Range<Int>, exactCost: UInt8, typos: [(terms: Range<Int>, cost: UInt8)]) {
        self.exact = exact
        self.exactCost = exactCost
        var pieces: [(terms: Range<Int>, cost: UInt8)] = []
        // Cheapest first: each cost level takes only what no cheaper block holds.
        for cost in Set(typos.map(\.cost)).sorted() {
            let level = SortedRanges.union(typos.filter { $0.cost == cost }.map(\.terms))
            let taken = SortedRanges.union(pieces.map(\.terms) + [exact])
            for range in SortedRanges.subtract(taken, from: level) { pieces.append((range, cost)) }
        }
        pieces.sort { $0.terms.lowerBound < $1.terms.lowerBound }
        lowers = pieces.map { UInt32(truncatingIfNeeded: $0.terms.lowerBound) }
        uppers = pieces.map { UInt32(truncatingIfNeeded: $0.terms.upperBound) }
        costs = pieces.map(\.cost)
        let pages = pieces.last.map { ($0.terms.upperBound + Self.pageSize - 1) / Self.pageSize } ?? 0
        var first = [UInt32](repeating: 0, count: pages)
        var k = 0
        for page in 0..<pages {
            while k < pieces.count && pieces[k].terms.upperBound <= page * Self.pageSize { k += 1 }
            first[page] = UInt32(truncatingIfNeeded: k)
        }
        firstBlock = first
    }

    /// 0 when term `t` does not match, else its cost.
    @inline(__always) func cost(_ t: Int) -> UInt8 {
        if exact.contains(t) { return exactCost }
        let page = t / Self.pageSize
        guard t >= 0, page < firstBlock.count else { return 0 }
        var k = Int(firstBlock[page])
        while k < lowers.count && Int(lowers[k]) <= t {
            if t < Int(uppers[k]) { return costs[k] }
            k += 1
        }
        return 0
    }
}
