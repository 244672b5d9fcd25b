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

/// The analysis of one text for indexing: the key bytes of the whole text and its tokens as
/// ranges of that key, in the order ``TextAnalyzer/tokenize(_:)`` gives them.
///
/// Built without a `String` per token: the engine stores `key` once per item and slices token
/// keys from it. Reuse one value with ``TextAnalyzer/analyze(_:into:)`` to keep its buffers.
public struct Analysis: Sendable {
    /// UTF-8 bytes of `fold(text)`.
    public var key: [UInt8] = []
    /// The tokens.
    public var tokens: [TokenSpan] = []

    /// An empty analysis.
    public init() {}

    /// The key bytes of one token.
    public func keyBytes(of token: TokenSpan) -> ArraySlice<UInt8> {
        key[Int(token.keyStart)..<Int(token.keyEnd)]
    }
}

/// A folded match key with a map back to the original text.
public struct FoldedText: Sendable {
    /// The match key (equal to `fold(original)`).
    public var key: String
    /// The text that was folded.
    public let original: String
    /// The fold's units (see ``KeyMap``).
    let units: [FoldUnit]

    init(key: String, original: String, sink: MappedSink) {
        self.key = key
        self.original = original
        var units: [FoldUnit] = []
        units.reserveCapacity(sink.keyStart.count)
        for k in sink.keyStart.indices {
            units.append(
                FoldUnit(
                    origStart: sink.origStart[k], origEnd: sink.origEnd[k], textStart: sink.textStart[k],
                    keyStart: sink.keyStart[k], linear: sink.linear[k]))
        }
        self.units = units
    }

    /// Maps a UTF-8 byte range of ``key`` to a UTF-8 byte range of the original text, widened
    /// to grapheme-cluster boundaries (a key byte from an expansion such as ㈱ or ß maps to the
    /// whole original character; a range ending at a deleted original character such as a
    /// tatweel inside it includes it). Out-of-range input is clamped.
    public func originalRange(ofKeyBytes range: Range<Int>) -> Range<Int> {
        let unwidened = units.withUnsafeBufferPointer { units in
            KeyMap(units: units, keyLength: key.utf8.count, originalLength: original.utf8.count)
                .unwidenedRange(ofKeyBytes: range)
        }
        return units.isEmpty ? unwidened : Graphemes.widen(unwidened, in: original)
    }
}
