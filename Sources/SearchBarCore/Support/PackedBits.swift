/// Reads and writes of values packed end to end in bits, low bits first (``NarrowArray``,
/// ``PostingLists``, ``AscendingOffsets``, ``PresenceColumn``).
enum PackedBits {
    /// The bits at bit offset `bit` of `base` kept by `mask` (at most 57 bits: one unaligned
    /// 8-byte load at the byte holding `bit`, which the caller keeps inside its storage).
    @inline(__always) static func load(_ base: UnsafeRawPointer, bit: Int, mask: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: (base + (bit &>> 3)).loadUnaligned(as: UInt64.self))
        return (word &>> UInt64(bit & 7)) & mask
    }

    /// Sets the bits of `value` (at most 57 bits) at bit offset `bit` of `base`, whose bits
    /// there are still 0 (one unaligned 8-byte load and store at the byte holding `bit`, which
    /// the caller keeps inside its storage).
    @inline(__always) static func insert(_ value: UInt64, into base: UnsafeMutableRawPointer, bit: Int) {
        let at = base + (bit &>> 3)
        let word = UInt64(littleEndian: at.loadUnaligned(as: UInt64.self)) | value &<< UInt64(bit & 7)
        at.storeBytes(of: word.littleEndian, as: UInt64.self)
    }
}
