@testable import SearchBarCore
import Testing

/// ``FoldAlignment`` maps matched folded bytes to original bytes from the stored fold patch
/// (HighlighterEquivalenceTests checks that it agrees with a second analysis on thousands of
/// texts); here: which edits it maps itself, which it leaves to the analysis, and that a
/// damaged patch cannot make it trap or leave the text.
@Suite("Fold alignment: folded ranges to original ranges through the patch")
struct FoldAlignmentTests {
    static let analyzer = TextAnalyzer(locale: .none)

    /// The alignment's answer for folded `range` of `text` (folded with the locale-free rules).
    static func mapped(_ text: String, _ range: Range<Int>, patch: [UInt8]? = nil) -> Range<Int>?? {
        let folded = Array(analyzer.fold(text).utf8)
        var made: [UInt8] = []
        var original = Array(text.utf8)
        original.withUnsafeBytes { o in folded.withUnsafeBytes { FoldPatch.encode(original: o, folded: $0, into: &made) } }
        let used = patch ?? made
        return original.withUnsafeMutableBufferPointer { o in
            used.withUnsafeBytes { p in
                folded.withUnsafeBytes { f in
                    .some(FoldAlignment(patch: p, folded: f, original: UnsafeBufferPointer(o), tables: analyzer.tables)
                        .originalRange(ofFolded: range))
                }
            }
        }
    }

    @Test("capitals, accented letters and words in capitals map character for character")
    func characterForCharacter() {
        // "Médecine": é (2 bytes) for e (1 byte); "ecin" is folded 2..<6, original 3..<7.
        #expect(Self.mapped("Médecine", 2..<6) == .some(3..<7))
        #expect(Self.mapped("Médecine", 0..<2) == .some(0..<3))
        // A word in capitals is one edit of the patch; "ри" inside it maps exactly.
        #expect(Self.mapped("ПРИВЕТ мир", 2..<6) == .some(2..<6))
        // Copied text after an edit keeps its offset.
        #expect(Self.mapped("ÉCOLE ecole", 6..<11) == .some(7..<12))
        // A range inside one character covers all of it.
        #expect(Self.mapped("Ωmega", 1..<2) == .some(0..<2))
    }

    @Test("expansions, dropped marks and ignorables before the range's end are left to the analysis")
    func leftToTheAnalysis() {
        #expect(Self.mapped("straße", 4..<6) == .some(nil))  // ß folded to ss
        #expect(Self.mapped("ﬁle", 0..<1) == .some(nil))  // a ligature
        #expect(Self.mapped("e\u{301}tude", 1..<3) == .some(nil))  // a dropped combining mark
        #expect(Self.mapped("co\u{AD}op", 2..<4) == .some(nil))  // a dropped soft hyphen
        // Before the edit, the copy still maps.
        #expect(Self.mapped("straße", 0..<3) == .some(0..<3))
        // A range ending between a letter and its mark ends inside a normalization segment,
        // which the folding loop folded as one unit.
        #expect(Self.mapped("e\u{301}tude", 0..<1) == .some(nil))
    }

    @Test("a damaged patch gives nil or a range inside the text, never a trap")
    func damagedPatches() {
        var random = SplitMix(seed: 29)
        let text = "Médecine Sans Frontières ΠΡΟΣΩΠΟ"
        let folded = Array(Self.analyzer.fold(text).utf8)
        var patch: [UInt8] = []
        let original = Array(text.utf8)
        original.withUnsafeBytes { o in folded.withUnsafeBytes { FoldPatch.encode(original: o, folded: $0, into: &patch) } }
        for _ in 0..<5000 {
            let damaged = FoldPatchTests.damaged(patch, &random)
            let a = random.next(below: folded.count + 4) - 2
            let range = a..<(a + random.next(below: 12))
            if case .some(.some(let mapped)) = Self.mapped(text, range, patch: damaged) {
                #expect(mapped.lowerBound >= 0 && mapped.upperBound <= original.count)
            }
        }
    }
}
