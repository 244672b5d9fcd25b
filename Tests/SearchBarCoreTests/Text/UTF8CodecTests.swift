@testable import SearchBarCore
import Testing

/// ``UTF8Codec/utf16(of:)`` (the collator's input) against the standard library's UTF-16 view.
@Suite("Text: UTF-16 of a string, transcoded from its UTF-8")
struct UTF8CodecTests {
    @Test func equalsTheUTF16View() {
        // One-, two-, three- and four-byte characters, a combining mark, a surrogate pair's
        // neighbours at the plane boundaries, and NUL.
        let pieces = [
            "a", "Z", "\u{0}", "é", "ß", "\u{301}", "東", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}", " ", "ǅ",
        ]
        var random = SplitMix(seed: 31)
        var texts = pieces + [""]
        for _ in 0..<2000 {
            texts.append((0..<random.next(below: 12)).map { _ in pieces[random.next(below: pieces.count)] }.joined())
        }
        for text in texts {
            #expect(UTF8Codec.utf16(of: text) == Array(text.utf16), "\(text.debugDescription)")
        }
    }
}
