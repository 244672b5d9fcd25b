internal import CICU
@testable import SearchBarCore
import Testing

/// ``ChunkedWordBreak`` gives ICU's segments and rule statuses of the whole text for every text
/// it accepts, from ICU and from its memo alike, and declines the texts where a word rule joins
/// a space with its neighbour (IndexingAnalysisTests compares it with ICU on the sample dataset,
/// the i18n cases and random texts too).
@Suite("Chunked word break: chunks between spaces are ICU's segments of the whole text")
struct ChunkedWordBreakTests {
    /// The chunked segments of `text` (nil when it declines), and ICU's, as (start, end, status).
    static func segments(_ text: String, _ analyzer: TextAnalyzer, memo: inout BreakMemo)
        -> (chunked: [[Int32]]?, icu: [[Int32]])
    {
        SimpleWordBreakTests.withBuffers(text) { buffer, out in
            let bi = analyzer.words.makeIterator()!
            defer { sbicu_ubrk_close(bi) }
            let chunked = ChunkedWordBreak.segment(buffer, into: &out, memo: &memo, iterator: bi)
                ? out.buffer.map { [$0.start, $0.end, $0.status] } : nil
            return (chunked, SimpleWordBreakTests.icuSegments(buffer, analyzer) ?? [])
        }
    }

    /// Dictionary scripts, mixed scripts and the characters around spaces that rules look at.
    static let texts: [String] = [
        "ภาษาไทย สวัสดีครับ", "สวัสดีครับ ภาษาไทย ภาษาไทย", "ខ្មែរ សញ្ញាសួរបញ្ច្រាស់ ស្ត្រីគ្របកន្សែងលើក្បាល 786",
        "ພາສາລາວ abc", "မြန်မာ စာ", "東京 日本語 カタカナ ひらがな", "東京タワー 123 東京", "國語 學習 漢字 台灣",
        "a1 ภาษา", "x-ray ไทย", "e.g. ไทย", "ไทย ๕๕", "ไทย1 2ไทย", "abc ไทย’s", "’net Häerz ไทย", "can't ไทย",
        "한국어 日本", "😀 ไทย 👍🏽", "👨‍👩‍👧‍👦 東京", "🇩🇪🇫🇷 ไทย", "ไทย\u{200D} x", "ไทย \u{200D}x",
        "ไทย \u{0E31}ก", "ไทย \u{0301}a", "a \u{0301}ไทย", "ไทย\u{3000} ไทย", "ไทย \u{3000}ไทย", "ไทย\u{00AD} ก",
        "ไทย \u{00AD}ก", "ไทย\u{2003} ก", " ไทย ", "   ไทย   東京   ", "ไทย\nไทย ก", "ก\r\nข ค", "ไทย\tก ข",
        "@ไทย a@b", "ไทย. ก", "3.14 ไทย", "ไทย 10:00", "ﾊﾟﾝ ｶﾞｷﾞ", "ヽヾ ー ｰ", "שָׁלוֹם ไทย", "\"ไทย\" ก",
    ]

    static let localeTags = ["", "th", "ja", "zh", "ko", "km", "lo", "my", "he", "fi", "sv", "de"]

    @Test("every text, with a memo and from it: ICU's segments, declines where a space joins")
    func texts() {
        var accepted = 0
        var failures: [String] = []
        for tag in Self.localeTags {
            let analyzer = TextAnalyzer(locale: (try? SearchLocale(tag.isEmpty ? nil : tag)) ?? .none)
            var memo = BreakMemo()
            defer { memo.free() }
            // Twice: the second round finds every chunk in the memo.
            for round in 0..<2 {
                for text in Self.texts {
                    let (chunked, icu) = Self.segments(text, analyzer, memo: &memo)
                    guard let chunked else { continue }
                    accepted += 1
                    if chunked != icu && failures.count < 20 {
                        failures.append("[\(tag)] round \(round) \(text.debugDescription) chunked \(chunked) ICU \(icu)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(accepted > Self.localeTags.count * Self.texts.count, "\(accepted)")
    }

    @Test("a chunk edge that a rule joins with a space declines")
    func declines() {
        let analyzer = TextAnalyzer(locale: .none)
        var memo = BreakMemo()
        defer { memo.free() }
        for text in ["ไทย \u{0E31}ก", "a \u{0301}ไทย", "ไทย\u{3000} ไทย", "ไทย \u{3000}ไทย", "ไทย \u{200D}x",
                     "ไทย \u{00AD}ก", "ไทย\u{2003} x"] {
            #expect(Self.segments(text, analyzer, memo: &memo).chunked == nil, "\(text.debugDescription)")
        }
    }

    @Test("a chunk ending with a mark, ZWJ or a format character before a space is ICU's segments")
    func marksBeforeSpace() {
        var memo = BreakMemo()
        defer { memo.free() }
        // Extend, ZWJ and Format join what precedes them, never the space after them (WB4).
        for tag in ["", "th", "ja"] {
            let analyzer = TextAnalyzer(locale: (try? SearchLocale(tag.isEmpty ? nil : tag)) ?? .none)
            for text in ["ไทย\u{200D} x", "ไทย\u{00AD} ก", "ที่\u{0E48} ไทย", "ไทยไม่ ไทย", "กั ข", "ไทย\u{0301} ก",
                         "漢字\u{200D} 漢字", "ไทย\u{FE0F} x", "ไทย\u{200B} ก", "ໄທ\u{0EC8} ໄທ", "ไทย\u{0E47}\u{0E48}  ก"] {
                let (chunked, icu) = Self.segments(text, analyzer, memo: &memo)
                #expect(chunked != nil, "[\(tag)] \(text.debugDescription)")
                #expect(chunked == nil || chunked == icu, "[\(tag)] \(text.debugDescription) \(String(describing: chunked)) ICU \(icu)")
            }
        }
    }

    @Test("a full memo starts over and keeps giving ICU's segments")
    func fullMemo() {
        let analyzer = TextAnalyzer(locale: (try? SearchLocale("th")) ?? .none)
        var memo = BreakMemo()
        defer { memo.free() }
        let letters = (0x0E01...0x0E2E).compactMap { Unicode.Scalar(UInt32($0)).map(String.init) }
        var failures: [String] = []
        // More distinct chunks than the memo keeps, each twice (the second from the memo unless
        // it started over in between).
        for n in 0..<(BreakMemo.maxEntries + 500) {
            let chunk = letters[n % letters.count] + letters[(n / letters.count) % letters.count]
                + letters[(n / (letters.count * letters.count)) % letters.count] + "ครับ"
            for text in ["ไทย " + chunk, chunk + " a1"] {
                let (chunked, icu) = Self.segments(text, analyzer, memo: &memo)
                if chunked != icu && failures.count < 10 { failures.append("\(text) \(String(describing: chunked)) \(icu)") }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
