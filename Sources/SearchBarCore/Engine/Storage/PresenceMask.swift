/// A 64-bit summary of which bytes occur in a text: ASCII letters (either case) take bits 0–25,
/// digits 26–35, other ASCII bytes share bits 36–43 and bytes of multi-byte characters share
/// bits 44–63. A text can contain a word (as a substring or a subsequence) only when its mask
/// holds every bit of the word's mask, so one AND rejects most items before any byte search.
enum PresenceMask {
    /// The bit of every byte value.
    static let bits: [UInt64] = (0..<256).map { b in
        switch b {
        case 0x61...0x7A: 1 << UInt64(b - 0x61)
        case 0x41...0x5A: 1 << UInt64(b - 0x41)
        case 0x30...0x39: 1 << UInt64(26 + b - 0x30)
        case 0..<0x80: 1 << UInt64(36 + b % 8)
        default: 1 << UInt64(44 + b % 20)
        }
    }

    /// The bits of ``bits`` that one byte value takes alone (with its other case): those of
    /// the ASCII letters and digits, 0–35.
    private static let ownBits: UInt64 = (1 << 36) - 1

    /// True when byte `b` has a bit of its own in ``bits`` (an ASCII letter, either case, or a
    /// digit) and, for masks in ``compact(_:)`` form (`compact`), still has one there (a letter:
    /// digits share a bit in pairs): an item's mask then tells exactly whether its text holds
    /// it. Other bytes share their bit, so a mask holding it proves nothing.
    static func hasOwnBit(_ b: UInt8, compact: Bool = false) -> Bool {
        guard bits[Int(b)] & ownBits != 0 else { return false }
        return !compact || !(0x30...0x39).contains(b)
    }

    /// The mask of `bytes`.
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        bits.withUnsafeBufferPointer { table in
            var mask: UInt64 = 0
            for b in bytes { mask |= table[Int(b)] }
            return mask
        }
    }

    /// The mask of `bytes`.
    static func of(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { of($0) } }

    /// `mask` in the 52 bits a segment built in memory keeps (``PresenceColumn``): the letters'
    /// 26 bits as they are, then one bit per two digits (0–1, 2–3, …), one for any of the other
    /// ASCII bits but 36 (which every text with a space holds, so it is dropped), and the 20
    /// multi-byte bits. A text's compact mask holds every bit of a word's compact mask whenever
    /// its full mask holds every bit of the word's.
    @inline(__always)
    static func compact(_ mask: UInt64) -> UInt64 {
        let letters = mask & ((1 << 26) - 1)
        let digits = (mask >> 26) & 0x3FF
        let pairs = (digits | digits >> 1) & 0x155
        let digitPairs = (pairs & 1) | (pairs >> 1 & 2) | (pairs >> 2 & 4) | (pairs >> 3 & 8) | (pairs >> 4 & 16)
        let others: UInt64 = (mask >> 37) & 0x7F != 0 ? 1 : 0
        return letters | digitPairs << 26 | others << 31 | (mask >> 44) << 32
    }

    /// Per item, the union of the masks of its folded fields.
    static func items(_ folded: [ByteArena], count: Int) -> Column<UInt64> {
        Column<UInt64>.filled(count: count) { masks in
            masks.base.initialize(repeating: 0, count: count)
            for arena in folded where !arena.isBlank {
                arena.bytes.withUnsafeBufferPointer { bytes in
                    for i in 0..<min(count, arena.count) {
                        masks[i] |= of(UnsafeBufferPointer(rebasing: bytes[arena.range(i)]))
                    }
                }
            }
        }
    }
}
