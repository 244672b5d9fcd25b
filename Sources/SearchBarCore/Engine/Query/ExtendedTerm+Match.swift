extension ExtendedTerm {
    /// Where the term matches in a field's folded text, or nil: the first occurrence anywhere,
    /// or at the start, end or as the whole text, leading and trailing blanks aside (as fzf's
    /// `^` and `$` skip them) unless the term itself starts or ends with a blank.
    ///
    /// In an index made with `transliterate`, the anchors hold at the text's own start and
    /// end, its readings after it aside (``Transliteration/ownLength(of:)``), and a term
    /// without an anchor also matches in the readings (`'moskva` finds Москва).
    func match(in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        if anchor == .anywhere {
            return ByteSearch.find(key, in: text, from: 0).map { $0..<($0 + key.count) }
        }
        return anchoredMatch(in: UnsafeBufferPointer(rebasing: text[0..<Transliteration.ownLength(of: text)]))
    }

    /// ``match(in:)`` of an anchored term in `text` (a field's own text).
    private func anchoredMatch(in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var lower = 0
        var upper = text.count
        if anchor != .end, let first = key.first, !Self.isBlank(first) {
            while lower < upper && Self.isBlank(text[lower]) { lower += 1 }
        }
        if anchor != .start, let last = key.last, !Self.isBlank(last) {
            while upper > lower && Self.isBlank(text[upper - 1]) { upper -= 1 }
        }
        guard upper - lower >= key.count else { return nil }
        let range: Range<Int> = switch anchor {
        case .start: lower..<(lower + key.count)
        case .end: (upper - key.count)..<upper
        default: lower..<upper
        }
        guard range.count == key.count, UnsafeBufferPointer(rebasing: text[range]).elementsEqual(key) else { return nil }
        return range
    }

    /// The tier of a match at `range` of `text` (see ``ItemConditions/termTier(_:)``).
    func tier(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, title: Bool) -> MatchTier {
        if title && anchor == .whole { return .exactTitle }
        if title && anchor == .start { return .titlePrefix }
        return ByteSearch.isWordStart(text, range.lowerBound) ? .inOrder : .infix
    }

    /// Space, tab, line feed, carriage return, vertical tab, form feed.
    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}

extension [[ExtendedTerm]] {
    /// The highlights of the query's extended terms in a field's folded text: where each term
    /// that is not negated matches (every term of an `a | b` group that does).
    func highlightSpans(in text: UnsafeBufferPointer<UInt8>) -> [HighlightSpan] {
        var spans: [HighlightSpan] = []
        for group in self {
            for term in group where !term.negated {
                if let range = term.match(in: text) { spans.append(.keyBytes(range)) }
            }
        }
        return spans
    }
}
