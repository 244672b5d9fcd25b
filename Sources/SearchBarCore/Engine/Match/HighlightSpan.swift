/// How much of a field's text highlights are computed on: its folded bytes up to ``keyBytes``
/// and its tokens before ``tokens`` (see ``Highlighter/highlightedBytes``).
struct HighlightLimit {
    /// The length of the folded text highlights may cover.
    var keyBytes: Int
    /// The number of tokens highlights may name.
    var tokens: Int

    /// The whole field.
    static let whole = HighlightLimit(keyBytes: .max, tokens: .max)
}

/// A part of a field the query matched, before it is mapped to the original text.
enum HighlightSpan: Equatable {
    /// Token number `position` of the field, all of it or its first `prefixBytes` key bytes.
    case token(position: Int, prefixBytes: Int?)
    /// A byte range of the field's folded text.
    case keyBytes(Range<Int>)

    /// True for ``token(position:prefixBytes:)``: mapping it needs the field's word tokens.
    var namesToken: Bool {
        if case .token = self { return true }
        return false
    }
}
