/// A segment's item ids (ascending, unique), stored in the fewest bytes their spread allows:
/// - nothing per item when they are consecutive (row numbers, line numbers: the common case);
/// - 4 bytes per item when they span less than 2³²: an offset from the first;
/// - 8 bytes per item otherwise.
struct ItemIDs: RandomAccessCollection, Sendable {
    private enum Storage {
        case consecutive
        case offsets([UInt32])
        case values(Column<UInt64>)
    }

    /// The first id (0 when there are none).
    private let base: UInt64
    private let storage: Storage
    /// The number of ids (stored: segments read it per item examined).
    let count: Int

    /// The ids `ids`, kept exactly in any order (a segment's ids ascend; the index checks that
    /// after building it).
    init(_ ids: [UInt64]) { self.init(Column(ids)) }

    /// The ids `ids`, kept exactly in any order (the column itself when they are kept 8 bytes
    /// each).
    init(_ ids: Column<UInt64>) {
        count = ids.count
        guard let first = ids.first else {
            base = 0
            storage = .consecutive
            return
        }
        base = first
        var consecutive = true
        var near = true
        for (k, id) in ids.enumerated() {
            consecutive = consecutive && id == first &+ UInt64(k)
            near = near && id >= first && id - first <= UInt64(UInt32.max)
        }
        if consecutive {
            storage = .consecutive
        } else if near {
            storage = .offsets(ids.map { UInt32(truncatingIfNeeded: $0 - first) })
        } else {
            storage = .values(ids)
        }
    }

    /// Ids saved in an index file (`ids` borrowed from its mapping), ascending and unique (the
    /// loader checks that when it verifies the file): consecutive when the last is `count - 1`
    /// past the first, which is O(1) and leaves the ids unread; else read from `ids` as they
    /// are. Ids that do not ascend give wrong ids, never an out-of-range read.
    init(saved ids: Column<UInt64>) {
        count = ids.count
        guard let first = ids.first, let last = ids.last else {
            base = 0
            storage = .consecutive
            return
        }
        base = first
        storage = last >= first && last - first == UInt64(count - 1) ? .consecutive : .values(ids)
    }

    var startIndex: Int { 0 }

    var endIndex: Int { count }

    /// The id of item `i`.
    @inline(__always) subscript(i: Int) -> UInt64 {
        switch storage {
        case .consecutive: base &+ UInt64(i)
        case .offsets(let offsets): base &+ UInt64(offsets[i])
        case .values(let values): values[i]
        }
    }

    /// The local index of `id`, or nil.
    func localIndex(of id: UInt64) -> Int? {
        if case .consecutive = storage {
            return id >= base && id - base < UInt64(count) ? Int(id - base) : nil
        }
        let low = lowerBound(in: 0..<count) { self[$0] < id }
        return low < count && self[low] == id ? low : nil
    }

    /// Bytes held.
    var byteSize: Int {
        switch storage {
        case .consecutive: 0
        case .offsets(let offsets): offsets.capacity * 4
        case .values(let values): values.byteSize
        }
    }
}
