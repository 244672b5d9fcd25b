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

    /// The checked decoder against the standard library's repairing decoder (`String(decoding:)`,
    /// which replaces each maximal ill-formed subpart with one U+FFFD): on every well-formed
    /// scalar it decodes the scalar, and on malformed input it never yields a scalar the standard
    /// library does not, and always moves forward.
    @Test func theCheckedDecoderRejectsWhatIsNotUTF8() {
        let malformed: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
        ]
        for bytes in malformed {
            bytes.withUnsafeBufferPointer { p in
                let (scalar, length) = UTF8Codec.decodeChecked(p, 0, p.count)
                #expect(scalar == 0xFFFD && length == 1, "\(bytes)")
            }
        }
        for scalar in [0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF] {
            let bytes = Array(String(Unicode.Scalar(UInt32(scalar))!).utf8)
            bytes.withUnsafeBufferPointer { p in
                let (decoded, length) = UTF8Codec.decodeChecked(p, 0, p.count)
                #expect(decoded == UInt32(scalar) && length == bytes.count)
                // Cut short by `end`, the sequence is malformed.
                if bytes.count > 1 {
                    #expect(UTF8Codec.decodeChecked(p, 0, p.count - 1) == (0xFFFD, 1))
                }
            }
        }
        var random = SplitMix(seed: 3)
        for _ in 0..<2_000 {
            let bytes = (0..<12).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var decoded: [UInt32] = []
            bytes.withUnsafeBufferPointer { p in
                var i = 0
                while i < p.count {
                    let (scalar, length) = UTF8Codec.decodeChecked(p, i, p.count)
                    #expect(length >= 1)
                    decoded.append(scalar)
                    i += length
                }
            }
            let library = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
            #expect(decoded.filter { $0 != 0xFFFD } == library.filter { $0 != 0xFFFD }, "\(bytes)")
        }
    }
}
