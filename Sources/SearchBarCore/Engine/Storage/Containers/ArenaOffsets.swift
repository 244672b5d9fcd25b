/// A borrowed, reference-count-free view of a ``ByteArena``'s offsets (`count + 1` of them,
/// ascending) for hot loops, whichever form the arena keeps: 32-bit values (an arena read from
/// an index file, or any plain buffer) or ``BlockedOffsets`` (an arena built in memory). The
/// pointers stay valid while the arena or buffer it views lives unchanged.
struct ArenaOffsets: @unchecked Sendable {
    /// 32-bit offsets (nil for a blocked arena).
    private let plain: UnsafePointer<UInt32>?
    /// A blocked arena's first offset per block (see ``BlockedOffsets``; nil otherwise).
    private let blockBases: UnsafePointer<UInt32>?
    /// A blocked arena's offsets from their block's first.
    private let blockSteps: NarrowArray.Reader?
    /// The number of offsets.
    let count: Int

    /// The one offset of an arena without strings.
    private nonisolated(unsafe) static let zero: UnsafePointer<UInt32> = {
        let zero = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        zero.initialize(to: 0)
        return UnsafePointer(zero)
    }()

    /// A view of `offsets`, which the caller keeps alive and unchanged.
    init(_ offsets: UnsafeBufferPointer<UInt32>) {
        plain = offsets.baseAddress ?? Self.zero
        (blockBases, blockSteps) = (nil, nil)
        count = offsets.count
    }

    /// A view of `arena`'s offsets (one 0 for an arena without strings), which the caller
    /// keeps alive and unchanged.
    init(_ arena: ByteArena) {
        if arena.isBlank {
            plain = Self.zero
            (blockBases, blockSteps) = (nil, nil)
            count = 1
        } else if let blocked = arena.blockedOffsets {
            plain = nil
            (blockBases, blockSteps) = blocked.raw
            count = blocked.count
        } else {
            let offsets = arena.expandedOffsets()
            plain = offsets.withUnsafeBufferPointer { $0.baseAddress }
            (blockBases, blockSteps) = (nil, nil)
            count = offsets.count
        }
    }

    /// Offset `k` (`0..<count`).
    @inline(__always) subscript(k: Int) -> UInt32 {
        if let plain { return plain[k] }
        return blockBases.unsafelyUnwrapped[k &>> BlockedOffsets.blockShift] &+ blockSteps.unsafelyUnwrapped[k]
    }
}
