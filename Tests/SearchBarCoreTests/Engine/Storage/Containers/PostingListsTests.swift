@testable import SearchBarCore
import Testing

/// Postings are bit-packed in blocks (``PostingLists``): every list must read back as it was
/// given, whatever its length and gap widths, and a crafted stream must never give a value at
/// or past the item count, out of order, or read past its term.
@Suite("Posting lists: bit-packed blocks read back")
struct PostingListsTests {
    /// An ascending list of `count` values below `limit` whose gaps have at most `width` bits.
    static func list(_ count: Int, width: Int, limit: Int, random: inout SplitMix) -> [UInt32] {
        var values: [UInt32] = []
        var next = Int(random.next() % UInt64(max(limit / 4, 1)))
        while values.count < count && next < limit {
            values.append(UInt32(next))
            let gap = width == 0 ? 0 : Int(random.next() & ((1 << UInt64(width)) - 1))
            next += 1 + gap
        }
        return values
    }

    @Test("lists of 0, 1, 127, 128, 129 and more values, gaps of every width, read back")
    func roundTrip() {
        var random = SplitMix(seed: 3)
        let limit = 1 << 31
        var lists: [[UInt32]] = []
        for count in [0, 1, 2, 3, 127, 128, 129, 255, 256, 257, 1000] {
            for width in 0...30 { lists.append(Self.list(count, width: width, limit: limit, random: &random)) }
        }
        // One block of narrow gaps, one of wide gaps, then narrow again.
        var mixed: [UInt32] = Array(0..<128)
        mixed += (1...128).map { 128 + UInt32($0) << 20 }
        mixed += (1...50).map { mixed.last! + UInt32($0) }
        lists.append(mixed)
        let postings = PostingLists.encoded(lists, itemCount: limit)
        #expect(postings.termCount == lists.count && postings.count == lists.reduce(0) { $0 + $1.count })
        for (t, list) in lists.enumerated() {
            #expect(postings.items(t) == list)
            #expect(postings.count(t..<t + 1) == list.count)
            #expect(postings.isWellFormed(t))
        }
        // Gaps of 31 and 32 bits (the widest), and the largest value.
        let top = UInt32.max - 1
        let wide = PostingLists.encoded([[0, top], [0, 1 << 31, top], [top], []], itemCount: Int(UInt32.max))
        #expect(wide.items(0) == [0, top] && wide.items(1) == [0, 1 << 31, top] && wide.items(2) == [top])
        #expect(wide.items(3).isEmpty)
        // A segment of one item: values of no bits.
        let one = PostingLists.encoded([[0], [], [0]], itemCount: 1)
        #expect(one.items(0) == [0] && one.items(1) == [] && one.items(2) == [0] && one.dataCount == 0)
    }

    /// The merger writes a list from its first value and gaps, in 32-bit stores: the bytes
    /// the encoder writes from the values, for every length and gap width, and nothing past them.
    @Test("a stream written from gaps is the one written from the values, byte for byte")
    func gapStream() {
        var random = SplitMix(seed: 17)
        var lists: [(values: [UInt32], firstWidth: Int)] = []
        for count in [1, 2, 3, 31, 127, 128, 129, 130, 255, 256, 257, 1000] {
            for width in [0, 1, 3, 7, 8, 13, 16, 24, 31] {
                for firstWidth in [1, 20, 31] {
                    lists.append((Self.list(count, width: width, limit: 1 << firstWidth, random: &random), firstWidth))
                }
            }
        }
        var mixed: [UInt32] = Array(0..<128)
        mixed += (1...128).map { 128 + UInt32($0) << 20 }
        mixed += (1...50).map { mixed.last! + UInt32($0) }
        lists.append((mixed, 31))
        lists.append(([0, 1 << 31, UInt32.max - 1], 32))
        lists.append(([UInt32.max - 1], 32))
        for (values, firstWidth) in lists where !values.isEmpty {
            let room = PostingLists.maxStreamBytes(count: values.count, firstWidth: firstWidth) + 8
            var expected = [UInt8](repeating: 0xA5, count: room)
            var got = [UInt8](repeating: 0xA5, count: room)
            let gaps = values.indices.map { $0 == 0 ? values[0] : values[$0] &- values[$0 - 1] &- 1 }
            let expectedLength = values.withUnsafeBufferPointer { values in
                expected.withUnsafeMutableBufferPointer {
                    PostingLists.writeStream(values, 0..<values.count, firstWidth: firstWidth, into: $0.baseAddress!)
                }
            }
            let length = gaps.withUnsafeBufferPointer { gaps in
                got.withUnsafeMutableBufferPointer {
                    PostingLists.writeGapStream(gaps.baseAddress!, count: gaps.count, firstWidth: firstWidth, into: $0.baseAddress!)
                }
            }
            #expect(length == expectedLength && got == expected, "\(values.count) values, first width \(firstWidth)")
        }
    }

    @Test("a single value costs its item's width alone; consecutive items no bits a gap")
    func sizes() {
        let postings = PostingLists.encoded([[5], Array(0..<129), [0, 999_999]], itemCount: 1_000_000)
        // 20 bits; 20 + 6 (one block of 128 gaps of width 0); 20 + 6 + 20.
        #expect(postings.starts.map { Int($0) } == [0, 3, 3 + 4, 3 + 4 + 6])
    }

    @Test("a segment's postings equal the plain lists built from its forward index, encoded in parallel or not")
    func realLists() {
        let items = SegmentBuilderTests.items(6000, seed: 9)
        let segment = SegmentBuilder.build(items, analysis: SegmentBuilderTests.analysis, pool: ThreadPool(threads: 3))
        let forward = Array(segment.forward), offsets = Array(segment.forwardOffsets)
        let (plainOffsets, plain) = SegmentMerger.buildPostings(forward, offsets, termCount: segment.termCount)
        for t in 0..<segment.termCount {
            #expect(segment.postings.items(t) == Array(plain[Int(plainOffsets[t])..<Int(plainOffsets[t + 1])]))
        }
        let serial = PostingLists.encoded(
            offsets: NarrowArray(plainOffsets), values: NarrowArray(plain), itemCount: segment.count)
        #expect(serial.bytes == segment.postings.bytes && serial.starts == segment.postings.starts)
        // Smaller than 3 bytes a posting.
        #expect(segment.postings.dataCount < plain.count * 3)
    }

    @Test("crafted streams give ascending values below the item count and stay in their bytes")
    func craftedStreams() {
        var random = SplitMix(seed: 17)
        for round in 0..<200 {
            let termCount = 1 + Int(random.next() % 20)
            let dataCount = Int(random.next() % 200)
            var starts = (0..<termCount - 1).map { _ in UInt32(random.next() % UInt64(dataCount + 1)) }.sorted()
            starts = [0] + starts + [UInt32(dataCount)]
            var counts = [UInt32(0)]
            for _ in 0..<termCount { counts.append(counts.last! + UInt32(random.next() % 600)) }
            let bytes = (0..<dataCount).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                + [UInt8](repeating: 0, count: PostingLists.padding)
            let itemCount = 1 + Int(random.next() % (round % 2 == 0 ? 1000 : 1 << 31))
            guard let postings = PostingLists.restored(
                offsets: NarrowArray(counts), starts: NarrowArray(starts), bytes: Column(bytes), itemCount: itemCount)
            else {
                Issue.record("valid arrays refused")
                continue
            }
            for t in 0..<termCount {
                let items = postings.items(t)
                #expect(items.count <= Int(counts[t + 1] - counts[t]))
                #expect(items.allSatisfy { Int($0) < itemCount })
                #expect(zip(items, items.dropFirst()).allSatisfy { $0 < $1 })
            }
        }
        // Arrays that do not fit together are refused.
        let bytes = Column([UInt8](repeating: 0, count: 10))
        #expect(PostingLists.restored(offsets: NarrowArray([0, 1]), starts: NarrowArray([0, 3]), bytes: bytes, itemCount: 5) == nil)
        #expect(PostingLists.restored(offsets: NarrowArray([0, 1]), starts: NarrowArray([0]), bytes: bytes, itemCount: 5) == nil)
        #expect(PostingLists.restored(offsets: NarrowArray([0, 1]), starts: NarrowArray([0, 2]), bytes: bytes, itemCount: 5) != nil)
    }
}
