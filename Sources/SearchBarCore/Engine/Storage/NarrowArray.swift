/// An immutable array of 32-bit values stored in 3 bytes each when every value is below 2²⁴,
/// else in 4.
///
/// Item numbers and term ids of a segment rarely pass 2²⁴ (16.7 million), so the forward index
/// and the postings, the two largest arrays of ids, lose a quarter of their size. A read is one
/// unaligned 4-byte load and a mask; the storage has a byte of padding so the last value's load
/// stays inside it.
struct NarrowArray: RandomAccessCollection, @unchecked Sendable {
    /// The values, `width` bytes each, little-endian, then the padding.
    private let storage: [UInt8]
    /// Where ``storage`` starts (it never moves: the array is an immutable `let`).
    private let base: UnsafeRawPointer?
    /// Bytes per value: 3 or 4.
    let width: Int
    /// Keeps the low `8 * width` bits of a load.
    private let mask: UInt32
    /// The number of values.
    let count: Int

    /// The values of `values`.
    init(_ values: [UInt32]) {
        let narrow = values.allSatisfy { $0 < 1 << 24 }
        width = narrow ? 3 : 4
        mask = narrow ? 0xFF_FFFF : 0xFFFF_FFFF
        count = values.count
        let width = self.width
        var bytes = [UInt8](repeating: 0, count: values.count * width + 1)
        bytes.withUnsafeMutableBytes { out in
            // Each 4-byte store spills into the next value's place (or the padding), which the
            // next store overwrites.
            for (i, value) in values.enumerated() {
                out.storeBytes(of: value.littleEndian, toByteOffset: i &* width, as: UInt32.self)
            }
        }
        storage = bytes
        base = storage.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
    }

    /// No values.
    init() { self.init([]) }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Value `i`.
    @inline(__always) subscript(i: Int) -> UInt32 { reader[i] }

    /// A reference-count-free view for hot loops, valid while this array lives.
    var reader: Reader { Reader(base: base.unsafelyUnwrapped, width: width, mask: mask, count: count) }

    /// A borrowed view of a ``NarrowArray`` (see ``RawArena``).
    struct Reader: @unchecked Sendable {
        fileprivate let base: UnsafeRawPointer
        fileprivate let width: Int
        fileprivate let mask: UInt32
        /// The number of values.
        let count: Int

        /// Value `i`.
        @inline(__always) subscript(i: Int) -> UInt32 {
            precondition(i >= 0 && i < count, "NarrowArray index out of range")
            return UInt32(littleEndian: (base + i &* width).loadUnaligned(as: UInt32.self)) & mask
        }
    }

    /// Bytes held.
    var byteSize: Int { storage.capacity }
}
