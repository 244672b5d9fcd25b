/// The chunk vocabularies of a segment's parts (see ``SegmentPart``) merged into the segment's
/// vocabulary, sorted by bytes, with each chunk term's global id and the layout of the postings.
///
/// Terms are split into ranges by their first two bytes (ranges balanced on a histogram), so
/// the vocabulary is the ranges' sorted terms end to end. Each range runs as one parallel task:
/// it interns its terms from every part in part order (with the hashes the parts computed),
/// sorts its distinct terms, and records for each part's term its id and how many items of
/// earlier parts hold it (where that part's postings of the term start).
struct VocabularyMerge {
    /// The distinct terms of all parts, sorted by bytes.
    let vocabulary: ByteArena
    /// Per term, the start of its postings, plus the end (items holding it, summed over parts).
    let postingOffsets: Column<UInt32>
    /// Per part, where its terms start in the flat per-chunk-term arrays.
    private let localBase: [Int]
    /// Per chunk term (flat), its range.
    private let rangeOf: Column<UInt8>
    /// Per chunk term (flat), its id among its range's sorted terms.
    private let rangeTerm: Column<UInt32>
    /// Per chunk term (flat), the number of earlier parts' items holding it.
    private let earlier: Column<UInt32>
    /// Per range, the global id of its first term.
    private let rangeBase: [UInt32]

    /// Ranges per pool thread when the merge runs in parallel (more ranges balance better).
    static let rangesPerThread = 8
    /// Below this many chunk terms in all, one range.
    static let parallelThreshold = 1024

    /// The terms of one range, sorted, with the number of items holding each.
    private struct RangeTerms {
        var vocabulary = ByteArena()
        var items: [UInt32] = []
    }

    /// Merges the vocabularies of `parts`.
    init(_ parts: [SegmentPart], pool: ThreadPool) {
        var localBase = [Int](repeating: 0, count: parts.count + 1)
        for (c, part) in parts.enumerated() { localBase[c + 1] = localBase[c] + part.terms.count }
        let total = localBase[parts.count]
        let rangeCount = total >= Self.parallelThreshold && pool.threadCount > 1
            ? min(pool.threadCount * Self.rangesPerThread, 256) : 1
        let table = Self.rangeTable(parts, total: total, ranges: rangeCount)
        let bases = localBase
        // Each part's terms grouped by range (flat, per part), and where each group starts.
        // (Columns: the per-chunk-term arrays are large, see ``Column/filled(count:_:)``.)
        var rangeOf = Column<UInt8>()
        var bucketStarts = [Int]()
        let bucketed = Column<UInt32>.filled(count: total) { bucketed in
            bucketStarts = [Int].filled(count: parts.count * (rangeCount + 1)) { starts in
                rangeOf = Column<UInt8>.filled(count: total) { rangeOf in
                    pool.forEach(parts.count) { c in
                        Self.bucket(
                            parts[c], table: table, ranges: rangeCount, base: bases[c], rangeOf: rangeOf,
                            starts: starts.base + c * (rangeCount + 1), bucketed: bucketed)
                    }
                }
            }
        }
        // The ranges, in parallel.
        let results = SlotArray<RangeTerms>(count: rangeCount)
        let starts = bucketStarts
        var earlier = Column<UInt32>()
        let rangeTerm = Column<UInt32>.filled(count: total) { rangeTerm in
            earlier = Column<UInt32>.filled(count: total) { earlier in
                pool.forEach(rangeCount) { r in
                    results[r] = Self.mergeRange(
                        r, parts, ranges: rangeCount, localBase: bases, starts: starts, bucketed: bucketed,
                        rangeTerm: rangeTerm, earlier: earlier)
                }
            }
        }
        // Concatenate the ranges.
        let ranges = results.take()
        let termCount = ranges.reduce(0) { $0 + $1.items.count }
        var rangeBase = [UInt32]()
        var termBase = 0
        for range in ranges {
            rangeBase.append(UInt32(truncatingIfNeeded: termBase))
            termBase += range.items.count
        }
        var offsets = Column<UInt32>()
        var postingOffsets = Column<UInt32>()
        let bytes = Column<UInt8>.filled(count: ranges.reduce(0) { $0 + $1.vocabulary.bytes.count }) { bytes in
            offsets = Column<UInt32>.filled(count: termCount + 1) { offsets in
                postingOffsets = Column<UInt32>.filled(count: termCount + 1) { postingOffsets in
                    var byteCount = 0
                    var term = 0
                    var running: UInt32 = 0
                    offsets[0] = 0
                    for range in ranges {
                        let base = UInt32(truncatingIfNeeded: byteCount)
                        range.vocabulary.bytes.withUnsafeBufferPointer { source in
                            if let from = source.baseAddress { (bytes.base + byteCount).initialize(from: from, count: source.count) }
                            byteCount += source.count
                        }
                        for (k, items) in range.items.enumerated() {
                            postingOffsets[term] = running
                            running &+= items
                            term += 1
                            offsets[term] = base &+ range.vocabulary.offset(k + 1)
                        }
                    }
                    postingOffsets[term] = running
                }
            }
        }
        vocabulary = ByteArena(bytes: bytes, offsets: offsets)
        self.postingOffsets = postingOffsets
        self.localBase = localBase
        self.rangeOf = rangeOf
        self.rangeTerm = rangeTerm
        self.earlier = earlier
        self.rangeBase = rangeBase
    }

    /// For each term of part `c` (by local id): its global id, and the position in the
    /// postings where the part's first item holding it goes.
    func placement(ofPart c: Int) -> (terms: [UInt32], cursors: [UInt32]) {
        let base = localBase[c]
        let count = localBase[c + 1] - base
        var terms = [UInt32](repeating: 0, count: count)
        var cursors = [UInt32](repeating: 0, count: count)
        for j in 0..<count {
            let global = rangeBase[Int(rangeOf[base + j])] &+ rangeTerm[base + j]
            terms[j] = global
            cursors[j] = postingOffsets[Int(global)] &+ earlier[base + j]
        }
        return (terms, cursors)
    }

    /// The range of every two-byte lead: consecutive leads, cut where the count of chunk terms
    /// so far passes the next multiple of `total / ranges`.
    private static func rangeTable(_ parts: [SegmentPart], total: Int, ranges: Int) -> [UInt8] {
        guard ranges > 1 else { return [UInt8](repeating: 0, count: 1 << 16) }
        var histogram = [Int](repeating: 0, count: 1 << 16)
        for part in parts {
            let terms = RawArena(part.terms)
            for j in 0..<terms.count { histogram[LeadRanges.lead(terms.text(j))] += 1 }
        }
        return LeadRanges.table(histogram: histogram, total: total, ranges: ranges)
    }

    /// Groups part `c`'s terms by range (counting sort): `starts[r]` is where range `r`'s terms
    /// start in the part's region of `bucketed` (`starts[ranges]` its end).
    private static func bucket(
        _ part: SegmentPart, table: [UInt8], ranges: Int, base: Int, rangeOf: SharedPointer<UInt8>,
        starts: UnsafeMutablePointer<Int>, bucketed: SharedPointer<UInt32>
    ) {
        let terms = RawArena(part.terms)
        var counts = [Int](repeating: 0, count: ranges + 1)
        for j in 0..<terms.count {
            let r = table[LeadRanges.lead(terms.text(j))]
            rangeOf[base + j] = r
            counts[Int(r) + 1] += 1
        }
        for r in 0..<ranges { counts[r + 1] += counts[r] }
        for r in 0...ranges { starts[r] = counts[r] }
        for j in 0..<terms.count {
            let r = Int(rangeOf[base + j])
            bucketed[base + counts[r]] = UInt32(truncatingIfNeeded: j)
            counts[r] += 1
        }
    }

    /// Interns range `r`'s terms of every part in part order, sorts them, and writes each chunk
    /// term's id in the range and the items of earlier parts holding it.
    private static func mergeRange(
        _ r: Int, _ parts: [SegmentPart], ranges: Int, localBase: [Int], starts: [Int], bucketed: Column<UInt32>,
        rangeTerm: SharedPointer<UInt32>, earlier: SharedPointer<UInt32>
    ) -> RangeTerms {
        var size = 0
        for c in parts.indices { size += starts[c * (ranges + 1) + r + 1] - starts[c * (ranges + 1) + r] }
        var interner = ByteInterner(expected: size / 4)
        var items: [UInt32] = []
        for (c, part) in parts.enumerated() {
            let terms = RawArena(part.terms)
            let base = localBase[c]
            part.hashes.withUnsafeBufferPointer { hashes in
                part.termItems.withUnsafeBufferPointer { termItems in
                    for k in starts[c * (ranges + 1) + r]..<starts[c * (ranges + 1) + r + 1] {
                        let j = Int(bucketed[base + k])
                        let id = interner.intern(UnsafeRawBufferPointer(terms.text(j)), hash: hashes[j])
                        if id == items.count { items.append(0) }
                        rangeTerm[base + j] = UInt32(truncatingIfNeeded: id)
                        earlier[base + j] = items[id]
                        items[id] &+= termItems[j]
                    }
                }
            }
        }
        let (sorted, rank) = Self.sortedTerms(interner.arena)
        var sortedItems = [UInt32](repeating: 0, count: items.count)
        for id in items.indices { sortedItems[Int(rank[id])] = items[id] }
        for c in parts.indices {
            let base = localBase[c]
            for k in starts[c * (ranges + 1) + r]..<starts[c * (ranges + 1) + r + 1] {
                let j = Int(bucketed[base + k])
                rangeTerm[base + j] = rank[Int(rangeTerm[base + j])]
            }
        }
        return RangeTerms(vocabulary: sorted, items: sortedItems)
    }

    /// The arena's strings sorted by bytes (equal strings by id), and for each id its rank in
    /// that order: ``SegmentBuilder/sortedVocabulary(_:)``'s result, copied through raw
    /// pointers into columns of the exact size.
    static func sortedTerms(_ arena: ByteArena) -> (ByteArena, [UInt32]) {
        let count = arena.count
        let order = ByteOrder.sortedIndices(arena)
        let source = RawArena(arena)
        let byteCount = (0..<count).reduce(0) { $0 + source.text($1).count }
        var rank = [UInt32](repeating: 0, count: count)
        var offsets = Column<UInt32>()
        let bytes = withExtendedLifetime(arena) {
            Column<UInt8>.filled(count: byteCount) { bytes in
                offsets = Column<UInt32>.filled(count: count + 1) { offsets in
                    rank.withUnsafeMutableBufferPointer { rank in
                        var at = 0
                        offsets[0] = 0
                        for (position, id) in order.enumerated() {
                            rank[Int(id)] = UInt32(truncatingIfNeeded: position)
                            let text = source.text(Int(id))
                            if let from = text.baseAddress, text.count > 0 {
                                (bytes.base + at).initialize(from: from, count: text.count)
                            }
                            at += text.count
                            offsets[position + 1] = UInt32(truncatingIfNeeded: at)
                        }
                    }
                }
            }
        }
        return (ByteArena(bytes: bytes, offsets: offsets), rank)
    }
}
