@testable import SearchBarCore
import Testing

/// ``FoldTables/foldCodePoint(_:)``, which builds the fold memo's pages, skips ICU's normalizers
/// for code points they leave alone: its fold must be ``FoldTables/foldSegment(_:)``'s for
/// every code point, with every tailoring (protected letters, Traditional→Simplified, German).
struct FoldCodePointTests {
    /// The tables of the locales whose folds differ: none (with Traditional→Simplified), sv and
    /// tr (protected letters), de, ja, zh_Hant.
    static let tables: [FoldTables] = ["", "sv", "tr", "de", "ja", "zh_Hant"].map { tag in
        tag.isEmpty ? .noLocale : FoldTables.forLocale((try? SearchLocale(tag)) ?? .none)
    }

    /// Code points whose fold differs between the two ways, as text (empty when none).
    static func differences(_ tables: FoldTables, _ codePoints: some Sequence<UInt32>) -> [String] {
        var found: [String] = []
        for c in codePoints where !(c >= 0xD800 && c < 0xE000) {
            let fast = tables.foldCodePoint(c)
            let plain = tables.foldSegment(UTF8Codec.utf16(ofScalars: [c]))
            if fast.key != plain.key || fast.nfkc != plain.nfkc || fast.clusters != plain.clusters {
                found.append("U+\(String(c, radix: 16, uppercase: true))")
            }
            if found.count >= 20 { break }
        }
        return found
    }

    @Test("equal on the scripts in use and a sample elsewhere (one in 7 with no locale), every tailoring")
    func sampledCodePoints() {
        let dense: [ClosedRange<UInt32>] = [
            0...0x3000, 0x3040...0x30FF, 0x4E00...0x4FFF, 0x8AA0...0x8CFF, 0xAC00...0xD7A3, 0xF900...0xFFFF,
            0x1F000...0x1FAFF, 0x20000...0x20200, 0x2F800...0x2FA1F, 0xE0000...0xE01EF,
        ]
        for (k, tables) in Self.tables.enumerated() {
            let step = k == 0 ? 7 : 97
            let sample = dense.flatMap { Array($0) } + Array(stride(from: UInt32(0), through: 0x10FFFF, by: step))
            #expect(Self.differences(tables, sample) == [], "\(tables.tailoring)")
        }
    }

    @Test("equal on every code point, with no locale and zh_Hant", .slow)
    func everyCodePoint() {
        for tables in [Self.tables[0], Self.tables[5]] {
            #expect(Self.differences(tables, 0...0x10FFFF) == [], "\(tables.tailoring)")
        }
    }

    @Test("Traditional→Simplified skips the code points outside the transliterator's source set")
    func simplifiedShortcut() {
        let tables = FoldTables.noLocale
        let sample = Array(UInt32(0x4E00)...0x4FFF) + Array(UInt32(0x8A00)...0x8CFF) + Array(UInt32(0x20000)...0x200FF)
        let differing = sample.filter { tables.simplified($0) != tables.simplifiedByTransliteration($0) }
        #expect(differing == [])
        #expect(tables.simplified(0x8AAA) == [0x8BF4])  // 說 → 说
        #expect(tables.simplified(0x8BF4) == [0x8BF4])
    }

    @Test("the shortcut of Traditional→Simplified changes no Han code point", .slow)
    func simplifiedShortcutEveryHan() {
        let tables = FoldTables.noLocale
        let differing = (UInt32(0)...0x10FFFF).filter {
            LetterTable.isHan($0) && tables.simplified($0) != tables.simplifiedByTransliteration($0)
        }
        #expect(differing == [])
    }

    @Test("the ICU-free way is taken for most letters and left for the rest")
    func takesTheShortWay() {
        let tables = FoldTables.noLocale
        // Folds that change the code point come from ICU all the same.
        #expect(tables.foldCodePoint(0x41).key == [0x61])  // A → a
        #expect(tables.foldCodePoint(0xE9).key == [0x65])  // é → e
        #expect(tables.foldCodePoint(0x2460).key == [0x31])  // ① → 1
        #expect(tables.foldCodePoint(0x200D).nfkc == [])  // ZWJ, ignorable
        #expect(tables.foldCodePoint(0x0301).key == [])  // a combining acute alone is dropped
        // Mapped after NFKC_Casefold: ø → o, katakana → hiragana, Traditional → Simplified.
        #expect(tables.foldCodePoint(0xF8).key == [0x6F])
        #expect(tables.foldCodePoint(0x30AB).key == Array("か".utf8))
        #expect(tables.foldCodePoint(0x8AAA).key == Array("说".utf8))
        #expect(tables.foldCodePoint(0x1F600).key == Array("😀".utf8))
    }
}
