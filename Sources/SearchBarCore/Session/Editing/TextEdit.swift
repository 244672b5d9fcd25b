/// Replaces a UTF-8 byte range of a text, the unit C hosts count in.
enum TextEdit {
    /// The longest search text a session accepts, in UTF-8 bytes.
    static let maximumTextBytes = 1 << 20

    /// `text` with the bytes in `range` replaced by `replacement`.
    /// Throws ``SearchBarError/Code/invalidArgument`` when the range is out of bounds, reversed
    /// or splits a UTF-8 sequence, and ``SearchBarError/Code/tooBig`` when the result would be
    /// longer than ``maximumTextBytes``.
    static func replacing(_ range: Range<Int>, in text: String, with replacement: String) throws(SearchBarError)
        -> String
    {
        let bytes = Array(text.utf8)
        try checkRange(range, in: bytes)
        let newCount = bytes.count - range.count + replacement.utf8.count
        guard newCount <= maximumTextBytes else {
            throw SearchBarError(.tooBig, "the text would be \(newCount) bytes; the limit is \(maximumTextBytes)")
        }
        var result = [UInt8]()
        result.reserveCapacity(newCount)
        result += bytes[..<range.lowerBound]
        result += replacement.utf8
        result += bytes[range.upperBound...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The text before byte `offset` (which must be a valid boundary).
    static func prefix(of text: String, bytes offset: Int) -> Substring {
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return text[..<index]
    }

    /// Throws unless `range` lies within `bytes` on UTF-8 sequence boundaries.
    static func checkRange(_ range: Range<Int>, in bytes: [UInt8]) throws(SearchBarError) {
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
