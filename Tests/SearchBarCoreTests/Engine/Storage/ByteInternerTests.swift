@testable import SearchBarCore
import Testing

/// ``ByteInterner`` gives each distinct byte string one id, in first-seen order, whatever the
/// strings' lengths (its hash reads them in overlapping whole loads) and collisions.
@Suite("Byte interner: one id per distinct string, first seen first")
struct ByteInternerTests {
    @Test("ids equal a dictionary's first-seen numbering, strings of every length, arena in id order")
    func idsMatchDictionary() {
        var random = SplitMix(seed: 41)
        // Few distinct byte values and short lengths: many repeats and near-misses (strings
        // differing in one byte, or one a prefix of another).
        var strings: [[UInt8]] = []
        for _ in 0..<20_000 {
            let length = random.next(below: 21)
            strings.append((0..<length).map { _ in UInt8(random.next(below: 3)) + 0x61 })
        }
        strings.append([])
        var interner = ByteInterner(expected: 16)
        var expected: [[UInt8]: Int] = [:]
        var order: [[UInt8]] = []
        for string in strings {
            let id = string.withUnsafeBytes { interner.intern($0) }
            let want = expected[string] ?? order.count
            if expected[string] == nil {
                expected[string] = want
                order.append(string)
            }
            #expect(id == want)
        }
        #expect(interner.count == order.count)
        let arena = interner.arena
        #expect(arena.count == order.count)
        for (id, string) in order.enumerated() {
            #expect(arena.array(id) == string)
            #expect(string.withUnsafeBytes { interner.find($0) } == id)
            #expect(interner.hashes[id] == string.withUnsafeBytes { ByteInterner.hash($0) })
        }
        #expect([UInt8]("zzz".utf8).withUnsafeBytes { interner.find($0) } == nil)
    }
}
