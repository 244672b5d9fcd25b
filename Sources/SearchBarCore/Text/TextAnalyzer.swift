internal import CICU
import Synchronization

/// Folds and tokenizes text for one locale. Safe to use from any number of threads at once.
///
/// The match key (``fold(_:)``) is built the same way for item text and query text:
/// 1. NFKC_Casefold (`unorm2_getNFKCCasefoldInstance`): case (ß→ss, ς→σ), width, ligatures,
///    compatibility characters (㈱ ㍿ ① ℃, superscripts), halfwidth kana with sound marks,
///    default ignorables removed.
/// 2. Diacritics: NFD, then marks with `UCHAR_DIACRITIC` are dropped (and the tatweel and Arabic
///    marks UTR #30 adds), then NFC. Kept: ー, viramas, Cyrillic й ў ї, the locale's protected
///    letters (see ``SearchLocale``): sv keeps å ä ö, es keeps ñ, …
/// 3. The letter table: ø→o ł→l đ/ð→d ı→i æ→ae œ→oe þ→th ħ→h (and every Latin "letter with
///    stroke/hook"), ٱ→ا ى→ي ة→ه ک→ك ی→ي, ’ ‘ ‛ ʼ → ', decimal digits of any script → ASCII.
/// 4. Katakana → hiragana; Traditional → Simplified Chinese (no locale and `zh*`; per
///    character, with ICU's "Traditional-Simplified" transliterator); Hangul syllables →
///    conjoining jamo, so 하 and 한ㄱ are prefixes of 한국.
/// 5. German (`de`): ae/oe/ue → a/o/u as Lucene's German normalization does (ä ö ü ß are
///    already a o u ss).
///
/// The work happens per normalization segment: ASCII bytes directly, single code points from a
/// lazily built memo shared by all analyzers of the language, and only segments of several code
/// points (a letter with combining marks) through ICU.
public final class TextAnalyzer: Sendable {
    /// The locale this analyzer folds for.
    public let locale: SearchLocale
    let tables: FoldTables
    let words: BreakIteratorPool
    /// Idle scratch spaces of the indexing path (see ``takeScratch()``).
    let scratchPool = Mutex<[AnalysisScratch]>([])

    /// Texts longer than this many UTF-8 bytes are analyzed up to this length (offsets are
    /// 32-bit; the C layer's limit is far below).
    public static let maximumTextBytes = 1 << 30

    /// Creates an analyzer for a locale.
    public init(locale: SearchLocale) {
        self.locale = locale
        tables = FoldTables.forLocale(locale)
        words = BreakIteratorPool(type: UBRK_WORD, locale: locale.identifier)
    }

    // MARK: - Folding

    /// The match key of a text.
    public func fold(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { p in
            let p = UnsafeBufferPointer(rebasing: p.prefix(Self.maximumTextBytes))
            if !tables.tailoring.german, let ascii = Self.foldASCII(p) { return ascii }
            var sink = KeySink(capacity: p.count + p.count / 2 + 8, german: tables.tailoring.german)
            tables.run(p, &sink)
            return UTF8Codec.string(sink.key)
        }
    }

    /// Appends the UTF-8 bytes of `fold(text)` to `key` (no `String` is created).
    public func fold(_ text: String, into key: inout [UInt8]) {
        var copy = text
        copy.withUTF8 { p in
            let p = UnsafeBufferPointer(rebasing: p.prefix(Self.maximumTextBytes))
            var sink = KeySink(capacity: 0, german: tables.tailoring.german)
            swap(&sink.key, &key)
            tables.run(p, &sink)
            swap(&sink.key, &key)
        }
    }

    /// The key of all-ASCII text without combining marks: its lower-case form. Nil otherwise.
    private static func foldASCII(_ p: UnsafeBufferPointer<UInt8>) -> String? {
        for b in p where b >= 0x80 { return nil }
        return String(unsafeUninitializedCapacity: p.count) { out in
            for i in 0..<p.count {
                let b = p[i]
                out[i] = b &+ ((b &- 0x41) < 26 ? 0x20 : 0)
            }
            return p.count
        }
    }

    /// The match key of a text with its map back to the original.
    public func foldMapped(_ text: String) -> FoldedText {
        var copy = text
        let sink = copy.withUTF8 { p in
            let p = UnsafeBufferPointer(rebasing: p.prefix(Self.maximumTextBytes))
            var sink = MappedSink(capacity: p.count + 8, german: tables.tailoring.german, collectText: false)
            tables.run(p, &sink)
            return sink
        }
        return FoldedText(key: UTF8Codec.string(sink.key), original: text, sink: sink)
    }

    // MARK: - Tokens

    /// The word tokens of a text, in order.
    ///
    /// ICU word break (`UBRK_WORD`, the locale's rules and dictionaries) runs on the
    /// NFKC_Casefold text, so ℃ № ㈱ ① are words; segments with a word rule status are tokens,
    /// and so are emoji (a first code point that is Extended_Pictographic or a regional
    /// indicator; ZWJ sequences and flags stay whole). After a token come its parts (kind
    /// ``TokenKind/part``): the pieces of `snake_case`, and an Arabic word without its article
    /// (ال, وال, بال, كال, فال) when at least two letters remain. Hyphenated words are already
    /// split by ICU. Words whose key is empty (a lone tatweel) are left out.
    public func tokenize(_ text: String) -> [Token] {
        var analysis = Analysis()
        var texts: [String] = []
        analyze(text, into: &analysis, tokenTexts: &texts)
        var tokens: [Token] = []
        tokens.reserveCapacity(analysis.tokens.count)
        for (span, tokenText) in zip(analysis.tokens, texts) {
            tokens.append(
                Token(
                    text: tokenText, key: UTF8Codec.string(analysis.keyBytes(of: span)), range: span.range,
                    keyRange: span.keyRange, kind: span.kind))
        }
        return tokens
    }

    /// The key bytes and token spans of a text, for indexing (see ``Analysis``).
    public func analyze(_ text: String) -> Analysis {
        var analysis = Analysis()
        analyze(text, into: &analysis)
        return analysis
    }

    /// Replaces the contents of `analysis` with the analysis of `text`, reusing its buffers.
    public func analyze(_ text: String, into analysis: inout Analysis) {
        let scratch = takeScratch()
        analyze(text, into: &analysis, scratch: scratch)
        recycle(scratch)
    }

    /// The reference implementation of ``analyze(_:into:)`` (the fold pipeline with a
    /// `MappedSink` and `TokenBuilder`), which the scratch-based path must equal.
    func analyzeReference(_ text: String, into analysis: inout Analysis) {
        var none: [String]? = nil
        analyze(text, into: &analysis, tokenTexts: &none)
    }

    private func analyze(_ text: String, into analysis: inout Analysis, tokenTexts: inout [String]) {
        var texts: [String]? = []
        analyze(text, into: &analysis, tokenTexts: &texts)
        tokenTexts = texts ?? []
    }

    private func analyze(_ text: String, into analysis: inout Analysis, tokenTexts: inout [String]?) {
        analysis.tokens.removeAll(keepingCapacity: true)
        analysis.key.removeAll(keepingCapacity: true)
        var copy = text
        copy.withUTF8 { whole in
            let p = UnsafeBufferPointer(rebasing: whole.prefix(Self.maximumTextBytes))
            if !tables.tailoring.german && Self.isASCII(p) {
                analyzeASCII(p, into: &analysis, tokenTexts: &tokenTexts)
                return
            }
            var sink = MappedSink(capacity: p.count + 8, german: tables.tailoring.german, collectText: true)
            swap(&sink.key, &analysis.key)
            sink.key.removeAll(keepingCapacity: true)
            tables.run(p, &sink)
            var builder = TokenBuilder(sink: sink, original: p)
            let spans = sink.text.withUnsafeBufferPointer { t in
                words.with(text: t) { bi in builder.segment(bi) }
            }
            swap(&sink.key, &analysis.key)
            guard let spans else { return }
            for raw in spans {
                let span = builder.span(raw)
                // A word made only of removed characters (a lone tatweel) has no key: no token.
                if span.keyStart == span.keyEnd { continue }
                analysis.tokens.append(span)
                if tokenTexts != nil { tokenTexts!.append(builder.text(raw)) }
                builder.addParts(of: raw, span: span, key: analysis.key, to: &analysis.tokens, texts: &tokenTexts)
            }
        }
    }
}

extension TextAnalyzer {
    /// True when every byte is ASCII.
    @inline(__always)
    static func isASCII(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 8 <= p.count {
            let word = UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < p.count {
            if p[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// All-ASCII text (no German rule): the key and the case-folded text are the lower-case
    /// bytes, so ICU's word break runs on them directly and every offset maps to itself.
    func analyzeASCII(_ p: UnsafeBufferPointer<UInt8>, into analysis: inout Analysis, tokenTexts: inout [String]?) {
        analysis.key.reserveCapacity(p.count)
        var text = [UInt16](repeating: 0, count: p.count)
        for i in 0..<p.count {
            let b = p[i]
            let lower = b &+ ((b &- 0x41) < 26 ? 0x20 : 0)
            analysis.key.append(lower)
            text[i] = UInt16(lower)
        }
        let raws = text.withUnsafeBufferPointer { t in
            words.with(text: t) { bi -> [(Int, Int, Int32)] in
                var out: [(Int, Int, Int32)] = []
                var start = Int(sbicu_ubrk_first(bi))
                while true {
                    let end32 = sbicu_ubrk_next(bi)
                    if end32 == Int32(SBICU_BRK_DONE) || end32 < 0 { break }
                    let end = Int(end32)
                    let status = sbicu_ubrk_getRuleStatus(bi)
                    if status >= Int32(SBICU_WORD_NONE_LIMIT), start >= 0, end > start, end <= p.count {
                        out.append((start, end, status))
                    }
                    start = end
                }
                return out
            }
        }
        guard let raws else { return }
        let key = analysis.key
        func add(_ s: Int, _ e: Int, _ kind: TokenKind) {
            analysis.tokens.append(
                TokenSpan(
                    keyStart: Int32(s), keyEnd: Int32(e), originalStart: Int32(s), originalEnd: Int32(e), kind: kind))
            if tokenTexts != nil { tokenTexts!.append(UTF8Codec.string(key[s..<e])) }
        }
        for (s, e, status) in raws {
            add(s, e, status < Int32(SBICU_WORD_LETTER) ? .number : .word)
            guard key[s..<e].contains(0x5F) else { continue }
            var partStart = s
            for i in s...e where i == e || key[i] == 0x5F {
                if i > partStart && !(partStart == s && i == e) { add(partStart, i, .part) }
                partStart = i + 1
            }
        }
    }
}

/// Turns word-break segments of a ``MappedSink``'s text into token spans.
struct TokenBuilder {
    /// A token as a range of the sink's UTF-16 text.
    struct Raw {
        var start: Int
        var end: Int
        var kind: TokenKind
    }

    let sink: MappedSink
    let original: UnsafeBufferPointer<UInt8>
    /// Widens the tokens' original ranges to whole grapheme clusters.
    var graphemes: GraphemeWidener

    init(sink: MappedSink, original: UnsafeBufferPointer<UInt8>) {
        self.sink = sink
        self.original = original
        graphemes = GraphemeWidener(original)
    }

    /// The kept segments of the word break iterator `bi` (already set to the sink's text).
    func segment(_ bi: OpaquePointer) -> [Raw] {
        var out: [Raw] = []
        var start = Int(sbicu_ubrk_first(bi))
        while true {
            let end32 = sbicu_ubrk_next(bi)
            if end32 == Int32(SBICU_BRK_DONE) || end32 < 0 { break }
            let end = Int(end32)
            defer { start = end }
            guard start >= 0, end > start, end <= sink.text.count else { continue }
            let status = sbicu_ubrk_getRuleStatus(bi)
            if let kind = kind(status: status, start: start, end: end) {
                out.append(Raw(start: start, end: end, kind: kind))
            }
        }
        return out
    }

    private func scalar(at i: Int) -> UInt32 {
        let a = UInt32(sink.text[i])
        if a >= 0xD800 && a < 0xDC00 && i + 1 < sink.text.count {
            let b = UInt32(sink.text[i + 1])
            if b >= 0xDC00 && b < 0xE000 { return 0x10000 + ((a - 0xD800) << 10) + (b - 0xDC00) }
        }
        return a
    }

    private func kind(status: Int32, start: Int, end: Int) -> TokenKind? {
        if status < Int32(SBICU_WORD_NONE_LIMIT) {
            let c = scalar(at: start)
            if ICU.has(c, UCHAR_EXTENDED_PICTOGRAPHIC) || ICU.has(c, UCHAR_REGIONAL_INDICATOR) { return .emoji }
            return nil
        }
        if status >= Int32(SBICU_WORD_KANA) { return .noSpaceScript }
        var i = start
        while i < end {
            let c = scalar(at: i)
            if LetterTable.isNoSpaceScript(c) { return .noSpaceScript }
            i += c >= 0x10000 ? 2 : 1
        }
        return status < Int32(SBICU_WORD_LETTER) ? .number : .word
    }

    /// The original and key ranges of a text range.
    mutating func span(_ raw: Raw) -> TokenSpan {
        let s = sink
        let us = MappedSink.unit(containing: Int32(raw.start), in: s.textStart)
        let ue = MappedSink.unit(containing: Int32(raw.end - 1), in: s.textStart)
        let ds = Int32(raw.start) - s.textStart[us]
        let de = Int32(raw.end) - s.textStart[ue]
        let o0 = s.linear[us] ? s.origStart[us] + ds : s.origStart[us]
        let o1 = s.linear[ue] ? s.origStart[ue] + de : s.origEnd[ue]
        let k0 = s.linear[us] ? s.keyStart[us] + ds : s.keyStart[us]
        let k1 = s.linear[ue] ? s.keyStart[ue] + de : (ue + 1 < s.keyStart.count ? s.keyStart[ue + 1] : Int32(s.key.count))
        let widened = graphemes.widen(Int(o0)..<Int(max(o0, o1)))
        return TokenSpan(
            keyStart: k0, keyEnd: max(k0, k1), originalStart: Int32(widened.lowerBound),
            originalEnd: Int32(widened.upperBound), kind: raw.kind)
    }

    /// The NFKC_Casefold text of a range, without ZWJ.
    func text(_ raw: Raw) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(raw.end - raw.start)
        for i in raw.start..<raw.end where sink.text[i] != 0x200D { units.append(sink.text[i]) }
        return String(decoding: units, as: UTF16.self)
    }

    /// Arabic article prefixes (UTF-8 of ال وال بال كال فال).
    static let articles: [[UInt8]] = ["ال", "وال", "بال", "كال", "فال"].map { Array($0.utf8) }

    /// Appends the parts of a token (snake_case pieces, Arabic word without its article).
    mutating func addParts(
        of raw: Raw, span: TokenSpan, key: [UInt8], to tokens: inout [TokenSpan], texts: inout [String]?
    ) {
        guard raw.kind == .word || raw.kind == .number else { return }
        // snake_case
        if sink.text[raw.start..<raw.end].contains(0x5F) {
            var partStart = raw.start
            for i in raw.start...raw.end where i == raw.end || sink.text[i] == 0x5F {
                if i > partStart && !(partStart == raw.start && i == raw.end) {
                    let part = Raw(start: partStart, end: i, kind: .part)
                    tokens.append(self.span(part))
                    if texts != nil { texts!.append(text(part)) }
                }
                partStart = i + 1
            }
            return
        }
        // Arabic article
        let k0 = Int(span.keyStart)
        let k1 = Int(span.keyEnd)
        for article in Self.articles {
            guard k1 - k0 > article.count, key[k0..<k0 + article.count].elementsEqual(article) else { continue }
            let rest = key[(k0 + article.count)..<k1]
            let letters = rest.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
            guard letters >= 2 else { break }
            let u = MappedSink.unit(containing: Int32(k0 + article.count), in: sink.keyStart)
            guard sink.keyStart[u] == Int32(k0 + article.count), !sink.linear[u] else { break }
            tokens.append(
                TokenSpan(
                    keyStart: Int32(k0 + article.count), keyEnd: span.keyEnd,
                    originalStart: max(span.originalStart, sink.origStart[u]), originalEnd: span.originalEnd,
                    kind: .part))
            if texts != nil {
                texts!.append(String(decoding: sink.text[Int(sink.textStart[u])..<raw.end], as: UTF16.self))
            }
            break
        }
    }
}
