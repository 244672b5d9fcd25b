/// An inverted index from single characters of scripts written without spaces (Han, kana,
/// Hangul jamo, Thai, Lao, Khmer, Myanmar) to the items whose folded text holds them.
///
/// Words of those scripts match as substrings, which the word vocabulary cannot answer; without
/// this index a one-character query such as `猫` or `ห` examined every item. An item holding a
/// substring holds each of its characters, so the intersection of the postings of a query word's
/// characters is a complete candidate set that is usually tiny.
struct CharPostings: Sendable {
    /// The indexed code points, ascending.
    private let keys: Column<UInt32>
    /// Per key, the start of its postings in ``postings``, plus the end.
    private let offsets: Column<UInt32>
    /// Ascending local item indices per key (owned, or borrowed from a mapped index file).
    private let postings: NarrowArray

    /// No postings.
    init() {
        keys = []
        offsets = [0]
        postings = NarrowArray()
    }

    /// Postings made before (an index file stores them): `offsets` hold `keys.count + 1`
    /// ascending positions from 0 to `postings.count`; nil otherwise. Postings must be local
    /// items of the segment (the caller checks them against its item count).
    init?(keys: Column<UInt32>, offsets: Column<UInt32>, postings: NarrowArray) {
        guard offsets.count == keys.count + 1, offsets.first == 0, Int(offsets[keys.count]) == postings.count else { return nil }
        for k in 1..<offsets.count where offsets[k - 1] > offsets[k] { return nil }
        self.keys = keys
        self.offsets = offsets
        self.postings = postings
    }

    /// The stored arrays: keys, their posting offsets, the postings.
    var parts: (keys: Column<UInt32>, offsets: Column<UInt32>, postings: NarrowArray) { (keys, offsets, postings) }

    /// Fewer (code point, item) pairs than this are sorted rather than counted into a table of
    /// every BMP code point, whose 256 KiB would cost a small batch more than its pairs do.
    static let sortedPairsLimit = 4096

    /// Indexes every item of the folded `fields` (all arenas have `count` strings or are blank);
    /// `sortedPairsLimit` chooses between the two equal ways of ordering the pairs (tests).
    init(_ fields: [ByteArena], count: Int, sortedPairsLimit: Int = sortedPairsLimit) {
        // Each item's distinct indexed code points, in item order.
        var pairCodes: [UInt32] = []
        var pairItems: [UInt32] = []
        var seen: [UInt32] = []
        // Each arena's bytes and offsets are borrowed once (a per-item `withUnsafeBufferPointer`
        // on the arrays retained and released them for every item).
        let arenas = fields.filter { !$0.isBlank }
        Self.withBuffers(arenas[...]) { list in list.withUnsafeBufferPointer { buffers in
            for i in 0..<count {
                seen.removeAll(keepingCapacity: true)
                for (bytes, offsets) in buffers {
                    guard let base = bytes.baseAddress else { continue }
                    var k = Int(offsets[i])
                    let end = Int(offsets[i + 1])
                    while k < end {
                        // Every indexed code point is U+0E00 or above: three or four UTF-8 bytes,
                        // led by a byte of 0xE0 or above. Eight bytes at a time while none is.
                        if end - k >= 8, !Self.holdsLeadE0(UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)) {
                            k += 8
                            continue
                        }
                        if base[k] < 0xE0 {
                            k += 1
                            continue
                        }
                        let (c, length) = UTF8Codec.decode(base, k, end)
                        k += length
                        if Self.isIndexed(c) && !seen.contains(c) { seen.append(c) }
                    }
                }
                for c in seen {
                    pairCodes.append(c)
                    pairItems.append(UInt32(truncatingIfNeeded: i))
                }
            }
        } }
        if pairCodes.count < sortedPairsLimit {
            self = Self(sorting: pairCodes, items: pairItems)
            return
        }
        // A counting sort of the pairs by code point, stable, so each list keeps item order:
        // the counts of BMP code points in a table, the rest (few) in a dictionary.
        var bmpNext = [UInt32](repeating: 0, count: 0x10000)
        var otherNext: [UInt32: UInt32] = [:]
        var bmpKeys = 0
        for c in pairCodes {
            if c < 0x10000 {
                if bmpNext[Int(c)] == 0 { bmpKeys += 1 }
                bmpNext[Int(c)] &+= 1
            } else {
                otherNext[c, default: 0] &+= 1
            }
        }
        var sortedKeys: [UInt32] = []
        sortedKeys.reserveCapacity(bmpKeys + otherNext.count)
        var offsets: [UInt32] = [0]
        offsets.reserveCapacity(bmpKeys + otherNext.count + 1)
        var total: UInt32 = 0
        for c in 0..<0x10000 where bmpNext[c] != 0 {
            sortedKeys.append(UInt32(c))
            let n = bmpNext[c]
            bmpNext[c] = total
            total &+= n
            offsets.append(total)
        }
        for c in otherNext.keys.sorted() {
            sortedKeys.append(c)
            let n = otherNext[c] ?? 0
            otherNext[c] = total
            total &+= n
            offsets.append(total)
        }
        var postings = [UInt32](repeating: 0, count: pairCodes.count)
        for (c, item) in zip(pairCodes, pairItems) {
            if c < 0x10000 {
                postings[Int(bmpNext[Int(c)])] = item
                bmpNext[Int(c)] &+= 1
            } else {
                let at = otherNext[c] ?? 0
                postings[Int(at)] = item
                otherNext[c] = at &+ 1
            }
        }
        keys = Column(sortedKeys)
        self.offsets = Column(offsets)
        self.postings = NarrowArray(postings)
    }

    /// The postings of a few (code point, item) pairs (items ascending), by a sort of the pairs
    /// packed as code point and item in one word: each list keeps item order.
    private init(sorting codes: [UInt32], items: [UInt32]) {
        var pairs = zip(codes, items).map { UInt64($0) << 32 | UInt64($1) }
        pairs.sort()
        var keys: [UInt32] = []
        var offsets: [UInt32] = [0]
        var postings: [UInt32] = []
        postings.reserveCapacity(pairs.count)
        for (k, pair) in pairs.enumerated() {
            let code = UInt32(truncatingIfNeeded: pair >> 32)
            if keys.last != code {
                if !keys.isEmpty { offsets.append(UInt32(truncatingIfNeeded: k)) }
                keys.append(code)
            }
            postings.append(UInt32(truncatingIfNeeded: pair))
        }
        if !keys.isEmpty { offsets.append(UInt32(truncatingIfNeeded: pairs.count)) }
        self.keys = Column(keys)
        self.offsets = Column(offsets)
        self.postings = NarrowArray(postings)
    }

    /// True when one of the 8 bytes of `word` is 0xE0 or above (its top three bits set).
    @inline(__always) static func holdsLeadE0(_ word: UInt64) -> Bool {
        word & (word << 1) & (word << 2) & 0x8080_8080_8080_8080 != 0
    }

    /// Calls `body` with the bytes and offsets of every arena of `arenas`, borrowed.
    private static func withBuffers(
        _ arenas: ArraySlice<ByteArena>,
        _ borrowed: [(UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>)] = [],
        _ body: ([(UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>)]) -> Void
    ) {
        guard let first = arenas.first else { return body(borrowed) }
        first.bytes.withUnsafeBufferPointer { bytes in
            first.withExpandedOffsets { offsets in
                withBuffers(arenas.dropFirst(), borrowed + [(bytes, offsets)], body)
            }
        }
    }

    /// True for the code points this index covers.
    @inline(__always) static func isIndexed(_ c: UInt32) -> Bool {
        guard c >= 0x0E00 else { return false }
        if c < 0x10000 { return bmpTable[Int(c >> 6)] & (1 << (c & 63)) != 0 }
        return LetterTable.isNoSpaceScript(c)
    }

    /// ``LetterTable/isNoSpaceScript(_:)`` for the Basic Multilingual Plane, one bit per code
    /// point (8 KiB), so building the index asks ICU for each code point once per process.
    private static let bmpTable: [UInt64] = {
        var table = [UInt64](repeating: 0, count: 1024)
        for c in UInt32(0x0E00)..<0x10000 where LetterTable.isNoSpaceScript(c) {
            table[Int(c >> 6)] |= 1 << (c & 63)
        }
        return table
    }()

    /// Bytes held.
    var byteSize: Int { keys.byteSize + offsets.byteSize + postings.byteSize }

    /// The items holding every indexed character of `key` (a folded word), ascending; nil when
    /// `key` holds no indexed character (the index cannot narrow the search then).
    func candidates(for key: [UInt8]) -> [UInt32]? {
        var lists: [Range<Int>] = []
        for c in Set(UTF8Codec.codePoints(key)) where Self.isIndexed(c) {
            guard let range = postingRange(c) else { return [] }
            lists.append(range)
        }
        guard !lists.isEmpty else { return nil }
        lists.sort { $0.count < $1.count }
        var result = Array(postings[lists[0]])
        for range in lists.dropFirst() where !result.isEmpty {
            result = SortedIndices.intersection(result, postings.reader[range])
        }
        return result
    }

    /// The number of items that hold `c` (0 when none or not indexed).
    func count(of c: UInt32) -> Int { postingRange(c)?.count ?? 0 }

    /// The range of ``postings`` of `c`.
    private func postingRange(_ c: UInt32) -> Range<Int>? {
        let low = lowerBound(in: 0..<keys.count) { keys[$0] < c }
        guard low < keys.count && keys[low] == c else { return nil }
        return Int(offsets[low])..<Int(offsets[low + 1])
    }
}
