/// Per position of a title order, the high 32 bits of the collation rank key of the item there,
/// in two bytes a position.
///
/// A score bound reads these in order to pass over an item that ties on score (its rank key
/// decides), so they are copied beside the order rather than read from the item. Each group of
/// ``PositionGroups/size`` positions keeps its least value and a shift, each position the
/// difference from that least value shifted right: the group's values fit 16 bits unshifted in
/// almost every group (neighbouring positions share their first letters), and where they do not
/// a position gives a range (``bounds(_:)``) that the caller settles with the item's full key.
/// Half the memory of the 32-bit values, with the same answers.
struct RankKeyHighs: Sendable, Equatable {
    /// Per position, its value minus its group's least value, shifted right by the group's shift.
    private let steps: Column<UInt16>
    /// Per group, its least value (low 32 bits) and its shift (the next bits, at most 16).
    private let groups: Column<UInt64>

    /// No positions.
    init() {
        steps = []
        groups = []
    }

    /// The values of `highs`, one per position (a lazy view of another column reads each value
    /// twice and needs no array of its own).
    init<C: RandomAccessCollection<UInt32>>(_ highs: C) where C.Index == Int {
        let first = highs.startIndex
        var steps = [UInt16](repeating: 0, count: highs.count)
        var groups = [UInt64]()
        groups.reserveCapacity(Self.groupCount(highs.count))
        for start in stride(from: 0, to: highs.count, by: PositionGroups.size) {
            let end = min(start + PositionGroups.size, highs.count)
            var least = UInt32.max
            var greatest: UInt32 = 0
            for k in start..<end {
                least = min(least, highs[first + k])
                greatest = max(greatest, highs[first + k])
            }
            var shift: UInt32 = 0
            while (greatest - least) >> shift > UInt32(UInt16.max) { shift += 1 }
            groups.append(UInt64(least) | UInt64(shift) << 32)
            for k in start..<end { steps[k] = UInt16(truncatingIfNeeded: (highs[first + k] - least) >> shift) }
        }
        self.steps = Column(steps)
        self.groups = Column(groups)
    }

    /// Columns an index file stores: nil unless there is one group per ``PositionGroups/size``
    /// positions and every shift is at most 16. Damaged values give wrong bounds (a search then
    /// reads the full keys or passes over the wrong items), never a trap.
    init?(steps: Column<UInt16>, groups: Column<UInt64>) {
        guard groups.count == Self.groupCount(steps.count) else { return nil }
        for g in groups where g >> 32 > 16 { return nil }
        self.steps = steps
        self.groups = groups
    }

    /// The number of groups of `count` positions.
    private static func groupCount(_ count: Int) -> Int { (count + PositionGroups.size - 1) / PositionGroups.size }

    /// The number of positions.
    var count: Int { steps.count }

    /// True when there are no positions.
    var isEmpty: Bool { steps.isEmpty }

    /// The least and the greatest value the high half at `position` can have: equal, the value
    /// itself, unless its group's values spread over more than 16 bits.
    @inline(__always) func bounds(_ position: Int) -> (low: UInt32, high: UInt32) {
        let group = groups[PositionGroups.group(of: position)]
        let shift = UInt32(truncatingIfNeeded: group >> 32) & 31
        let low = UInt32(truncatingIfNeeded: group) &+ (UInt32(steps[position]) &<< shift)
        return (low, low &+ ((1 &<< shift) &- 1))
    }

    /// The least value of the group holding `position`.
    @inline(__always) func groupMinimum(at position: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: groups[PositionGroups.group(of: position)])
    }

    /// What an index file stores: the steps and the groups.
    var stored: (steps: Column<UInt16>, groups: Column<UInt64>) { (steps, groups) }

    /// Bytes of anonymous memory held (none for columns borrowed from a mapped file).
    var byteSize: Int { steps.byteSize + groups.byteSize }
}
