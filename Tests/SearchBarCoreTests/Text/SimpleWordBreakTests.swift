internal import CICU
@testable import SearchBarCore
import Testing

/// ``SimpleWordBreak`` gives ICU's segments and rule statuses for every text it accepts: here
/// every Word_Break = Extend mark it knows, in every position around letters, digits, spaces
/// and other characters, for each word-break locale (IndexingAnalysisTests compares it with
/// ICU on the sample dataset, the i18n cases and random texts).
@Suite("Simple word break: marks after letters are ICU's segments")
struct SimpleWordBreakTests {
    /// The simple segments of `text` or nil when it declines, and ICU's, as (start, end, status).
    static func segments(_ text: String, _ analyzer: TextAnalyzer) -> (simple: [[Int32]]?, icu: [[Int32]]) {
        withBuffers(text) { buffer, out in
            let simple = SimpleWordBreak.segment(buffer, into: &out) ? out.buffer.map { [$0.start, $0.end, $0.status] } : nil
            return (simple, Self.icuSegments(buffer, analyzer) ?? [])
        }
    }

    /// Calls `body` with `text`'s UTF-16 code units and an empty segment buffer, freed after.
    static func withBuffers<R>(_ text: String, _ body: (RawBuffer<UInt16>, inout RawBuffer<BreakSegment>) -> R) -> R {
        let units = Array(text.utf16)
        var buffer = RawBuffer<UInt16>(capacity: max(units.count, 1))
        defer { buffer.free() }
        for u in units { buffer.append(u) }
        var out = RawBuffer<BreakSegment>(capacity: 16)
        defer { out.free() }
        return body(buffer, &out)
    }

    /// ICU's segments of `text` for `analyzer`'s locale as (start, end, rule status), or nil
    /// without an iterator.
    static func icuSegments(_ text: RawBuffer<UInt16>, _ analyzer: TextAnalyzer) -> [[Int32]]? {
        guard let bi = analyzer.words.makeIterator() else { return nil }
        defer { sbicu_ubrk_close(bi) }
        var status = U_ZERO_ERROR
        sbicu_ubrk_setText(bi, text.base, Int32(text.count), &status)
        var icu: [[Int32]] = []
        var start = sbicu_ubrk_first(bi)
        while true {
            let end = sbicu_ubrk_next(bi)
            if end == Int32(SBICU_BRK_DONE) || end < 0 { break }
            icu.append([start, end, sbicu_ubrk_getRuleStatus(bi)])
            start = end
        }
        return icu
    }

    /// Every code point below the table's limit that the table classes as a mark.
    static let marks: [Character] = (UInt32(0)..<SimpleWordBreak.tableLimit).compactMap { c in
        SimpleWordBreak.classes[Int(c)] == SimpleWordBreak.extend ? Unicode.Scalar(c).map(Character.init) : nil
    }

    @Test("every mark in every position: accepted texts segment as ICU does")
    func everyMark() {
        #expect(Self.marks.count > 500, "\(Self.marks.count)")
        var accepted = 0
        var failures: [String] = []
        for tag in ["", "hi", "ta", "ar", "ru"] {
            let analyzer = TextAnalyzer(locale: (try? SearchLocale(tag.isEmpty ? nil : tag)) ?? .none)
            for mark in Self.marks {
                let m = String(mark)
                let texts = [
                    m, "a" + m, "क" + m, "क" + m + "ख", "क" + m + m + " ख" + m, "ab" + m + "cd ef", m + "a", " " + m,
                    "1" + m, "a" + m + "1", "1" + m + "a", "a " + m + "b", "a-" + m, "ক" + m + "্ষ", "a" + m + "\u{0964}",
                ]
                for text in texts {
                    let (simple, icu) = Self.segments(text, analyzer)
                    guard let simple else { continue }
                    accepted += 1
                    if simple != icu && failures.count < 20 {
                        failures.append("[\(tag)] \(text.unicodeScalars.map { String($0.value, radix: 16) }) simple \(simple) ICU \(icu)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(accepted > 5 * Self.marks.count, "\(accepted)")
    }

    @Test("Indic titles take the simple path")
    func indicTitles() {
        let analyzer = TextAnalyzer(locale: .none)
        for text in ["हिन्दी शब्दकोश", "বাংলা ভাষা", "தமிழ் மொழி", "ಚಿಹ್ನೆ ಕೇಕ್ ಹಾಲು"] {
            let (simple, icu) = Self.segments(text, analyzer)
            #expect(simple == icu, "\(text)")
        }
    }
}
