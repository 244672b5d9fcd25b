@testable import SearchBarCore
import Testing

/// ``TitleLeadOrder`` groups items by their first title word. Forward entries stored in fewer
/// bits than the field shift are all title words, and the order then skips looking for the end
/// of the title: that shortcut must give what the full walk gives on the same entries stored
/// wide, and items with subtitles and keywords (entries of other fields) must be grouped by
/// their title alone.
@Suite("Storage: title lead order")
struct TitleLeadOrderTests {
    /// The order, per-term starts and per-position title word counts a plain walk gives.
    static func expected(_ entries: [[UInt32]], termCount: Int) -> (order: [UInt32], starts: [UInt32], words: [UInt8]) {
        let leads = entries.map { item -> Int in
            guard let first = item.first, first >> Segment.fieldShift == 0 else { return termCount }
            return Int(first & Segment.termMask)
        }
        let words = entries.map { item in UInt8(min(item.prefix { $0 >> Segment.fieldShift == 0 }.count, 255)) }
        let order = entries.indices.sorted { (leads[$0], $0) < (leads[$1], $1) }.map { UInt32($0) }
        let starts = (0...termCount).map { t in UInt32(leads.filter { $0 < t }.count) }
        return (order, starts, order.map { words[Int($0)] })
    }

    /// `entries` as forward offsets and a forward array of `bits` bits per entry.
    static func forward(_ entries: [[UInt32]], bits: Int) -> (NarrowArray, NarrowArray) {
        let flat = entries.flatMap { $0 }
        var offsets: [UInt32] = [0]
        for item in entries { offsets.append(offsets.last! + UInt32(item.count)) }
        let forward = NarrowArray.filled(count: flat.count, bits: bits) { writer in
            for (k, value) in flat.enumerated() { writer.set(k, value) }
        }
        return (forward, NarrowArray(offsets))
    }

    /// The title lead order of `entries` stored at `bits` bits per entry, ranked in item order.
    static func order(_ entries: [[UInt32]], bits: Int, termCount: Int) -> TitleLeadOrder {
        let (forward, offsets) = Self.forward(entries, bits: bits)
        let rankKeys = Column((0..<entries.count).map { UInt64($0) << 32 })
        return TitleLeadOrder(
            forward: forward, forwardOffsets: offsets, count: entries.count, termCount: termCount, rankKeys: rankKeys,
            weightKeys: Column([UInt32]()))
    }

    /// Checks that `lead`'s order, term starts and title word counts are `expected`'s.
    static func expect(_ lead: TitleLeadOrder, _ expected: (order: [UInt32], starts: [UInt32], words: [UInt8])) {
        #expect(Array(lead.order) == expected.order)
        #expect(Array(lead.termStarts) == expected.starts)
        #expect((0..<expected.words.count).map { lead.titleWordCounts[$0] } == expected.words)
    }

    @Test("title-only entries, narrow (the shortcut) and wide (the walk), give the plain order")
    func titleOnly() {
        var random = SplitMix(seed: 5)
        let termCount = 700
        // Items of 0 to 300 title words (more than 255 counts 255), some with none.
        let entries = (0..<2000).map { i -> [UInt32] in
            let words = i % 97 == 0 ? 300 : random.next(below: 6)
            return (0..<words).map { _ in UInt32(random.next(below: termCount)) }
        }
        let expected = Self.expected(entries, termCount: termCount)
        let narrow = NarrowArray.bits(for: UInt32(termCount - 1))
        #expect(narrow <= Int(Segment.fieldShift))
        for bits in [narrow, 24, Int(Segment.fieldShift), 32] {
            Self.expect(Self.order(entries, bits: bits, termCount: termCount), expected)
        }
    }

    @Test("items with subtitles and keywords are grouped by their title's first word alone")
    func otherFields() {
        var random = SplitMix(seed: 6)
        let termCount = 500
        // Title words, then entries of fields 1 and 2; some items have no title word at all.
        let entries = (0..<2000).map { _ -> [UInt32] in
            let title = (0..<random.next(below: 4)).map { _ in UInt32(random.next(below: termCount)) }
            let others = (0..<random.next(below: 4)).map { _ in
                UInt32(1 + random.next(below: 2)) << Segment.fieldShift | UInt32(random.next(below: termCount))
            }
            return title + others
        }
        #expect(entries.contains { $0.first.map { $0 >> Segment.fieldShift != 0 } ?? false })
        Self.expect(Self.order(entries, bits: 32, termCount: termCount), Self.expected(entries, termCount: termCount))
    }
}
