import Glibc
import SearchBarCore

/// Helpers shared by the text tests: file reading, a small JSON reader for the case fixture,
/// the CLDR annotation corpus and a prefix matcher built only from the public API.
enum TextTestSupport {
    /// The directory of the test fixtures, found from this file's path.
    static var fixturesDirectory: String {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Text/<file>, SearchBarCoreTests
        return parts.joined(separator: "/") + "/Fixtures"
    }

    /// The bytes of a file, or nil when it cannot be read.
    static func readFile(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    /// The UTF-8 text of a file, or nil.
    static func readText(_ path: String) -> String? {
        readFile(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Names of files in a directory.
    static func listDirectory(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    // MARK: - CLDR annotations

    /// Texts of the CLDR annotation files: the emoji names and keywords in ~100 languages, as
    /// (language, text) pairs. Parsed by scanning for `<annotation cp="…" …>text</annotation>`.
    static let annotations: [(language: String, text: String)] = {
        let dir = "/usr/share/unicode/cldr/common/annotations"
        let open = Array("<annotation cp=".utf8)
        let close = Array("</annotation>".utf8)
        var out: [(String, String)] = []
        for file in listDirectory(dir) where file.hasSuffix(".xml") {
            guard let xml = readFile(dir + "/" + file) else { continue }
            let language = String(file.dropLast(4))
            xml.withUnsafeBufferPointer { b in
                func matches(_ pattern: [UInt8], at i: Int) -> Bool {
                    guard i + pattern.count <= b.count else { return false }
                    for k in 0..<pattern.count where b[i + k] != pattern[k] { return false }
                    return true
                }
                var i = 0
                while i < b.count {
                    guard b[i] == 0x3C, matches(open, at: i) else {
                        i += 1
                        continue
                    }
                    var j = i
                    while j < b.count && b[j] != 0x3E { j += 1 }
                    var k = j
                    while k < b.count && !(b[k] == 0x3C && matches(close, at: k)) { k += 1 }
                    if j + 1 < k {
                        out.append((language, unescapeXML(String(decoding: b[(j + 1)..<k], as: UTF8.self))))
                    }
                    i = k + 1
                }
            }
        }
        return out
    }()

    static func unescapeXML(_ s: String) -> String {
        s.replacingOccurrences("&amp;", "&").replacingOccurrences("&lt;", "<").replacingOccurrences("&gt;", ">")
            .replacingOccurrences("&quot;", "\"").replacingOccurrences("&apos;", "'")
    }

    /// CLDR texts split at " | " (keywords), deduplicated, with their languages.
    static let annotationPhrases: [(language: String, text: String)] = {
        var seen: Set<String> = []
        var out: [(String, String)] = []
        for (language, text) in annotations {
            for phrase in text.split(separator: "|") {
                let p = phrase.trimmingSpaces()
                if !p.isEmpty && seen.insert(language + "\u{0}" + p).inserted { out.append((language, p)) }
            }
        }
        return out
    }()

    // MARK: - Matching through the public API

    /// The engine's prefix mode, built only from `fold` and `tokenize`: every query token but the
    /// last equals an item token key, the last is a prefix of one; query tokens of scripts
    /// without spaces match as substrings of the folded item.
    static func prefixMatches(item: String, query: String, analyzer: TextAnalyzer) -> Bool {
        let itemTokens = analyzer.tokenize(item).map { Array($0.key.utf8) }
        let itemKey = Array(analyzer.fold(item).utf8)
        let queryTokens = analyzer.tokenize(query)
        guard !queryTokens.isEmpty else { return false }
        for (index, token) in queryTokens.enumerated() {
            let key = Array(token.key.utf8)
            if token.kind == .noSpaceScript {
                guard containsBytes(itemKey, key) else { return false }
                continue
            }
            let isLast = index == queryTokens.count - 1
            let found = itemTokens.contains { isLast ? $0.starts(with: key) : $0 == key }
            guard found else { return false }
        }
        return true
    }

    static func containsBytes(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        if needle.count > haystack.count { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}

extension StringProtocol {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return String(self) }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }

    /// The range of the first occurrence of `target` (by Unicode scalars).
    func range(of target: String) -> Range<Index>? {
        let t = Array(target.unicodeScalars)
        guard let first = t.first else { return nil }
        var i = startIndex
        let scalars = self.unicodeScalars
        while i < endIndex {
            if scalars[i] == first {
                var j = i
                var k = 0
                while k < t.count, j < endIndex, scalars[j] == t[k] {
                    j = scalars.index(after: j)
                    k += 1
                }
                if k == t.count { return i..<j }
            }
            i = scalars.index(after: i)
        }
        return nil
    }
}

/// A minimal JSON reader (objects, arrays, strings, numbers, true/false/null) for fixtures.
enum JSON: Equatable {
    case object([String: JSON])
    case array([JSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    subscript(key: String) -> JSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    var int: Int? {
        if case .number(let d) = self { return Int(d) }
        return nil
    }

    static func parse(_ bytes: [UInt8]) -> JSON? {
        var parser = Parser(bytes: bytes)
        return parser.value()
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        mutating func skip() {
            while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
        }

        mutating func value() -> JSON? {
            skip()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var object: [String: JSON] = [:]
                skip()
                if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return .object(object)
                }
                while true {
                    skip()
                    guard case .string(let key)? = value() else { return nil }
                    skip()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value() else { return nil }
                    object[key] = v
                    skip()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if bytes[i] == UInt8(ascii: "}") {
                        i += 1
                        return .object(object)
                    }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1
                var array: [JSON] = []
                skip()
                if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(array)
                }
                while true {
                    guard let v = value() else { return nil }
                    array.append(v)
                    skip()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    if bytes[i] == UInt8(ascii: "]") {
                        i += 1
                        return .array(array)
                    }
                    return nil
                }
            case UInt8(ascii: "\""):
                i += 1
                var scalars = String.UnicodeScalarView()
                var raw: [UInt8] = []
                func flush() {
                    scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                    raw.removeAll()
                }
                var pendingHigh: UInt32? = nil
                while i < bytes.count {
                    let b = bytes[i]
                    if b == UInt8(ascii: "\"") {
                        i += 1
                        flush()
                        return .string(String(scalars))
                    }
                    if b == UInt8(ascii: "\\"), i + 1 < bytes.count {
                        flush()
                        let e = bytes[i + 1]
                        i += 2
                        switch e {
                        case UInt8(ascii: "n"): scalars.append("\n")
                        case UInt8(ascii: "t"): scalars.append("\t")
                        case UInt8(ascii: "r"): scalars.append("\r")
                        case UInt8(ascii: "b"): scalars.append("\u{8}")
                        case UInt8(ascii: "f"): scalars.append("\u{C}")
                        case UInt8(ascii: "u"):
                            guard i + 4 <= bytes.count,
                                let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16)
                            else { return nil }
                            i += 4
                            if v >= 0xD800 && v < 0xDC00 {
                                pendingHigh = v
                            } else if v >= 0xDC00 && v < 0xE000, let h = pendingHigh {
                                scalars.append(Unicode.Scalar(0x10000 + ((h - 0xD800) << 10) + (v - 0xDC00))!)
                                pendingHigh = nil
                            } else if let s = Unicode.Scalar(v) {
                                scalars.append(s)
                            }
                        default: scalars.append(Unicode.Scalar(e))
                        }
                        continue
                    }
                    raw.append(b)
                    i += 1
                }
                return nil
            case UInt8(ascii: "t"):
                i += 4
                return .bool(true)
            case UInt8(ascii: "f"):
                i += 5
                return .bool(false)
            case UInt8(ascii: "n"):
                i += 4
                return .null
            default:
                let start = i
                while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
                guard let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { return nil }
                return .number(d)
            }
        }
    }
}
