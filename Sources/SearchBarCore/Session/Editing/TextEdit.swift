/// One edit of a text: a UTF-8 byte range (the unit C hosts count in) checked once against
/// the text's bytes, read once; the replacement is then spliced into those same bytes.
struct TextEdit {
    /// The longest search text a session accepts, in UTF-8 bytes.
    static let maximumTextBytes = 1 << 20

    /// The edited text's UTF-8.
    let bytes: [UInt8]
    /// The bytes replaced, on UTF-8 sequence boundaries within ``bytes``.
    let range: Range<Int>

    /// Checks `range` against `text`.
    /// Throws ``SearchBarError/Code/invalidArgument`` when the range is out of bounds, reversed
    /// or splits a UTF-8 sequence.
    init(_ range: Range<Int>, in text: String) throws(SearchBarError) {
        bytes = Array(text.utf8)
        self.range = range
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            throw .invalidArgument(
                "range \(range.lowerBound)..<\(range.upperBound) is outside the text (\(bytes.count) bytes)")
        }
        for offset in [range.lowerBound, range.upperBound] where offset < bytes.count {
            guard !UTF8Codec.isContinuation(bytes[offset]) else {
                throw .invalidArgument("offset \(offset) is inside a UTF-8 sequence")
            }
        }
    }

    /// The text before the range.
    var prefix: String { String(decoding: bytes[..<range.lowerBound], as: UTF8.self) }

    /// The text with the range replaced by `replacement`.
    /// Throws ``SearchBarError/Code/tooBig`` when it would be longer than ``maximumTextBytes``.
    func applying(_ replacement: String) throws(SearchBarError) -> String {
        let newCount = bytes.count - range.count + replacement.utf8.count
        guard newCount <= Self.maximumTextBytes else {
            throw SearchBarError(.tooBig, "the text would be \(newCount) bytes; the limit is \(Self.maximumTextBytes)")
        }
        var result = [UInt8]()
        result.reserveCapacity(newCount)
        result += bytes[..<range.lowerBound]
        result += replacement.utf8
        result += bytes[range.upperBound...]
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` with the bytes in `range` replaced by `replacement` (see ``init(_:in:)`` and
    /// ``applying(_:)`` for what it throws).
    static func replacing(_ range: Range<Int>, in text: String, with replacement: String) throws(SearchBarError)
        -> String
    {
        try TextEdit(range, in: text).applying(replacement)
    }

    /// The byte range of the word being typed: from after the last whitespace to the end.
    static func partialWordRange(of text: String) -> Range<Int> {
        var start = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            if text[before].isWhitespace { break }
            start = before
        }
        let lower = text.utf8.distance(from: text.utf8.startIndex, to: start)
        return lower..<text.utf8.count
    }
}
