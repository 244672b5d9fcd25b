/// What a token is made of (mirrors `sb_token_kind`).
public enum TokenKind: UInt32, Sendable {
    /// A word of letters (and digits) in a script written with spaces.
    case word = 0
    /// A number (digits only, with separators such as "3.14").
    case number = 1
    /// A word in a script written without spaces (Han, kana, Hangul, Thai, Lao, Khmer,
    /// Myanmar): the engine matches query words of this kind as substrings of the folded text.
    case noSpaceScript = 2
    /// An emoji, a ZWJ sequence or a flag (pair of regional indicators).
    case emoji = 3
    /// An extra token inside another one: a `snake_case` part or an Arabic word without its
    /// article ال. It comes right after the token it belongs to.
    case part = 4
}

/// One word token of a text.
public struct Token: Sendable, Equatable {
    /// The token after NFKC case folding ("The" → "the"), without the ZWJ of emoji sequences.
    public var text: String
    /// The token's match key (fully folded for the locale). Equal to the bytes of
    /// `fold(original)` at ``keyRange``.
    public var key: String
    /// UTF-8 byte range in the original text (on grapheme-cluster boundaries).
    public var range: Range<Int>
    /// UTF-8 byte range of ``key`` in the fold of the whole original text.
    public var keyRange: Range<Int>
    /// What the token is made of.
    public var kind: TokenKind

    /// Creates a token.
    public init(text: String, key: String, range: Range<Int>, keyRange: Range<Int>, kind: TokenKind) {
        self.text = text
        self.key = key
        self.range = range
        self.keyRange = keyRange
        self.kind = kind
    }
}

/// A token of an ``Analysis``: ranges only, no strings.
public struct TokenSpan: Sendable, Equatable {
    /// Start of the token's key in ``Analysis/key`` (UTF-8 bytes).
    public var keyStart: Int32
    /// End of the token's key in ``Analysis/key``.
    public var keyEnd: Int32
    /// Start of the token in the original text (UTF-8 bytes).
    public var originalStart: Int32
    /// End of the token in the original text.
    public var originalEnd: Int32
    /// What the token is made of.
    public var kind: TokenKind

    /// The key range as a `Range<Int>`.
    public var keyRange: Range<Int> { Int(keyStart)..<Int(keyEnd) }
    /// The original range as a `Range<Int>`.
    public var range: Range<Int> { Int(originalStart)..<Int(originalEnd) }
}
