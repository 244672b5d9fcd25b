@testable import SearchBarCore
import Testing

/// A built segment's forward offsets, posting offsets and starts and title lead starts are packed
/// in blocks (``AscendingOffsets``): every offset must read back as from the plain array, and
/// an index file must get the plain array's bytes.
@Suite("Ascending offsets: packed blocks read as the plain array")
struct AscendingOffsetsTests {
    /// `count` ascending offsets from 0 whose steps are mostly below `step`, with a few of up to
    /// `jump` (long lists among short ones, as a term's postings) and runs of zero steps.
    static func offsets(count: Int, step: Int, jump: Int, _ random: inout SplitMix) -> [UInt32] {
        var values: [UInt32] = []
        var value: UInt64 = 0
        for k in 0..<count {
            if k > 0 {
                switch random.next(below: 16) {
                case 0: value += UInt64(random.next(below: jump + 1))
                case 1, 2, 3: break
                default: value += UInt64(random.next(below: step + 1))
                }
            }
            values.append(UInt32(min(value, UInt64(UInt32.max))))
        }
        return values
    }

    /// Checks that `packed` reads every value of `values`, through its subscript and reader.
    static func check(_ packed: AscendingOffsets, _ values: [UInt32]) {
        #expect(packed.count == values.count)
        #expect(Array(packed) == values)
        let reader = packed.reader
        #expect(reader.count == values.count)
        for k in values.indices where reader[k] != values[k] {
            Issue.record("offset \(k): \(reader[k]) instead of \(values[k])")
            return
        }
    }

    @Test(
        "every offset reads back, and the file form is the plain array's bytes",
        arguments: [(1, 3, 3), (2, 9, 9), (63, 5, 100), (64, 5, 100), (65, 5, 100), (1000, 20, 70_000), (4097, 6, 1 << 31),
            (10_000, 1, 1)])
    func sameOffsets(count: Int, step: Int, jump: Int) {
        var random = SplitMix(seed: UInt64(count * 31 + step))
        let values = Self.offsets(count: count, step: step, jump: jump, &random)
        let plain = NarrowArray(values)
        let packed = AscendingOffsets(plain)
        #expect(packed.isPacked)
        Self.check(packed, values)
        #expect(Array(packed.narrow.storageBytes) == Array(plain.storageBytes))
        #expect(packed == AscendingOffsets(NarrowArray(values, byteAligned: true)))
    }

    @Test("short steps take a few bits an offset; long ones keep every bit")
    func bitsOfTheBlocks() {
        var random = SplitMix(seed: 3)
        // Steps of at most 7: a block of 64 spans at most 441, 9 bits an offset, beside 23 plain.
        let short = Self.offsets(count: 100_000, step: 7, jump: 7, &random)
        let packed = AscendingOffsets(NarrowArray(short))
        Self.check(packed, short)
        #expect(packed.byteSize * 100 < NarrowArray(short).byteSize * 50)
        // Distances of 32 bits: the widest blocks.
        let wide: [UInt32] = (0..<200).map { $0 % 64 == 63 ? UInt32.max - 1 : UInt32($0 / 64) }.sorted()
        Self.check(AscendingOffsets(NarrowArray(wide)), wide)
        let top: [UInt32] = [0] + [UInt32](repeating: .max, count: 130)
        Self.check(AscendingOffsets(NarrowArray(top)), top)
    }

    @Test("distances of 2^27 bits or more stay plain; just fewer are packed; both read as given",
          .slow, arguments: [10_000_000, 10_500_000])
    func headerLimit(count: Int) {
        // Steps of 128: 64 offsets span 8,064, 13 bits each; 2^27 bits at 10,324,441 offsets.
        let values = NarrowArray.filled(count: count, bits: 31) { writer in
            for k in 0..<count { writer.set(k, UInt32(k) * 128) }
        }
        let offsets = AscendingOffsets(values)
        #expect(offsets.isPacked == (13 * count < AscendingOffsets.maxPackedBits))
        #expect(offsets.count == count && offsets.byteSize <= values.byteSize)
        let reader = offsets.reader
        for k in stride(from: 0, to: count, by: 4093).map({ $0 }) + [count - 2, count - 1] where reader[k] != UInt32(k) * 128 {
            Issue.record("offset \(k): \(reader[k]) instead of \(k * 128)")
            return
        }
        #expect(offsets[count - 1] == UInt32(count - 1) * 128)
    }

    @Test("offsets that do not ascend, and no offsets, stay plain and read as given")
    func keptPlain() {
        let descending: [UInt32] = [0, 5, 3, 9]
        let kept = AscendingOffsets(NarrowArray(descending))
        #expect(!kept.isPacked)
        Self.check(kept, descending)
        #expect(Array(kept.narrow.storageBytes) == Array(NarrowArray(descending).storageBytes))
        let empty = AscendingOffsets()
        #expect(!empty.isPacked && empty.isEmpty && empty.reader.isEmpty)
    }

    @Test("a built segment packs its offsets; an opened file keeps them plain, with the same values")
    func segmentOffsets() throws {
        let index = try SearchIndex(locale: try SearchLocale("de"), threads: 2)
        index.add(SegmentBuilderTests.items(3000, seed: 23))
        let built = try #require(index.snapshot.segments.first?.segment)
        #expect(built.forwardOffsets.isPacked && built.postings.offsets.isPacked && built.postings.starts.isPacked)
        #expect(built.vocabulary.blockedOffsets != nil)
        #expect(ArenaOffsets(built.vocabulary).count == built.vocabulary.count + 1)
        let vocabularyOffsets = built.vocabulary.expandedOffsets()
        for k in 0..<vocabularyOffsets.count { #expect(built.vocabularyOffsets[k] == vocabularyOffsets[k]) }
        let dir = IndexFileTests.directory()
        defer { IndexFileTests.remove(dir) }
        let path = dir + "/items.sbindex"
        try index.save(to: path)
        let opened = try #require(try SearchIndex.open(path: path, threads: 2).snapshot.segments.first?.segment)
        #expect(!opened.forwardOffsets.isPacked && !opened.postings.offsets.isPacked && !opened.postings.starts.isPacked)
        #expect(opened.vocabulary.blockedOffsets == nil)
        #expect(opened.forwardOffsets == built.forwardOffsets)
        #expect(opened.postings.offsets == built.postings.offsets && opened.postings.starts == built.postings.starts)
        #expect(opened.titleLeads.termStarts == built.titleLeads.termStarts)
        #expect(opened.postings == built.postings)
        for k in 0..<vocabularyOffsets.count { #expect(opened.vocabularyOffsets[k] == vocabularyOffsets[k]) }
    }

    @Test("a blank arena's offsets are one 0; a blocked arena's read as its 32-bit offsets")
    func arenaOffsets() {
        let blank = ArenaOffsets(ByteArena())
        #expect(blank.count == 1 && blank[0] == 0)
        var random = SplitMix(seed: 12)
        let plain = BlockedOffsetsTests.arena(count: 777, longest: 40, &random)
        let expected = plain.expandedOffsets()
        for arena in [plain, plain.blocked()] {
            let offsets = ArenaOffsets(arena)
            #expect(offsets.count == expected.count)
            for k in 0..<expected.count { #expect(offsets[k] == expected[k]) }
        }
        expected.withUnsafeBufferPointer { buffer in
            let offsets = ArenaOffsets(buffer)
            #expect(offsets.count == expected.count && offsets[776] == expected[776])
        }
    }
}
