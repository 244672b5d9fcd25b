/// The readings of an index made with `transliterate`: each folded field ends with the Latin
/// readings of its words (``Transliteration``), after the field's own key and
/// ``Transliteration/firstSeparator``, and the title's forward entries end with theirs. What
/// a field's own words are (its length, its number of title words, whether it starts with a
/// query) is read from the text's own part, so the readings never change a tier or a rank of a
/// query typed in the original script.
extension Segment {
    /// The folded text of `field` for item `i` without its readings.
    @inline(__always) func ownFolded(_ field: UInt32, _ i: Int) -> UnsafeBufferPointer<UInt8> {
        let text = rawFolded(field, i)
        return UnsafeBufferPointer(rebasing: text[0..<Transliteration.ownLength(of: text)])
    }

    /// The title's own words and the terms of their readings, for item `i`.
    struct TitleReadings {
        /// The number of the title's forward entries that are its own words (the rest are readings).
        var ownWords: Int
        /// Per own word (of the first ``ownWords``), the term of its reading, or -1 when it has none;
        /// empty when the title has no readings, or when they cannot be paired with its words.
        var readingTerms: [Int]
    }

    /// The title words of item `i` and their readings (``TitleReadings``); `pairing`: false
    /// when only ``TitleReadings/ownWords`` is wanted.
    func titleReadings(_ i: Int, pairing: Bool) -> TitleReadings {
        Self.titleReadings(
            title: rawFolded(0, i), entries: Int(forwardOffsets[i])..<Int(forwardOffsets[i + 1]), forward: forward,
            vocabulary: vocabulary, pairing: pairing)
    }

    /// The title words of an item whose folded title is `title` and whose forward entries are
    /// `entries` of `forward`: its title entries up to the first reading's. The readings are
    /// paired with the words in order: each word with a byte of another script than Latin
    /// (folded, at or above 0xCD) has one; when the counts differ (a run of kana read as one
    /// word, a script with no transliteration) none is paired.
    static func titleReadings(
        title: UnsafeBufferPointer<UInt8>, entries: Range<Int>, forward: NarrowArray, vocabulary: ByteArena,
        pairing: Bool
    ) -> TitleReadings {
        let start = entries.lowerBound
        var titleEnd = start
        while titleEnd < entries.upperBound && forward[titleEnd] >> Segment.fieldShift == 0 { titleEnd += 1 }
        let own = Transliteration.ownLength(of: title)
        guard own < title.count else { return TitleReadings(ownWords: titleEnd - start, readingTerms: []) }
        // The readings as written after the separator, one per word entry, matched from the
        // last; each may be followed by part entries (later syllables of a run without
        // spaces), which are skipped. No allocation unless pairing.
        let tail = UnsafeBufferPointer(rebasing: title[(own + Transliteration.firstSeparator.count)...])
        func wordStart(before end: Int) -> Int {
            var k = end
            while k > 0 && tail[k - 1] != 0x20 { k -= 1 }
            return k
        }
        func term(_ k: Int) -> Int { Int(forward[k] & Segment.termMask) }
        var wordEntries: [Int] = []
        var word = wordStart(before: tail.count)..<tail.count
        var left = true
        var k = titleEnd - 1
        while k >= start && left {
            let range = vocabulary.range(term(k))
            if range.count == word.count && vocabulary.bytes[range].elementsEqual(tail[word]) {
                if pairing { wordEntries.append(k) }
                if word.lowerBound == 0 {
                    left = false
                } else {
                    word = wordStart(before: word.lowerBound - 1)..<(word.lowerBound - 1)
                }
            }
            k -= 1
        }
        guard !left else { return TitleReadings(ownWords: titleEnd - start, readingTerms: []) }
        let ownWords = k + 1 - start
        guard pairing else { return TitleReadings(ownWords: ownWords, readingTerms: []) }
        var terms = [Int](repeating: -1, count: ownWords)
        var next = wordEntries.count - 1
        func otherScript(_ p: Int) -> Bool {
            vocabulary.bytes[vocabulary.range(term(start + p))].contains { $0 >= 0xCD }
        }
        for p in 0..<ownWords where next >= 0 && otherScript(p) {
            terms[p] = term(wordEntries[next])
            next -= 1
        }
        // Every reading paired, and no word of another script left without one.
        let unpaired = (0..<ownWords).contains { terms[$0] < 0 && otherScript($0) }
        return TitleReadings(ownWords: ownWords, readingTerms: next < 0 && !unpaired ? terms : [])
    }

    /// The number of own title words per item for ``TitleLeadOrder`` (nil when no title has
    /// readings: every title entry counts).
    static func ownTitleWords(
        _ folded: [ByteArena], _ forward: NarrowArray, _ forwardOffsets: NarrowArray, _ vocabulary: ByteArena
    ) -> ((Int) -> Int)? {
        guard let titles = folded.first, !titles.isBlank else { return nil }
        let marked = titles.bytes.withUnsafeBufferPointer { bytes in
            Transliteration.ownLength(of: bytes) < bytes.count
        }
        guard marked else { return nil }
        return { i in
            titles.bytes.withUnsafeBufferPointer { bytes in
                titleReadings(
                    title: UnsafeBufferPointer(rebasing: bytes[titles.range(i)]),
                    entries: Int(forwardOffsets[i])..<Int(forwardOffsets[i + 1]), forward: forward,
                    vocabulary: vocabulary, pairing: false
                ).ownWords
            }
        }
    }
}
