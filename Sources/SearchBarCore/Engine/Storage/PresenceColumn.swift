/// Per item of a segment, its ``PresenceMask``: the 64-bit masks an index file stores, or, for a
/// segment built in memory, each mask in 52 bits (``PresenceMask/compact(_:)``).
///
/// Items are tested in the column's own form: a matcher puts its query's masks into that form
/// once (``form(_:)``) and compares them with ``key(_:)``, so a test costs one load and an AND
/// in either form. The compact form keeps every letter's and every multi-byte bit; it shares a
/// bit between two digits and one among the ASCII bytes that are neither letters, digits nor in
/// bit 36 (which every title holds: the space's), so it rejects a subset of what the full masks
/// reject and never an item they keep.
struct PresenceColumn: @unchecked Sendable, Equatable {
    /// Bits of a compact mask.
    static let compactBits = 52
    /// Keeps the low ``compactBits`` bits of a load.
    private static let compactMask: UInt64 = (1 << 52) - 1
    /// Bytes after the compact masks, so an 8-byte load at any mask stays inside.
    private static let paddingBytes = 8

    /// The 64-bit masks (empty when compact).
    private let plain: Column<UInt64>
    /// The compact masks, 52 bits each from bit `52 * i`, little-endian, then the padding
    /// (empty when plain).
    private let packed: Column<UInt8>
    /// Where ``plain`` starts (nil when compact or empty).
    private let plainBase: UnsafePointer<UInt64>?
    /// Where ``packed`` starts (nil when plain).
    private let packedBase: UnsafeRawPointer?
    /// The number of items.
    let count: Int

    /// No items.
    init() { self.init(Column<UInt64>()) }

    /// The 64-bit masks `masks`, kept as they are (an index file's).
    init(_ masks: Column<UInt64>) {
        plain = masks
        packed = []
        plainBase = masks.withUnsafeBufferPointer { $0.baseAddress }
        packedBase = nil
        count = masks.count
    }

    /// The masks of `masks` (64-bit ones, or with `compacted` already in compact form), kept
    /// compact.
    init(compacting masks: Column<UInt64>, compacted: Bool = false) {
        let count = masks.count
        let size = (count * Self.compactBits + 7) / 8 + Self.paddingBytes
        packed = masks.withUnsafeBufferPointer { masks in
            Column<UInt8>.filled(count: size) { bytes in
                bytes.base.initialize(repeating: 0, count: size)
                let raw = UnsafeMutableRawPointer(bytes.base)
                for i in 0..<count {
                    let value = compacted ? masks[i] & Self.compactMask : PresenceMask.compact(masks[i])
                    PackedBits.insert(value, into: raw, bit: i &* Self.compactBits)
                }
            }
        }
        plain = []
        plainBase = nil
        packedBase = packed.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        self.count = count
    }

    /// The 64-bit masks of a column that keeps them so (empty for a compact one).
    var plainMasks: Column<UInt64> { plain }

    /// True when the masks live in pages of their own (see ``Column/isPaged``).
    var isPaged: Bool { isCompact ? packed.isPaged : plain.isPaged }

    /// True when the masks are kept compact.
    var isCompact: Bool { packedBase != nil }

    /// `mask` (a ``PresenceMask``) in this column's form, to compare with ``key(_:)``.
    @inline(__always) func form(_ mask: UInt64) -> UInt64 { isCompact ? PresenceMask.compact(mask) : mask }

    /// Item `i`'s mask in this column's form (0 for an index out of range).
    @inline(__always) func key(_ i: Int) -> UInt64 {
        guard i >= 0 && i < count else { return 0 }
        if let packedBase {
            let bit = i &* Self.compactBits
            return PackedBits.load(packedBase, bit: bit, mask: Self.compactMask)
        }
        return plainBase.unsafelyUnwrapped[i]
    }

    /// Item `i`'s mask in compact form, whichever form the column keeps (a merge carries
    /// masks over in it).
    @inline(__always) func compactKey(_ i: Int) -> UInt64 { isCompact ? key(i) : PresenceMask.compact(key(i)) }

    /// Bytes held.
    var byteSize: Int { isCompact ? packed.byteSize : plain.byteSize }

    /// Equal when both hold the same masks in the same form (for tests comparing segments).
    static func == (a: PresenceColumn, b: PresenceColumn) -> Bool {
        a.count == b.count && a.isCompact == b.isCompact && (0..<a.count).allSatisfy { a.key($0) == b.key($0) }
    }
}
