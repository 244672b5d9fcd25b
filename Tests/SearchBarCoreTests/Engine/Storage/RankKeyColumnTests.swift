import Testing

@testable import SearchBarCore

/// ``RankKeyColumn`` gives every item the key it was given, coded or not, and codes the keys
/// only when that takes less memory.
@Suite struct RankKeyColumnTests {
    /// `count` keys drawn from `distinct` values spread over the whole 64-bit range, or with
    /// `sharedHighs` over 7 high halves only.
    static func keys(count: Int, distinct: Int, seed: UInt64, sharedHighs: Bool = false) -> Column<UInt64> {
        var random = SplitMix(seed: seed)
        let values = (0..<distinct).map { _ in
            sharedHighs ? UInt64(random.next(below: 7)) << 32 | random.next() & 0xFFFF_FFFF : random.next()
        }
        return Column((0..<count).map { _ in values[random.next(below: distinct)] })
    }

    @Test("shared keys are coded and read back as given", arguments: [(200, 3), (5000, 300), (70_000, 9000)])
    func codedKeys(count: Int, distinct: Int) {
        for sharedHighs in [false, true] { codedKeys(count: count, distinct: distinct, sharedHighs: sharedHighs) }
    }

    /// ``codedKeys(count:distinct:)`` for keys with distinct or shared high halves.
    private func codedKeys(count: Int, distinct: Int, sharedHighs: Bool) {
        let keys = Self.keys(count: count, distinct: distinct, seed: UInt64(count), sharedHighs: sharedHighs)
        let order = RankKeyOrder(rankKeys: keys)
        let column = RankKeyColumn(keys, order: order.order)
        #expect(column.isCoded)
        #expect(column.count == count)
        #expect(column.byteSize < keys.byteSize)
        #expect((0..<count).allSatisfy { column[$0] == keys[$0] })
        #expect(Array(column.column) == Array(keys))
        #expect(column == RankKeyColumn(keys))
    }

    @Test("distinct keys, one key, no keys and a wrong order stay plain")
    func plainKeys() {
        var random = SplitMix(seed: 3)
        let distinct = Column((0..<4000).map { _ in random.next() })
        let column = RankKeyColumn(distinct, order: RankKeyOrder(rankKeys: distinct).order)
        #expect(!column.isCoded)
        #expect((0..<4000).allSatisfy { column[$0] == distinct[$0] })
        #expect(!RankKeyColumn(Column([7]), order: NarrowArray([0])).isCoded)
        #expect(RankKeyColumn(Column([]), order: NarrowArray()).isEmpty)
        #expect(!RankKeyColumn(Self.keys(count: 100, distinct: 2, seed: 4), order: NarrowArray([0])).isCoded)
    }

    @Test("a built segment codes its shared rank keys, and finds each item among its key's")
    func segmentKeys() throws {
        let index = try SearchIndex(locale: try SearchLocale("en"), threads: 2)
        let words = ["alpha", "beta", "gamma", "delta", "Ärger", "Œuvre", "zeta", "кошка", "猫", "εψιλον"]
        var random = SplitMix(seed: 11)
        let items = (0..<20_000).map { k in
            IndexItem(id: UInt64(k), title: "\(words[random.next(below: words.count)]) \(k % 7) \(words[random.next(below: words.count)])")
        }
        index.add(items)
        let segment = try #require(index.snapshot.segments.first?.segment)
        #expect(segment.rankKeys.isCoded)
        for i in stride(from: 0, to: segment.count, by: 97) {
            let order = segment.rankKeyOrder.items(withKey: segment.rankKeys[i], rankKeys: segment.rankKeys)
            #expect(order.contains(UInt32(i)))
        }
    }
}
