import Glibc

/// Sorting the strings of a ``ByteArena`` by their bytes (memcmp order, a prefix first).
enum ByteOrder {
    /// The indices of the first `count` strings of `arena` (all when nil) in byte order, equal
    /// strings by index. Compares 8-byte big-endian prefixes as integers and reads the bytes
    /// only on equal prefixes. A blank arena sorts as `count` empty strings.
    static func sortedIndices(_ arena: ByteArena, count: Int? = nil) -> [UInt32] {
        let n = count ?? arena.count
        var indices = [UInt32].uninitialized(capacity: n) { buffer, initialized in
            for i in 0..<n { buffer[i] = UInt32(truncatingIfNeeded: i) }
            initialized = n
        }
        indices.withUnsafeMutableBufferPointer { sort($0, arena) }
        return indices
    }

    /// Sorts `indices` (strings of `arena`) in byte order, equal strings by index. The (prefix,
    /// index) entries are a scratch in pages of their own when large
    /// (``PageBuffer/withScratch(_:count:_:)``).
    /// The strings are read through a ``RawArena`` (a copy of the arena per string read cost
    /// as much as the rest of the sort of a short term).
    static func sort(_ indices: UnsafeMutableBufferPointer<UInt32>, _ arena: ByteArena) {
        withExtendedLifetime(arena) {
            let strings = RawArena(arena)
            PageBuffer.withScratch((prefix: UInt64, index: UInt32).self, count: indices.count) { entries in
                for (k, i) in indices.enumerated() { entries[k] = (leadingKey(strings.text(Int(i))), i) }
                // By prefix in linear passes, then each run of equal prefixes by its next bytes.
                entries.withMemoryRebound(to: RadixSort.Entry.self) { entries in
                    RadixSort.sortByKey(entries)
                    sortRuns(entries, strings, depth: 0)
                }
                for (k, entry) in entries.enumerated() { indices[k] = entry.index }
            }
        }
    }

    /// Runs of at least this many strings with equal 8-byte keys are sorted by their next 8
    /// bytes in linear passes before any two are compared.
    static let runRadixThreshold = 8

    /// Byte offsets past which a run of equal keys is sorted by comparisons alone.
    static let maxRadixDepth = 32

    /// Sorts each run of equal keys of `entries` (sorted by the 8 bytes of their strings at
    /// offset `depth`, zero-padded; the bytes before it equal) by bytes, then index: a long run
    /// by the next 8 bytes as keys and again its runs, a short one by comparing the strings.
    /// The zero-padded keys order strings that differ in their 8 bytes as their bytes do (an end
    /// of string pads with 0, the smallest byte, and the shorter string is the smaller), so only
    /// equal keys are left to the comparisons, which tell the rest apart by bytes and length.
    private static func sortRuns(_ entries: UnsafeMutableBufferPointer<RadixSort.Entry>, _ strings: RawArena, depth: Int) {
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count && entries[end].key == entries[start].key { end += 1 }
            if end - start > 1 {
                var run = UnsafeMutableBufferPointer(rebasing: entries[start..<end])
                if end - start >= runRadixThreshold && depth < maxRadixDepth {
                    let next = depth + 8
                    for k in run.indices {
                        let text = strings.text(Int(run[k].index))
                        run[k].key = text.count > next ? leadingKey(UnsafeBufferPointer(rebasing: text[next...])) : 0
                    }
                    RadixSort.sortByKey(run)
                    sortRuns(run, strings, depth: next)
                } else {
                    run.sort { a, b in
                        let order = compare(strings.text(Int(a.index)), strings.text(Int(b.index)))
                        return order != 0 ? order < 0 : a.index < b.index
                    }
                }
            }
            start = end
        }
    }

    /// Strings sorted per task below this count.
    static let parallelThreshold = 50_000

    /// ``sortedIndices(_:count:)`` on `pool`: the strings are split into ranges by their first
    /// two bytes (balanced on a histogram), and the ranges are sorted in parallel, each into its
    /// place. The same order as the serial sort. The order and the strings' leads are in pages
    /// of their own (``Column/filled(count:_:)``, ``PageBuffer/withScratch(_:count:_:)``): a
    /// segment's title sort runs on a pool thread, whose arena would keep their pages.
    static func sortedIndices(_ arena: ByteArena, count: Int? = nil, pool: ThreadPool) -> Column<UInt32> {
        let n = count ?? arena.count
        guard n >= parallelThreshold && pool.threadCount > 1 && !arena.isBlank else {
            return Column(sortedIndices(arena, count: n))
        }
        return PageBuffer.withScratch(UInt16.self, count: n) { leads in sortedIndices(arena, n, pool: pool, leads: leads) }
    }

    /// The parallel sort of ``sortedIndices(_:count:pool:)``, with room for each string's lead.
    private static func sortedIndices(
        _ arena: ByteArena, _ n: Int, pool: ThreadPool, leads: UnsafeMutableBufferPointer<UInt16>
    ) -> Column<UInt32> {
        let ranges = min(pool.threadCount * 8, 256)
        var histogram = [Int](repeating: 0, count: 1 << 16)
        withExtendedLifetime(arena) {
            let strings = RawArena(arena)
            for i in 0..<n {
                let lead = LeadRanges.lead(strings.text(i))
                leads[i] = UInt16(truncatingIfNeeded: lead)
                histogram[lead] += 1
            }
        }
        // Range per lead, then the indices grouped by range (counting sort).
        let table = LeadRanges.table(histogram: histogram, total: n, ranges: ranges)
        var starts = [Int](repeating: 0, count: ranges + 1)
        for i in 0..<n { starts[Int(table[Int(leads[i])]) + 1] += 1 }
        for k in 0..<ranges { starts[k + 1] += starts[k] }
        let bounds = starts
        return Column<UInt32>.filled(count: n) { out in
            for i in 0..<n {
                let k = Int(table[Int(leads[i])])
                out[starts[k]] = UInt32(truncatingIfNeeded: i)
                starts[k] += 1
            }
            pool.forEach(ranges) { k in
                sort(UnsafeMutableBufferPointer(start: out.base + bounds[k], count: bounds[k + 1] - bounds[k]), arena)
            }
        }
    }

    /// Compares two byte ranges of `bytes` (memcmp order, the shorter first on a common prefix).
    static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Int {
        compare(UnsafeBufferPointer(rebasing: bytes[a]), UnsafeBufferPointer(rebasing: bytes[b]))
    }

    /// Compares two strings' bytes (memcmp order, the shorter first on a common prefix).
    @inline(__always) static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(a.count, b.count)
        if n > 0, let x = a.baseAddress, let y = b.baseAddress {
            let c = memcmp(x, y, n)
            if c != 0 { return Int(c) }
        }
        return a.count - b.count
    }

    /// A string's first eight bytes, big-endian and zero-padded: integers in the strings' byte
    /// order wherever they differ, so most comparisons end on them.
    /// Read with at most three loads, none past the text: eight bytes at once; four to seven
    /// as two overlapping 4-byte loads; one to three as the first, middle and last byte.
    @inline(__always) static func leadingKey(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = text.baseAddress, text.count > 0 else { return 0 }
        let raw = UnsafeRawPointer(base)
        let n = text.count
        if n >= 8 { return UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)) }
        if n >= 4 {
            // Bytes 0–3 on top; bytes n-4 ..< n shifted to their place (the overlap is equal).
            let head = UInt64(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)))
            return head << 32 | tail << UInt64(8 * (8 - n))
        }
        let (middle, last) = (n >> 1, n - 1)
        return UInt64(base[0]) << 56 | UInt64(base[middle]) << UInt64(56 - 8 * middle)
            | UInt64(base[last]) << UInt64(56 - 8 * last)
    }
}
