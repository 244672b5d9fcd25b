extension PostingLists {
    /// Term boundaries (0 first, `termCount` last) of chunks of consecutive terms holding at
    /// least `postings` postings each but the last, `count(t)` being term `t`'s: the tasks of an
    /// encoding (the builder's and the merger's).
    static func chunkStarts(termCount: Int, postings: Int, count: (Int) -> Int) -> [Int] {
        var bounds = [0]
        var sum = 0
        for t in 0..<termCount {
            sum += count(t)
            if sum >= postings || t == termCount - 1 {
                bounds.append(t + 1)
                sum = 0
            }
        }
        return bounds
    }

    /// The lists of `values`, term `t`'s at `offsets[t]..<offsets[t + 1]` (ascending, each below
    /// `itemCount`), encoded on `pool` when given. Every segment's postings are made here.
    static func encoded(offsets: NarrowArray, values: NarrowArray, itemCount: Int, pool: ThreadPool? = nil) -> PostingLists {
        let termCount = offsets.count - 1
        let firstWidth = width(of: UInt32(truncatingIfNeeded: max(itemCount - 1, 0)))
        // Terms in chunks of about the same number of postings, one task each.
        let (offsetReader, valueReader) = (offsets.reader, values.reader)
        let chunks = chunkStarts(termCount: termCount, postings: 1 << 16) {
            Int(offsetReader[$0 + 1]) - Int(offsetReader[$0])
        }
        func run(_ body: @escaping @Sendable (Int) -> Void) {
            if let pool { pool.forEach(chunks.count - 1, body) } else { for c in 0..<chunks.count - 1 { body(c) } }
        }
        // The bytes of each term's stream, then where each starts.
        let lengths = [UInt32].filled(count: termCount) { lengths in
            run { c in
                for t in chunks[c]..<chunks[c + 1] {
                    let bits = streamBits(valueReader, Int(offsetReader[t])..<Int(offsetReader[t + 1]), firstWidth: firstWidth)
                    lengths[t] = UInt32(truncatingIfNeeded: (bits + 7) / 8)
                }
            }
        }
        var startValues = [UInt32](repeating: 0, count: termCount + 1)
        for t in 0..<termCount { startValues[t + 1] = startValues[t] &+ lengths[t] }
        let dataCount = Int(startValues[termCount])
        let starts = NarrowArray(startValues)
        let startReader = starts.reader
        let bytes = Column<UInt8>.filled(count: dataCount + padding) { bytes in
            for k in dataCount..<dataCount + padding { bytes[k] = 0 }
            run { c in
                for t in chunks[c]..<chunks[c + 1] {
                    writeStream(
                        valueReader, Int(offsetReader[t])..<Int(offsetReader[t + 1]), firstWidth: firstWidth,
                        into: bytes.base + Int(startReader[t]), length: Int(startReader[t + 1] - startReader[t]))
                }
            }
        }
        return PostingLists(offsets: offsets, starts: starts, bytes: bytes, itemCount: itemCount)
    }

    /// The lists `lists` of plain values (for tests and the serial reference).
    static func encoded(_ lists: [[UInt32]], itemCount: Int) -> PostingLists {
        var offsets: [UInt32] = [0]
        for list in lists { offsets.append(offsets.last! + UInt32(list.count)) }
        return encoded(offsets: NarrowArray(offsets), values: NarrowArray(lists.flatMap { $0 }), itemCount: itemCount)
    }

    /// The widths of the blocks of gaps of `values[range]` (one per block, in order), through `body`.
    @inline(__always) private static func forEachBlockWidth<Values: PostingValues>(
        _ values: Values, _ range: Range<Int>, _ body: (Range<Int>, Int) -> Void
    ) {
        var start = range.lowerBound + 1
        while start < range.upperBound {
            let end = min(start + blockSize, range.upperBound)
            var widest: UInt32 = 0
            for k in start..<end { widest |= values[k] &- values[k - 1] &- 1 }
            body(start..<end, width(of: widest))
            start = end
        }
    }

    /// The bits of the stream of `values[range]`.
    private static func streamBits<Values: PostingValues>(
        _ values: Values, _ range: Range<Int>, firstWidth: Int
    ) -> Int {
        guard !range.isEmpty else { return 0 }
        var bits = firstWidth
        forEachBlockWidth(values, range) { block, width in bits += 6 + block.count * width }
        return bits
    }

    /// Writes the stream of `values[range]` into the `length` bytes at `out`, byte by byte (so
    /// threads writing neighbouring streams do not overlap).
    private static func writeStream<Values: PostingValues>(
        _ values: Values, _ range: Range<Int>, firstWidth: Int, into out: UnsafeMutablePointer<UInt8>, length: Int
    ) {
        let written = writeStream(values, range, firstWidth: firstWidth, into: out)
        assert(written == length, "posting stream length")
    }

    /// Writes the stream of `values[range]` at `out`, byte by byte; returns its bytes (at most
    /// ``maxStreamBytes(count:firstWidth:)`` of the range's count).
    @inline(__always) static func writeStream<Values: PostingValues>(
        _ values: Values, _ range: Range<Int>, firstWidth: Int, into out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        guard !range.isEmpty else { return 0 }
        var written = 0
        var pending: UInt64 = 0
        var pendingBits = 0
        func put(_ value: UInt64, _ count: Int) {
            pending |= value << UInt64(pendingBits)
            pendingBits += count
            while pendingBits >= 8 {
                out[written] = UInt8(truncatingIfNeeded: pending)
                written += 1
                pending >>= 8
                pendingBits -= 8
            }
        }
        put(UInt64(values[range.lowerBound]), firstWidth)
        forEachBlockWidth(values, range) { block, width in
            put(UInt64(width), 6)
            for k in block { put(UInt64(values[k] &- values[k - 1] &- 1), width) }
        }
        if pendingBits > 0 {
            out[written] = UInt8(truncatingIfNeeded: pending)
            written += 1
        }
        return written
    }

    /// The most bytes the stream of `count` values can take: the first value, and per block
    /// its width and gaps of ``maxWidth`` bits.
    static func maxStreamBytes(count: Int, firstWidth: Int) -> Int {
        guard count > 0 else { return 0 }
        let blocks = (count - 1 + blockSize - 1) / blockSize
        return (firstWidth + 6 * blocks + maxWidth * (count - 1) + 7) / 8
    }
}

/// Values the posting encoder reads by position: a narrow array's, or a plain buffer's (the
/// merger's lists, gathered a term at a time).
protocol PostingValues {
    /// Value `i`.
    subscript(i: Int) -> UInt32 { get }
}

extension NarrowArray.Reader: PostingValues {}

extension UnsafeBufferPointer: PostingValues where Element == UInt32 {}
