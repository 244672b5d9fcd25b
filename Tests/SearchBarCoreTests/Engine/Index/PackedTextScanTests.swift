@testable import SearchBarCore
import Testing

/// The parallel scans of a packed batch's text buffer agree with a plain serial reading: the
/// UTF-8 check with ``UTF8Codec/isValid(_:_:)`` over the whole buffer, the starts of
/// NUL-separated texts with a split on NUL, on buffers of several chunks whose cuts fall on
/// every kind of byte (inside a character, on a NUL, inside a text longer than a chunk).
@Suite("Packed text scans: parallel chunks equal the serial reading")
struct PackedTextScanTests {
    static let pool = ThreadPool(threads: 2)
    static let pieces = ["a", "Zürich", "東京タワー", "👍🏽", "", "ภาษาไทย", "x y z", "ß"]

    /// `count` random texts (one of them longer than a chunk when `long`).
    static func texts(_ count: Int, seed: UInt64, long: Bool = false) -> [[UInt8]] {
        var random = SplitMix(seed: seed)
        var texts = (0..<count).map { _ in
            Array((0..<random.next(below: 6)).map { _ in pieces[random.next(below: pieces.count)] }.joined().utf8)
        }
        if long { texts[count / 3] = Array(String(repeating: "é東", count: PackedTextScan.chunkBytes / 3).utf8) }
        return texts
    }

    /// The starts the scan finds, or nil for another outcome.
    static func starts(_ bytes: [UInt8], texts: Int) -> [Int]? {
        bytes.withUnsafeBufferPointer { b -> [Int]? in
            guard case .starts(let s) = PackedTextScan.separatedStarts(b.baseAddress!, b.count, texts: texts, pool: pool)
            else { return nil }
            return (0..<s.count).map { Int(s.base[$0]) }
        }
    }

    @Test("separated starts equal the serial split", arguments: [(1, false), (40_000, false), (400_000, false), (30_000, true)])
    func separatedStartsEqualTheSplit(count: Int, long: Bool) {
        let texts = Self.texts(count, seed: UInt64(count), long: long)
        let joined = Array(texts.joined(separator: [0]))
        var expected = [0]
        for text in texts { expected.append(expected[expected.count - 1] + text.count + 1) }
        #expect(Self.starts(joined, texts: count) == expected)
        // One NUL too many or too few.
        #expect(Self.starts(joined + [0], texts: count) == nil)
        if count > 1 { #expect(Self.starts(joined, texts: count + 1) == nil) }
    }

    @Test("a bad byte anywhere is found, by both scans, chunk cuts included")
    func badBytesAreFound() {
        let texts = Self.texts(200_000, seed: 7)
        let joined = Array(texts.joined(separator: [0]))
        #expect(joined.count > 3 * PackedTextScan.chunkBytes)
        let valid = joined.withUnsafeBufferPointer { PackedTextScan.isValidUTF8($0.baseAddress!, $0.count, pool: Self.pool) }
        #expect(valid)
        let cut = PackedTextScan.chunkBytes
        for position in [0, cut - 1, cut, cut + 1, 2 * cut + 3, joined.count - 1] {
            for bad: UInt8 in [0xFF, 0x80, 0xC0] {
                var broken = joined
                broken[position] = bad
                let serial = UTF8Codec.isValid(broken, broken.count)
                let parallel = broken.withUnsafeBufferPointer {
                    PackedTextScan.isValidUTF8($0.baseAddress!, $0.count, pool: Self.pool)
                }
                #expect(parallel == serial, "byte \(bad) at \(position)")
                if !serial {
                    let outcome = broken.withUnsafeBufferPointer {
                        PackedTextScan.separatedStarts($0.baseAddress!, $0.count, texts: texts.count, pool: Self.pool)
                    }
                    guard case .invalidUTF8(let item) = outcome else {
                        Issue.record("byte \(bad) at \(position) not found by the separated scan")
                        continue
                    }
                    // The first text that is not valid UTF-8 by itself, as a serial split finds it.
                    let first = broken.split(separator: 0, omittingEmptySubsequences: false)
                        .firstIndex { !UTF8Codec.isValid(Array($0), $0.count) }
                    #expect(item == first, "byte \(bad) at \(position)")
                }
            }
        }
        // Continuation bytes only: no cut can be aligned, the one chunk is invalid.
        let continuations = [UInt8](repeating: 0x80, count: 3 * PackedTextScan.chunkBytes)
        #expect(!continuations.withUnsafeBufferPointer {
            PackedTextScan.isValidUTF8($0.baseAddress!, $0.count, pool: Self.pool)
        })
    }
}
