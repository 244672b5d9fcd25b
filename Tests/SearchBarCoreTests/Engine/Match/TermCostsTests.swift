import Testing

@testable import SearchBarCore

/// ``TermCosts`` must give every term the cost a table of one byte per term gives: the exact
/// block's cost inside it, else the lowest cost of the typo blocks holding the term, else 0.
@Suite("Engine: term costs without a per-term table")
struct TermCostsTests {
    /// The per-term table ``TermCosts`` replaces, built the way ``WordPlan`` built it.
    static func table(terms: Int, exact: Range<Int>, exactCost: UInt8, typos: [(terms: Range<Int>, cost: UInt8)])
        -> [UInt8]
    {
        var table = [UInt8](repeating: 0, count: terms)
        for t in exact { table[t] = exactCost }
        for typo in typos {
            for t in typo.terms where table[t] == 0 || table[t] > typo.cost { table[t] = typo.cost }
        }
        return table
    }

    @Test func randomBlocksMatchTheTable() {
        var random = SplitMix(seed: 7)
        var checked = 0
        for round in 0..<300 {
            let terms = 1 + random.next(below: round % 3 == 0 ? 40 : 3000)
            let low = random.next(below: terms)
            let exact = random.next(below: 4) == 0 ? 0..<0 : low..<min(terms, low + random.next(below: 40))
            // Blocks that overlap each other and the exact block, touch, repeat, or are empty;
            // some span several directory pages.
            var typos: [(terms: Range<Int>, cost: UInt8)] = []
            for _ in 0..<random.next(below: 30) {
                let start = random.next(below: terms)
                let length = random.next(below: 6) == 0 ? random.next(below: 700) : random.next(below: 8)
                typos.append((start..<min(terms, start + length), UInt8(2 + random.next(below: 3))))
            }
            if let first = typos.first, random.next(below: 3) == 0 { typos.append(first) }
            let costs = TermCosts(exact: exact, exactCost: 1, typos: typos)
            let expected = Self.table(terms: terms, exact: exact, exactCost: 1, typos: typos)
            for t in 0..<terms {
                #expect(costs.cost(t) == expected[t], "term \(t) of \(terms), round \(round)")
                checked += 1
            }
            // Past the vocabulary and before it: no match.
            #expect(costs.cost(terms + TermCosts.pageSize * 3) == 0)
            #expect(costs.cost(-1) == 0)
        }
        #expect(checked > 100_000)
    }
}
