/// Grapheme-cluster boundaries for Backspace and forward delete, by Swift's `Character`
/// (Unicode's extended grapheme clusters, UAX #29, with GB9c Indic conjuncts and Prepend):
/// a flag, an emoji ZWJ sequence, a Hangul syllable typed as jamo, a letter with its combining
/// marks and a conjunct such as क्ष are each one cluster.
enum GraphemeEdit {
    /// The UTF-8 byte range of the cluster that ends at or contains the byte before `offset`
    /// (the whole cluster, even when `offset` falls inside it); nil at the start of the text.
    static func clusterBefore(_ offset: Int, in text: String) -> Range<Int>? {
        cluster(in: text) { $0.lowerBound < offset && offset <= $0.upperBound }
    }

    /// The UTF-8 byte range of the cluster that starts at or contains byte `offset`; nil at the
    /// end of the text.
    static func clusterAfter(_ offset: Int, in text: String) -> Range<Int>? {
        cluster(in: text) { $0.lowerBound <= offset && offset < $0.upperBound }
    }

    private static func cluster(in text: String, where matches: (Range<Int>) -> Bool) -> Range<Int>? {
        var start = 0
        for character in text {
            let range = start..<(start + character.utf8.count)
            if matches(range) { return range }
            start = range.upperBound
        }
        return nil
    }
}
