import Testing

@testable import SearchBarCore

/// XXH64 against the reference implementation's published values.
@Suite("XXH64 checksum")
struct XXHash64Tests {
    @Test("known values")
    func knownValues() {
        #expect(XXHash64.hash([UInt8]()) == 0xEF46_DB37_51D8_E999)
        #expect(XXHash64.hash(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(XXHash64.hash(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(XXHash64.hash(Array("Nobody inspects the spammish repetition".utf8)) == 0xFBCE_A83C_8A37_8BF1)
    }
}
