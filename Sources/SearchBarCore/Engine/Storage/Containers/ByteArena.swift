/// Many byte strings stored back to back in one buffer, with `count + 1` offsets: string `i`
/// is `bytes[offsets[i] ..< offsets[i + 1]]`. One allocation per arena instead of one object per
/// string, so millions of texts cost little more than their bytes. Both parts are ``Column``s:
/// an arena built in memory owns arrays, an arena read from an index file borrows its bytes
/// and offsets from the file's mapping. A segment's item texts keep their offsets as
/// ``BlockedOffsets`` (``blocked()``), in about half the memory.
struct ByteArena: Sendable {
    /// The strings' bytes, concatenated.
    private(set) var bytes: Column<UInt8>
    /// Start offsets, plus the end of the last string (empty when ``blockedOffsets`` holds them).
    private var plainOffsets: Column<UInt32>
    /// The offsets in blocks, for an arena made by ``blocked()`` (nil otherwise).
    private(set) var blockedOffsets: BlockedOffsets?

    /// The largest arena (offsets are 32-bit).
    static let maxBytes = Int(UInt32.max)

    /// An empty arena.
    init() {
        bytes = []
        plainOffsets = [0]
        blockedOffsets = nil
    }

    /// An arena over ready-made parts (`offsets` must start at 0 and end at `bytes.count`).
    init(bytes: [UInt8], offsets: [UInt32]) {
        self.init(bytes: Column(bytes), offsets: Column(offsets))
    }

    /// An arena over ready-made columns, owned or borrowed from a mapped index file (`offsets`
    /// should ascend from 0 to `bytes.count`; of a file's, the loader checks the first and the
    /// last, and ``range(_:)`` clamps the others where they are used).
    init(bytes: Column<UInt8>, offsets: Column<UInt32>) {
        self.bytes = bytes
        plainOffsets = offsets
        blockedOffsets = nil
    }

    /// An arena over ready-made bytes and blocked offsets (ascending from 0 to `bytes.count`).
    init(bytes: Column<UInt8>, blockedOffsets: BlockedOffsets) {
        self.bytes = bytes
        plainOffsets = []
        self.blockedOffsets = blockedOffsets
    }

    /// This arena with its offsets in blocks (``BlockedOffsets``), or itself when it is blank,
    /// borrows its offsets from a mapped file, is blocked already, or has a block too long.
    func blocked() -> ByteArena {
        guard blockedOffsets == nil, !isBlank, !plainOffsets.isBorrowed, let blocks = BlockedOffsets(plainOffsets)
        else { return self }
        var arena = self
        arena.plainOffsets = []
        arena.blockedOffsets = blocks
        return arena
    }

    /// Start offsets, plus the end of the last string, as 32-bit values: the arena's own column,
    /// or for a blocked arena a copy (for tests, not for searches, which read ``offset(_:)`` or a
    /// ``RawArena``; saving uses ``withExpandedOffsets(_:)``).
    func expandedOffsets() -> Column<UInt32> { blockedOffsets.map { Column($0.expanded) } ?? plainOffsets }

    /// The number of offsets (``count`` + 1; what ``expandedOffsets()`` holds).
    var offsetCount: Int { blockedOffsets?.count ?? plainOffsets.count }

    /// Calls `body` with the offsets as 32-bit values: the arena's own, or for a blocked arena
    /// a copy in scratch pages (``PageBuffer/withScratch(_:count:_:)``) that lives only during
    /// the call, so a save expands one arena at a time.
    func withExpandedOffsets<R>(_ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        guard let blockedOffsets else { return plainOffsets.withUnsafeBufferPointer(body) }
        return PageBuffer.withFilledScratch(count: blockedOffsets.count, { blockedOffsets[$0] }, body)
    }

    /// Offset `k` (`0...count`).
    @inline(__always) func offset(_ k: Int) -> UInt32 {
        if let blockedOffsets { return blockedOffsets[k] }
        return plainOffsets[k]
    }

    /// The number of strings (a blank arena stands for any number of empty strings).
    var count: Int { (blockedOffsets?.count ?? plainOffsets.count) - 1 }

    /// True for an arena that holds no bytes at all (every string empty, no offsets stored).
    var isBlank: Bool { count == 0 }

    /// The byte range of string `i` in ``bytes`` (empty for a blank arena). Offsets are clamped
    /// to the bytes and ordered here, at the point of use, a second guard behind the open's
    /// bounds check for an arena borrowed from an index file: a wrong offset gives a wrong
    /// string, never a read outside the bytes.
    @inline(__always) func range(_ i: Int) -> Range<Int> {
        guard !isBlank else { return 0..<0 }
        let size = bytes.count
        let start = min(Int(offset(i)), size)
        return start..<max(start, min(Int(offset(i + 1)), size))
    }

    /// The length of string `i` in bytes.
    @inline(__always) func length(_ i: Int) -> Int { range(i).count }

    /// String `i` decoded (malformed bytes, possible in a text borrowed from an index file,
    /// which the open does not validate, decode as U+FFFD).
    func string(_ i: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(i)]), as: UTF8.self) }
    }

    /// String `i`'s bytes as an array.
    func array(_ i: Int) -> [UInt8] { bytes.withUnsafeBufferPointer { Array($0[range(i)]) } }

    /// Appends a string's bytes.
    mutating func append<C: Collection<UInt8>>(_ string: C) {
        bytes.append(contentsOf: string)
        plainOffsets.append(UInt32(truncatingIfNeeded: bytes.count))
    }

    /// Bytes of anonymous memory held (0 when borrowed from a mapped index file).
    var byteSize: Int { bytes.byteSize + offsetBytes }

    /// Bytes of anonymous memory the offsets hold.
    var offsetBytes: Int { blockedOffsets?.byteSize ?? plainOffsets.byteSize }

    /// Appends the string that `write` appends to ``bytes``.
    mutating func append(writing write: (inout [UInt8]) -> Void) {
        bytes.modify(write)
        plainOffsets.append(UInt32(truncatingIfNeeded: bytes.count))
    }

    /// The bytes ``placed(in:)`` takes in a ``ColumnSlab``.
    var slabBytes: Int {
        ColumnSlab.bytes(UInt8.self, count: bytes.count) + ColumnSlab.bytes(UInt32.self, count: plainOffsets.count)
    }

    /// This arena with its bytes and offsets copied into `slab` (an arena with blocked offsets
    /// is returned as it is).
    func placed(in slab: inout ColumnSlab) -> ByteArena {
        guard blockedOffsets == nil else { return self }
        return ByteArena(bytes: slab.place(bytes), offsets: slab.place(plainOffsets))
    }

    /// This arena, or the blank arena when every string is empty (its offsets are not kept).
    func blankIfEmpty() -> ByteArena { bytes.isEmpty ? ByteArena() : self }

    /// Appends a UTF-8 string.
    mutating func append(_ string: String) {
        var copy = string
        copy.withUTF8 { append($0) }
    }

    /// Reserves room for `strings` more strings of `bytes` more bytes.
    mutating func reserve(strings: Int, bytes extra: Int) {
        plainOffsets.reserveCapacity(plainOffsets.count + strings)
        bytes.reserveCapacity(bytes.count + extra)
    }

    /// Drops spare capacity (arrays grow by doubling while building).
    mutating func shrink() {
        bytes = bytes.exactCopy()
        plainOffsets = plainOffsets.exactCopy()
    }
}

extension Array {
    /// A copy with capacity equal to its count.
    func exactCopy() -> [Element] {
        guard capacity > count + count / 16 else { return self }
        guard count > 0 else { return [] }
        return [Element].uninitialized(capacity: count) { buffer, initialized in
            self.withUnsafeBufferPointer { source in
                for i in 0..<source.count { (buffer.baseAddress! + i).initialize(to: source[i]) }
            }
            initialized = count
        }
    }
}
