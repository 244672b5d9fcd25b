/// The postings of a segment's terms: per term, the ascending local indices of the items
/// holding it, bit-packed in blocks.
///
/// A term's list is a bit stream that starts on a byte: its first value in ``firstWidth`` bits
/// (the width of the segment's largest local index), then the gaps `v[k] - v[k-1] - 1` of the
/// others in blocks of ``blockSize``, each block a 6-bit width `w` (at most 32) and its gaps in
/// `w` bits each, low bits first. A list of one value is its value alone; consecutive items
/// cost a 0-bit gap. ``offsets`` hold the running counts (a term's count and the count of a
/// range of terms in O(1)); ``starts`` the byte where each term's stream starts. The data ends
/// with ``padding`` zero bytes, so a read of 8 bytes at any byte of the data stays inside.
///
/// Readers walk a list with a ``Cursor``, a value at a time; a crafted stream (a file's) can
/// neither read past its term's bytes (plus the padding) nor give a value at or past the
/// item count, nor one not above the one before: the cursor ends the list instead.
struct PostingLists: @unchecked Sendable {
    /// Values a block's width covers.
    static let blockSize = 128
    /// Zero bytes after the data.
    static let padding = 8
    /// The largest width of a gap.
    static let maxWidth = 32

    /// Per term, the number of postings of the terms before it, plus the total (packed in
    /// blocks when made in memory, see ``AscendingOffsets``).
    let offsets: AscendingOffsets
    /// Per term, the byte where its stream starts, plus the end of the data (packed in blocks
    /// when made in memory).
    let starts: AscendingOffsets
    /// The streams, then ``padding`` zero bytes.
    let bytes: Column<UInt8>
    /// The number of items of the segment: every value is below it.
    let itemCount: Int
    /// Bits of a list's first value.
    let firstWidth: Int
    /// Where ``bytes`` starts (it never moves: the lists are an immutable `let`).
    private let base: UnsafeRawPointer?

    /// No terms.
    init() {
        self.init(
            offsets: NarrowArray([0]), starts: NarrowArray([0]),
            bytes: Column([UInt8](repeating: 0, count: Self.padding)), itemCount: 0)
    }

    /// Lists over arrays made by the encoder (``encoded(offsets:values:itemCount:pool:)``), which
    /// hold what the type describes; a file's go through ``restored(offsets:starts:bytes:itemCount:)``.
    init(offsets: NarrowArray, starts: NarrowArray, bytes: Column<UInt8>, itemCount: Int) {
        self.offsets = AscendingOffsets(offsets)
        self.starts = AscendingOffsets(starts)
        self.bytes = bytes
        self.itemCount = itemCount
        firstWidth = Self.width(of: UInt32(truncatingIfNeeded: max(itemCount - 1, 0)))
        base = bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
    }

    /// Lists over saved arrays (see ``IndexFileLayout``); nil unless `offsets` and `starts`
    /// have one value per term plus one and `bytes` holds the data `starts` ends at plus the
    /// padding. The caller checks that both offsets ascend from 0.
    static func restored(offsets: NarrowArray, starts: NarrowArray, bytes: Column<UInt8>, itemCount: Int) -> PostingLists? {
        guard offsets.count >= 1, starts.count == offsets.count, itemCount >= 0, itemCount <= Int(UInt32.max),
            let end = starts.last, bytes.count == Int(end) + padding
        else { return nil }
        return PostingLists(offsets: offsets, starts: starts, bytes: bytes, itemCount: itemCount)
    }

    /// The number of terms.
    var termCount: Int { offsets.count - 1 }

    /// The number of postings of all terms.
    var count: Int { Int(offsets[termCount]) }

    /// Bytes of the streams (without the padding).
    var dataCount: Int { bytes.count - Self.padding }

    /// The number of postings of the terms in `range`.
    @inline(__always) func count(_ range: Range<Int>) -> Int {
        let offsets = self.offsets.reader
        return Int(offsets[range.upperBound]) - Int(offsets[range.lowerBound])
    }

    /// A cursor over the postings of term `t`.
    @inline(__always) func cursor(_ t: Int) -> Cursor {
        let offsets = self.offsets.reader, starts = self.starts.reader
        let count = Int(offsets[t + 1]) - Int(offsets[t])
        return Cursor(
            base: base.unsafelyUnwrapped, bit: Int(starts[t]) &* 8, endBit: Int(starts[t + 1]) &* 8,
            remaining: max(count, 0), firstWidth: firstWidth, limit: itemCount)
    }

    /// A view of the lists that reads no reference-counted value, for loops over many terms
    /// (the merger's); valid while these lists' storage lives.
    var reader: Reader {
        Reader(
            offsets: offsets.reader, starts: starts.reader, base: base.unsafelyUnwrapped, firstWidth: firstWidth,
            limit: itemCount)
    }

    /// See ``reader``.
    struct Reader: @unchecked Sendable {
        /// Per term, the postings of the terms before it, plus the total.
        let offsets: AscendingOffsets.Reader
        /// Per term, the byte where its stream starts, plus the end of the data.
        let starts: AscendingOffsets.Reader
        /// Where the streams start.
        let base: UnsafeRawPointer
        /// Bits of a list's first value.
        let firstWidth: Int
        /// Every value is below this.
        let limit: Int

        /// A cursor over the postings of term `t`, whose count and stream start at `offset`
        /// and `start` (``offsets`` and ``starts`` at `t`: a caller walking the terms in order
        /// has read them as the term before's ends), and those ends (at `t + 1`). The cursor's
        /// ``Cursor/count`` is the term's stored count.
        @inline(__always) func cursor(_ t: Int, offset: UInt32, start: UInt32)
            -> (cursor: Cursor, offsetEnd: UInt32, startEnd: UInt32)
        {
            let (offsetEnd, startEnd) = (offsets[t + 1], starts[t + 1])
            let cursor = Cursor(
                base: base, bit: Int(start) &* 8, endBit: Int(startEnd) &* 8,
                remaining: max(Int(offsetEnd) - Int(offset), 0), firstWidth: firstWidth, limit: limit)
            return (cursor, offsetEnd, startEnd)
        }
    }

    /// Calls `body` with each posting of term `t`, ascending (as a ``Cursor`` gives them, a
    /// block at a time).
    @inline(__always) func forEach(_ t: Int, _ body: (UInt32) throws -> Void) rethrows {
        var cursor = cursor(t)
        try cursor.forEachRest(body)
    }

    /// The postings of term `t`.
    func items(_ t: Int) -> [UInt32] {
        var items: [UInt32] = []
        items.reserveCapacity(min(count(t..<t + 1), itemCount))
        forEach(t) { items.append($0) }
        return items
    }

    /// True when term `t`'s count is no more than the items and than its stream's bytes can
    /// give (the first value, then 128 values per 6-bit block header of width 0): what an index
    /// file claims is then bounded by its size, before any stream is read.
    func countFitsItsStream(_ t: Int) -> Bool {
        let claimed = count(t..<t + 1)
        guard claimed > 0 else { return claimed == 0 }
        let bits = 8 * (Int(starts[t + 1]) - Int(starts[t]))
        return claimed <= itemCount && bits >= firstWidth
            && claimed - 1 <= Self.blockSize * ((bits - firstWidth) / 6)
    }

    /// True when term `t`'s stream gives all its postings (ascending, below the item count, as
    /// a cursor ensures) and ends on the last byte of its own.
    func isWellFormed(_ t: Int) -> Bool {
        var cursor = cursor(t)
        var given = 0
        while cursor.next() != nil { given += 1 }
        return given == count(t..<t + 1) && (cursor.bit + 7) / 8 * 8 == cursor.endBit
    }

    /// Bytes of anonymous memory held: the streams and the two offset arrays (0 for what is
    /// borrowed from a mapped file).
    var byteSize: Int { bytes.byteSize + offsets.byteSize + starts.byteSize }

    /// The bits `value` needs (0 for 0).
    @inline(__always) static func width(of value: UInt32) -> Int { UInt32.bitWidth - value.leadingZeroBitCount }

    /// Reads one term's stream (see ``PostingLists``).
    struct Cursor: IteratorProtocol {
        fileprivate let base: UnsafeRawPointer
        /// The next bit to read, from ``base``.
        fileprivate var bit: Int
        /// The end of the term's stream, in bits from ``base``.
        fileprivate let endBit: Int
        /// Values not given yet.
        fileprivate var remaining: Int
        /// Bits of the first value.
        fileprivate let firstWidth: Int
        /// Every value is below this.
        fileprivate let limit: Int
        /// Gaps left in the current block.
        fileprivate var blockLeft = 0
        /// Keeps the low bits of a gap of the current block.
        fileprivate var mask: UInt64 = 0
        /// Bits of a gap of the current block.
        fileprivate var width = 0
        /// The value given last, -1 before the first.
        fileprivate var previous = -1

        fileprivate init(base: UnsafeRawPointer, bit: Int, endBit: Int, remaining: Int, firstWidth: Int, limit: Int) {
            self.base = base
            self.bit = bit
            self.endBit = endBit
            self.remaining = remaining
            self.firstWidth = firstWidth
            self.limit = limit
        }

        /// Postings not given yet (a new cursor's: the term's stored count, which a file's
        /// stream may not hold).
        var count: Int { remaining }

        /// The `count` bits at ``bit`` (at most 57), which then moves past them. Reads 8 bytes
        /// at the byte of ``bit``, which the caller keeps at most at ``endBit``.
        @inline(__always) private mutating func read(_ mask: UInt64, _ count: Int) -> UInt64 {
            let value = PackedBits.load(base, bit: bit, mask: mask)
            bit &+= count
            return value
        }

        /// The next posting, or nil after the last (or where the stream is malformed).
        @inline(__always) mutating func next() -> UInt32? {
            guard remaining > 0 else { return nil }
            remaining &-= 1
            var value: Int
            if previous < 0 {
                value = Int(read((1 << UInt64(firstWidth)) &- 1, firstWidth))
            } else {
                if blockLeft == 0 && !startBlock() { return end() }
                blockLeft &-= 1
                value = previous &+ 1 &+ Int(read(mask, width))
            }
            guard value < limit, bit <= endBit else { return end() }
            previous = value
            return UInt32(truncatingIfNeeded: value)
        }

        /// Calls `body` with each posting not given yet: ``next()``'s values, with a block's
        /// gaps read in one loop that checks only the item count (the block's bits are checked
        /// against the term's end before it).
        @inline(__always) mutating func forEachRest(_ body: (UInt32) throws -> Void) rethrows {
            if previous < 0 {
                guard let first = next() else { return }
                try body(first)
            }
            while remaining > 0 {
                if blockLeft == 0 && !startBlock() {
                    remaining = 0
                    return
                }
                let run = min(blockLeft, remaining)
                // The run's last read starts at most `width` bits before its end.
                guard bit &+ run &* width <= endBit else {
                    while let item = next() { try body(item) }
                    return
                }
                blockLeft &-= run
                remaining &-= run
                var value = previous
                for _ in 0..<run {
                    value = value &+ 1 &+ Int(read(mask, width))
                    guard value < limit else {
                        remaining = 0
                        return
                    }
                    try body(UInt32(truncatingIfNeeded: value))
                }
                previous = value
            }
        }

        /// Reads the next block's width; false when it is malformed (wider than
        /// ``PostingLists/maxWidth`` or past the term's end).
        @inline(__always) private mutating func startBlock() -> Bool {
            width = Int(read(0x3F, 6))
            guard width <= PostingLists.maxWidth, bit <= endBit else { return false }
            mask = (1 << UInt64(width)) &- 1
            blockLeft = PostingLists.blockSize
            return true
        }

        /// Ends the list (a malformed stream).
        private mutating func end() -> UInt32? {
            remaining = 0
            return nil
        }
    }
}

extension PostingLists: Equatable {
    /// True when both hold the same lists (whatever their encoding).
    static func == (a: PostingLists, b: PostingLists) -> Bool {
        guard a.offsets == b.offsets else { return false }
        return (0..<a.termCount).allSatisfy { a.items($0) == b.items($0) }
    }
}
