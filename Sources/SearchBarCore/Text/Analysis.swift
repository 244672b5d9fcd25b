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
