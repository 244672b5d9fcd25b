/// Reads of values packed end to end in bits, low bits first (``NarrowArray``, ``PostingLists``).
enum PackedBits {
    /// The bits at bit offset `bit` of `base` kept by `mask` (at most 57 bits: one unaligned
    /// 8-byte load at the byte holding `bit`, which the caller keeps inside its storage).
    @inline(__always) static func load(_ base: UnsafeRawPointer, bit: Int, mask: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: (base + (bit &>> 3)).loadUnaligned(as: UInt64.self))
        return (word &>> UInt64(bit & 7)) & mask
    }
}
