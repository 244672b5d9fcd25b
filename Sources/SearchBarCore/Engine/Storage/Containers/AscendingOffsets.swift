/// Ascending 32-bit offsets (where each of a run of lists starts, plus the end), kept as an
/// index file stores them, a ``NarrowArray`` in the bits the greatest needs (borrowed from the
/// file's mapping), or, when made in memory, packed in blocks of ``blockSize``: per block its
/// first offset, and per offset its distance from it in the bits the block's greatest distance
/// needs (about half the bits of the plain form, less where the lists are short).
///
/// Both forms are read the same way, without a branch (``Reader``): a block's 64-bit header
/// holds its first offset (the low 32 bits), its width less one (the next 5) and the bit where
/// its distances start (the top 27); the plain form is one block, of first offset 0, that every
/// index falls in.
struct AscendingOffsets: RandomAccessCollection, @unchecked Sendable {
    /// `log2(blockSize)`.
    static let blockShift = 6
    /// Offsets per block.
    static let blockSize = 1 << blockShift
    /// The bits of distances a header can address.
    static let maxPackedBits = 1 << 27

    /// The offsets as given (empty when packed).
    private let plain: NarrowArray
    /// Per block its header (the plain form: one).
    private let headers: Column<UInt64>
    /// The packed distances, then 8 zero bytes (empty for the plain form).
    private let packed: Column<UInt8>
    /// A reference-count-free view of the form held, valid while this value's storage lives.
    let reader: Reader

    /// The offsets of `offsets`: packed in blocks when they are made in memory, ascend, and the
    /// distances fit the headers, else `offsets` themselves (a mapped file's stay borrowed,
    /// which costs no anonymous memory).
    init(_ offsets: NarrowArray) {
        if !offsets.storageBytes.isBorrowed, let (headers, packed) = Self.packed(offsets.reader) {
            plain = NarrowArray()
            self.headers = headers
            self.packed = packed
            reader = Reader(
                headers: headers.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped },
                shift: Self.blockShift, within: Self.blockSize - 1,
                bits: packed.withUnsafeBytes { UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped) }, count: offsets.count)
        } else {
            plain = offsets
            headers = Column([UInt64(offsets.bits - 1) << 32])
            packed = Column()
            let storage = offsets.storageBytes
            reader = Reader(
                headers: headers.withUnsafeBufferPointer { $0.baseAddress.unsafelyUnwrapped },
                shift: Int.bitWidth - 1, within: Int.max,
                bits: storage.withUnsafeBytes { UnsafeRawPointer($0.baseAddress.unsafelyUnwrapped) }, count: offsets.count)
        }
    }

    /// No offsets.
    init() { self.init(NarrowArray()) }

    /// The headers and packed distances of `offsets`; nil when there are none, they do not
    /// ascend, or the distances take more bits than a header addresses.
    private static func packed(_ offsets: NarrowArray.Reader) -> (Column<UInt64>, Column<UInt8>)? {
        let count = offsets.count
        guard count > 0 else { return nil }
        let blocks = (count + blockSize - 1) >> blockShift
        // Per block its width; the total bits.
        var widths = [UInt8](repeating: 0, count: blocks)
        var total = 0
        var previous: UInt32 = 0
        for b in 0..<blocks {
            let start = b << blockShift, end = Swift.min(start + blockSize, count)
            for k in start..<end {
                guard offsets[k] >= previous else { return nil }
                previous = offsets[k]
            }
            let width = NarrowArray.bits(for: offsets[end - 1] - offsets[start])
            widths[b] = UInt8(width)
            total += width * (end - start)
        }
        guard total < maxPackedBits else { return nil }
        let headers = Column<UInt64>.filled(count: blocks) { headers in
            var bit = 0
            for b in 0..<blocks {
                let width = Int(widths[b])
                headers[b] = UInt64(offsets[b << blockShift]) | UInt64(width - 1) << 32 | UInt64(bit) << 37
                bit += width * (Swift.min((b + 1) << blockShift, count) - (b << blockShift))
            }
        }
        let packed = Column<UInt8>.filled(count: (total + 7) / 8 + 8) { bytes in
            bytes.base.initialize(repeating: 0, count: (total + 7) / 8 + 8)
            let base = UnsafeMutableRawPointer(bytes.base)
            var bit = 0
            for b in 0..<blocks {
                let width = Int(widths[b])
                let start = b << blockShift, first = offsets[start]
                for k in start..<Swift.min(start + blockSize, count) {
                    PackedBits.insert(UInt64(offsets[k] - first), into: base, bit: bit)
                    bit += width
                }
            }
        }
        return (headers, packed)
    }

    /// The offsets as a ``NarrowArray`` in the bits the greatest needs, as an index file stores
    /// them (the plain form itself; the packed form expanded into a new array).
    var narrow: NarrowArray { isPacked ? NarrowArray(Array(reader)) : plain }

    /// True when the offsets are packed in blocks.
    var isPacked: Bool { !packed.isEmpty }

    var startIndex: Int { 0 }
    var endIndex: Int { reader.count }

    /// Offset `i`.
    @inline(__always) subscript(i: Int) -> UInt32 { reader[i] }

    /// Bytes of anonymous memory held (0 when borrowed from a mapped file).
    var byteSize: Int { isPacked ? headers.byteSize + packed.byteSize : plain.byteSize }

    /// A borrowed view of ``AscendingOffsets`` for hot loops (see ``RawArena``).
    struct Reader: RandomAccessCollection, @unchecked Sendable {
        /// Per block its header.
        fileprivate let headers: UnsafePointer<UInt64>
        /// `log2` of the offsets per block (the plain form: so large that every index is in block 0).
        fileprivate let shift: Int
        /// Keeps an index's place within its block.
        fileprivate let within: Int
        /// The distances (at least 8 bytes readable from each one's first byte).
        fileprivate let bits: UnsafeRawPointer
        /// The number of offsets.
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        /// Offset `i`.
        @inline(__always) subscript(i: Int) -> UInt32 {
            precondition(i >= 0 && i < count, "AscendingOffsets index out of range")
            let header = headers[i &>> shift]
            let width = Int(truncatingIfNeeded: (header &>> 32) & 31) &+ 1
            let bit = Int(truncatingIfNeeded: header &>> 37) &+ (i & within) &* width
            let distance = PackedBits.load(bits, bit: bit, mask: (1 &<< UInt64(width)) &- 1)
            return UInt32(truncatingIfNeeded: header) &+ UInt32(truncatingIfNeeded: distance)
        }
    }
}

extension AscendingOffsets: Equatable {
    /// True when both hold the same offsets (whatever their forms).
    static func == (a: AscendingOffsets, b: AscendingOffsets) -> Bool { a.elementsEqual(b) }
}
