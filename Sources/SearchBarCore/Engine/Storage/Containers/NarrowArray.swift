/// An immutable array of 32-bit values packed in as few bits each as its greatest value needs
/// (1 to 32), or in 24 or 32 bits when asked to stay byte-aligned.
///
/// Item numbers and term ids of a segment need about 20 bits at a million items, so the forward
/// index and the orders of the items hold a third less than in 32-bit arrays. A read is one
/// unaligned 8-byte load, a shift and a mask; value `i` starts at bit `i * bits`, little-endian,
/// and 7 bytes of padding after the values keep the last value's load inside the storage (the
/// last padding byte holds `bits`, so a saved array describes itself). The storage is a
/// ``Column``: an array's, or borrowed from a mapped index file, read where it lies.
struct NarrowArray: RandomAccessCollection, @unchecked Sendable {
    /// The values, `bits` bits each, then the padding.
    private let storage: Column<UInt8>
    /// Where ``storage`` starts (it never moves: the array is an immutable `let`).
    private let base: UnsafeRawPointer?
    /// Bits per value: 1 to 32.
    let bits: Int
    /// Keeps the low `bits` bits of a load.
    private let mask: UInt64
    /// The number of values.
    let count: Int

    /// Bytes of padding after the values.
    static let paddingBytes = 7
    /// The most values an array may hold (its bit positions fit an `Int`).
    static let maxCount = (Int.max - 64) / 32

    /// The values of `values`, in as few bits as the greatest needs (see
    /// ``init(_:byteAligned:)-(Column<UInt32>,_)``).
    init(_ values: [UInt32], byteAligned: Bool = false) { self.init(Column(values), byteAligned: byteAligned) }

    /// The values of `values`, in as few bits as the greatest needs, or with `byteAligned` in 24
    /// bits when every value is below 2²⁴ and else 32.
    init(_ values: Column<UInt32>, byteAligned: Bool = false) {
        self = values.withUnsafeBufferPointer { Self($0, byteAligned: byteAligned) }
    }

    /// The values of `values` (see ``init(_:byteAligned:)-(Column<UInt32>,_)``).
    init(_ values: UnsafeBufferPointer<UInt32>, byteAligned: Bool = false) {
        let greatest = values.max() ?? 0
        let bits = byteAligned ? (greatest < 1 << 24 ? 24 : 32) : Self.bits(for: greatest)
        self = Self.filled(count: values.count, bits: bits) { writer in
            for (i, value) in values.enumerated() { writer.set(i, value) }
        }
    }

    /// The fewest bits (at least 1) that hold `value`.
    static func bits(for value: UInt32) -> Int { Swift.max(1, UInt32.bitWidth - value.leadingZeroBitCount) }

    /// Bytes of the storage of `count` values of `bits` bits: the values, then the padding.
    static func storageSize(count: Int, bits: Int) -> Int { (count * bits + 7) / 8 + paddingBytes }

    /// An array over `storage` (see ``storageSize(count:bits:)``).
    private init(storage: Column<UInt8>, bits: Int, count: Int) {
        self.bits = bits
        mask = (1 << UInt64(bits)) - 1
        self.count = count
        self.storage = storage
        base = storage.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
    }

    /// `count` values of `bits` bits (1 to 32) that `fill` writes through a ``Writer``, without
    /// a `[UInt32]` copy first. Every value must be written, and be below 2^`bits`. With `bits`
    /// 24 or 32, distinct threads may write distinct values at once; with other widths,
    /// neighbouring values share bytes, so one thread writes at a time.
    static func filled(count: Int, bits: Int, _ fill: (Writer) -> Void) -> NarrowArray {
        filled(count: count, bits: bits, zeroing: true, fill)
    }

    /// ``filled(count:bits:_:)``; without `zeroing`, only the bytes after the values (and the
    /// last byte's bits above the last value) are zeroed before `fill`, which must then write
    /// every byte the values take (``filledByRuns(count:bits:_:)``).
    static func filled(count: Int, bits: Int, zeroing: Bool, _ fill: (Writer) -> Void) -> NarrowArray {
        precondition(bits >= 1 && bits <= 32 && count >= 0 && count <= maxCount, "NarrowArray size out of range")
        let size = storageSize(count: count, bits: bits)
        let storage = Column<UInt8>.filled(count: size) { bytes in
            // A write at a width other than 24 or 32 keeps the bits around its own: zero them all.
            let zeroed = !zeroing ? count * bits / 8 : bits == 24 || bits == 32 ? size - paddingBytes : 0
            (bytes.base + zeroed).initialize(repeating: 0, count: size - zeroed)
            fill(Writer(base: UnsafeMutableRawPointer(bytes.base), bits: bits, count: count))
            bytes[size - 1] = UInt8(truncatingIfNeeded: bits)
        }
        return NarrowArray(storage: storage, bits: bits, count: count)
    }

    /// `count` values that `fill` writes, distinct threads distinct values at once if need be,
    /// in 24 bits each with `narrow` (every value below 2²⁴) and else 32.
    static func filled(count: Int, narrow: Bool, _ fill: (Writer) -> Void) -> NarrowArray {
        filled(count: count, bits: narrow ? 24 : 32, fill)
    }

    /// This array's values in as few bits as its greatest needs (itself when that is no fewer).
    func narrowed() -> NarrowArray {
        let reader = self.reader
        var greatest: UInt32 = 0
        for value in reader { greatest = Swift.max(greatest, value) }
        let fewest = Self.bits(for: greatest)
        guard fewest < bits else { return self }
        return Self.filled(count: count, bits: fewest) { writer in
            for i in 0..<reader.count { writer.set(i, reader[i]) }
        }
    }

    /// No values.
    init() { self.init([]) }

    /// An array over a saved ``storageBytes`` (see ``IndexFileLayout``): nil unless `storage`
    /// holds exactly `count` values of the bits its last byte names (1 to 32) and the padding.
    static func restored(storage: Column<UInt8>, count: Int) -> NarrowArray? {
        guard count >= 0, count <= maxCount, let last = storage.last else { return nil }
        let bits = Int(last)
        guard bits >= 1, bits <= 32, storage.count == storageSize(count: count, bits: bits) else { return nil }
        return NarrowArray(storage: storage, bits: bits, count: count)
    }

    /// The stored bytes: the values packed `bits` bits each, little-endian, then the padding,
    /// whose last byte is `bits`.
    var storageBytes: Column<UInt8> { storage }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Value `i`.
    @inline(__always) subscript(i: Int) -> UInt32 { reader[i] }

    /// A reference-count-free view for hot loops, valid while this array lives.
    var reader: Reader { Reader(base: base.unsafelyUnwrapped, bits: bits, mask: mask, count: count) }

    /// A borrowed view of a ``NarrowArray`` (see ``RawArena``).
    struct Reader: RandomAccessCollection, @unchecked Sendable {
        fileprivate let base: UnsafeRawPointer
        fileprivate let bits: Int
        fileprivate let mask: UInt64
        /// The number of values.
        let count: Int

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        /// Value `i`.
        @inline(__always) subscript(i: Int) -> UInt32 {
            precondition(i >= 0 && i < count, "NarrowArray index out of range")
            return UInt32(truncatingIfNeeded: PackedBits.load(base, bit: i &* bits, mask: mask))
        }
    }

    /// Writes the values of an array being made by ``filled(count:bits:_:)``. At 24 or 32 bits a
    /// write stores exactly the value's own bytes, so threads writing distinct values do not
    /// overlap; at other widths it rewrites the 8 bytes around the value, keeping their other bits.
    struct Writer: @unchecked Sendable {
        /// The storage's first byte.
        let base: UnsafeMutableRawPointer
        /// Bits per value.
        let bits: Int
        /// The number of values.
        let count: Int

        /// Sets value `i`.
        @inline(__always) func set(_ i: Int, _ value: UInt32) {
            assert(i >= 0 && i < count && (bits == 32 || value < 1 << UInt32(bits)), "NarrowArray write out of range")
            let bit = i &* bits
            let at = base + (bit &>> 3)
            if bits == 24 {
                at.storeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian, as: UInt16.self)
                (at + 2).storeBytes(of: UInt8(truncatingIfNeeded: value >> 16), as: UInt8.self)
            } else if bits == 32 {
                at.storeBytes(of: value.littleEndian, as: UInt32.self)
            } else {
                let shift = UInt64(bit & 7)
                let mask = ((1 as UInt64) << UInt64(bits)) - 1
                let word = UInt64(littleEndian: at.loadUnaligned(as: UInt64.self))
                let written = (word & ~(mask << shift)) | (UInt64(value) << shift)
                at.storeBytes(of: written.littleEndian, as: UInt64.self)
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
