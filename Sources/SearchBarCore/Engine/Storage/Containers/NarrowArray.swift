/// An immutable array of 32-bit values stored in 3 bytes each when every value is below 2²⁴,
/// else in 4.
///
/// Item numbers and term ids of a segment rarely pass 2²⁴ (16.7 million), so the forward index
/// and the postings, the two largest arrays of ids, lose a quarter of their size. A read is one
/// unaligned 4-byte load and a mask; the storage has a byte of padding so the last value's load
/// stays inside it. The storage is a ``Column``: an array's, or borrowed from a mapped index file.
struct NarrowArray: RandomAccessCollection, @unchecked Sendable {
    /// The values, `width` bytes each, little-endian, then the padding.
    private let storage: Column<UInt8>
    /// Where ``storage`` starts (it never moves: the array is an immutable `let`).
    private let base: UnsafeRawPointer?
    /// Bytes per value: 3 or 4.
    let width: Int
    /// Keeps the low `8 * width` bits of a load.
    private let mask: UInt32
    /// The number of values.
    let count: Int

    /// The values of `values`.
    init(_ values: [UInt32]) { self.init(Column(values)) }

    /// The values of `values`.
    init(_ values: Column<UInt32>) {
        self = values.withUnsafeBufferPointer { values in
            let narrow = values.allSatisfy { $0 < 1 << 24 }
            return Self.filled(count: values.count, narrow: narrow) { writer in
                for (i, value) in values.enumerated() { writer.set(i, value) }
            }
        }
    }

    /// An array over `storage` (values `width` bytes each, then a byte of padding).
    private init(storage: Column<UInt8>, width: Int, count: Int) {
        self.width = width
        mask = width == 3 ? 0xFF_FFFF : 0xFFFF_FFFF
        self.count = count
        self.storage = storage
        base = storage.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
    }

    /// `count` values that `fill` writes through a ``Writer``, without a `[UInt32]` copy first.
    /// Every value must be written; distinct threads may write distinct values at once. With
    /// `narrow`, every value written must be below 2²⁴.
    static func filled(count: Int, narrow: Bool, _ fill: (Writer) -> Void) -> NarrowArray {
        let width = narrow ? 3 : 4
        let storage = Column<UInt8>.filled(count: count * width + 1) { bytes in
            bytes[count * width] = 0
            fill(Writer(base: UnsafeMutableRawPointer(bytes.base), width: width, count: count))
        }
        return NarrowArray(storage: storage, width: width, count: count)
    }

    /// No values.
    init() { self.init([]) }

    /// An array over a saved ``storageBytes`` (see ``IndexFileLayout``); nil unless `storage`
    /// holds exactly `count` values of `width` bytes (3 or 4) and the padding byte, or, with
    /// `padded` false and width 4 (an array of UInt32, whose last load needs no padding), the
    /// values alone.
    static func restored(storage: Column<UInt8>, width: Int, count: Int, padded: Bool = true) -> NarrowArray? {
        guard width == 3 || width == 4, padded || width == 4, count >= 0, count <= (Int.max - 1) / 4,
            storage.count == count * width + (padded ? 1 : 0)
        else { return nil }
        return NarrowArray(storage: storage, width: width, count: count)
    }

    /// An array over a saved ``storageBytes`` whose width is what its size says: nil unless
    /// `storage` holds exactly `count` values of 3 or of 4 bytes and the padding byte.
    static func restored(storage: Column<UInt8>, count: Int) -> NarrowArray? {
        guard count >= 0, count <= (Int.max - 1) / 4 else { return nil }
        return restored(storage: storage, width: storage.count == count * 4 + 1 && count > 0 ? 4 : 3, count: count)
    }

    /// The stored bytes: the values `width` bytes each, little-endian, then the padding byte.
    var storageBytes: Column<UInt8> { storage }


    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Value `i`.
    @inline(__always) subscript(i: Int) -> UInt32 { reader[i] }

    /// A reference-count-free view for hot loops, valid while this array lives.
    var reader: Reader { Reader(base: base.unsafelyUnwrapped, width: width, mask: mask, count: count) }

    /// A borrowed view of a ``NarrowArray`` (see ``RawArena``).
    struct Reader: RandomAccessCollection, @unchecked Sendable {
        fileprivate let base: UnsafeRawPointer
        fileprivate let width: Int
        fileprivate let mask: UInt32
        /// The number of values.
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        /// Value `i`.
        @inline(__always) subscript(i: Int) -> UInt32 {
            precondition(i >= 0 && i < count, "NarrowArray index out of range")
            return UInt32(littleEndian: (base + i &* width).loadUnaligned(as: UInt32.self)) & mask
        }
    }

    /// Writes the values of an array being made by ``filled(count:narrow:_:)``. A write stores
    /// exactly the value's own bytes, so threads writing neighbouring values do not overlap.
    struct Writer: @unchecked Sendable {
        fileprivate let base: UnsafeMutableRawPointer
        fileprivate let width: Int
        /// The number of values.
        let count: Int

        /// Sets value `i`.
        @inline(__always) func set(_ i: Int, _ value: UInt32) {
            assert(i >= 0 && i < count && (width == 4 || value < 1 << 24), "NarrowArray write out of range")
            let at = base + i &* width
            if width == 3 {
                at.storeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian, as: UInt16.self)
                (at + 2).storeBytes(of: UInt8(truncatingIfNeeded: value >> 16), as: UInt8.self)
            } else {
                at.storeBytes(of: value.littleEndian, as: UInt32.self)
            }
        }
    }

    /// Bytes of anonymous memory held (0 when borrowed from a mapped file).
    var byteSize: Int { storage.byteSize }
}

extension NarrowArray: Equatable {
    /// True when both hold the same values (whatever their widths).
    static func == (a: NarrowArray, b: NarrowArray) -> Bool { a.elementsEqual(b) }
}
