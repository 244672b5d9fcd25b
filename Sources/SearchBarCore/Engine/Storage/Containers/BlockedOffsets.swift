/// The ascending offsets of a ``ByteArena``'s strings in about two bytes each or fewer instead
/// of four: per block of ``blockSize`` offsets, the block's first offset as a UInt32, and per
/// offset its distance from that one in as few bits as the greatest distance needs (at most 16,
/// a ``NarrowArray``).
///
/// Item texts are short (a title is some tens of bytes), so a block of them spans far less than
/// 64 KiB; an arena with a longer block keeps its 32-bit offsets (``init(_:)`` gives nil). Only
/// arenas built in memory are blocked: an arena read from an index file borrows its 32-bit
/// offsets from the file's mapping, which costs no anonymous memory.
struct BlockedOffsets: Sendable {
    /// `log2(blockSize)`.
    static let blockShift = 6
    /// Offsets per block.
    static let blockSize = 1 << blockShift

    /// Per block, its first offset.
    private let bases: Column<UInt32>
    /// Per offset, its distance from its block's first offset.
    private let steps: NarrowArray

    /// The offsets of `offsets`; nil when they do not ascend or a block spans 64 KiB or more.
    /// Both are filled in place (in pages of their own when large, as the segment's other
    /// columns), so the arrays of a million texts do not stay behind in a build thread's heap.
    init?(_ offsets: Column<UInt32>) {
        let count = offsets.count
        // The greatest distance from a block's first offset, or nil when they do not ascend.
        let greatest: UInt32? = offsets.withUnsafeBufferPointer { offsets in
            var greatest: UInt32 = 0
            var base: UInt32 = 0
            for k in 0..<count {
                let offset = offsets[k]
                if k & (Self.blockSize - 1) == 0 { base = offset }
                guard offset >= base, k == 0 || offset >= offsets[k - 1] else { return nil }
                greatest = max(greatest, offset - base)
            }
            return greatest
        }
        guard let greatest, greatest <= UInt32(UInt16.max) else { return nil }
        steps = offsets.withUnsafeBufferPointer { offsets in
            NarrowArray.filled(count: count, bits: NarrowArray.bits(for: greatest)) { steps in
                for k in 0..<count { steps.set(k, offsets[k] - offsets[k & ~(Self.blockSize - 1)]) }
            }
        }
        bases = Column<UInt32>.filled(count: (count + Self.blockSize - 1) / Self.blockSize) { bases in
            for b in 0..<(count + Self.blockSize - 1) / Self.blockSize { bases[b] = offsets[b << Self.blockShift] }
        }
    }

    /// Offsets already in blocks: per block its first offset, per offset its distance from it
    /// (the distances are narrowed here to the bits the greatest needs).
    init(bases: Column<UInt32>, steps: Column<UInt16>) {
        precondition(bases.count == (steps.count + Self.blockSize - 1) / Self.blockSize)
        self.bases = bases
        self.steps = steps.withUnsafeBufferPointer { steps in
            let greatest = steps.max() ?? 0
            return NarrowArray.filled(count: steps.count, bits: NarrowArray.bits(for: UInt32(greatest))) { narrow in
                for k in 0..<steps.count { narrow.set(k, UInt32(steps[k])) }
            }
        }
    }

    /// The number of offsets.
    var count: Int { steps.count }

    /// Offset `k`.
    @inline(__always) subscript(k: Int) -> UInt32 { bases[k >> Self.blockShift] &+ steps[k] }

    /// The offsets as 32-bit values.
    var expanded: [UInt32] { (0..<count).map { self[$0] } }

    /// Raw views of the two parts for ``RawArena`` (valid while this value's storage lives).
    var raw: (bases: UnsafePointer<UInt32>?, steps: NarrowArray.Reader) {
        (bases.withUnsafeBufferPointer { $0.baseAddress }, steps.reader)
    }

    /// Bytes of memory held.
    var byteSize: Int { bases.byteSize + steps.byteSize }
}
