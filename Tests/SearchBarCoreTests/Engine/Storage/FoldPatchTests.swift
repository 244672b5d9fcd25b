@testable import SearchBarCore
import Testing

/// Segments keep an item's original text only as edits of its folded text (``FoldPatch``). The
/// edits must rebuild every text exactly, whatever folding did to it, and a damaged patch must
/// not trap.
@Suite("Fold patches: original texts rebuilt from folded texts")
struct FoldPatchTests {
    /// Pieces folding changes in every way it can: case (one to one, one to two, context),
    /// diacritics precomposed and combining, compatibility forms, ignorables, scripts it leaves
    /// alone, and long runs that exceed the walk's look-ahead.
    static let pieces = [
        "Hello", "WORLD", "straße", "STRASSE", "ß", "ẞ", "İstanbul", "ıi", "ΣΊΣΥΦΟΣ", "ὈΔΥΣΣΕΎΣ", "café", "cafe\u{301}",
        "Ǆemal", "ﬁle", "ｆｕｌｌ", "①②", "㎒", "Å", "Ω", "ǅ", "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}",
        "\u{200B}\u{00AD}\u{FEFF}", "東京タワー", "ภาษาไทย", "한국어", "👍🏽", "👨‍👩‍👧", "Ελληνικά", "Ковёр", "ÀÉÎÕÜ",
        String(repeating: "É", count: 40), String(repeating: "\u{301}", count: 30), "x1", "Ⅻ", "¼", " ", "-", "\u{0}",
    ]

    static func randomText(_ random: inout SplitMix) -> String {
        (0..<random.next(below: 7)).map { _ in pieces[random.next(below: pieces.count)] }
            .joined(separator: random.next(below: 4) == 0 ? "" : " ")
    }

    static func roundTrip(_ original: [UInt8], _ folded: [UInt8]) -> (patch: [UInt8], rebuilt: [UInt8]) {
        var patch: [UInt8] = []
        original.withUnsafeBytes { o in folded.withUnsafeBytes { FoldPatch.encode(original: o, folded: $0, into: &patch) } }
        let rebuilt = patch.withUnsafeBytes { p in folded.withUnsafeBytes { FoldPatch.apply(p, to: $0) } }
        return (patch, rebuilt)
    }

    @Test("texts folded in several locales are rebuilt exactly, and an unchanged text costs nothing",
          arguments: ["", "en", "tr", "de", "el", "ja"])
    func foldedTexts(locale: String) throws {
        let analyzer = AnalyzerCache.shared.analyzer(for: try SearchLocale(locale))
        var random = SplitMix(seed: 7)
        var changed = 0
        for _ in 0..<3000 {
            let text = Self.randomText(&random)
            let folded = analyzer.fold(text)
            let (patch, rebuilt) = Self.roundTrip(Array(text.utf8), Array(folded.utf8))
            #expect(rebuilt == Array(text.utf8), "\(text) folded to \(folded)")
            #expect(patch.isEmpty == text.utf8.elementsEqual(folded.utf8))
            if !patch.isEmpty { changed += 1 }
            // A text that is already folded folds to itself: its patch is empty.
            #expect(Self.roundTrip(Array(folded.utf8), Array(folded.utf8)).patch.isEmpty)
        }
        #expect(changed > 1000)
    }

    @Test("a capital or a diacritic costs a few bytes, not the text")
    func smallEdits() {
        let title = Array("Médecine Sans Frontières".utf8)
        let folded = Array("medecine sans frontieres".utf8)
        let (patch, rebuilt) = Self.roundTrip(title, folded)
        #expect(rebuilt == title)
        #expect(patch.count <= 20, "patch of \(patch.count) bytes")
    }

    @Test("unrelated byte strings of any length are rebuilt exactly")
    func unrelatedBytes() {
        var random = SplitMix(seed: 11)
        for _ in 0..<5000 {
            let alphabet = 1 + random.next(below: 5)
            let original = (0..<random.next(below: 300)).map { _ in UInt8(random.next(below: alphabet)) }
            var folded = original
            for _ in 0..<random.next(below: 8) where !folded.isEmpty {
                let at = random.next(below: folded.count)
                switch random.next(below: 3) {
                case 0: folded[at] = UInt8(random.next(below: 256))
                case 1: folded.remove(at: at)
                default: folded.insert(contentsOf: (0..<random.next(below: 40)).map { _ in UInt8(random.next(below: 256)) }, at: at)
                }
            }
            if random.next(below: 10) == 0 { folded = (0..<random.next(below: 100)).map { _ in UInt8(random.next(below: 256)) } }
            #expect(Self.roundTrip(original, folded).rebuilt == original)
        }
    }

    /// `patch` cut short, with one byte changed, or replaced by random bytes.
    static func damaged(_ patch: [UInt8], _ random: inout SplitMix) -> [UInt8] {
        var damaged = patch
        switch random.next(below: 3) {
        case 0: damaged = Array(damaged.prefix(random.next(below: damaged.count + 1)))
        case 1: if !damaged.isEmpty { damaged[random.next(below: damaged.count)] = UInt8(random.next(below: 256)) }
        default: damaged = (0..<random.next(below: 40)).map { _ in UInt8(random.next(below: 256)) }
        }
        return damaged
    }

    @Test("a damaged patch gives some text without reading or writing out of bounds")
    func damagedPatches() {
        var random = SplitMix(seed: 13)
        let folded = Array("medecine sans frontieres".utf8)
        var (patch, _) = Self.roundTrip(Array("Médecine Sans Frontières".utf8), folded)
        for _ in 0..<5000 {
            let damaged = Self.damaged(patch, &random)
            let text = damaged.withUnsafeBytes { p in folded.withUnsafeBytes { FoldPatch.apply(p, to: $0) } }
            #expect(text.count <= folded.count + damaged.count)
        }
        patch = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 1, 1]  // a number past 32 bits
        #expect(patch.withUnsafeBytes { p in folded.withUnsafeBytes { FoldPatch.apply(p, to: $0) } } == folded)
    }

    @Test("an index returns every field as it was added, after merges and removals")
    func indexTexts() throws {
        let index = try SearchIndex(locale: try SearchLocale("de"), threads: 2)
        var random = SplitMix(seed: 17)
        var expected: [UInt64: (String, String, String)] = [:]
        for batch in 0..<6 {
            let items = (0..<400).map { k in
                IndexItem(
                    id: UInt64(batch * 300 + k), title: Self.randomText(&random), subtitle: Self.randomText(&random),
                    keywords: random.next(below: 2) == 0 ? "" : Self.randomText(&random))
            }
            index.add(items)
            for item in items { expected[item.id] = (item.title, item.subtitle, item.keywords) }
            let removed = (0..<50).map { _ in UInt64(random.next(below: (batch + 1) * 300)) }
            _ = index.remove(ids: removed)
            for id in removed { expected[id] = nil }
        }
        #expect(index.count == expected.count)
        for (id, texts) in expected {
            let item = try #require(index.item(id: id))
            #expect(item.title == texts.0)
            #expect(item.subtitle == texts.1)
            #expect(item.keywords == texts.2)
        }
    }
}
