import SearchBarCore

/// A field range of `--nth` / `--with-nth` as fzf writes them: `N`, `N..M`, `N..`, `..M`, `..`
/// (1-based; negative counts from the last field).
struct FieldRange: Equatable {
    /// 0 stands for an open end (`..`).
    var begin: Int
    var end: Int

    /// Parses a comma-separated list, or nil when it is malformed (fzf's `splitNth`).
    static func parseList(_ text: String) -> [FieldRange]? {
        guard !text.isEmpty, text.allSatisfy({ "0123456789,-.".contains($0) }) else { return nil }
        var ranges: [FieldRange] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let range = parse(String(piece)) else { return nil }
            ranges.append(range)
        }
        return ranges
    }

    private static func parse(_ s: String) -> FieldRange? {
        func normalized(_ begin: Int, _ end: Int) -> FieldRange {
            FieldRange(begin: begin == 1 ? 0 : begin, end: end == -1 ? 0 : end)
        }
        if s == ".." { return FieldRange(begin: 0, end: 0) }
        if s.hasPrefix("..") {
            guard let end = Int(s.dropFirst(2)), end != 0 else { return nil }
            return normalized(0, end)
        }
        if s.hasSuffix("..") {
            guard let begin = Int(s.dropLast(2)), begin != 0 else { return nil }
            return normalized(begin, 0)
        }
        if s.contains("..") {
            let parts = s.split(separator: ".", omittingEmptySubsequences: true)
            guard s.components("..") == 2, parts.count == 2, let begin = Int(parts[0]), let end = Int(parts[1]),
                begin != 0, end != 0
            else { return nil }
            return normalized(begin, end)
        }
        guard let n = Int(s), n != 0 else { return nil }
        return normalized(n, n)
    }
}

extension String {
    fileprivate func components(_ separator: String) -> Int {
        var count = 1
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}

/// The field delimiter: fzf's AWK-style default (runs of non-blanks with the blanks after
/// them, leading blanks skipped), a literal string, or a regular expression.
enum FieldDelimiter {
    case awk
    case literal([UInt8])
    case pattern(Regex<AnyRegexOutput>)

    /// As fzf reads `--delimiter`: `\t` is a tab; a text without regular-expression
    /// characters (or one that does not compile) is literal.
    init(_ text: String) {
        let text = text.replacing("\\t", with: "\t")
        let special = "\\.+*?()|[]{}^$"
        if text.contains(where: { special.contains($0) }), let regex = try? Regex(text) {
            self = .pattern(regex)
        } else {
            self = .literal(Array(text.utf8))
        }
    }
}

/// A part of a line that terms are matched in: a byte range, and how many code points of the
/// line come before it (so highlights and tiebreaks count from the line's start).
struct LineSegment {
    var bytes: Range<Int>
    var scalarOffset: Int
}

/// Splits lines into fields and selects them, as fzf's `Tokenize` and `Transform` do.
struct FieldSelection {
    var delimiter: FieldDelimiter
    var ranges: [FieldRange]

    /// The fields of `line` with their byte ranges (each with its trailing delimiter) and the
    /// code points before each.
    func tokens(_ line: UnsafeBufferPointer<UInt8>) -> [LineSegment] {
        var ranges: [Range<Int>] = []
        switch delimiter {
        case .awk:
            var i = 0
            let n = line.count
            func blank(_ b: UInt8) -> Bool { b == 9 || b == 32 }
            while i < n && blank(line[i]) { i += 1 }
            while i < n {
                let start = i
                while i < n && !blank(line[i]) { i += 1 }
                while i < n && blank(line[i]) { i += 1 }
                ranges.append(start..<i)
            }
        case .literal(let separator):
            var start = 0
            var i = 0
            if !separator.isEmpty {
                while i + separator.count <= line.count {
                    if line[i] == separator[0] && (0..<separator.count).allSatisfy({ line[i + $0] == separator[$0] }) {
                        ranges.append(start..<(i + separator.count))
                        i += separator.count
                        start = i
                    } else {
                        i += 1
                    }
                }
            }
            ranges.append(start..<line.count)
        case .pattern(let regex):
            let text = String(decoding: line, as: UTF8.self)
            var start = 0
            for match in text.ranges(of: regex) {
                let end = text.utf8.distance(from: text.startIndex, to: match.upperBound)
                ranges.append(start..<end)
                start = end
            }
            if start < line.count { ranges.append(start..<line.count) }
        }
        var segments: [LineSegment] = []
        var scalars = 0
        var counted = 0
        for range in ranges {
            scalars += Self.scalarCount(line, counted..<range.lowerBound)
            segments.append(LineSegment(bytes: range, scalarOffset: scalars))
            counted = range.lowerBound
        }
        return segments
    }

    /// The segments `ranges` select (fzf's `Transform`): one per range, the fields it covers
    /// joined (they are adjacent in the line).
    func select(_ line: UnsafeBufferPointer<UInt8>) -> [LineSegment] {
        let fields = tokens(line)
        let count = fields.count
        return ranges.map { range in
            var lo = 0, hi = -1, minIdx = 0
            if range.begin == range.end {
                if range.begin == 0 {
                    lo = 1
                    hi = count
                } else {
                    let idx = range.begin < 0 ? range.begin + count + 1 : range.begin
                    if idx >= 1 && idx <= count {
                        lo = idx
                        hi = idx
                        minIdx = idx - 1
                    }
                }
            } else {
                var begin = range.begin, end = range.end
                if range.begin == 0 {
                    begin = 1
                    if end < 0 { end += count + 1 }
                } else if range.end == 0 {
                    if begin < 0 { begin += count + 1 }
                    end = count
                } else {
                    if begin < 0 { begin += count + 1 }
                    if end < 0 { end += count + 1 }
                }
                minIdx = max(0, begin - 1)
                lo = max(begin, 1)
                hi = min(end, count)
            }
            let offset = minIdx < count ? fields[minIdx].scalarOffset : 0
            guard lo >= 1, lo <= hi else { return LineSegment(bytes: 0..<0, scalarOffset: offset) }
            return LineSegment(bytes: fields[lo - 1].bytes.lowerBound..<fields[hi - 1].bytes.upperBound, scalarOffset: offset)
        }
    }

    /// The code points in `range` of `line` (bytes that do not continue a UTF-8 sequence).
    static func scalarCount(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var n = 0
        for i in range where !UTF8Codec.isContinuation(line[i]) { n += 1 }
        return n
    }
}
