/// A strict RFC 8259 parser: one value, no comments, no trailing commas, no duplicate names,
/// no lone surrogates, no control characters in strings, nesting at most ``maximumDepth``.
/// Errors are ``SearchBarError/Code/corrupt`` with the byte offset.
public struct JSONParser {
    /// The deepest nesting accepted.
    public static let maximumDepth = 64
    /// The largest input accepted, in bytes.
    public static let maximumBytes = 16 << 20

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a complete JSON text.
    public static func parse(_ text: String) throws(SearchBarError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses a complete JSON text given as UTF-8 bytes (invalid UTF-8 is an error).
    public static func parse(bytes: [UInt8]) throws(SearchBarError) -> JSONValue {
        guard bytes.count <= maximumBytes else {
            throw SearchBarError(.tooBig, "JSON text is \(bytes.count) bytes; the limit is \(maximumBytes)")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw SearchBarError(.corrupt, "JSON text is not valid UTF-8")
        }
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    private func failure(_ message: String) -> SearchBarError {
        SearchBarError(.corrupt, "malformed JSON at byte \(position): \(message)")
    }

    private var current: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            position += 1
        }
    }

    private mutating func expect(_ literal: String) throws(SearchBarError) {
        for byte in literal.utf8 {
            guard current == byte else { throw failure("expected \(literal)") }
            position += 1
        }
    }

    private mutating func parseValue() throws(SearchBarError) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw failure("unexpected character")
        }
    }

    private mutating func enter() throws(SearchBarError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth)") }
    }

    private mutating func parseObject() throws(SearchBarError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [(String, JSONValue)] = []
        var names = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let name = try parseString()
            guard names.insert(name).inserted else { throw failure("duplicate member \"\(name)\"") }
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            members.append((name, try parseValue()))
            skipWhitespace()
            guard let byte = current else { throw failure("unterminated object") }
            position += 1
            if byte == UInt8(ascii: "}") { return .object(members) }
            guard byte == UInt8(ascii: ",") else {
                position -= 1
                throw failure("expected , or }")
            }
        }
    }

    private mutating func parseArray() throws(SearchBarError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard let byte = current else { throw failure("unterminated array") }
            position += 1
            if byte == UInt8(ascii: "]") { return .array(items) }
            guard byte == UInt8(ascii: ",") else {
                position -= 1
                throw failure("expected , or ]")
            }
        }
    }

    private mutating func parseNumber() throws(SearchBarError) -> String {
        let start = position
        func digits(_ p: inout JSONParser) -> Int {
            var n = 0
            while let b = p.current, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                p.position += 1
                n += 1
            }
            return n
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
            if let b = current, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                throw failure("leading zero in a number")
            }
        } else if digits(&self) == 0 {
            throw failure("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw failure("expected a digit after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw failure("expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func parseHex4() throws(SearchBarError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("unterminated \\u escape") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("bad hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func parseString() throws(SearchBarError) -> String {
        position += 1
        var out: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escape = current else { throw failure("unterminated escape") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                            bytes[position + 1] == UInt8(ascii: "u")
                        else { throw failure("lone high surrogate") }
                        position += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw failure("bad low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw failure("lone low surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw failure("bad \\u escape") }
                    out += Array(String(Character(scalar)).utf8)
                default:
                    throw failure("unknown escape")
                }
            default:
                guard byte >= 0x20 else { throw failure("control character in a string") }
                out.append(byte)
            }
        }
    }
}
