internal import CICU

/// A word's UTF-8 bytes as a memo key: hashed and compared as bytes (a `String` key is hashed
/// and compared by canonical equivalence, which normalizes every non-ASCII word on each lookup).
struct WordKey: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// The ICU transliterators of one thread and its memo of transliterated words. Not thread-safe:
/// one thread uses it at a time, taken from a ``Transliteration`` and given back.
final class TransliterationWorker: @unchecked Sendable {
    private let language: String
    /// Opened transliterators by scheme (nil in a slot: not opened yet; `.none` inside: ICU
    /// could not open it, so the scheme gives no shadow).
    private var handles = [UnsafeMutablePointer<UTransliterator?>??](
        repeating: nil, count: TransliterationScheme.allCases.count)
    /// Shadows in pieces of runs of scripts without spaces (nil: the run has none).
    private var words: [WordKey: WordShadow?] = [:]
    /// Readings of whole words (what indexing words of scripts with spaces needs).
    private var readings = ReadingMemo()
    /// Folded transliterations of single graphemes.
    private var graphemes: [String: [UInt8]] = [:]
    /// The memo is emptied when it holds more entries than this.
    static let memoLimit = 1 << 18
    /// Words with more graphemes than this are mapped back as one piece.
    static let maxPieces = 64

    /// Buffers for one text's shadows, lent out by ``takeBuffers()``.
    private var buffers = Transliteration.Shadows()

    init(language: String) { self.language = language }

    /// This worker's shadow buffers, empty (give them back with ``giveBack(_:)``).
    func takeBuffers() -> Transliteration.Shadows {
        var taken = Transliteration.Shadows()
        swap(&taken, &buffers)
        return taken
    }

    /// Takes back the buffers ``takeBuffers()`` lent, emptied but keeping their capacity.
    func giveBack(_ shadows: inout Transliteration.Shadows) {
        shadows.key.removeAll(keepingCapacity: true)
        shadows.tokens.removeAll(keepingCapacity: true)
        shadows.units.removeAll(keepingCapacity: true)
        swap(&shadows, &buffers)
    }

    deinit {
        for case let handle?? in handles { sbicu_utrans_close(handle) }
    }

    /// Empties the memo (the transliterators stay open).
    func forget() {
        readings = ReadingMemo()
        words = [:]
        graphemes = [:]
    }

    /// The shadow of the word whose UTF-8 bytes are `word` from this worker's memo, made by
    /// `make` and remembered when the memo does not know the word yet.
    func memoized(_ word: UnsafeBufferPointer<UInt8>, make: () -> WordShadow?) -> WordShadow? {
        let key = WordKey(bytes: Array(word))
        if let known = words[key] { return known }
        let made = make()
        if words.count >= Self.memoLimit { words = [:] }
        words[key] = made
        return made
    }

    /// Calls `body` with the folded reading of the whole word whose UTF-8 bytes are `word`
    /// (nil: it has none), from this worker's memo, or made by `make` and remembered.
    func withReading<R>(
        of word: UnsafeBufferPointer<UInt8>, make: () -> [UInt8]?, _ body: (UnsafeBufferPointer<UInt8>?) -> R
    ) -> R {
        switch readings.lookup(word) {
        case .none:
            return body(nil)
        case .reading(let range):
            return readings.withReading(range, body)
        case .unknown:
            let made = make()
            readings.remember(word, reading: made)
            guard let made else { return body(nil) }
            return made.withUnsafeBufferPointer { body($0) }
        }
    }

    /// The folded reading of `word` under `scheme` as a whole (``shadow(of:scheme:whole:analyzer:)``'s
    /// key), nil when it has no letter or digit.
    func reading(of word: String, scheme: TransliterationScheme, analyzer: TextAnalyzer) -> [UInt8]? {
        let key = latinKey(word, scheme, analyzer)
        return key.isEmpty ? nil : key
    }

    /// The shadow of `word` (one word of an item's original text) under `scheme`, folded by
    /// `analyzer`, made afresh; nil when its transliteration has no letter or digit. With
    /// `whole`, it is one piece (no grapheme is transliterated on its own).
    func shadow(of word: String, scheme: TransliterationScheme, whole: Bool, analyzer: TextAnalyzer) -> WordShadow? {
        let key = latinKey(word, scheme, analyzer)
        guard !key.isEmpty else { return nil }
        if whole { return WordShadow(key: key, ends: [(Int32(word.utf8.count), Int32(key.count))]) }
        let characters = Array(word)
        guard characters.count > 1, characters.count <= Self.maxPieces else {
            return WordShadow(key: key, ends: [(Int32(word.utf8.count), Int32(key.count))])
        }
        let pieces = characters.map { c -> (length: Int, key: [UInt8]) in
            let text = String(c)
            if let known = graphemes[text] { return (c.utf8.count, known) }
            let made = latinKey(text, scheme, analyzer)
            if graphemes.count >= Self.memoLimit { graphemes = [:] }
            graphemes[text] = made
            return (c.utf8.count, made)
        }
        // Graphemes at the start with no Latin letter map to nothing.
        let leading = pieces.prefix { $0.key.isEmpty }
        let start = leading.reduce(0) { $0 + $1.length }
        let ends = Self.align(Array(pieces.dropFirst(leading.count)), to: key).map { ($0.word + Int32(start), $0.key) }
        return WordShadow(key: key, start: Int32(start), ends: ends)
    }

    /// Piece ends for `pieces` (each grapheme's byte length and its own transliteration) in
    /// `key`, the transliteration of the whole word: the graphemes whose transliterations
    /// start the key in order are pieces of their own, and so are those that end it; the
    /// graphemes between are one piece. A grapheme with an empty transliteration joins the
    /// piece after it (at the end: the one before it).
    static func align(_ pieces: [(length: Int, key: [UInt8])], to key: [UInt8]) -> [(word: Int32, key: Int32)] {
        let wordLength = pieces.reduce(0) { $0 + $1.length }
        var boundaries: [(word: Int, key: Int)] = []
        var w = 0
        var k = 0
        var first = 0
        while first < pieces.count {
            let piece = pieces[first]
            guard k + piece.key.count <= key.count, key[k..<k + piece.key.count].elementsEqual(piece.key) else { break }
            w += piece.length
            k += piece.key.count
            if !piece.key.isEmpty { boundaries.append((w, k)) }
            first += 1
        }
        var fromBack: [(word: Int, key: Int)] = []
        var wEnd = wordLength
        var kEnd = key.count
        var last = pieces.count
        while last > first {
            let piece = pieces[last - 1]
            guard kEnd - piece.key.count >= k, key[kEnd - piece.key.count..<kEnd].elementsEqual(piece.key) else { break }
            wEnd -= piece.length
            kEnd -= piece.key.count
            if !piece.key.isEmpty { fromBack.append((wEnd, kEnd)) }
            last -= 1
        }
        boundaries += fromBack.reversed()
        var ends: [(word: Int32, key: Int32)] = []
        var previous = (word: 0, key: 0)
        for b in boundaries where b.word > previous.word && b.key > previous.key && b.word < wordLength && b.key < key.count {
            ends.append((Int32(b.word), Int32(b.key)))
            previous = b
        }
        ends.append((Int32(wordLength), Int32(key.count)))
        return ends
    }

    /// `text` transliterated under `scheme`, folded by `analyzer`, ASCII letters and digits
    /// only (the spaces ICU puts between pinyin syllables, a hyphen between Korean syllables,
    /// apostrophes, primes and letters it left in their script are dropped).
    func latinKey(_ text: String, _ scheme: TransliterationScheme, _ analyzer: TextAnalyzer) -> [UInt8] {
        guard let output = transliterate(text, scheme) else { return [] }
        let folded = analyzer.fold(output)
        return folded.utf8.filter(Self.isFoldedLatin)
    }

    /// True for what a folded reading keeps: ASCII lower-case letters and digits.
    static func isFoldedLatin(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// `text` transliterated under `scheme` by ICU, unfolded; nil when ICU has no such
    /// transform, fails or gives nothing.
    func transliterate(_ text: String, _ scheme: TransliterationScheme) -> String? {
        guard let handle = handle(scheme) else { return nil }
        let source = Array(text.utf16)
        guard !source.isEmpty, source.count < 1 << 20 else { return nil }
        var capacity = source.count * 4 + 16
        for _ in 0..<3 {
            var buffer = source + [UInt16](repeating: 0, count: capacity - source.count)
            var length = Int32(source.count)
            var limit = length
            var status = U_ZERO_ERROR
            buffer.withUnsafeMutableBufferPointer { b in
                sbicu_utrans_transUChars(handle, b.baseAddress, &length, Int32(b.count), 0, &limit, &status)
            }
            if status == U_BUFFER_OVERFLOW_ERROR {
                capacity = Int(length) + 16
                continue
            }
            guard sbicu_failure(status) == 0, length > 0, Int(length) <= buffer.count else { return nil }
            return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
        }
        return nil
    }

    /// The transliterator of `scheme`, opened on first use; nil when ICU has none.
    private func handle(_ scheme: TransliterationScheme) -> UnsafeMutablePointer<UTransliterator?>? {
        if let opened = handles[scheme.rawValue] { return opened }
        var status = U_ZERO_ERROR
        var parse = UParseError()
        let id = Array(scheme.transformID(language: language).utf16)
        let opened = id.withUnsafeBufferPointer {
            sbicu_utrans_openU($0.baseAddress, Int32($0.count), UTRANS_FORWARD, nil, 0, &parse, &status)
        }
        if sbicu_failure(status) != 0 {
            if let opened { sbicu_utrans_close(opened) }
            handles[scheme.rawValue] = .some(nil)
            return nil
        }
        handles[scheme.rawValue] = .some(opened)
        return opened
    }
}
