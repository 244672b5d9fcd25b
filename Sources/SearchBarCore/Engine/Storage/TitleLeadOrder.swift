/// The items of a segment grouped by the first word of their title (their "lead" term).
///
/// Term ids follow the sorted vocabulary, so the items whose title starts with a word that
/// begins with some prefix form one contiguous block of ``order``. Only those items can reach
/// the two best tiers (exact title, title starts with the query); a search examines that block
/// first, and when it alone fills the requested number of results at those tiers, the rest of
/// the segment cannot change the answer and is never looked at. This is what keeps one- and
/// two-letter prefixes (half the keystrokes of a typed query) from scanning every item.
///
/// A block's items are spread over the whole segment, so reading each one's forward entries
/// costs cache misses; the columns a score bound needs (``titleWordCounts``, ``weightKeys``, and
/// per group of positions the least rank key, ``rankKeyMinimums``) are therefore kept in block
/// order, and most items of a large block are dismissed from those sequential reads alone once
/// the selection is full, most of them a group of positions at a time (``GroupedColumn``).
struct TitleLeadOrder: Sendable {
    /// Local item indices, by lead term, ascending within a term; items with no title word last.
    let order: NarrowArray
    /// Per term, where its items start in ``order``, plus the start of the items with no title
    /// word (packed in blocks when made in memory, see ``AscendingOffsets``).
    private let starts: AscendingOffsets
    /// Per group of positions of ``order``, the least high 32 bits of its items' collation rank
    /// keys (shifted back, a lower bound of their keys: enough to pass over a group that ties on
    /// score).
    let rankKeyMinimums: RankKeyGroupMinimums
    /// The number of title words (at most 255) of the item at each position, its readings
    /// left out (``Segment/titleReadings(_:pairing:)``).
    let titleWordCounts: GroupedColumn<UInt8>
    /// The weight key of the item at each position (empty when every weight is 0).
    let weightKeys: GroupedColumn<UInt32>

    /// No items.
    init() {
        order = NarrowArray()
        starts = AscendingOffsets(NarrowArray([0]))
        rankKeyMinimums = RankKeyGroupMinimums()
        titleWordCounts = GroupedColumn()
        weightKeys = GroupedColumn()
    }

    /// An order made before (an index file stores it): nil unless `starts` ascend from 0 to at
    /// most `order.count` and every column has one value per position (`weightKeys` may be
    /// empty). The positions' items must be local items of the segment (the caller checks).
    init?(
        order: NarrowArray, starts: NarrowArray, rankKeyMinimums: RankKeyGroupMinimums, titleWordCounts: Column<UInt8>,
        weightKeys: Column<UInt32>
    ) {
        guard let first = starts.first, first == 0, Int(starts[starts.count - 1]) <= order.count,
            rankKeyMinimums.count == order.count, titleWordCounts.count == order.count,
            weightKeys.isEmpty || weightKeys.count == order.count
        else { return nil }
        for k in 1..<starts.count where starts[k - 1] > starts[k] { return nil }
        self.order = order
        self.starts = AscendingOffsets(starts)
        self.rankKeyMinimums = rankKeyMinimums
        self.titleWordCounts = GroupedColumn(titleWordCounts)
        self.weightKeys = GroupedColumn(weightKeys)
    }

    /// Per term, where its items start in ``order``, plus the start of the items with no title
    /// word (what an index file stores).
    var termStarts: NarrowArray { starts.narrow }

    /// Groups `count` items by the first forward entry of each, when that entry is a title word;
    /// `rankKeys` and `weightKeys` (empty: all 0) are the segment's columns; `ownTitleWords`
    /// gives an item's number of title words when some are readings (nil: every title entry
    /// counts).
    init(
        forward: NarrowArray, forwardOffsets: NarrowArray, count: Int, termCount: Int, rankKeys: Column<UInt64>,
        weightKeys: Column<UInt32>, ownTitleWords: ((Int) -> Int)? = nil
    ) {
        // Entries in fewer bits than the field shift are all title words: no need to look.
        let titleOnly = forward.bits <= Int(Segment.fieldShift)
        let (forward, forwardOffsets) = (forward.reader, forwardOffsets.reader)
        // Counting sort: lead term per item (termCount for none), counts, prefix sums, placement.
        // (Its arrays in scratch pages when large: a merge's thread would keep them in its arena.)
        let parts = PageBuffer.withScratch(UInt32.self, count: count) { lead in
            PageBuffer.withScratch(UInt8.self, count: count) { titleWords in
                PageBuffer.withScratch(UInt32.self, count: termCount + 2) { counts in
                    counts.initialize(repeating: 0)
                    let none = UInt32(truncatingIfNeeded: termCount)
                    for i in 0..<count {
                        let start = Int(forwardOffsets[i])
                        let end = Int(forwardOffsets[i + 1])
                        var k = titleOnly ? end : start
                        while k < end && forward[k] >> Segment.fieldShift == 0 { k += 1 }
                        titleWords[i] = UInt8(min(ownTitleWords?(i) ?? (k - start), 255))
                        lead[i] = k > start ? min(forward[start] & Segment.termMask, none) : none
                        counts[Int(lead[i]) + 1] += 1
                    }
                    for t in 0..<termCount + 1 { counts[t + 1] += counts[t] }
                    let starts = NarrowArray(UnsafeBufferPointer(rebasing: counts[0...termCount]))
                    return PageBuffer.withScratch(UInt32.self, count: count) { order in
                        // The counts become each term's cursor.
                        for i in 0..<count {
                            let t = Int(lead[i])
                            order[Int(counts[t])] = UInt32(truncatingIfNeeded: i)
                            counts[t] += 1
                        }
                        return (
                            order: NarrowArray(UnsafeBufferPointer(order)), starts: starts,
                            rankKeyMinimums: RankKeyGroupMinimums(order.lazy.map { UInt32(truncatingIfNeeded: rankKeys[Int($0)] >> 32) }),
                            titleWordCounts: GroupedColumn(narrowing: Column<UInt8>.generated(count: count) { titleWords[Int(order[$0])] }),
                            weightKeys: GroupedColumn(
                                narrowing: weightKeys.isEmpty ? [] : Column<UInt32>.generated(count: count) { weightKeys[Int(order[$0])] }))
                    }
                }
            }
        }
        self.order = parts.order
        self.starts = AscendingOffsets(parts.starts)
        rankKeyMinimums = parts.rankKeyMinimums
        titleWordCounts = parts.titleWordCounts
        self.weightKeys = parts.weightKeys
    }

    /// The positions in ``order`` of the items whose lead term is in `terms`.
    func block(_ terms: Range<Int>) -> Range<Int> {
        guard !terms.isEmpty, terms.upperBound < starts.count else { return 0..<0 }
        return Int(starts[terms.lowerBound])..<Int(starts[terms.upperBound])
    }

    /// The position in ``order`` of item `item`, whose lead term is `lead` (nil when it is not
    /// there: its lead term is another).
    func position(of item: Int, lead: Int) -> Int? {
        guard lead >= 0 && lead + 1 < starts.count else { return nil }
        // Items are ascending within a lead term.
        let end = Int(starts[lead + 1])
        let low = lowerBound(in: Int(starts[lead])..<end) { Int(order[$0]) < item }
        return low < end && Int(order[low]) == item ? low : nil
    }

    /// Bytes held.
    var byteSize: Int {
        order.byteSize + starts.byteSize + rankKeyMinimums.byteSize + titleWordCounts.byteSize + weightKeys.byteSize
    }

    /// Bytes held per part (for ``Segment/storageBreakdown``).
    var byteSizes: (order: Int, starts: Int, rankKeyMinimums: Int, titleWordCounts: Int, weightKeys: Int) {
        (order.byteSize, starts.byteSize, rankKeyMinimums.byteSize, titleWordCounts.byteSize, weightKeys.byteSize)
    }
}
