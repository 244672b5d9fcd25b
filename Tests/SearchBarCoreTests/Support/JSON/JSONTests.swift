import Testing

@testable import SearchBarCore

/// The hand-written JSON encoder and strict parser.
@Suite struct JSONTests {
    @Test func roundTripsEveryKind() throws {
        let value = JSONValue.object([
            ("null", .null), ("yes", .bool(true)), ("no", .bool(false)), ("big", .integer(UInt64.max)),
            ("neg", .integer(Int64.min)), ("float", .number("-1.5e-3")), ("text", .string("naïve ☃ 🎉")),
            ("list", .array([.integer(1), .array([]), .object([])])),
        ])
        #expect(try JSONParser.parse(value.encoded) == value)
    }

    @Test func escapesAreWrittenAndRead() throws {
        let tricky = "quote\" back\\ slash/ nl\n cr\r tab\t bs\u{08} ff\u{0C} nul\u{00} unit\u{1F} ls\u{2028}"
        let encoded = JSONValue.string(tricky).encoded
        #expect(encoded == #""quote\" back\\ slash/ nl\n cr\r tab\t bs\b ff\f nul\u0000 unit\u001f ls\u2028""#)
        #expect(try JSONParser.parse(encoded) == .string(tricky))
    }

    @Test func unicodeEscapesIncludingSurrogatePairs() throws {
        #expect(try JSONParser.parse(#""\u00e9\u6C34\ud83c\udf89\/""#) == .string("é水🎉/"))
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{a:1}", "'x'", "01", "-", "1.", ".5", "1e",
        "+1", "NaN", "Infinity", "tru", "nul", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"",
        "\"\\ud800\\u0041\"", "\"tab\there\"", "[1]x", "{\"a\":1,\"a\":2}", "/* c */ 1", "[1] // c",
    ])
    func malformedInputIsRejected(_ text: String) {
        #expect(throws: SearchBarError.self) { try JSONParser.parse(text) }
    }

    @Test func errorsAreCorruptWithAnOffset() {
        do {
            _ = try JSONParser.parse("[1, 2,, 3]")
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == .corrupt)
            #expect(error.message.contains("byte 6"))
        }
    }

    @Test func nestingIsBounded() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try JSONParser.parse(ok)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: SearchBarError.self) { try JSONParser.parse(deep) }
        let hostile = String(repeating: "[", count: 100_000)
        #expect(throws: SearchBarError.self) { try JSONParser.parse(hostile) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: SearchBarError.self) { try JSONParser.parse(bytes: [0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func whitespaceAroundValues() throws {
        #expect(try JSONParser.parse(" \t\r\n[ 1 , {\"a\" : null} ]\n") == .array([.integer(1), .object([("a", .null)])]))
    }

    @Test func strictFieldReader() throws {
        var fields = try JSONFields(JSONParser.parse(#"{"a":1,"b":"x","extra":true}"#), "root")
        #expect(try fields.int("a", in: 0...5) == 1)
        #expect(try fields.string("b") == "x")
        #expect(throws: SearchBarError(.corrupt, "root has an unknown member \"extra\"")) { try fields.finish() }
        #expect(throws: SearchBarError.self) { try fields.string("a") }
        #expect(throws: SearchBarError.self) { try fields.int("missing", in: 0...1) }
        var big = try JSONFields(JSONParser.parse(#"{"n":18446744073709551616,"m":-1}"#), "r")
        #expect(throws: SearchBarError.self) { try big.uint64("n") }
        #expect(throws: SearchBarError.self) { try big.uint64("m") }
    }
}
