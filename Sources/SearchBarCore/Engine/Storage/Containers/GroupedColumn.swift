/// A column of values over the positions of a title order, with the least and the greatest
/// value of each group of ``PositionGroups/size`` consecutive positions.
///
/// The title-tier phase passes over a position when its score bound, read from columns like
/// this one, cannot beat the worst kept hit. A group's extremes bound every position of the
/// group at once, so once the selection is full the phase steps over a whole group in one
/// comparison: a one-letter query's block is a twentieth of the segment, and past its first
/// groups almost all of it is passed over whole.
struct GroupedColumn<Value: FixedWidthInteger & UnsignedInteger & Sendable & BitwiseCopyable>: Sendable, Equatable {
    /// Per position, its value (an array's, or borrowed from a mapped index file; empty when
    /// ``narrowValues`` hold them).
    private let values: Column<Value>
    /// Per position, its value in as few bits as the greatest needs, for a column made in memory
    /// whose values need fewer bits than `Value` has (empty otherwise).
    private let narrowValues: NarrowArray
    /// Per group of positions (the last one possibly short), the least of its ``values``.
    private let groupMinima: [Value]
    /// Per group of positions, the greatest of its ``values``.
    private let groupMaxima: [Value]

    /// No positions.
    init() {
        self.init(Column<Value>())
    }

    /// The column of `values`, one per position, in as few bits each as the greatest needs when
    /// that is fewer than `Value` has (the title word counts of a segment built in memory need a
    /// few).
    init(_ values: [Value]) { self.init(narrowing: Column(values)) }

    /// ``init(_:)-([Value])`` of a column's values (kept as they are when they need all the
    /// bits of `Value`; narrowed through scratch pages, not a copy in the allocator's arena).
    init(narrowing values: Column<Value>) {
        let greatest = values.max() ?? 0
        if Value.bitWidth <= 32, !values.isEmpty, NarrowArray.bits(for: UInt32(greatest)) < Value.bitWidth {
            self.values = []
            narrowValues = PageBuffer.withFilledScratch(count: values.count, { UInt32(values[$0]) }) { NarrowArray($0) }
        } else {
            self.values = values
            narrowValues = NarrowArray()
        }
        groupMinima = PositionGroups.minima(values)
        groupMaxima = PositionGroups.groups(of: values.count).map { values[$0].max() ?? 0 }
    }

    /// The column of `values`, one per position, kept as they are (the group bounds are
    /// computed here: one sequential pass).
    init(_ values: Column<Value>) {
        self.values = values
        narrowValues = NarrowArray()
        groupMinima = PositionGroups.minima(values)
        groupMaxima = PositionGroups.groups(of: values.count).map { values[$0].max() ?? 0 }
    }

    /// The number of positions.
    var count: Int { narrowValues.isEmpty ? values.count : narrowValues.count }

    /// The value of every position (what an index file stores; the group bounds are derived).
    var allValues: Column<Value> {
        narrowValues.isEmpty ? values : Column(narrowValues.map { Value(truncatingIfNeeded: $0) })
    }

    /// True when the column has no positions.
    var isEmpty: Bool { count == 0 }

    /// The value at `position`.
    @inline(__always) subscript(position: Int) -> Value {
        narrowValues.isEmpty ? values[position] : Value(truncatingIfNeeded: narrowValues[position])
    }

    /// The least value of the group holding `position`.
    @inline(__always) func groupMinimum(at position: Int) -> Value { groupMinima[PositionGroups.group(of: position)] }

    /// The greatest value of the group holding `position`.
    @inline(__always) func groupMaximum(at position: Int) -> Value { groupMaxima[PositionGroups.group(of: position)] }

    /// Bytes held (the values count none when they are borrowed from a mapped file).
    var byteSize: Int {
        let own = narrowValues.isEmpty ? (values.isBorrowed ? 0 : values.count) * MemoryLayout<Value>.stride : narrowValues.byteSize
        return own + (groupMinima.count + groupMaxima.count) * MemoryLayout<Value>.stride
    }

    /// Equal when both give the same value at every position, whichever width holds them.
    static func == (a: GroupedColumn, b: GroupedColumn) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }
}

/// The groups of consecutive positions of a title order that a ``GroupedColumn`` bounds.
enum PositionGroups {
    /// `log2(size)`.
    static let shift = 6
    /// Positions per group.
    static let size = 1 << shift

    /// The group of `position`.
    @inline(__always) static func group(of position: Int) -> Int { position >> shift }

    /// True when `position` starts a group.
    @inline(__always) static func startsGroup(_ position: Int) -> Bool { position & (size - 1) == 0 }

    /// The groups of `count` positions, in order (the last one possibly short).
    static func groups(of count: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// Per group of positions of `values` (one value per position), the least value there
    /// (read once each: `values` may be a lazy view of another column).
    static func minima<C: RandomAccessCollection>(_ values: C) -> [C.Element]
    where C.Index == Int, C.Element: Comparable {
        groups(of: values.count).map { group in
            values[values.startIndex + group.lowerBound..<values.startIndex + group.upperBound].min()!
        }
    }
}
