/// The check behind case-sensitive, smart-case and diacritics-sensitive searches: the index
/// matches folded text, and an item it finds must also hold each query word with the case (and
/// the diacritics) the options keep, in the same way the mode matches: as a substring
/// (contains), at a word start (prefix) or as a subsequence (fuzzy), in one of the searched
/// fields' original text. In an index made with `transliterate`, a word also holds in the
/// Latin readings of a field's words, which keep the case of the original (Москва reads
/// "Moskva", so smart-case `Moskva` finds it and `MOSKVA` does not).
struct CaseCheck: Sendable, Equatable {
    /// A query word that needs the check, folded by its own variant.
    struct Word: Sendable, Equatable {
        var scalars: [Unicode.Scalar]
        var caseSensitive: Bool
    }

    let words: [Word]
    let mode: MatchMode
    let diacriticsSensitive: Bool
    private let analyzer: TextAnalyzer
    /// Per variant (index 0: case folded, 1: case kept), what ``LiteralFolder`` folds each
    /// ASCII code point to: most text an item holds is ASCII, and folding it through the
    /// folder made an array per code point.
    private let asciiFolds: [[[Unicode.Scalar]]]
    /// The index's transliteration (nil: the index has none).
    private let transliteration: Transliteration?

    /// The check for `plain` (the query's plain words), or nil when nothing needs checking:
    /// case folded and diacritics folded, or smart case with no upper-case word.
    init?(
        plain: String, mode: MatchMode, caseMatching: CaseMatching, diacriticsSensitive: Bool, analyzer: TextAnalyzer,
        transliteration: Transliteration? = nil
    ) {
        var words: [Word] = []
        for piece in plain.split(whereSeparator: { $0.isWhitespace }).prefix(CompiledQuery.maxWords) {
            let text = String(piece)
            let caseSensitive = caseMatching == .sensitive || caseMatching == .smart && text.hasUpperCase
            guard caseSensitive || diacriticsSensitive else { continue }
            let folder = LiteralFolder(caseSensitive: caseSensitive, diacriticsSensitive: diacriticsSensitive, analyzer: analyzer)
            let scalars = folder.fold(text).scalars
            if !scalars.isEmpty { words.append(Word(scalars: scalars, caseSensitive: caseSensitive)) }
        }
        guard !words.isEmpty else { return nil }
        self.words = words
        self.mode = mode
        self.diacriticsSensitive = diacriticsSensitive
        self.analyzer = analyzer
        self.transliteration = transliteration
        asciiFolds = [false, true].map { caseSensitive in
            let folder = LiteralFolder(caseSensitive: caseSensitive, diacriticsSensitive: diacriticsSensitive, analyzer: analyzer)
            return (0..<0x80).map { folder.fold(Unicode.Scalar(UInt8($0))) }
        }
    }

    /// `LiteralFolder.fold(text).scalars` of `folder` (this check's analyzer and diacritics,
    /// case kept when `caseSensitive`): ASCII from ``asciiFolds``, other code points folded
    /// once per text.
    func fold(_ text: String, caseSensitive: Bool, folder: LiteralFolder) -> [Unicode.Scalar] {
        let ascii = asciiFolds[caseSensitive ? 1 : 0]
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var folded: [UInt32: [Unicode.Scalar]] = [:]
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                scalars.append(contentsOf: ascii[Int(scalar.value)])
            } else if let known = folded[scalar.value] {
                scalars.append(contentsOf: known)
            } else {
                let made = folder.fold(scalar)
                folded[scalar.value] = made
                scalars.append(contentsOf: made)
            }
        }
        return scalars
    }

    /// (``asciiFolds`` follows from the analyzer and diacritics compared.)
    static func == (a: CaseCheck, b: CaseCheck) -> Bool {
        a.words == b.words && a.mode == b.mode && a.diacriticsSensitive == b.diacriticsSensitive
            && a.analyzer === b.analyzer && a.transliteration === b.transliteration
    }

    /// True when every word holds in one of `texts` (an item's searched fields).
    func accepts(_ texts: [String]) -> Bool {
        var folded: [Bool: [[Unicode.Scalar]]] = [:]
        // The fields' readings, made only when a word holds in no field's own text.
        var readings: [String]?
        for word in words {
            let folder = LiteralFolder(caseSensitive: word.caseSensitive, diacriticsSensitive: diacriticsSensitive, analyzer: analyzer)
            let variant = folded[word.caseSensitive]
                ?? texts.map { fold($0, caseSensitive: word.caseSensitive, folder: folder) }
            folded[word.caseSensitive] = variant
            if variant.contains(where: { holds(word.scalars, in: $0) }) { continue }
            guard let transliteration, transliteration.mayRead(word.scalars, in: texts) else { return false }
            let read = readings ?? texts.flatMap { transliteration.casedReadings(of: $0, analyzer: analyzer).map(\.reading) }
            readings = read
            guard read.contains(where: { holds(word.scalars, in: folder.fold($0).scalars) }) else { return false }
        }
        return true
    }

    private func holds(_ word: [Unicode.Scalar], in text: [Unicode.Scalar]) -> Bool {
        switch mode {
        case .fuzzy:
            var k = 0
            for scalar in text where k < word.count && scalar == word[k] { k += 1 }
            return k == word.count
        case .contains, .prefix:
            guard text.count >= word.count else { return false }
            for start in 0...(text.count - word.count) where text[start] == word[0] {
                if mode == .prefix && start > 0 && Self.isWordCharacter(text[start - 1]) { continue }
                if text[start..<(start + word.count)].elementsEqual(word) { return true }
            }
            return false
        }
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let p = scalar.properties
        return p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark
    }
}
