/// The library's one UTF-8 module: decoding, encoding, validation and UTF-16 transcoding on raw
/// buffers, so the hot paths never create a `String` or `Character` per code point.
///
/// One edge rule for every decoder: the decoders are for well-formed text (Swift strings, folded
/// keys, input that ``isValid(_:_:)`` accepted), and never read past the end they are given; a
/// byte that does not start a complete sequence there decodes as U+FFFD, one byte long. Texts
/// borrowed from an index file are not validated at open, so on malformed bytes these decoders
/// give a wrong code point but never one past U+10FFFF, and never read out of bounds.
public enum UTF8Codec {
    /// Decodes the code point starting at `p[i]`, reading no byte at or past `end`; returns it and
    /// its length in bytes.
    @inline(__always)
    static func decode(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> (UInt32, Int) {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 >= 0xF0 {
            guard i + 3 < end else { return (0xFFFD, 1) }
            let c = (b0 & 0x07) << 18 | (UInt32(p[i + 1]) & 0x3F) << 12 | (UInt32(p[i + 2]) & 0x3F) << 6
                | (UInt32(p[i + 3]) & 0x3F)
            // Past U+10FFFF (a lead byte above F4 in a borrowed, unvalidated file text): no
            // code point, so no table lookup ever sees one.
            return c <= 0x10FFFF ? (c, 4) : (0xFFFD, 1)
        }
        if b0 >= 0xE0 {
            guard i + 2 < end else { return (0xFFFD, 1) }
            return ((b0 & 0x0F) << 12 | (UInt32(p[i + 1]) & 0x3F) << 6 | (UInt32(p[i + 2]) & 0x3F), 3)
        }
        guard b0 >= 0xC0, i + 1 < end else { return (0xFFFD, 1) }
        return ((b0 & 0x1F) << 6 | (UInt32(p[i + 1]) & 0x3F), 2)
    }

    /// Decodes the code point starting at `p[i]` of text that may be malformed (a file, standard
    /// input), reading no byte at or past `end`: an overlong form, a surrogate, a value past
    /// U+10FFFF, a stray continuation byte or a sequence cut short decodes as U+FFFD, one byte
    /// long, as a conforming decoder does (the others here assume well-formed text).
    @inlinable
    public static func decodeChecked(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> (UInt32, Int) {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        func continuation(_ k: Int) -> UInt32? {
            guard i + k < end, p[i + k] & 0xC0 == 0x80 else { return nil }
            return UInt32(p[i + k] & 0x3F)
        }
        if b0 >= 0xC2 && b0 <= 0xDF, let c1 = continuation(1) { return ((b0 & 0x1F) << 6 | c1, 2) }
        if b0 >= 0xE0 && b0 <= 0xEF, let c1 = continuation(1), let c2 = continuation(2) {
            let v = (b0 & 0x0F) << 12 | c1 << 6 | c2
            if v >= 0x800 && !(0xD800...0xDFFF).contains(v) { return (v, 3) }
        }
        if b0 >= 0xF0 && b0 <= 0xF4, let c1 = continuation(1), let c2 = continuation(2), let c3 = continuation(3) {
            let v = (b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            if v >= 0x10000 && v <= 0x10FFFF { return (v, 4) }
        }
        return (0xFFFD, 1)
    }

    /// Decodes the code point starting at `p[i]`; returns it and its length in bytes.
    @inline(__always)
    static func decode(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int) {
        let b0 = p[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        let (scalar, length) = decode(p.baseAddress!, i, p.count)
        return (scalar, length)
    }

    /// The code points of well-formed UTF-8 bytes.
    static func codePoints<C: Collection<UInt8>>(_ bytes: C) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { result.append(scalar.value) }
        return result
    }

    /// True for a continuation byte (10xxxxxx): not the first byte of a character.
    @inlinable @inline(__always)
    public static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// True when `count` bytes at `p` are well-formed UTF-8 (no overlongs, surrogates or values
    /// past U+10FFFF, no truncated sequence). Allocates nothing; ASCII runs are checked eight
    /// bytes at a time.
    public static func isValid(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        while i < count {
            while i + 8 <= count && UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < count else { break }
            let b0 = p[i]
            if b0 < 0x80 {
                i += 1
            } else if b0 < 0xC2 {
                return false
            } else if b0 < 0xE0 {
                guard i + 1 < count, isContinuation(p[i + 1]) else { return false }
                i += 2
            } else if b0 < 0xF0 {
                guard i + 2 < count else { return false }
                let b1 = p[i + 1]
                guard isContinuation(b1), isContinuation(p[i + 2]) else { return false }
                if b0 == 0xE0 && b1 < 0xA0 { return false }
                if b0 == 0xED && b1 >= 0xA0 { return false }
                i += 3
            } else if b0 < 0xF5 {
                guard i + 3 < count else { return false }
                let b1 = p[i + 1]
                guard isContinuation(b1), isContinuation(p[i + 2]), isContinuation(p[i + 3]) else { return false }
                if b0 == 0xF0 && b1 < 0x90 { return false }
                if b0 == 0xF4 && b1 >= 0x90 { return false }
                i += 4
            } else {
                return false
            }
        }
        return true
    }

    /// The number of UTF-8 bytes of a scalar value.
    @inline(__always)
    static func length(of c: UInt32) -> Int {
        c < 0x80 ? 1 : (c < 0x800 ? 2 : (c < 0x10000 ? 3 : 4))
    }

    /// Appends the UTF-8 form of `c` to `out`.
    @inline(__always)
    static func append(_ c: UInt32, to out: inout [UInt8]) {
        if c < 0x80 {
            out.append(UInt8(c))
        } else if c < 0x800 {
            out.append(UInt8(0xC0 | (c >> 6)))
            out.append(UInt8(0x80 | (c & 0x3F)))
        } else if c < 0x10000 {
            out.append(UInt8(0xE0 | (c >> 12)))
            out.append(UInt8(0x80 | ((c >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (c & 0x3F)))
        } else {
            out.append(UInt8(0xF0 | (c >> 18)))
            out.append(UInt8(0x80 | ((c >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((c >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (c & 0x3F)))
        }
    }

    /// The UTF-16 code units of `s`, transcoded from its UTF-8 in one pass (`Array(s.utf16)`
    /// walks the view one index at a time, several times slower).
    static func utf16(of s: String) -> [UInt16] {
        var copy = s
        return copy.withUTF8 { utf16(of: $0, 0, $0.count) }
    }

    /// The UTF-16 form of the UTF-8 bytes `p[start..<end]`.
    static func utf16(of p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(end - start)
        var i = start
        while i < end {
            if p[i] < 0x80 {
                units.append(UInt16(p[i]))
                i += 1
                continue
            }
            let (c, length) = decode(p, at: i)
            appendUTF16(c, to: &units)
            i += length
        }
        return units
    }

    /// Appends the UTF-16 form of `c` to `out`.
    @inline(__always)
    static func appendUTF16(_ c: UInt32, to out: inout [UInt16]) {
        if c < 0x10000 {
            out.append(UInt16(c))
        } else {
            let v = c - 0x10000
            out.append(UInt16(0xD800 | (v >> 10)))
            out.append(UInt16(0xDC00 | (v & 0x3FF)))
        }
    }

    /// The scalar values of a UTF-16 buffer (lone surrogates become U+FFFD).
    static func scalars(ofUTF16 u: [UInt16]) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(u.count)
        var i = 0
        while i < u.count {
            let a = UInt32(u[i])
            if a >= 0xD800 && a < 0xDC00 && i + 1 < u.count {
                let b = UInt32(u[i + 1])
                if b >= 0xDC00 && b < 0xE000 {
                    out.append(0x10000 + ((a - 0xD800) << 10) + (b - 0xDC00))
                    i += 2
                    continue
                }
            }
            out.append(a >= 0xD800 && a < 0xE000 ? 0xFFFD : a)
            i += 1
        }
        return out
    }

    /// The UTF-16 form of scalar values.
    static func utf16(ofScalars s: [UInt32]) -> [UInt16] {
        var out: [UInt16] = []
        out.reserveCapacity(s.count)
        for c in s { appendUTF16(c, to: &out) }
        return out
    }

    /// A string from UTF-8 bytes known to be valid.
    static func string(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
