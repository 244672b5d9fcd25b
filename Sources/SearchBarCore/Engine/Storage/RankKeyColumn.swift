/// Per item of a segment, the first bytes of its title's collation sort key (big-endian, see
/// ``Segment/rankKeys``): one 64-bit key per item, or each distinct key once and per item the
/// position of its key among them.
///
/// Many titles share their first collation bytes (the same first word or letters), so a segment
/// built in memory keeps its distinct keys in ascending order and per item a code in as few
/// bits as their count needs (``NarrowArray``) whenever that takes less memory; a segment read
/// from an index file keeps the file's 64-bit keys, borrowed from its mapping. The distinct
/// keys share their high halves (the first two or three letters) far more often still, so each
/// distinct high half is kept once too: a distinct key is its low half and the code of its
/// high half.
struct RankKeyColumn: Sendable, Equatable {
    /// The keys, one per item (empty when they are coded).
    private let plain: Column<UInt64>
    /// The low halves of the distinct keys, ascending by key (empty when the keys are plain).
    private let lows: Column<UInt32>
    /// Per distinct key, the position of its high half in ``highs``.
    private let highCodes: NarrowArray
    /// The distinct high halves of the keys, ascending.
    private let highs: Column<UInt32>
    /// Per item, the position of its key among the distinct keys (empty when the keys are plain).
    private let codes: NarrowArray
    /// The number of items.
    let count: Int

    /// No items.
    init() { self.init([]) }

    /// The keys of `keys`, one per item as they are.
    init(_ keys: Column<UInt64>) {
        plain = keys
        (lows, highCodes, highs, codes) = ([], NarrowArray(), [], NarrowArray())
        count = keys.count
    }

    /// The keys of `keys`, coded when that takes less memory than 7 bytes a key and `keys` are
    /// not borrowed from a file; `order` lists every item in ascending key order (a segment's
    /// ``RankKeyOrder``).
    init(_ keys: Column<UInt64>, order: NarrowArray) {
        if let coded = Self.coded(keys, order: order) {
            plain = []
            (lows, highCodes, highs, codes) = coded
        } else {
            plain = keys
            (lows, highCodes, highs, codes) = ([], NarrowArray(), [], NarrowArray())
        }
        count = keys.count
    }

    /// The coded form of `keys` (see ``init(_:order:)``), or nil when the keys are better kept
    /// plain.
    private static func coded(_ keys: Column<UInt64>, order: NarrowArray)
        -> (lows: Column<UInt32>, highCodes: NarrowArray, highs: Column<UInt32>, codes: NarrowArray)?
    {
        let count = keys.count
        guard !keys.isBorrowed, order.count == count, count > 1 else { return nil }
        let order = order.reader
        return keys.withUnsafeBufferPointer { keys in
            // Distinct keys and distinct high halves, in one pass in key order.
            var (distinctCount, highCount) = (0, 0)
            var previous: UInt64 = 0
            for k in 0..<count {
                let key = keys[Int(order[k])]
                if k == 0 || key != previous { distinctCount += 1 }
                if k == 0 || key >> 32 != previous >> 32 { highCount += 1 }
                previous = key
            }
            let codeBits = NarrowArray.bits(for: UInt32(distinctCount - 1))
            let highBits = NarrowArray.bits(for: UInt32(highCount - 1))
            let codedBytes = distinctCount * 4 + NarrowArray.storageSize(count: distinctCount, bits: highBits)
                + highCount * 4 + NarrowArray.storageSize(count: count, bits: codeBits)
            guard codedBytes < count * 7 else { return nil }
            var (highCodes, codes) = (NarrowArray(), NarrowArray())
            var highs: Column<UInt32> = []
            let lows = Column<UInt32>.filled(count: distinctCount) { lows in
                highs = Column<UInt32>.filled(count: highCount) { highs in
                    highCodes = NarrowArray.filled(count: distinctCount, bits: highBits) { highCodes in
                        codes = NarrowArray.filled(count: count, bits: codeBits) { codes in
                            var (at, high) = (-1, -1)
                            var previous: UInt64 = 0
                            for k in 0..<count {
                                let item = Int(order[k])
                                let key = keys[item]
                                if at < 0 || key != previous {
                                    if high < 0 || key >> 32 != previous >> 32 {
                                        high += 1
                                        highs[high] = UInt32(truncatingIfNeeded: key >> 32)
                                    }
                                    at += 1
                                    lows[at] = UInt32(truncatingIfNeeded: key)
                                    highCodes.set(at, UInt32(truncatingIfNeeded: high))
                                    previous = key
                                }
                                codes.set(item, UInt32(truncatingIfNeeded: at))
                            }
                        }
                    }
                }
            }
            return (lows, highCodes, highs, codes)
        }
    }

    /// True when there are no items.
    var isEmpty: Bool { count == 0 }

    /// The key of item `i`.
    @inline(__always) subscript(i: Int) -> UInt64 {
        guard !codes.isEmpty else { return plain[i] }
        let code = Int(codes[i])
        return UInt64(highs[Int(highCodes[code])]) << 32 | UInt64(lows[code])
    }

    /// The keys one per item (the plain column itself, or for coded keys a copy in pages of
    /// its own when large: what an index file stores).
    var column: Column<UInt64> {
        guard !codes.isEmpty else { return plain }
        return Column<UInt64>.filled(count: count) { keys in
            for i in 0..<count { keys[i] = self[i] }
        }
    }

    /// True when the keys are coded (see the type's documentation).
    var isCoded: Bool { !codes.isEmpty }

    /// Bytes held (borrowed keys count their bytes, as a plain column's ``Column/byteSize`` does).
    var byteSize: Int {
        codes.isEmpty ? plain.byteSize : lows.byteSize + highCodes.byteSize + highs.byteSize + codes.byteSize
    }

    /// Equal when both give the same key at every position, whichever form holds them.
    static func == (a: RankKeyColumn, b: RankKeyColumn) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }
}
