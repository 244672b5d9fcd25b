/// A JSON value, for the session's snapshot and recent-search files (no Foundation here).
///
/// Numbers keep their text so 64-bit integers round-trip exactly; objects keep their members
/// in order and may not repeat a name.
public enum JSONValue: Sendable, Equatable {
    /// `null`
    case null
    /// `true` or `false`
    case bool(Bool)
    /// A number, as its JSON text (validated by the parser, written by the encoder).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in order.
    case object([(String, JSONValue)])

    /// An integer number.
    public static func integer<I: BinaryInteger>(_ value: I) -> JSONValue {
        .number(String(value))
    }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The JSON text of this value (compact, members in order, non-ASCII kept as UTF-8).
    public var encoded: String {
        var out = ""
        encode(into: &out)
        return out
    }

    private func encode(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): Self.encodeString(text, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.encode(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (name, value)) in members.enumerated() {
                if i > 0 { out += "," }
                Self.encodeString(name, into: &out)
                out += ":"
                value.encode(into: &out)
            }
            out += "}"
        }
    }

    private static let hexDigits = Array("0123456789abcdef")

    /// Writes a quoted string: `"` and `\` escaped, control characters as `\n`-style or
    /// `\u00XX` escapes, everything else as is.
    static func encodeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00"
                    out.append(hexDigits[Int(scalar.value >> 4)])
                    out.append(hexDigits[Int(scalar.value & 0xF)])
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
