internal import CICU
@testable import SearchBarCore
import Testing

/// Highlight ranges are widened to whole grapheme clusters (`Graphemes.widen`). Its shortcut
/// (`Graphemes.isTrivialBoundary`) must never call a place a boundary that ICU's character
/// break iterator does not, or the widening of one end would depend on the other.
@Suite("International text: grapheme widening agrees with ICU")
struct GraphemeWideningTests {
    /// Texts whose clusters need more than the bytes at one offset: Indic conjuncts (a virama
    /// between linking consonants: ICU's rule, which Unicode 15.1 adopted as GB9c), nukta,
    /// Hangul jamo, emoji ZWJ sequences, flags, skin tones, CR LF, prepend marks, combining
    /// marks, Thai.
    static let edgeTexts: [String] = [
        "কিম্বুন্দু", "ক্ষ", "ক্‍ষ", "ক্ষি", "ক্ষ্ম", "a্ম",  // Bengali conjuncts, ZWJ between
        "क्षत्रिय", "क़्ष", "हिन्दी", "न्त्र", "ક્ષ", "క్ష", "ക്ഷ", "କ୍ଷ",  // Devanagari, Gujarati, Telugu, Malayalam, Oriya
        "த்த", "ක්‍ෂ", "ཀྵ", "မ္မ",  // Tamil, Sinhala, Tibetan, Myanmar (viramas ICU does not join)
        "\u{1100}\u{1161}\u{11A8}한글", "👩‍👩‍👧‍👦 family", "🇩🇪🇫🇷x", "👍🏽ok", "a\r\nb", "\u{0600}1 ؀٢",
        "e\u{0301}\u{0302}x", "ก้ำ ไทย", "Z͑ͫ̓ͪ̂ͫ̽͏̴̙", "x\u{200D}y", "\u{0D4E}\u{0D15}",
    ]

    /// Every grapheme boundary of `p` by ICU's character break iterator, as UTF-8 offsets.
    static func icuBoundaries(_ p: UnsafeBufferPointer<UInt8>) -> Set<Int> {
        let text = String(decoding: p, as: UTF8.self)
        var u16: [UInt16] = []
        var u8of16: [Int] = []  // the UTF-8 offset of each UTF-16 offset
        var byte = 0
        for scalar in text.unicodeScalars {
            for unit in scalar.utf16 {
                u16.append(unit)
                u8of16.append(byte)
            }
            byte += scalar.utf8.count
        }
        u8of16.append(byte)
        var boundaries: Set<Int> = []
        u16.withUnsafeBufferPointer { b in
            _ = Graphemes.pool.with(text: b) { bi in
                var at = sbicu_ubrk_first(bi)
                while at != Int32(SBICU_BRK_DONE) && at >= 0 {
                    boundaries.insert(u8of16[Int(at)])
                    at = sbicu_ubrk_next(bi)
                }
            }
        }
        return boundaries
    }

    /// The edge texts, then every `step`-th sample title and subtitle and CLDR annotation.
    static func corpus(step: Int) -> [String] {
        let sample = SampleDataset.items().flatMap { [$0.title, $0.subtitle] }
        let annotations = TextTestSupport.annotations.map(\.text)
        return edgeTexts + stride(from: 0, to: sample.count, by: step).map { sample[$0] }
            + stride(from: 0, to: annotations.count, by: step).map { annotations[$0] }
    }

    @Test("the shortcut only finds boundaries ICU finds")
    func trivialBoundariesAreICUBoundaries() {
        var failures: [String] = []
        var checked = 0
        for text in Self.corpus(step: 11) {
            var copy = text
            copy.withUTF8 { p in
                let icu = Self.icuBoundaries(p)
                for offset in 0...p.count where offset == p.count || p[offset] & 0xC0 != 0x80 {
                    checked += 1
                    if Graphemes.isTrivialBoundary(p, offset) && !icu.contains(offset) && failures.count < 20 {
                        failures.append("\(text.debugDescription) at byte \(offset)")
                    }
                }
            }
        }
        #expect(checked > 1_000_000, "\(checked)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Every code point whose break class is not Other, and every 61st of the others, before
    /// ASCII characters and before Hangul jamo and syllables of each class, after nothing, after
    /// a consonant and virama (ICU's conjunct rule) and after a regional indicator.
    @Test("the shortcut's ASCII and Hangul pairs are ICU boundaries after any code point")
    func trivialPairsAreICUBoundaries() {
        let contexts = ["", "\u{0915}\u{094D}", "\u{1F1E9}"]
        let ascii: [Unicode.Scalar] = [" ", "a", "Z", "0", "!", "#", "*", "-", ".", "\t", "\n", "\r", "\u{7F}"]
        let hangul: [Unicode.Scalar] = ["\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{A960}", "\u{D7B0}"]
        var failures: [String] = []
        var shortcuts = 0
        for value in UInt32(0x80)...0x10FFFF {
            guard let previous = Unicode.Scalar(value) else { continue }
            let otherClass = sbicu_u_getIntPropertyValue(UChar32(bitPattern: value), UCHAR_GRAPHEME_CLUSTER_BREAK)
                == Int32(U_GCB_OTHER.rawValue)
            if otherClass && value % 61 != 0 { continue }
            for context in contexts {
                for next in ascii + hangul {
                    var text = Array((context + String(previous)).utf8)
                    let offset = text.count
                    text += Array(String(next).utf8)
                    text.withUnsafeBufferPointer { p in
                        guard Graphemes.isTrivialBoundary(p, offset) else { return }
                        shortcuts += 1
                        if !Self.icuBoundaries(p).contains(offset) && failures.count < 20 {
                            failures.append("U+\(String(value, radix: 16)) before U+\(String(next.value, radix: 16)) after \(context.debugDescription)")
                        }
                    }
                }
            }
        }
        #expect(shortcuts > 500_000, "\(shortcuts)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("every range of the edge texts widens to the nearest ICU boundaries")
    func widenedRangesMatchICU() {
        var failures: [String] = []
        for text in Self.edgeTexts {
            var copy = text
            copy.withUTF8 { p in
                let icu = Self.icuBoundaries(p)
                for lower in 0...p.count {
                    for upper in lower...p.count {
                        let expectedLower = icu.filter { $0 <= lower }.max() ?? 0
                        let expectedUpper = icu.filter { $0 >= upper }.min() ?? p.count
                        let widened = Graphemes.widen(lower..<upper, bytes: p)
                        if widened != expectedLower..<expectedUpper && failures.count < 20 {
                            failures.append(
                                "\(text.debugDescription) \(lower)..<\(upper): \(widened), ICU \(expectedLower)..<\(expectedUpper)")
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Runs where the bytes show no boundary for a long stretch: flags (even and odd runs of
    /// regional indicators), skin tones, tag sequences, ZWJ sequences, marks, conjuncts.
    static let longRuns: [String] = [
        String(repeating: "🇫🇷", count: 20) + "x" + String(repeating: "🇫", count: 21) + " 🇩🇪",
        "a" + String(repeating: "👍🏽", count: 15) + "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}b",
        String(repeating: "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", count: 6) + "🇫🇫🇫",
        String(repeating: "👨‍👩‍👧", count: 8) + "e" + String(repeating: "\u{0301}", count: 40) + "क्षक्ष",
    ]

    @Test("one widener over a text widens every range, in any order, to ICU's boundaries")
    func sharedWidenerMatchesICU() {
        var failures: [String] = []
        var random = SplitMix(seed: 27)
        for text in Self.longRuns {
            var copy = text
            copy.withUTF8 { p in
                let icu = Self.icuBoundaries(p).sorted()
                var ranges: [Range<Int>] = []
                for lower in 0...p.count {
                    for upper in lower...p.count where (lower + upper) % 5 == 0 { ranges.append(lower..<upper) }
                }
                for k in stride(from: ranges.count - 1, to: 0, by: -1) {
                    ranges.swapAt(k, random.next(below: k + 1))
                }
                var widener = GraphemeWidener(p)
                for range in ranges {
                    let expected = (icu.last { $0 <= range.lowerBound } ?? 0)..<(icu.first { $0 >= range.upperBound } ?? p.count)
                    let widened = widener.widen(range)
                    if widened != expected && failures.count < 20 {
                        failures.append("\(text.debugDescription) \(range): \(widened), ICU \(expected)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
