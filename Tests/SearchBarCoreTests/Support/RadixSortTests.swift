@testable import SearchBarCore
import Testing

/// ``RadixSort``: the order of the library's stable sort by key, which the title, term and
/// rank-key orders of a segment are defined by.
@Suite("Support: radix sort")
struct RadixSortTests {
    /// Keys of several shapes (few distinct values, bytes equal in every key, full 64-bit
    /// values, string prefixes), at sizes on both sides of the comparison-sort threshold; the
    /// indices tell equal keys apart, so a sort that is not stable fails.
    @Test func sortsLikeTheStableLibrarySort() {
        var random = SplitMix(seed: 17)
        let prefixes = ["ab", "abc", "a\u{0}b", "b", "", "abcdefghij"].map { word in
            Array(word.utf8).withUnsafeBufferPointer { ByteOrder.leadingKey($0) }
        }
        let shapes: [(String, () -> UInt64)] = [
            ("few values", { random.next() % 7 }),
            ("high bytes equal", { 0xAB00_0000_0000_0000 | random.next() % 5000 }),
            ("middle byte only", { (random.next() % 3) << 24 }),
            ("full width", { random.next() }),
            ("string prefixes", { prefixes[Int(random.next() % UInt64(prefixes.count))] }),
        ]
        for (name, key) in shapes {
            for count in [0, 1, 2, RadixSort.threshold - 1, RadixSort.threshold, 5000] {
                var entries = (0..<count).map { (key: key(), index: UInt32($0)) }
                let expected = entries.sorted { $0.key < $1.key }
                entries.withUnsafeMutableBufferPointer { RadixSort.sortByKey($0) }
                #expect(entries.map(\.index) == expected.map(\.index), "\(name), \(count) entries")
            }
        }
    }

    /// The byte order of strings sharing 8-byte prefixes (ties broken on the later bytes, then
    /// by index) is the order of a comparison of their bytes.
    @Test func byteOrderSortsByBytesThenIndex() {
        var random = SplitMix(seed: 3)
        // Prefixes shared past 8, 16 and 64 bytes, zero bytes against ends of strings, and
        // strings that end inside a key.
        let long = String(repeating: "List of the things ", count: 5)
        let short: [String] = ["aaaaaaaab", "aaaaaaaa", "aaaaaaaab", "aaaaaaa", "a\u{0}", "a", "", "zzzzzzzzz1", "zzzzzzzzz0", "é"]
        let cut: [String] = [20, 16, 70, 71].map { String(long.prefix($0)) }
        let extended: [String] = [long, long + "a", long + "b", long + "\u{0}", String(long.prefix(17)) + "\u{0}", String(long.prefix(24)) + "z"]
        let words: [String] = short + cut + extended
        var arena = ByteArena()
        var strings: [[UInt8]] = []
        for _ in 0..<3000 {
            let word = Array(words[Int(random.next() % UInt64(words.count))].utf8) + (random.next() % 2 == 0 ? [] : [UInt8(random.next() % 3)])
            strings.append(word)
            arena.append(word)
        }
        let expected = strings.indices.sorted {
            strings[$0] != strings[$1] ? strings[$0].lexicographicallyPrecedes(strings[$1]) : $0 < $1
        }
        #expect(ByteOrder.sortedIndices(arena).map(Int.init) == expected)
        // The same order read through blocked offsets (what a segment keeps), and of a prefix.
        let blocked = arena.blocked()
        #expect(blocked.blockedOffsets != nil)
        #expect(ByteOrder.sortedIndices(blocked).map(Int.init) == expected)
        let firstExpected = expected.filter { $0 < 1000 }
        #expect(ByteOrder.sortedIndices(blocked, count: 1000).map(Int.init) == firstExpected)
        #expect(ByteOrder.sortedIndices(ByteArena(), count: 3) == [0, 1, 2])
    }
}
