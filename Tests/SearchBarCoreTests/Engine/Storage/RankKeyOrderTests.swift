import Testing

@testable import SearchBarCore

/// ``RankKeyOrder`` finds exactly the items of one rank key, in ascending local order.
@Suite struct RankKeyOrderTests {
    @Test func itFindsEveryItemOfAKeyAndNoOther() {
        var random = SplitMix(seed: 5)
        let keys = Column((0..<5000).map { _ in UInt64(random.next(below: 300)) << 40 })
        let order = RankKeyOrder(rankKeys: keys)
        #expect(order.order.count == keys.count)
        for key in Array(Set(keys).sorted().prefix(50)) + [UInt64.max, 1] {
            let expected = keys.indices.filter { keys[$0] == key }.map { UInt32($0) }
            #expect(Array(order.items(withKey: key, rankKeys: RankKeyColumn(keys))) == expected)
            #expect(Array(order.items(withKey: key, rankKeys: RankKeyColumn(keys, order: order.order))) == expected)
        }
        #expect(RankKeyOrder().items(withKey: 0, rankKeys: RankKeyColumn()).isEmpty)
    }
}
