import Testing

@testable import SearchBarCore

/// ``GroupedColumn``: a title order's column and each group of positions' extremes.
@Suite("Engine: title-order columns and their group extremes")
struct GroupedColumnTests {
    @Test("values kept; a group's extremes are its least and greatest value, the last group short",
          arguments: [0, 1, 63, 64, 65, 130, 1000])
    func valuesAndGroupExtremes(count: Int) {
        var random = SplitMix(seed: UInt64(count) + 3)
        let values = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        let bytes = values.map { UInt8(truncatingIfNeeded: $0 % 7) }
        let column = GroupedColumn(values)
        let small = GroupedColumn(bytes)
        #expect(column.count == count && column.isEmpty == (count == 0))
        #expect((0..<count).allSatisfy { column[$0] == values[$0] && small[$0] == bytes[$0] })
        let size = PositionGroups.size
        #expect(1 << PositionGroups.shift == size)
        for start in stride(from: 0, to: count, by: size) {
            let group = start..<min(start + size, count)
            #expect(PositionGroups.startsGroup(start) && PositionGroups.group(of: group.last!) == start / size)
            for position in [group.first!, group.last!] {
                #expect(column.groupMinimum(at: position) == values[group].min(), "group at \(start) of \(count)")
                #expect(column.groupMaximum(at: position) == values[group].max())
                #expect(small.groupMinimum(at: position) == bytes[group].min())
                #expect(small.groupMaximum(at: position) == bytes[group].max())
            }
        }
        let groups = (count + size - 1) / size
        // Values of 3 bits are kept in 3 bits (a built segment's title word counts), the same
        // values borrowed as a column as they are.
        let narrowBytes = count == 0 ? 0 : NarrowArray.storageSize(count: count, bits: NarrowArray.bits(for: UInt32(bytes.max()!)))
        #expect(column.byteSize == (count + 2 * groups) * 4)
        #expect(small.byteSize >= narrowBytes + 2 * groups && small.byteSize <= narrowBytes + 2 * groups + 32)
        if count >= 64 { #expect(small.byteSize < count + 2 * groups) }
        #expect(Array(small.allValues) == bytes && small == GroupedColumn(Column(bytes)))
        #expect(GroupedColumn(Column(bytes)).byteSize == count + 2 * groups)
    }
}
