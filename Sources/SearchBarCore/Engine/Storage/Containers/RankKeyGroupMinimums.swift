/// Per group of ``PositionGroups/size`` positions of a title order, the least high half (the
/// high 32 bits) of the collation rank keys of the items there.
///
/// A score bound passes over a whole group whose bound ties with the worst kept hit when even
/// the group's least rank key ranks after it, without reading the group's items; a single
/// position that ties reads its item's full rank key through the order. Four bytes a group.
struct RankKeyGroupMinimums: Sendable, Equatable {
    /// Per group, the least high half of its positions' rank keys.
    private let minimums: Column<UInt32>
    /// The number of positions.
    let count: Int

    /// No positions.
    init() {
        minimums = []
        count = 0
    }

    /// The minimums of the high halves `highs`, one per position (a lazy view of another
    /// column reads each value once and needs no array of its own).
    init<C: RandomAccessCollection<UInt32>>(_ highs: C) where C.Index == Int {
        minimums = Column(PositionGroups.minima(highs))
        count = highs.count
    }

    /// The minimums an index file stores for `count` positions: nil unless there is one per
    /// group. A damaged value gives a wrong bound (a search then passes over the wrong items or
    /// reads them), never a trap.
    init?(minimums: Column<UInt32>, count: Int) {
        guard count >= 0, minimums.count == Self.groupCount(count) else { return nil }
        self.minimums = minimums
        self.count = count
    }

    /// The number of groups of `count` positions.
    private static func groupCount(_ count: Int) -> Int { (count + PositionGroups.size - 1) / PositionGroups.size }

    /// The least high half of the group holding `position`.
    @inline(__always) func groupMinimum(at position: Int) -> UInt32 { minimums[PositionGroups.group(of: position)] }

    /// What an index file stores: one minimum per group.
    var stored: Column<UInt32> { minimums }

    /// Bytes of anonymous memory held (none for a column borrowed from a mapped file).
    var byteSize: Int { minimums.byteSize }
}
