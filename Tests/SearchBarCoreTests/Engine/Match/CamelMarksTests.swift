import Testing

@testable import SearchBarCore

/// camelCase starts read from the edits between an original text and its folded form, as fzf
/// finds them (a lower-case letter followed by an upper-case one).
@Suite("Engine: camelCase marks")
struct CamelMarksTests {
    /// The marks of `original`, whose folded form is `folded`.
    private func marks(_ original: String, _ folded: String) -> [Int32] {
        var patch: [UInt8] = []
        var original = original
        var folded = folded
        original.withUTF8 { o in
            folded.withUTF8 { f in
                FoldPatch.encode(original: UnsafeRawBufferPointer(o), folded: UnsafeRawBufferPointer(f), into: &patch)
            }
        }
        var found = [Int32](repeating: -1, count: CamelMarks.capacity)
        let count = patch.withUnsafeBufferPointer { p in
            folded.withUTF8 { f in CamelMarks.find(patch: p, folded: f, into: &found) }
        }
        return Array(found.prefix(count))
    }

    @Test("marks", arguments: [
        ("fooBar", "foobar", [3]),
        ("FooBar", "foobar", [3]),
        ("fooBAR", "foobar", [3]),
        ("FOOBar", "foobar", []),
        ("McDonald", "mcdonald", [2]),
        ("iPhone", "iphone", [1]),
        ("foo Bar", "foo bar", []),
        ("a1B", "a1b", []),
        ("x86_64", "x86_64", []),
        ("getHTTPResponseCode", "gethttpresponsecode", [3, 15]),
        ("parseJsonAndXml", "parsejsonandxml", [5, 9, 12]),
        // É (C3 89) after é (C3 A9): the folded offset of the second "é".
        ("étéÉté", "étéété", [5]),
        // Greek: a capital after a small letter.
        ("αβΓδ", "αβγδ", [4]),
    ] as [(String, String, [Int32])])
    func marks(original: String, folded: String, expected: [Int32]) {
        #expect(marks(original, folded) == expected, "\(original)")
    }

    @Test func aDamagedPatchGivesNoReadOutOfBounds() {
        let folded = Array("foobar".utf8)
        var found = [Int32](repeating: -1, count: CamelMarks.capacity)
        for patch: [UInt8] in [[0xFF], [3, 1, 200, 0x42], [100, 100, 1, 0x42], [3, 1, 1], [2, 0, 3, 0xE2, 0x82]] {
            let count = patch.withUnsafeBufferPointer { p in
                folded.withUnsafeBufferPointer { f in CamelMarks.find(patch: p, folded: f, into: &found) }
            }
            #expect(count <= CamelMarks.capacity)
            for mark in found.prefix(count) { #expect(mark >= 0 && Int(mark) < folded.count) }
        }
    }
}
