import SearchBarCore

/// fzf's tiebreaks: what decides between lines of equal score (the input order decides last).
enum Tiebreak: String, CaseIterable {
    /// The shorter line (blanks around it aside) first.
    case length
    /// The match that ends nearer the start of the line first (fzf measures to the end of the
    /// first term's match).
    case begin
    /// The match that ends nearer the end of the line first, relative to its length.
    case end
    /// Input order (always the last criterion; listing it stops the others after it).
    case index

    /// Parses fzf's comma-separated list: no duplicates, `index` only last, at most 3 besides
    /// the score. Throws a message for anything else.
    static func parseList(_ text: String) throws(FilterError) -> [Tiebreak] {
        var list: [Tiebreak] = []
        for name in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            guard let criterion = Tiebreak(rawValue: String(name)) else {
                throw FilterError("invalid sort criterion: \(name) (length, begin, end or index)")
            }
            if list.contains(criterion) { throw FilterError("duplicate sort criteria: \(name)") }
            if list.contains(.index) { throw FilterError("index should be the last criterion") }
            list.append(criterion)
        }
        guard list.filter({ $0 != .index }).count <= 3 else {
            throw FilterError("at most 3 tiebreaks are allowed: \(text)")
        }
        return list.filter { $0 != .index }
    }
}

/// A command-line error of `searchbar filter` (exit status 2).
struct FilterError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The sort key of a matching line, as fzf's `buildResult` computes it: the score (higher
/// first), then each tiebreak, packed into one integer compared ascending; equal keys keep
/// input order.
enum RankKey {
    /// The key of a line that matched as `match`; `line` is the text matched (after `--with-nth`).
    static func make(_ match: LineMatch, line: UnsafeBufferPointer<UInt8>, tiebreaks: [Tiebreak]) -> UInt64 {
        let score = UInt64(clamp(Int(match.score)))
        var key = (UInt64(UInt16.max) - score) << 48
        guard !tiebreaks.isEmpty else { return key }
        let shape = LineShape(line)
        for (i, criterion) in tiebreaks.enumerated() {
            var value = Int(UInt16.max)
            switch criterion {
            case .length:
                value = shape.trimmedLength
            case .begin, .end:
                if let minBegin = match.minBegin {
                    let whitePrefix = min(shape.leadingBlanks, minBegin, max(shape.count - 1, 0))
                    if criterion == .begin {
                        value = match.minEnd - whitePrefix
                    } else {
                        value = Int(UInt16.max) - Int(UInt16.max) * (match.maxEnd - whitePrefix) / max(shape.trimmedLength, 1)
                    }
                }
            case .index:
                break
            }
            key |= UInt64(clamp(value)) << (32 - 16 * UInt64(i))
        }
        return key
    }

    static func clamp(_ value: Int) -> UInt16 { UInt16(min(max(value, 0), Int(UInt16.max))) }
}

/// Code-point counts of a line: all, blank at the start, and without blanks around it.
struct LineShape {
    var count = 0
    var leadingBlanks = 0
    var trimmedLength = 0

    init(_ line: UnsafeBufferPointer<UInt8>) {
        var i = 0
        var sawText = false
        var trailing = 0
        while i < line.count {
            let b = line[i]
            let (value, length) = b < 0x80 ? (UInt32(b), 1) : UTF8Codec.decodeChecked(line, i, line.count)
            let blank = b < 0x80 ? (b == 0x20 || (0x09...0x0D).contains(b)) : CharacterClass.of(value) == .white
            if blank {
                if !sawText { leadingBlanks += 1 }
                trailing += 1
            } else {
                sawText = true
                trailing = 0
            }
            count += 1
            i += length
        }
        trimmedLength = sawText ? count - leadingBlanks - trailing : 0
    }
}
