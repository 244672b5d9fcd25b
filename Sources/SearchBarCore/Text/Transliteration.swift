import Synchronization

/// Transliterated search: the words of an item's text in Cyrillic, Greek, Armenian, Georgian,
/// Hebrew, Arabic, Hangul, kana and Devanagari (and Han as pinyin under a `zh` locale) are
/// also indexed by their Latin transliteration, so `moskva` finds Москва and `seoul` 서울.
///
/// Each such word's folded transliteration (its ``WordShadow``) is appended to the item's key
/// after a space, as a token of its own, once the text's own key and tokens are made: every
/// match mode sees it as it sees the text's words, while queries are folded as before (a
/// Cyrillic query still finds the Cyrillic text, and only it). The shadow's pieces map back to
/// the word's graphemes, so highlights land on the original text. Words in scripts written
/// without spaces (Han, kana, Hangul) also get a part token at each later piece (`jing` is a
/// prefix of a word of 北京 as 京 is).
///
/// Thread safety: any number of threads at once; each takes a ``TransliterationWorker`` of
/// its own from the pool.
final class Transliteration: Sendable {
    /// The locale of the index (its language picks the Cyrillic romanization and pinyin).
    let locale: SearchLocale
    /// True under a `zh` locale: Han is transliterated as pinyin. Never otherwise (Japanese
    /// kanji are read differently).
    let pinyin: Bool
    private let idle = Mutex<[TransliterationWorker]>([])

    /// The transliteration of an index of `locale`.
    init(locale: SearchLocale) {
        self.locale = locale
        pinyin = locale.language == "zh"
    }

    /// The shadows of one analysed text: the key bytes to append after the text's key, their
    /// tokens, and the map units of those bytes.
    struct Shadows {
        var key: [UInt8] = []
        var tokens: [TokenSpan] = []
        var units: [FoldUnit] = []
    }

    /// The shadows of `text`, whose key is `keyLength` bytes and whose tokens are `tokens` (as
    /// `analyzer` made them); empty when no word has one.
    func shadows(
        of text: String, keyLength: Int, tokens: UnsafeBufferPointer<TokenSpan>, analyzer: TextAnalyzer
    ) -> Shadows {
        var out = Shadows()
        guard !tokens.isEmpty, text.utf8.contains(where: { $0 >= 0xCD }) else { return out }
        var copy = text
        copy.withUTF8 { bytes in
            var worker: TransliterationWorker?
            defer { if let worker { recycle(worker) } }
            for token in Self.words(tokens) {
                let range = max(0, Int(token.originalStart))..<min(bytes.count, Int(token.originalEnd))
                guard !range.isEmpty, bytes[range].contains(where: { $0 >= 0xCD }) else { continue }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                guard let scheme = TransliterationScheme.of(word.unicodeScalars, pinyin: pinyin) else { continue }
                if worker == nil { worker = take() }
                guard let shadow = worker!.shadow(of: word, scheme: scheme, analyzer: analyzer) else { continue }
                append(shadow, of: token, kind: token.kind, keyLength: keyLength, to: &out)
            }
        }
        return out
    }

    /// The words to transliterate: each word token, and each run of adjacent tokens of a
    /// script written without spaces as one (ひらがな is four tokens without a locale, とうきょう
    /// two under `ja`: read as one, the run gives "hiragana", "toukyou"). Numbers, emoji and
    /// part tokens are left out.
    static func words(_ tokens: UnsafeBufferPointer<TokenSpan>) -> [TokenSpan] {
        var words: [TokenSpan] = []
        for token in tokens where token.kind == .word || token.kind == .noSpaceScript {
            if token.kind == .noSpaceScript, let last = words.last, last.kind == .noSpaceScript,
                last.originalEnd == token.originalStart
            {
                words[words.count - 1].originalEnd = token.originalEnd
            } else {
                words.append(token)
            }
        }
        return words
    }

    /// Appends one word's shadow: a space, the shadow's bytes and token, its part tokens, and
    /// a unit per piece (the space's maps to the empty range at the word's start).
    private func append(_ shadow: WordShadow, of token: TokenSpan, kind: TokenKind, keyLength: Int, to out: inout Shadows) {
        let word = token.originalStart
        out.units.append(
            FoldUnit(origStart: word, origEnd: word, textStart: 0, keyStart: Int32(keyLength + out.key.count), linear: false))
        out.key.append(0x20)
        let start = Int32(keyLength + out.key.count)
        out.key.append(contentsOf: shadow.key)
        let end = start + Int32(shadow.key.count)
        out.tokens.append(
            TokenSpan(keyStart: start, keyEnd: end, originalStart: token.originalStart, originalEnd: token.originalEnd, kind: .word))
        var previous = (word: shadow.start, key: Int32(0))
        for piece in shadow.ends {
            out.units.append(
                FoldUnit(
                    origStart: word + previous.word, origEnd: word + piece.word, textStart: 0, keyStart: start + previous.key,
                    linear: false))
            if kind == .noSpaceScript && previous.key > 0 {
                out.tokens.append(
                    TokenSpan(
                        keyStart: start + previous.key, keyEnd: end, originalStart: word + previous.word,
                        originalEnd: token.originalEnd, kind: .part))
            }
            previous = piece
        }
    }

    /// Appends the shadows of `text` to the key and tokens `analyzer` just left in `scratch`
    /// (the indexing path).
    func extend(_ text: String, scratch: AnalysisScratch, analyzer: TextAnalyzer) {
        let state = scratch.state
        let shadows = shadows(of: text, keyLength: state.key.count, tokens: state.tokens.buffer, analyzer: analyzer)
        guard !shadows.key.isEmpty else { return }
        var s = scratch.state
        defer { scratch.state = s }
        shadows.key.withUnsafeBufferPointer { s.key.append($0.baseAddress!, count: $0.count) }
        shadows.tokens.withUnsafeBufferPointer { s.tokens.append($0.baseAddress!, count: $0.count) }
    }

    /// Appends the shadows of `text` to `analysis`, made by `analyzer`.
    func extend(_ text: String, analysis: inout Analysis, analyzer: TextAnalyzer) {
        let shadows = analysis.tokens.withUnsafeBufferPointer {
            self.shadows(of: text, keyLength: analysis.key.count, tokens: $0, analyzer: analyzer)
        }
        analysis.key += shadows.key
        analysis.tokens += shadows.tokens
    }

    /// ``TextAnalyzer/withMappedAnalysis(_:tokens:_:)`` with the shadows appended to the key,
    /// the tokens and the map: what the highlighter needs for spans in the shadows.
    func withMappedAnalysis<R>(_ text: String, analyzer: TextAnalyzer, _ body: (MappedAnalysis) -> R) -> R {
        analyzer.withMappedAnalysis(text, tokens: true) { base in
            let shadows = shadows(of: text, keyLength: base.keyLength, tokens: base.tokens, analyzer: analyzer)
            guard !shadows.key.isEmpty else { return body(base) }
            let units = Array(base.map.units) + shadows.units
            let tokens = Array(base.tokens) + shadows.tokens
            return units.withUnsafeBufferPointer { units in
                tokens.withUnsafeBufferPointer { tokens in
                    let map = KeyMap(
                        units: units, keyLength: base.keyLength + shadows.key.count, originalLength: base.map.originalLength)
                    return body(MappedAnalysis(tokens: tokens, map: map, original: text))
                }
            }
        }
    }

    /// Empties the workers' memos (after a batch: the words of the next one are others).
    func forgetWords() {
        idle.withLock { $0.forEach { $0.forget() } }
    }

    private func take() -> TransliterationWorker {
        idle.withLock { $0.popLast() } ?? TransliterationWorker(language: locale.language)
    }

    private func recycle(_ worker: TransliterationWorker) {
        idle.withLock { pool in
            if pool.count < 8 { pool.append(worker) }
        }
    }
}
