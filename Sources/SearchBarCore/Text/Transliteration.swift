import Glibc
import Synchronization

/// Transliterated search: the words of an item's text in Cyrillic, Greek, Armenian, Georgian,
/// Hebrew, Arabic, Hangul, kana and Devanagari (and Han as pinyin under a `zh` locale) are
/// also indexed by their Latin transliteration, so `moskva` finds Москва and `seoul` 서울.
///
/// Each such word's folded transliteration (its ``WordShadow``) is appended to the item's key
/// after a space (the first after ``firstSeparator``), as a token of its own, once the text's
/// own key and tokens are made: every match mode sees it as it sees the text's words, while queries are folded as before (a
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
    /// Cased readings of words made for case checks (``casedReadings(of:analyzer:)``), by the
    /// words' bytes (nil: none): a search checks many items that share words.
    let casedMemo = Mutex<[WordKey: String?]>([:])

    /// The transliteration of an index of `locale`.
    init(locale: SearchLocale) {
        self.locale = locale
        pinyin = locale.language == "zh"
    }

    /// What separates a text's own key from its first reading: a space, U+00A0 and a space.
    /// The fold never outputs U+00A0 (NFKC makes it a space), so its bytes mark where the
    /// readings start (``ownLength(of:)``), and the spaces keep the text's last word and the
    /// first reading at word boundaries as before.
    static let firstSeparator: [UInt8] = [0x20, 0xC2, 0xA0, 0x20]

    /// The length of the text's own key in `key`, a folded field as an index stores it: the
    /// bytes before its readings (all of them when it has none).
    @inline(__always)
    static func ownLength(of key: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = key.baseAddress, key.count >= firstSeparator.count else { return key.count }
        var from = 1
        while from < key.count, let hit = memchr(base + from, 0xC2, key.count - from) {
            let k = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if k + 2 < key.count && key[k + 1] == 0xA0 && key[k - 1] == 0x20 && key[k + 2] == 0x20 { return k - 1 }
            from = k + 1
        }
        return key.count
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
    /// - Parameters:
    ///   - wantsUnits: false when only the key and tokens are wanted (indexing).
    ///   - lent: a worker the caller took for many texts (``take()``), or nil to take one here.
    func shadows(
        of text: String, keyLength: Int, tokens: UnsafeBufferPointer<TokenSpan>, analyzer: TextAnalyzer,
        units wantsUnits: Bool = true, worker lent: TransliterationWorker? = nil
    ) -> Shadows {
        var out = Shadows()
        collect(text, keyLength: keyLength, tokens: tokens, analyzer: analyzer, units: wantsUnits, worker: lent, into: &out)
        return out
    }

    /// ``shadows(of:keyLength:tokens:analyzer:units:worker:)`` appended to `out`.
    private func collect(
        _ text: String, keyLength: Int, tokens: UnsafeBufferPointer<TokenSpan>, analyzer: TextAnalyzer,
        units wantsUnits: Bool, worker lent: TransliterationWorker?, into out: inout Shadows
    ) {
        guard !tokens.isEmpty else { return }
        var copy = text
        copy.withUTF8 { bytes in
            // Below 0xCD only code points below U+0370 start: Latin, digits, punctuation.
            guard bytes.contains(where: { $0 >= 0xCD }) else { return }
            var worker = lent
            defer { if lent == nil, let worker { recycle(worker) } }
            Self.forEachWord(tokens) { token in
                let range = max(0, Int(token.originalStart))..<min(bytes.count, Int(token.originalEnd))
                guard !range.isEmpty, bytes[range].contains(where: { $0 >= 0xCD }) else { return }
                if worker == nil { worker = take() }
                let word = UnsafeBufferPointer(rebasing: bytes[range])
                // Indexing a word of a script with spaces needs its reading only, memoized by
                // the worker; its pieces serve highlights and the parts of a run without spaces.
                if !wantsUnits && token.kind == .word {
                    worker!.withReading(of: word, make: { reading(of: word, worker!, analyzer) }) { reading in
                        if let reading { appendReading(reading, of: token, keyLength: keyLength, to: &out) }
                    }
                    return
                }
                // The memo serves indexing only (highlighting wants every word's pieces).
                guard let shadow = shadow(of: word, memo: !wantsUnits, worker!, analyzer) else { return }
                append(shadow, of: token, kind: token.kind, keyLength: keyLength, units: wantsUnits, to: &out)
            }
        }
    }

    /// The shadow of `word` in pieces made by the worker, or from its memo when `memo` is true
    /// (indexing a run of a script without spaces).
    private func shadow(
        of bytes: UnsafeBufferPointer<UInt8>, memo: Bool, _ worker: TransliterationWorker, _ analyzer: TextAnalyzer
    ) -> WordShadow? {
        func make() -> WordShadow? {
            let word = String(decoding: bytes, as: UTF8.self)
            return TransliterationScheme.of(word.unicodeScalars, pinyin: pinyin).flatMap {
                worker.shadow(of: word, scheme: $0, whole: false, analyzer: analyzer)
            }
        }
        return memo ? worker.memoized(bytes, make: make) : make()
    }

    /// The folded reading of the whole word `bytes` (nil: none), made by `worker`.
    private func reading(
        of bytes: UnsafeBufferPointer<UInt8>, _ worker: TransliterationWorker, _ analyzer: TextAnalyzer
    ) -> [UInt8]? {
        let word = String(decoding: bytes, as: UTF8.self)
        return TransliterationScheme.of(word.unicodeScalars, pinyin: pinyin).flatMap {
            worker.reading(of: word, scheme: $0, analyzer: analyzer)
        }
    }

    /// Appends a word's reading as one piece (indexing a word of a script with spaces): a
    /// space, the reading's bytes and its token.
    private func appendReading(
        _ reading: UnsafeBufferPointer<UInt8>, of token: TokenSpan, keyLength: Int, to out: inout Shadows
    ) {
        out.key.append(contentsOf: out.key.isEmpty ? Self.firstSeparator : [0x20])
        let start = Int32(keyLength + out.key.count)
        out.key.append(contentsOf: reading)
        out.tokens.append(
            TokenSpan(
                keyStart: start, keyEnd: start + Int32(reading.count), originalStart: token.originalStart,
                originalEnd: token.originalEnd, kind: .word))
    }

    /// Calls `body` with each word to transliterate, in order: each word token, and each run
    /// of adjacent tokens of a script written without spaces as one (ひらがな is four tokens
    /// without a locale, とうきょう two under `ja`: read as one, the run gives "hiragana",
    /// "toukyou"). Numbers, emoji and part tokens are left out.
    static func forEachWord(_ tokens: UnsafeBufferPointer<TokenSpan>, _ body: (TokenSpan) -> Void) {
        var pending: TokenSpan?
        for token in tokens where token.kind == .word || token.kind == .noSpaceScript {
            if token.kind == .noSpaceScript, let last = pending, last.kind == .noSpaceScript,
                last.originalEnd == token.originalStart
            {
                pending!.originalEnd = token.originalEnd
            } else {
                if let last = pending { body(last) }
                pending = token
            }
        }
        if let last = pending { body(last) }
    }

    /// Appends one word's shadow: a space, the shadow's bytes and token, its part tokens, and
    /// a unit per piece (the space's maps to the empty range at the word's start).
    private func append(
        _ shadow: WordShadow, of token: TokenSpan, kind: TokenKind, keyLength: Int, units wantsUnits: Bool,
        to out: inout Shadows
    ) {
        let word = token.originalStart
        if wantsUnits {
            out.units.append(
                FoldUnit(origStart: word, origEnd: word, textStart: 0, keyStart: Int32(keyLength + out.key.count), linear: false))
        }
        out.key.append(contentsOf: out.key.isEmpty ? Self.firstSeparator : [0x20])
        let start = Int32(keyLength + out.key.count)
        out.key.append(contentsOf: shadow.key)
        let end = start + Int32(shadow.key.count)
        out.tokens.append(
            TokenSpan(keyStart: start, keyEnd: end, originalStart: token.originalStart, originalEnd: token.originalEnd, kind: .word))
        var previous = (word: shadow.start, key: Int32(0))
        for piece in shadow.ends {
            if wantsUnits {
                out.units.append(
                FoldUnit(
                    origStart: word + previous.word, origEnd: word + piece.word, textStart: 0, keyStart: start + previous.key,
                    linear: false))
            }
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
    /// (the indexing path), with `worker` when the caller took one for many texts.
    func extend(_ text: String, scratch: AnalysisScratch, analyzer: TextAnalyzer, worker: TransliterationWorker? = nil) {
        let state = scratch.state
        // The worker's buffers, reused text after text (no allocation per text).
        var shadows = worker?.takeBuffers() ?? Shadows()
        defer { worker?.giveBack(&shadows) }
        collect(
            text, keyLength: state.key.count, tokens: state.tokens.buffer, analyzer: analyzer, units: false,
            worker: worker, into: &shadows)
        guard !shadows.key.isEmpty else { return }
        var s = scratch.state
        defer { scratch.state = s }
        shadows.key.withUnsafeBufferPointer { s.key.append($0.baseAddress!, count: $0.count) }
        shadows.tokens.withUnsafeBufferPointer { s.tokens.append($0.baseAddress!, count: $0.count) }
    }

    /// Appends the shadows of `text` to `analysis`, made by `analyzer`.
    func extend(_ text: String, analysis: inout Analysis, analyzer: TextAnalyzer) {
        let shadows = analysis.tokens.withUnsafeBufferPointer {
            self.shadows(of: text, keyLength: analysis.key.count, tokens: $0, analyzer: analyzer, units: false)
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

    /// A worker of the pool (or a new one), for one thread; give it back with ``recycle(_:)``.
    func take() -> TransliterationWorker {
        idle.withLock { $0.popLast() } ?? TransliterationWorker(language: locale.language)
    }

    /// Gives a worker back to the pool (a few are kept).
    func recycle(_ worker: TransliterationWorker) {
        idle.withLock { pool in
            if pool.count < 8 { pool.append(worker) }
        }
    }
}
