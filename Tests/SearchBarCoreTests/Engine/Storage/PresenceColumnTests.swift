@testable import SearchBarCore
import Testing

/// ``PresenceColumn``: compact masks reject only items the full masks reject, and a built
/// segment searches with them as with the full masks.
struct PresenceColumnTests {
    /// A random text of ASCII letters, digits, punctuation and multi-byte characters.
    static func text(_ random: inout SplitMix) -> [UInt8] {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("q".utf8), Array("z".utf8), Array("7".utf8), Array("0".utf8), Array("-".utf8),
            Array(" ".utf8), Array("_".utf8), Array("ж".utf8), Array("猫".utf8), Array("é".utf8), Array("ห".utf8),
            Array("@".utf8), Array("9".utf8),
        ]
        return (0..<random.next(below: 12)).flatMap { _ in pieces[random.next(below: pieces.count)] }
    }

    @Test("a text holding a word's bytes holds the word's compact bits; keys read back")
    func compactKeepsEveryHolder() {
        var random = SplitMix(seed: 21)
        var masks: [UInt64] = []
        for _ in 0..<5000 {
            let text = Self.text(&random)
            let word = text.isEmpty ? [] : (0..<random.next(below: 4)).map { _ in text[random.next(below: text.count)] }
            let (t, w) = (PresenceMask.of(text), PresenceMask.of(word))
            if t & w == w { #expect(PresenceMask.compact(t) & PresenceMask.compact(w) == PresenceMask.compact(w)) }
            #expect(PresenceMask.compact(t) >> PresenceColumn.compactBits == 0)
            masks.append(t)
        }
        let column = PresenceColumn(compacting: Column(masks))
        let plain = PresenceColumn(Column(masks))
        #expect(column.isCompact && !plain.isCompact && column.count == masks.count)
        #expect(masks.indices.allSatisfy { column.key($0) == PresenceMask.compact(masks[$0]) && plain.key($0) == masks[$0] })
        #expect(masks.indices.allSatisfy { column.compactKey($0) == plain.compactKey($0) })
        #expect(PresenceColumn(compacting: Column(masks.map(PresenceMask.compact)), compacted: true) == column)
        #expect(column.byteSize * 100 < plain.byteSize * 83)
        #expect(column.key(-1) == 0 && column.key(masks.count) == 0)
        // Letters and multi-byte bits stay apart; digits share a bit in pairs.
        #expect(PresenceMask.compact(PresenceMask.of(Array("q".utf8))) != PresenceMask.compact(PresenceMask.of(Array("r".utf8))))
        #expect(PresenceMask.compact(PresenceMask.of(Array("6".utf8))) == PresenceMask.compact(PresenceMask.of(Array("7".utf8))))
        #expect(PresenceMask.compact(PresenceMask.of(Array("ж".utf8))) != PresenceMask.compact(PresenceMask.of(Array("猫".utf8))))
    }

    @Test("a built segment keeps compact masks, and its index file the full ones")
    func builtSegment() throws {
        let index = try SearchIndex(locale: try SearchLocale("en"), threads: 2)
        var random = SplitMix(seed: 8)
        index.add((0..<3000).map { k in IndexItem(id: UInt64(k), title: String(decoding: Self.text(&random), as: UTF8.self)) })
        let segment = try #require(index.snapshot.segments.first?.segment)
        #expect(segment.presence.isCompact)
        let full = PresenceMask.items(segment.folded, count: segment.count)
        #expect(Array(segment.derived.presence) == Array(full))
        #expect((0..<segment.count).allSatisfy { segment.presenceKey($0) == PresenceMask.compact(full[$0]) })
    }
}
