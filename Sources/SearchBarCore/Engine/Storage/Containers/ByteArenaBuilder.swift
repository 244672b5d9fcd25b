/// The strings of a ``ByteArena`` being made by one thread, appended to plain arrays (no
/// ``Column`` bookkeeping per append), then copied into a ``ColumnSlab`` as the arena itself.
/// An analysis chunk appends two of these per item and field, empty ones included.
struct ByteArenaBuilder {
    /// The strings' bytes, concatenated.
    private var bytes: [UInt8] = []
    /// Start offsets, plus the end of the last string.
    private var offsets: [UInt32] = [0]

    /// The number of strings.
    var count: Int { offsets.count - 1 }

    /// Appends a string's bytes.
    mutating func append(_ string: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: string)
        offsets.append(UInt32(truncatingIfNeeded: bytes.count))
    }

    /// Appends an empty string.
    mutating func appendEmpty() {
        offsets.append(UInt32(truncatingIfNeeded: bytes.count))
    }

    /// Appends the string that `write` appends to the bytes.
    mutating func append(writing write: (inout [UInt8]) -> Void) {
        write(&bytes)
        offsets.append(UInt32(truncatingIfNeeded: bytes.count))
    }

    /// The bytes ``placed(in:)`` takes in a ``ColumnSlab`` (as ``ByteArena/slabBytes``).
    var slabBytes: Int {
        ColumnSlab.bytes(UInt8.self, count: bytes.count) + ColumnSlab.bytes(UInt32.self, count: offsets.count)
    }

    /// The arena, its bytes and offsets copied into `slab` (as ``ByteArena/placed(in:)``).
    func placed(in slab: inout ColumnSlab) -> ByteArena {
        ByteArena(bytes: slab.place(bytes), offsets: slab.place(offsets))
    }
}
