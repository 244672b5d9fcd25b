@testable import SearchBarCore
import Testing

/// A ``FoldPatch`` writes a capital as a one-byte case edit. Every reader of a patch (the text
/// rebuilt, the highlighter's ``FoldAlignment``, fuzzy scoring's ``CamelMarks``) must give with
/// it exactly what it gives with the same text's patch of plain edits only.
@Suite("Fold patches: case edits read as their plain edits", .slow)
struct FoldPatchCaseEditTests {
    /// The patch of `original` over `folded`, with or without case edits.
    static func patch(_ original: [UInt8], _ folded: [UInt8], caseEdits: Bool) -> [UInt8] {
        var patch: [UInt8] = []
        original.withUnsafeBytes { o in
            folded.withUnsafeBytes { FoldPatch.encode(original: o, folded: $0, into: &patch, caseEdits: caseEdits) }
        }
        return patch
    }

    /// The camelCase marks `patch` gives over `folded`.
    static func marks(_ patch: [UInt8], _ folded: [UInt8]) -> [Int32] {
        var found = [Int32](repeating: -1, count: CamelMarks.capacity)
        let count = patch.withUnsafeBufferPointer { p in
            folded.withUnsafeBufferPointer { f in CamelMarks.find(patch: p, folded: f, into: &found) }
        }
        return Array(found.prefix(count))
    }

    /// The original range of every folded range of up to four characters that starts in the
    /// first 40 bytes, as the alignment over `patch` maps it (nil where it cannot tell), and the
    /// same ranges walked in ascending order with one cursor, as the highlighter walks them.
    static func alignedRanges(_ patch: [UInt8], _ folded: [UInt8], _ original: [UInt8], tables: FoldTables)
        -> [Range<Int>?]
    {
        let starts = folded.indices.filter { $0 < 40 && !UTF8Codec.isContinuation(folded[$0]) } + [folded.count]
        var ranges: [Range<Int>] = []
        for (n, lower) in starts.enumerated() {
            for upper in starts[(n + 1)...].prefix(4) { ranges.append(lower..<upper) }
        }
        return patch.withUnsafeBytes { p in
            folded.withUnsafeBytes { f in
                original.withUnsafeBufferPointer { o in
                    let alignment = FoldAlignment(patch: p, folded: f, original: o, tables: tables)
                    var graphemes = GraphemeWidener(o)
                    var cursor = FoldAlignment.Cursor()
                    let walked = ranges.map {
                        alignment.originalRange(ofFolded: $0, graphemes: &graphemes, cursor: &cursor)
                    }
                    return ranges.map { alignment.originalRange(ofFolded: $0) } + walked
                }
            }
        }
    }

    /// Real multilingual texts: the sample dataset's titles and subtitles (names in about a
    /// hundred locales), the i18n cases and CLDR annotations, and random mixed strings.
    static let texts: [String] = {
        let sample = SampleDataset.items().enumerated().filter { $0.offset % 40 == 0 }.flatMap {
            [$0.element.title, $0.element.subtitle]
        }
        let cases = I18nCase.all.flatMap { [$0.item, $0.query, $0.expect] }
        let phrases = TextTestSupport.annotationPhrases.map(\.text).enumerated().filter { $0.offset % 50 == 0 }
            .map(\.element)
        return sample + cases + phrases + IndexingAnalysisTests.randomTexts.prefix(2000)
            + FoldPatchTests.pieces + ["Hello World", "NASA", "iPhone McDonald", "ÀÉÎÕÜ étéÉté", "АБВГД Ковёр", "ΑΒΓΔ"]
    }()

    @Test("texts, highlights and camelCase marks are the same as with plain edits, in fewer bytes")
    func sameAsPlainEdits() {
        var failures: [String] = []
        var (plainBytes, caseBytes, withCaseEdits) = (0, 0, 0)
        for (n, text) in Self.texts.enumerated() {
            let analyzer = IndexingAnalysisTests.analyzers[n % IndexingAnalysisTests.analyzers.count]
            let original = Array(text.utf8)
            let folded = Array(analyzer.fold(text).utf8)
            let plain = Self.patch(original, folded, caseEdits: false)
            let cased = Self.patch(original, folded, caseEdits: true)
            plainBytes += plain.count
            caseBytes += cased.count
            if cased != plain { withCaseEdits += 1 }
            let rebuilt = cased.withUnsafeBytes { p in folded.withUnsafeBytes { FoldPatch.apply(p, to: $0) } }
            let ranges = (
                Self.alignedRanges(cased, folded, original, tables: analyzer.tables),
                Self.alignedRanges(plain, folded, original, tables: analyzer.tables)
            )
            let same =
                rebuilt == original && cased.count <= plain.count
                && Self.marks(cased, folded) == Self.marks(plain, folded) && ranges.0 == ranges.1
            if !same {
                failures.append(
                    "[\(analyzer.locale)] \(text.debugDescription) \(cased) \(plain) rebuilt \(rebuilt == original) marks "
                        + "\(Self.marks(cased, folded)) \(Self.marks(plain, folded)) ranges \(ranges.0) \(ranges.1)")
            }
            if failures.count >= 20 { break }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(withCaseEdits > 1000)
        #expect(caseBytes * 10 < plainBytes * 8, "case edits \(caseBytes) bytes, plain \(plainBytes)")
    }

    @Test("a capital costs one byte, a word in capitals one byte a letter")
    func capitalsCostOneByte() {
        for (original, folded, size) in [
            ("Hello World", "hello world", 2), ("NASA", "nasa", 4), ("Ковёр", "ковёр", 1), ("ΑΒΓ", "αβγ", 3),
            ("étéÉté", "étéété", 1), ("Ω", "ω", 5), ("straße", "strasse", 5),
        ] {
            let patch = Self.patch(Array(original.utf8), Array(folded.utf8), caseEdits: true)
            #expect(patch.count == size, "\(original): \(patch)")
            let rebuilt = patch.withUnsafeBytes { p in Array(folded.utf8).withUnsafeBytes { FoldPatch.apply(p, to: $0) } }
            #expect(rebuilt == Array(original.utf8))
        }
    }
}
