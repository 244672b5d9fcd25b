import Synchronization

/// Readings with case: the Latin transliteration of a word with the case of its original
/// kept (Москва reads "Moskva", МОСКВА "MOSKVA"; scripts without case read in lower case).
/// The index stores folded readings; case-sensitive and smart-case matching (``CaseCheck``,
/// and `searchbar filter --transliterate`) compare a query word with these instead, so
/// `Moskva` finds Москва and not москва.

extension Transliteration {
    /// The readings of the words of `text` (analysed by `analyzer`) that have one, in text
    /// order, each with its word's UTF-8 byte range, with the case of the original kept
    /// (``TransliterationWorker/casedReading(of:scheme:analyzer:)``): what case-sensitive and
    /// smart-case matching compare a query word with, where the index matched it in a shadow.
    func casedReadings(of text: String, analyzer: TextAnalyzer) -> [(range: Range<Int>, reading: String)] {
        guard text.utf8.contains(where: { $0 >= 0xCD }) else { return [] }
        let analysis = analyzer.analyze(text)
        var readings: [(range: Range<Int>, reading: String)] = []
        let utf8 = Array(text.utf8)
        var worker: TransliterationWorker?
        defer { if let worker { recycle(worker) } }
        analysis.tokens.withUnsafeBufferPointer { tokens in
            Self.forEachWord(tokens) { token in
                let range = max(0, Int(token.originalStart))..<min(utf8.count, Int(token.originalEnd))
                guard !range.isEmpty, utf8[range].contains(where: { $0 >= 0xCD }) else { return }
                let key = WordKey(bytes: Array(utf8[range]))
                let known = casedMemo.withLock { $0[key] }
                let reading: String?
                if let known {
                    reading = known
                } else {
                    let word = String(decoding: utf8[range], as: UTF8.self)
                    if let scheme = TransliterationScheme.of(word.unicodeScalars, pinyin: pinyin) {
                        if worker == nil { worker = take() }
                        reading = worker!.casedReading(of: word, scheme: scheme, analyzer: analyzer)
                    } else {
                        reading = nil
                    }
                    casedMemo.withLock { memo in
                        if memo.count >= Self.casedMemoLimit { memo = [:] }
                        memo[key] = reading
                    }
                }
                if let reading { readings.append((range, reading)) }
            }
        }
        return readings
    }
    /// The cased-reading memo is emptied when it holds this many words.
    static let casedMemoLimit = 1 << 16

    /// False when no reading of the words of `texts` can hold `word` (a query word folded by
    /// its variant), so they need not be made: `word` has a character no reading has (readings
    /// are ASCII letters and digits), or an upper-case letter where no word of the texts in a
    /// script with case has one (only those read with upper case).
    func mayRead(_ word: [Unicode.Scalar], in texts: [String]) -> Bool {
        guard !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        else { return false }
        guard word.contains(where: { ("A"..."Z").contains($0) }) else { return true }
        return texts.contains { text in
            text.unicodeScalars.contains { $0.value >= 0x370 && $0.properties.changesWhenLowercased }
        }
    }
}

extension TransliterationWorker {
    /// The transliteration of `word` under `scheme` with its case kept (an upper-case letter of
    /// the original reads as upper-case Latin: Москва → "Moskva", МОСКВА → "MOSKVA"; scripts
    /// without case read in lower case), ASCII letters and digits only: the reading that
    /// case-sensitive and smart-case matching compare with. Its lower case is the folded
    /// reading; nil when it has no letter or digit.
    func casedReading(of word: String, scheme: TransliterationScheme, analyzer: TextAnalyzer) -> String? {
        let key = latinKey(word, scheme, analyzer)
        guard !key.isEmpty, let output = transliterate(word, scheme) else { return nil }
        var cased: [UInt8] = []
        for scalar in output.unicodeScalars {
            let folded = scalar.isASCII ? [UInt8(scalar.value | (scalar.properties.isUppercase ? 0x20 : 0))]
                : Array(analyzer.fold(String(scalar)).utf8)
            let upper = scalar.properties.changesWhenLowercased
            cased += folded.filter(Self.isFoldedLatin).map { upper && $0 >= 0x61 ? $0 - 0x20 : $0 }
        }
        // Folded one code point at a time, the reading could differ from the whole word's
        // folding (a tailoring that folds a sequence): then it is read in lower case.
        let lowered = cased.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return String(decoding: lowered == key ? cased : key, as: UTF8.self)
    }
}
