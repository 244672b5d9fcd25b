import Testing

@testable import SearchBarCore

/// ``Column``: a column filled in pages of its own (``PageBuffer``) reads, copies and counts its
/// memory like one over an array, and is never taken for one borrowed from an index file.
@Suite("Engine: columns in pages of their own")
struct ColumnTests {
    @Test("a filled column equals its values; a large one lives in pages, counts them, and is not borrowed",
          arguments: [0, 1, 1000, PageBuffer.minimumBytes / 4 - 1, PageBuffer.minimumBytes / 4, 100_003])
    func filledColumn(count: Int) {
        var random = SplitMix(seed: UInt64(count) + 11)
        let values = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        let column = Column<UInt32>.filled(count: count) { out in
            for (i, value) in values.enumerated() { out[i] = value }
        }
        let large = count * 4 >= PageBuffer.minimumBytes
        #expect(column.count == count && column.elementsEqual(values) && column.array == values)
        #expect(column.isPaged == large && !column.isBorrowed)
        #expect(column.byteSize >= count * 4 && column.byteSize < count * 4 + PageBuffer.minimumBytes)
        #expect(column == Column(values) && column.exactCopy() == column)
        #expect(column.withUnsafeBufferPointer { Array($0) } == values)
        // Generated values and an exact copy of an array's column are stored as filled ones are.
        let generated = Column<UInt32>.generated(count: count) { values[$0] }
        #expect(generated == column && generated.isPaged == large)
        var spare = values
        spare.reserveCapacity(count * 2 + 16)
        let copy = Column(spare).exactCopy()
        #expect(copy == column && copy.isPaged == large && copy.byteSize < count * 4 + PageBuffer.minimumBytes)

        // Growing a copy moves it into an array of its own; the original keeps its pages.
        var grown = column
        grown.append(7)
        #expect(!grown.isPaged && grown.count == count + 1 && grown.last == 7 && grown.dropLast().elementsEqual(values))
        #expect(column.isPaged == large && column.elementsEqual(values))
    }

    @Test("a column filled to less than its room holds what was written; large room lives in pages cut to the values",
          arguments: [(0, 0), (10, 3), (PageBuffer.minimumBytes / 4, 0), (PageBuffer.minimumBytes / 4, 5),
                      (1 << 20, 1 << 18), (1 << 20, (1 << 20) - 1), (1 << 20, 1 << 20)])
    func uninitializedColumn(capacity: Int, written: Int) {
        var random = SplitMix(seed: UInt64(capacity + written))
        let values = (0..<written).map { _ in UInt32(truncatingIfNeeded: random.next()) }
        let column = Column<UInt32>.uninitialized(capacity: capacity) { out in
            for (i, value) in values.enumerated() { (out + i).initialize(to: value) }
            return written
        }
        let large = capacity * 4 >= PageBuffer.minimumBytes
        #expect(column.count == written && column.array == values && column.isPaged == large)
        // A large room's pages past the values are given back; a small one's array is cut to them.
        if large {
            #expect(column.byteSize == PageBuffer.roundedToPages(written * 4))
            #expect(column.mappedBytes == max(PageBuffer.roundedToPages(written * 4), PageBuffer.roundedToPages(1)))
        }
        #expect(column.byteSize < written * 4 + PageBuffer.minimumBytes)
    }

    @Test("columns split from one fill hold their own values; together large, they share pages",
          arguments: [[Int](), [0], [3, 0, 5], [PageBuffer.minimumBytes / 4], [100, 40_000, 0, 7, 30_000]])
    func splitColumns(counts: [Int]) {
        var random = SplitMix(seed: UInt64(counts.reduce(0, +)) + 5)
        let values = counts.map { count in (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) } }
        let columns = Column<UInt32>.split(counts: counts) { out in
            for (i, value) in values.joined().enumerated() { out[i] = value }
        }
        let large = counts.reduce(0, +) * 4 >= PageBuffer.minimumBytes
        #expect(columns.count == counts.count)
        for (column, expected) in zip(columns, values) {
            #expect(column.array == expected && column.isPaged == large && !column.isBorrowed)
            // A column sharing pages counts only its own values.
            if large && counts.count > 1 { #expect(column.byteSize == expected.count * 4) }
        }
    }

    @Test("pages shrunk to fit keep their first bytes and at least one page")
    func shrunkPages() throws {
        let pages = try #require(PageBuffer(byteCount: 1 << 20))
        let words = pages.base.bindMemory(to: UInt32.self, capacity: 1 << 18)
        for i in 0..<(1 << 18) { words[i] = UInt32(i) }
        pages.shrink(toFit: 10_000 * 4)
        #expect(pages.byteCount == PageBuffer.roundedToPages(10_000 * 4))
        #expect((0..<10_000).allSatisfy { words[$0] == UInt32($0) })
        pages.shrink(toFit: 0)
        #expect(pages.byteCount == PageBuffer.roundedToPages(1) && words[0] == 0 && words[5] == 5)
        // Growing is not shrinking: nothing changes.
        pages.shrink(toFit: 1 << 20)
        #expect(pages.byteCount == PageBuffer.roundedToPages(1))
    }

    @Test("a narrow array filled with many values lives in pages and reads them back", arguments: [10, 50_000])
    func narrowArray(count: Int) {
        var random = SplitMix(seed: UInt64(count))
        let values = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF }
        let narrow = NarrowArray(values)
        #expect(narrow.bits == NarrowArray.bits(for: values.max() ?? 0) && narrow.elementsEqual(values))
        #expect(narrow.storageBytes.isPaged == (NarrowArray.storageSize(count: count, bits: narrow.bits) >= PageBuffer.minimumBytes))
        #expect(NarrowArray(Column(values)) == narrow)
    }

    @Test("a scratch holds what is written to it, large or small", arguments: [0, 3, 1 << 16])
    func scratch(count: Int) {
        let sum = PageBuffer.withScratch(UInt64.self, count: count) { buffer -> UInt64 in
            for i in 0..<count { buffer[i] = UInt64(i) }
            return buffer.reduce(0, &+)
        }
        #expect(sum == UInt64(count) * UInt64(max(count, 1) - 1) / 2)
    }

    @Test("a segment built in memory keeps its large columns in pages, counts them, equals the serial build, and saves")
    func builtSegment() throws {
        let items = SegmentBuilderTests.items(6000, seed: 5)
        let built = SegmentBuilder.build(
            count: items.count, item: { items[$0] }, analysis: SegmentBuilderTests.analysis, pool: ThreadPool(threads: 2))
        let reference = SegmentBuilder.buildSerially(items, analysis: SegmentBuilderTests.analysis)
        #expect(SegmentBuilderTests.differences(built, reference).isEmpty)
        // Paged, yet not taken for a segment of a file (merges and the writer's delta tell them apart).
        #expect(!built.isMapped && built.folded[0].bytes.isPaged && !built.folded[0].bytes.isBorrowed)
        #expect(built.forward.storageBytes.isPaged && built.postings.bytes.isPaged)
        #expect(built.presence.isPaged == ((built.count * PresenceColumn.compactBits + 7) / 8 + 8 >= PageBuffer.minimumBytes))
        #expect(built.rankKeyOrder.order.storageBytes.isPaged == (built.count * 3 + 1 >= PageBuffer.minimumBytes))
        let held = Dictionary(uniqueKeysWithValues: built.storageBreakdown.map { ($0.name, $0.bytes) })
        // Whole pages are counted: at least the bytes, at most a page run's rounding more each.
        let folded = built.folded.reduce(0) { $0 + $1.bytes.count }
        #expect(held["folded text"]! >= folded && held["folded text"]! < folded + 3 * PageBuffer.minimumBytes)
        // Blocked offsets: a step of at most 16 bits per text (at least 1) and a 32-bit base per 64
        // texts, or 32 bits each.
        let texts = built.folded.reduce(0) { $0 + $1.count + 1 }
        #expect(held["folded text offsets"]! >= texts / 8 && held["folded text offsets"]! <= 4 * texts + 64)

        // One batch is one segment built in memory: saved and opened, it answers the same.
        let dir = IndexFileTests.directory()
        defer { IndexFileTests.remove(dir) }
        let index = try SearchIndex(locale: .none, threads: 2)
        index.add(items)
        #expect(index.snapshot.segments.contains { $0.segment.folded[0].bytes.isPaged })
        try index.save(to: dir + "/paged")
        let opened = try SearchIndex.open(path: dir + "/paged", threads: 2)
        let queries = IndexFileTests.queries(index)
        #expect(try IndexFileTests.answers(opened, queries) == IndexFileTests.answers(index, queries))
        #expect(IndexFileTests.sameItems(index, opened, ids: items.map(\.id)))
    }
}
