/// A borrowed, reference-count-free view of a ``ByteArena`` for hot loops. The pointers stay
/// valid for the life of the ``Segment`` that made the view: a segment's arrays are immutable
/// `let`s, so their storage never moves or changes.
struct RawArena: @unchecked Sendable {
    private let bytes: UnsafePointer<UInt8>?
    /// The offsets, whichever form the arena keeps.
    let offsets: ArenaOffsets
    /// The number of strings (0 for a blank arena).
    let count: Int
    /// The number of bytes.
    private let size: Int

    /// A view of `arena`, which the caller keeps alive and unchanged.
    init(_ arena: ByteArena) {
        bytes = arena.isBlank ? nil : arena.bytes.withUnsafeBufferPointer { $0.baseAddress }
        offsets = ArenaOffsets(arena)
        count = arena.count
        size = arena.isBlank ? 0 : arena.bytes.count
    }

    /// Offset `k` (`0...count`) of a non-blank arena.
    @inline(__always) func offset(_ k: Int) -> Int { Int(offsets[k]) }

    /// String `i` (empty for a blank arena or an index out of range). The offsets are clamped
    /// to the bytes and ordered, as ``ByteArena/range(_:)`` does.
    @inline(__always) func text(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        guard i >= 0 && i < count, let bytes else { return UnsafeBufferPointer(start: nil, count: 0) }
        let start = min(offset(i), size)
        let end = max(start, min(offset(i + 1), size))
        return UnsafeBufferPointer(start: bytes + start, count: end - start)
    }
}
