import Testing

@testable import SearchBarCore

/// ``RareByteFinder`` (the vocabulary's substring search in contains mode) against a naive search.
@Suite("Engine: the rare-byte substring finder equals a naive search")
struct RareByteFinderTests {
    static func naive(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard from >= 0, needle.count <= haystack.count - from else { return nil }
        for start in from...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    @Test func everyOccurrenceInOrder() {
        var random = SplitMix(seed: 2026)
        var checked = 0
        for round in 0..<300 {
            // A skewed alphabet (some bytes common, some rare), haystacks around the 32-byte
            // block size and far beyond it.
            let alphabet: [UInt8] = Array("eeeeaaaattnnrsxqz\u{0}é".utf8)
            let length = [0, 1, 5, 31, 32, 33, 63, 64, 65, 200, 2000][round % 11]
            let haystack = (0..<length).map { _ in alphabet[random.next(below: alphabet.count)] }
            var counts = [UInt32](repeating: 0, count: 256)
            for b in haystack { counts[Int(b)] += 1 }
            for _ in 0..<8 {
                let n = 1 + random.next(below: 6)
                var needle = (0..<n).map { _ in alphabet[random.next(below: alphabet.count)] }
                if haystack.count >= n, random.next(below: 2) == 0 {
                    let start = random.next(below: haystack.count - n + 1)
                    needle = Array(haystack[start..<(start + n)])
                }
                haystack.withUnsafeBufferPointer { hay in
                    needle.withUnsafeBufferPointer { pattern in
                        let finder = RareByteFinder(pattern, counts: counts)
                        var from = 0
                        var found: [Int] = []
                        while let hit = finder.next(in: hay, from: from) {
                            found.append(hit)
                            from = hit + 1
                        }
                        var expected: [Int] = []
                        from = 0
                        while let hit = Self.naive(needle, in: haystack, from: from) {
                            expected.append(hit)
                            from = hit + 1
                        }
                        #expect(found == expected, "needle \(needle) in \(haystack.count) bytes")
                        checked += expected.count
                    }
                }
            }
        }
        #expect(checked > 1000)
    }
}
