// CONTRACT STUB — the text-layer work replaces these bodies (and may split this file).
// The signatures are what the C-ABI layer calls.

/// A validated locale for matching and ordering.
public struct SearchLocale: Sendable, Hashable {
    /// The canonical ICU locale id ("" means no locale: `und`).
    public let identifier: String
    /// True when the requested locale has no data here and the engine fell back to no locale.
    public let isFallback: Bool

    /// No locale (`und`): the hardest folding, root collation.
    public static let none = SearchLocale(identifier: "", isFallback: false)

    init(identifier: String, isFallback: Bool) {
        self.identifier = identifier
        self.isFallback = isFallback
    }

    /// Parses a BCP 47 tag or ICU id. `nil`, "" and "und" give ``none``.
    /// Throws ``SearchBarError/Code/invalidArgument`` for a malformed string.
    public init(_ tag: String?) throws(SearchBarError) {
        guard let tag, !tag.isEmpty, tag != "und" else {
            self = .none
            return
        }
        self.init(identifier: tag, isFallback: false)
    }
}

/// What a token is made of (mirrors `sb_token_kind`).
public enum TokenKind: UInt32, Sendable {
    case word = 0, number = 1, noSpaceScript = 2, emoji = 3, part = 4
}

/// One word token of a text.
public struct Token: Sendable, Equatable {
    /// The token after NFKC case folding.
    public var text: String
    /// The token's match key (fully folded for the locale).
    public var key: String
    /// UTF-8 byte range in the original text.
    public var range: Range<Int>
    /// What the token is made of.
    public var kind: TokenKind
}

/// A folded match key with a map back to the original text.
public struct FoldedText: Sendable {
    /// The match key.
    public var key: String
    /// Maps a UTF-8 byte range of ``key`` to a UTF-8 byte range of the original text,
    /// widened to grapheme-cluster boundaries.
    public func originalRange(ofKeyBytes range: Range<Int>) -> Range<Int> { range }
}

/// Folds and tokenizes text for one locale. Safe to use from any thread.
public final class TextAnalyzer: Sendable {
    /// The locale this analyzer folds for.
    public let locale: SearchLocale

    /// Creates an analyzer for a locale.
    public init(locale: SearchLocale) { self.locale = locale }

    /// The match key of a text.
    public func fold(_ text: String) -> String { text.lowercased() }

    /// The match key of a text with its map back to the original.
    public func foldMapped(_ text: String) -> FoldedText { FoldedText(key: fold(text)) }

    /// The word tokens of a text, in order.
    public func tokenize(_ text: String) -> [Token] { [] }
}

/// Orders strings by a locale's standard collation with numeric ordering on.
public final class Collator: @unchecked Sendable {
    /// The locale this collator orders for.
    public let locale: SearchLocale

    /// Creates a collator for a locale.
    public init(locale: SearchLocale) throws(SearchBarError) { self.locale = locale }

    /// Compares two strings: negative, zero or positive.
    public func compare(_ a: String, _ b: String) -> Int { a < b ? -1 : (a == b ? 0 : 1) }

    /// The sort key of a string: byte-wise comparison of keys equals ``compare(_:_:)``.
    public func sortKey(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// The indices of `strings` in collation order (stable).
    public func sortedIndices(_ strings: [String]) -> [Int] {
        strings.indices.sorted { compare(strings[$0], strings[$1]) < 0 }
    }
}
