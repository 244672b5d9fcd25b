/// A borrowed, reference-count-free view of a ``ByteArena`` for hot loops. The pointers stay
/// valid for the life of the ``Segment`` that made the view: a segment's arrays are immutable
/// `let`s, so their storage never moves or changes.
struct RawArena: @unchecked Sendable {
    private let bytes: UnsafePointer<UInt8>?
    private let offsets: UnsafePointer<UInt32>?
    /// The number of strings (0 for a blank arena).
    let count: Int

    /// A view of `arena`, which the caller keeps alive and unchanged.
    init(_ arena: ByteArena) {
        guard !arena.isBlank else {
            bytes = nil
            offsets = nil
            count = 0
            return
        }
        bytes = arena.bytes.withUnsafeBufferPointer { $0.baseAddress }
        offsets = arena.offsets.withUnsafeBufferPointer { $0.baseAddress }
        count = arena.count
    }

    /// String `i` (empty for a blank arena or an index out of range).
    @inline(__always) func text(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        guard i >= 0 && i < count, let bytes, let offsets else { return UnsafeBufferPointer(start: nil, count: 0) }
        let start = Int(offsets[i])
        return UnsafeBufferPointer(start: bytes + start, count: Int(offsets[i + 1]) - start)
    }
}
