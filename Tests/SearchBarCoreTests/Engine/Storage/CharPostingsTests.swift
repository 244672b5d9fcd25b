@testable import SearchBarCore
import Testing

/// ``CharPostings``: the postings a build makes (a scan that skips eight bytes at a time, a
/// counting sort of the pairs, or a sort of few pairs) equal a plain per-code-point scan into
/// lists by code point.
struct CharPostingsTests {
    /// The plain reference: every code point of every item decoded, indexed ones listed per code
    /// point once per item, keys ascending.
    static func reference(_ fields: [ByteArena], count: Int) -> (keys: [UInt32], offsets: [UInt32], postings: [UInt32]) {
        var lists: [UInt32: [UInt32]] = [:]
        for i in 0..<count {
            var seen = Set<UInt32>()
            for arena in fields where !arena.isBlank {
                for c in arena.string(i).unicodeScalars.map(\.value) where CharPostings.isIndexed(c) && seen.insert(c).inserted {
                    lists[c, default: []].append(UInt32(i))
                }
            }
        }
        var offsets: [UInt32] = [0]
        var postings: [UInt32] = []
        let keys = lists.keys.sorted()
        for c in keys {
            postings += lists[c] ?? []
            offsets.append(UInt32(postings.count))
        }
        return (keys, offsets, postings)
    }

    /// Folded texts of many scripts, with indexed code points at every offset from an 8-byte
    /// word's start (Thai, Han, kana, Hangul jamo, Khmer, supplementary Han), beside 2-byte
    /// letters and emoji that are not indexed.
    static func texts(_ count: Int, seed: UInt64) -> [String] {
        let words = Self.words
        let extra = ["", "a", "é", "ж", "ก", "東", "か", "𠀋", "𪚲", "👍🏽", "ᄀ", "ក", "abcdefg", "abcdefgh", "ab東", "1234567ก"]
        var random = SplitMix(seed: seed)
        let analyzer = TextAnalyzer(locale: .none)
        return (0..<count).map { _ in
            let text = (0..<random.next(below: 7)).map { _ in
                random.next(below: 4) == 0 ? extra[random.next(below: extra.count)] : words[random.next(below: words.count)]
            }.joined(separator: random.next(below: 3) == 0 ? "" : " ")
            return analyzer.fold(text)
        }
    }

    /// Words of the sample dataset's titles and subtitles in ten languages.
    static let words = SampleDataset.items(locales: ["en", "ja", "zh", "th", "ko", "km", "my", "lo", "ru", "ar"])
        .flatMap { [$0.title, $0.subtitle] }
        .flatMap { $0.split(separator: " ").map(String.init) }

    /// Both ways of ordering the pairs: counted into a table (limit 0) and sorted (no limit).
    @Test(
        "equal to the plain scan on multilingual folded texts, one to three fields, pairs counted or sorted",
        arguments: [1, 2, 3], [0, Int.max])
    func equalsPlainScan(fieldCount: Int, sortedPairsLimit: Int) {
        for (count, seed) in [(0, 1), (1, 2), (37, 3), (3000, UInt64(4 + fieldCount))] {
            var fields: [ByteArena] = []
            for f in 0..<fieldCount {
                var arena = ByteArena()
                // A middle field left blank: a field no item has.
                if f == 1 && fieldCount == 3 {
                    fields.append(arena)
                    continue
                }
                for text in Self.texts(count, seed: seed &* 31 &+ UInt64(f)) { arena.append(text) }
                fields.append(arena)
            }
            let made = CharPostings(fields, count: count, sortedPairsLimit: sortedPairsLimit).parts
            let expected = Self.reference(fields, count: count)
            #expect(Array(made.keys) == expected.keys, "keys, \(count) items")
            #expect(Array(made.offsets) == expected.offsets, "offsets, \(count) items")
            #expect((0..<made.postings.count).map { made.postings[$0] } == expected.postings, "postings, \(count) items")
            if count >= 3000 { #expect(expected.keys.count > 100 && expected.keys.contains { $0 >= 0x10000 }) }
        }
    }

    /// The eight-byte test: a byte of 0xE0 or above at any position, and none below.
    @Test func eightByteTest() {
        #expect(!CharPostings.holdsLeadE0(0))
        #expect(!CharPostings.holdsLeadE0(0xDFDF_DFDF_DFDF_DFDF))
        #expect(!CharPostings.holdsLeadE0(0xBFBF_BFBF_BFBF_BFBF))
        for position in 0..<8 {
            for b: UInt64 in [0xE0, 0xE5, 0xEF, 0xF0, 0xF4, 0xFF] {
                #expect(CharPostings.holdsLeadE0(0xDFDF_DFDF_DFDF_DFDF & ~(0xFF << (8 * position)) | b << (8 * position)))
            }
            for b: UInt64 in [0x00, 0x7F, 0x80, 0xC0, 0xDF] {
                #expect(!CharPostings.holdsLeadE0(0x7F7F_7F7F_7F7F_7F7F & ~(0xFF << (8 * position)) | b << (8 * position)))
            }
        }
    }
}
