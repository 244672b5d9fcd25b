/// The Latin transliteration of one word, folded (``TransliterationWorker/shadow(of:analyzer:)``),
/// as the index stores it after the item's own key, with the map of its bytes back to the word.
struct WordShadow: Sendable {
    /// The folded transliteration: ASCII letters and digits only.
    let key: [UInt8]
    /// Where the first piece starts in the word: after the graphemes at its start that have no
    /// Latin letter (Japanese kanji before kana), which no part of the key maps to.
    var start: Int32 = 0
    /// Where its pieces end, in order: piece k is word bytes `ends[k-1].word..<ends[k].word`
    /// (from ``start`` for the first) and key bytes likewise (from 0); the last ends at the ends of both. A
    /// piece is one grapheme of the word, or several where the transliteration of the whole
    /// word does not split at them (a syllable read with its neighbour, the middle of a word
    /// whose parts read otherwise on their own).
    let ends: [(word: Int32, key: Int32)]
}
