/// One text's key length, tokens and key-to-original map, lent by
/// ``TextAnalyzer/withMappedAnalysis(_:_:)`` for the duration of its closure: what the
/// highlighter needs to turn matched key bytes and tokens into ranges of the original text,
/// from one fold of the text.
struct MappedAnalysis {
    /// The tokens, as ``TextAnalyzer/analyze(_:)`` gives them (none when the analysis was
    /// asked for without them).
    let tokens: UnsafeBufferPointer<TokenSpan>
    /// The map from key bytes to original bytes.
    let map: KeyMap
    /// The analysed text.
    let original: String

    /// The length of the text's key in UTF-8 bytes.
    var keyLength: Int { map.keyLength }

    /// The same as ``FoldedText/originalRange(ofKeyBytes:)`` for this text.
    func originalRange(ofKeyBytes range: Range<Int>) -> Range<Int> {
        let unwidened = map.unwidenedRange(ofKeyBytes: range)
        return map.units.isEmpty ? unwidened : Graphemes.widen(unwidened, in: original)
    }

    /// The same, widened by `graphemes` (a widener over ``original``'s bytes), which shares
    /// what ICU found between the ranges of one text.
    func originalRange(ofKeyBytes range: Range<Int>, graphemes: inout GraphemeWidener) -> Range<Int> {
        let unwidened = map.unwidenedRange(ofKeyBytes: range)
        return map.units.isEmpty ? unwidened : graphemes.widen(unwidened)
    }
}

extension TextAnalyzer {
    /// Calls `body` with the analysis of `text` and its key-to-original map, made by one pass of
    /// the indexing path on a pooled scratch space (German text: the reference path). The
    /// buffers are valid only inside `body`.
    /// - Parameter wantsTokens: false when `body` reads only the map: the text is folded but
    ///   not split into words, and ``MappedAnalysis/tokens`` is empty.
    func withMappedAnalysis<R>(_ text: String, tokens wantsTokens: Bool = true, _ body: (MappedAnalysis) -> R) -> R {
        if !tables.describesFolding {
            let folded = foldMapped(text)
            let tokens = wantsTokens ? analyze(text).tokens : []
            return folded.units.withUnsafeBufferPointer { units in
                tokens.withUnsafeBufferPointer { tokens in
                    let map = KeyMap(units: units, keyLength: folded.key.utf8.count, originalLength: text.utf8.count)
                    return body(MappedAnalysis(tokens: tokens, map: map, original: text))
                }
            }
        }
        let scratch = takeScratch()
        defer { recycle(scratch) }
        analyze(text, scratch: scratch, tokens: wantsTokens)
        let state = scratch.state
        let keyLength = state.key.count
        if state.units.count == 0 && keyLength > 0 {
            // All-ASCII text: the key is the lower-cased text, one linear unit.
            var whole = FoldUnit(origStart: 0, origEnd: Int32(keyLength), textStart: 0, keyStart: 0, linear: true)
            return withUnsafePointer(to: &whole) { unit in
                let map = KeyMap(
                    units: UnsafeBufferPointer(start: unit, count: 1), keyLength: keyLength, originalLength: keyLength)
                return body(MappedAnalysis(tokens: state.tokens.buffer, map: map, original: text))
            }
        }
        let map = KeyMap(units: state.units.buffer, keyLength: keyLength, originalLength: text.utf8.count)
        return body(MappedAnalysis(tokens: state.tokens.buffer, map: map, original: text))
    }
}
