@testable import SearchBarCore
import Testing

/// The library's one UTF-8 module against the standard library: UTF-16 transcoding (the
/// collator's input), decoding and encoding, validation, and the one edge rule of the decoders.
@Suite("Text: the UTF-8 codec agrees with the standard library")
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

    @Test func decodesAndEncodesEveryScalarLikeTheStandardLibrary() {
        let scalars: [UInt32] = [0, 0x41, 0x7F, 0x80, 0xDF, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF,
            0x10000, 0x1F600, 0x10FFFF]
        for value in scalars {
            var bytes: [UInt8] = []
            UTF8Codec.append(value, to: &bytes)
            #expect(bytes == Array(String(Unicode.Scalar(value)!).utf8))
            #expect(UTF8Codec.length(of: value) == bytes.count)
            bytes.withUnsafeBufferPointer { p in
                #expect(UTF8Codec.decode(p.baseAddress!, 0, p.count) == (value, p.count))
                #expect(UTF8Codec.decode(p, at: 0) == (value, p.count))
            }
            #expect(UTF8Codec.codePoints(bytes) == [value])
        }
    }

    @Test func aSequenceCutByTheEndOrAStrayByteDecodesAsOneReplacementByte() {
        // "東" cut after one and two bytes, "😀" after three, a lone continuation byte, and a
        // lead byte with nothing after it: U+FFFD, one byte long, no read at or past the end.
        let cases: [[UInt8]] = [[0xE6], [0xE6, 0x9D], [0xF0, 0x9F, 0x98], [0x80], [0xBF], [0xC3]]
        for bytes in cases {
            bytes.withUnsafeBufferPointer { p in
                #expect(UTF8Codec.decode(p.baseAddress!, 0, p.count) == (0xFFFD, 1), "\(bytes)")
            }
        }
    }

    @Test func validationAgreesWithTheStandardLibrary() {
        var random = SplitMix(seed: 7)
        // Bytes drawn mostly from the edges of the encoding: ASCII, continuation bytes, the
        // overlong and surrogate leads (C0, C1, E0, ED, F0, F4, F5, FF).
        let alphabet: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var checked = 0
        for _ in 0..<20_000 {
            let bytes = (0..<random.next(below: 14)).map { _ in alphabet[random.next(below: alphabet.count)] }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let valid = bytes.withUnsafeBufferPointer { UTF8Codec.isValid($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
            #expect(valid == expected, "\(bytes)")
            if expected { checked += 1 }
        }
        #expect(checked > 500)
        for text in ["", "plain ASCII longer than eight bytes", "Zürich 東京 😀 \u{10FFFF}"] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { UTF8Codec.isValid($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) })
        }
    }

    @Test func continuationBytesAreExactly80ToBF() {
        for byte in 0...255 {
            #expect(UTF8Codec.isContinuation(UInt8(byte)) == (0x80...0xBF).contains(byte))
        }
    }
}
