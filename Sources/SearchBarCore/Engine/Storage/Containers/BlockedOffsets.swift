/// The ascending offsets of a ``ByteArena``'s strings in about two bytes each instead of four:
/// per block of ``blockSize`` offsets, the block's first offset as a UInt32, and per offset its
/// distance from that one as a UInt16.
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
    private let steps: Column<UInt16>

    /// The offsets of `offsets`; nil when they do not ascend or a block spans 64 KiB or more.
    /// Both columns are filled in place (in pages of their own when large, as the segment's other
    /// columns), so the arrays of a million texts do not stay behind in a build thread's heap.
    init?(_ offsets: Column<UInt32>) {
        let count = offsets.count
        var ascends = true
        let steps = Column<UInt16>.filled(count: count) { steps in
            var base: UInt32 = 0
            for k in 0..<count {
                let offset = offsets[k]
                if k & (Self.blockSize - 1) == 0 { base = offset }
                guard ascends, offset >= base, offset - base <= UInt32(UInt16.max), k == 0 || offset >= offsets[k - 1]
                else {
                    ascends = false
                    steps[k] = 0
                    continue
                }
                steps[k] = UInt16(truncatingIfNeeded: offset - base)
            }
        }
        guard ascends else { return nil }
        bases = Column<UInt32>.filled(count: (count + Self.blockSize - 1) / Self.blockSize) { bases in
            for b in 0..<(count + Self.blockSize - 1) / Self.blockSize { bases[b] = offsets[b << Self.blockShift] }
        }
        self.steps = steps
    }

    /// Offsets already in blocks: per block its first offset, per offset its distance from it.
    init(bases: Column<UInt32>, steps: Column<UInt16>) {
        precondition(bases.count == (steps.count + Self.blockSize - 1) / Self.blockSize)
        self.bases = bases
        self.steps = steps
    }

    /// The number of offsets.
    var count: Int { steps.count }

    /// Offset `k`.
    @inline(__always) subscript(k: Int) -> UInt32 { bases[k >> Self.blockShift] &+ UInt32(steps[k]) }

    /// The offsets as 32-bit values.
    var expanded: [UInt32] { (0..<count).map { self[$0] } }

    /// Raw views of the two parts for ``RawArena`` (valid while this value's storage lives).
    var raw: (bases: UnsafePointer<UInt32>?, steps: UnsafePointer<UInt16>?) {
        (bases.withUnsafeBufferPointer { $0.baseAddress }, steps.withUnsafeBufferPointer { $0.baseAddress })
    }

    /// Bytes of memory held.
    var byteSize: Int { bases.byteSize + steps.byteSize }
}
