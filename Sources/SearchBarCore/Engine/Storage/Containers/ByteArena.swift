/// Many byte strings stored back to back in one buffer, with `count + 1` offsets: string `i`
/// is `bytes[offsets[i] ..< offsets[i + 1]]`. One allocation per arena instead of one object per
/// string, so millions of texts cost little more than their bytes. Both parts are ``Column``s:
/// an arena built in memory owns arrays, an arena read from an index file borrows its bytes
/// and offsets from the file's mapping.
struct ByteArena: Sendable {
    /// The strings' bytes, concatenated.
    private(set) var bytes: Column<UInt8>
    /// Start offsets, plus the end of the last string.
    private(set) var offsets: Column<UInt32>

    /// The largest arena (offsets are 32-bit).
    static let maxBytes = Int(UInt32.max)

    /// An empty arena.
    init() {
        bytes = []
        offsets = [0]
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
        self.offsets = offsets
    }

    /// The number of strings (a blank arena stands for any number of empty strings).
    var count: Int { offsets.count - 1 }

    /// True for an arena that holds no bytes at all (every string empty, no offsets stored).
    var isBlank: Bool { offsets.count == 1 }

    /// The byte range of string `i` in ``bytes`` (empty for a blank arena). Offsets are clamped
    /// to the bytes and ordered here, at the point of use, a second guard behind the open's
    /// bounds check for an arena borrowed from an index file: a wrong offset gives a wrong
    /// string, never a read outside the bytes.
    @inline(__always) func range(_ i: Int) -> Range<Int> {
        guard !isBlank else { return 0..<0 }
        let size = bytes.count
        let start = min(Int(offsets[i]), size)
        return start..<max(start, min(Int(offsets[i + 1]), size))
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
        offsets.append(UInt32(truncatingIfNeeded: bytes.count))
    }

    /// Bytes of anonymous memory held (0 when borrowed from a mapped index file).
    var byteSize: Int { bytes.byteSize + offsets.byteSize }

    /// Appends the string that `write` appends to ``bytes``.
    mutating func append(writing write: (inout [UInt8]) -> Void) {
        bytes.modify(write)
        offsets.append(UInt32(truncatingIfNeeded: bytes.count))
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
        offsets.reserveCapacity(offsets.count + strings)
        bytes.reserveCapacity(bytes.count + extra)
    }

    /// Drops spare capacity (arrays grow by doubling while building).
    mutating func shrink() {
        bytes = bytes.exactCopy()
        offsets = offsets.exactCopy()
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
