@testable import SearchBarCore
import Testing

/// A segment's item texts keep their offsets in blocks of 64 (``BlockedOffsets``): every string
/// must read back exactly as from the 32-bit offsets, through ``ByteArena`` and ``RawArena``.
@Suite("Blocked offsets: arena strings read as with 32-bit offsets")
struct BlockedOffsetsTests {
    /// An arena of `count` random strings of up to `longest` bytes, some empty.
    static func arena(count: Int, longest: Int, _ random: inout SplitMix) -> ByteArena {
        var arena = ByteArena()
        for _ in 0..<count {
            let length = random.next(below: 4) == 0 ? 0 : random.next(below: longest + 1)
            arena.append((0..<length).map { _ in UInt8(random.next(below: 256)) })
        }
        return arena
    }

    @Test("every string and offset is the same, in about half the offset bytes", arguments: [1, 2, 63, 64, 65, 1000, 4097])
    func sameStrings(count: Int) {
        var random = SplitMix(seed: UInt64(count))
        let plain = Self.arena(count: count, longest: 200, &random)
        let blocked = plain.blocked()
        #expect(blocked.blockedOffsets != nil)
        #expect(blocked.count == plain.count)
        #expect(blocked.expandedOffsets() == plain.expandedOffsets())
        let (rawPlain, rawBlocked) = (RawArena(plain), RawArena(blocked))
        for i in 0..<count {
            #expect(blocked.range(i) == plain.range(i))
            #expect(Array(rawBlocked.text(i)) == Array(rawPlain.text(i)))
            #expect(rawBlocked.offset(i + 1) == Int(plain.expandedOffsets()[i + 1]))
        }
        #expect(rawBlocked.text(count).isEmpty && rawBlocked.text(-1).isEmpty)
        if count >= 1000 { #expect(blocked.offsetBytes * 10 < plain.offsetBytes * 6) }
    }

    @Test("an arena with a block of 64 KiB or more, a blank one and a blocked one stay as they are")
    func keptAsTheyAre() {
        var random = SplitMix(seed: 5)
        var long = Self.arena(count: 100, longest: 10, &random)
        long.append([UInt8](repeating: 7, count: 70_000))
        #expect(long.blocked().blockedOffsets == nil)
        #expect(ByteArena().blocked().isBlank)
        let blocked = Self.arena(count: 300, longest: 30, &random).blocked()
        #expect(blocked.blocked().expandedOffsets() == blocked.expandedOffsets())
        #expect(BlockedOffsets(Column([0, 5, 3])) == nil)
    }

    @Test("short strings take as few bits per offset as their blocks' spans need")
    func fewerBitsForShortStrings() {
        var random = SplitMix(seed: 9)
        // Strings of at most 7 bytes: a block of 64 spans at most 441 bytes, 9 bits an offset.
        let plain = Self.arena(count: 5000, longest: 7, &random)
        let blocked = plain.blocked()
        #expect(blocked.expandedOffsets() == plain.expandedOffsets())
        #expect(blocked.offsetBytes * 100 < plain.offsetBytes * 32)
        let raw = RawArena(blocked)
        for i in 0..<plain.count { #expect(Array(raw.text(i)) == Array(plain.bytes[plain.range(i)])) }
    }

    @Test("a built segment keeps its texts in blocks and returns every item as added")
    func segmentTexts() throws {
        let index = try SearchIndex(locale: try SearchLocale("de"), threads: 2)
        var random = SplitMix(seed: 17)
        var expected: [UInt64: (String, String)] = [:]
        let items = (0..<3000).map { k in
            IndexItem(
                id: UInt64(k), title: FoldPatchTests.randomText(&random), subtitle: FoldPatchTests.randomText(&random))
        }
        index.add(items)
        for item in items { expected[item.id] = (item.title, item.subtitle) }
        let segment = try #require(index.snapshot.segments.first?.segment)
        #expect(segment.folded[0].blockedOffsets != nil)
        #expect(segment.originalPatches[0].blockedOffsets != nil)
        for (id, texts) in expected {
            let item = try #require(index.item(id: id))
            #expect(item.title == texts.0)
            #expect(item.subtitle == texts.1)
        }
    }
}
