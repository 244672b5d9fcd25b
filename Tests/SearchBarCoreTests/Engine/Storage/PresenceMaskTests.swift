@testable import SearchBarCore
import Testing

/// ``PresenceMask``: which bytes a mask tells exactly.
struct PresenceMaskTests {
    /// A byte has a bit of its own exactly when no byte other than itself and its other case
    /// takes that bit.
    @Test func ownBitsAreTheUnsharedOnes() {
        for b in 0...255 {
            let bit = PresenceMask.bits[b]
            let sharers = (0...255).filter { PresenceMask.bits[$0] == bit && $0 != b }
            let otherCase = { (s: Int) in s | 0x20 == b | 0x20 && (0x61...0x7A).contains(b | 0x20) }
            let alone = sharers.allSatisfy(otherCase)
            #expect(PresenceMask.hasOwnBit(UInt8(b)) == alone, "byte \(b)")
        }
        #expect(PresenceMask.hasOwnBit(UInt8(ascii: "q")) && PresenceMask.hasOwnBit(UInt8(ascii: "Q")))
        #expect(PresenceMask.hasOwnBit(UInt8(ascii: "7")))
        #expect(!PresenceMask.hasOwnBit(UInt8(ascii: "-")) && !PresenceMask.hasOwnBit(0xD1))
    }

    /// In the compact form, a byte has a bit of its own exactly when no byte other than itself
    /// and its other case takes its compact bit (digits share theirs in pairs).
    @Test func compactOwnBitsAreTheUnsharedOnes() {
        for b in 0...255 {
            let bit = PresenceMask.compact(PresenceMask.bits[b])
            let sharers = (0...255).filter { PresenceMask.compact(PresenceMask.bits[$0]) == bit && $0 != b }
            let otherCase = { (s: Int) in s | 0x20 == b | 0x20 && (0x61...0x7A).contains(b | 0x20) }
            let alone = bit != 0 && sharers.allSatisfy(otherCase)
            #expect(PresenceMask.hasOwnBit(UInt8(b), compact: true) == alone, "byte \(b)")
        }
        #expect(!PresenceMask.hasOwnBit(UInt8(ascii: "7"), compact: true))
        #expect(PresenceMask.hasOwnBit(UInt8(ascii: "q"), compact: true))
    }
}
