/// Receives the output of the folding loop. Specialized generically, so `fold` without a map
/// pays nothing for the map.
protocol FoldSink {
    /// An ASCII byte at `offset` of the original that is a segment of its own (key byte = its
    /// lower-case form; the NFKC_Casefold form is the same byte).
    mutating func ascii(_ byte: UInt8, at offset: Int)
    /// A segment `origStart..<origEnd` of the original with its fold. `scalar` is the segment's
    /// code point when it is a single one (else nil).
    mutating func segment(
        origStart: Int, origEnd: Int, key: UnsafeBufferPointer<UInt8>, nfkc: UnsafeBufferPointer<UInt16>,
        clusters: UnsafeBufferPointer<UInt32>, scalar: UInt32?)
}

extension FoldTables {
    /// At most this many code points form one normalization segment; longer runs of combining
    /// marks (never seen in real text; Unicode's stream-safe format allows 30) are cut, which
    /// bounds the work per segment.
    static let maxSegmentScalars = 32

    /// Splits UTF-8 text into segments that normalize independently (a new segment starts at
    /// every code point with an NFKC_Casefold boundary before it) and feeds each one's fold to
    /// `sink`: ASCII directly, single code points from the memo, longer segments through ICU.
    /// Default ignorables after a segment (ZWJ, variation selectors) become segments of their own
    /// so the word breaker can still see ZWJ sequences.
    func run<S: FoldSink>(_ p: UnsafeBufferPointer<UInt8>, _ sink: inout S) {
        let n = p.count
        var i = 0
        while i < n {
            let b = p[i]
            if b < 0x80 {
                if i + 1 >= n || p[i + 1] < 0x80 {
                    sink.ascii(b, at: i)
                    i += 1
                    continue
                }
                let next = UTF8Codec.decode(p, at: i + 1).scalar
                if startsSegment(next) {
                    sink.ascii(b, at: i)
                    i += 1
                    continue
                }
            }
            let (c, length) = UTF8Codec.decode(p, at: i)
            let (j, count) = segmentEnd(p, from: i, firstLength: length)
            if count == 1 {
                let page = self.page(c).pointee
                let e = page.entries[Int(c & 0xFF)]
                sink.segment(
                    origStart: i, origEnd: j,
                    key: UnsafeBufferPointer(start: page.keys + Int(e.keyStart), count: Int(e.keyLength)),
                    nfkc: UnsafeBufferPointer(start: page.nfkc + Int(e.nfkcStart), count: Int(e.nfkcLength)),
                    clusters: UnsafeBufferPointer(
                        start: page.clusters + Int(e.clusterStart), count: Int(e.clusterCount)),
                    scalar: c)
            } else {
                var source: [UInt16] = []
                var k = i
                while k < j {
                    let (d, dl) = UTF8Codec.decode(p, at: k)
                    UTF8Codec.appendUTF16(d, to: &source)
                    k += dl
                }
                let fold = foldSegment(source)
                fold.key.withUnsafeBufferPointer { key in
                    fold.nfkc.withUnsafeBufferPointer { nfkc in
                        fold.clusters.withUnsafeBufferPointer { clusters in
                            sink.segment(
                                origStart: i, origEnd: j, key: key, nfkc: nfkc, clusters: clusters, scalar: nil)
                        }
                    }
                }
            }
            i = j
        }
    }

    /// The end of the normalization segment whose first code point, not ASCII, starts at `start`
    /// and takes `firstLength` bytes, and the number of code points in it: the segment runs to
    /// the next code point with a boundary before it (ASCII always has one), to a tail of default
    /// ignorables that reaches such a boundary, or to ``maxSegmentScalars`` code points.
    /// ``run(_:_:)`` and the indexing analysis both cut segments here.
    @inline(__always)
    func segmentEnd(_ p: UnsafeBufferPointer<UInt8>, from start: Int, firstLength: Int) -> (end: Int, scalars: Int) {
        let n = p.count
        var j = start + firstLength
        var count = 1
        while j < n && count < Self.maxSegmentScalars {
            if p[j] < 0x80 { break }
            let (d, dl) = UTF8Codec.decode(p, at: j)
            let e = entry(d)
            if e.flags & FoldPage.boundaryBefore != 0 { break }
            if e.flags & FoldPage.ignorable != 0 && onlyIgnorablesUntilBoundary(p, from: j + dl) { break }
            j += dl
            count += 1
        }
        return (j, count)
    }

    /// The memo entry of a code point.
    @inline(__always)
    func entry(_ c: UInt32) -> FoldPage.Entry {
        page(c).pointee.entries[Int(c & 0xFF)]
    }

    /// True when the code points from `start` up to the next boundary (or the end) are all
    /// default ignorables.
    func onlyIgnorablesUntilBoundary(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var k = start
        var seen = 0
        while k < p.count && seen < Self.maxSegmentScalars {
            if p[k] < 0x80 { return true }
            let (d, dl) = UTF8Codec.decode(p, at: k)
            let e = entry(d)
            if e.flags & FoldPage.boundaryBefore != 0 { return true }
            if e.flags & FoldPage.ignorable == 0 { return false }
            k += dl
            seen += 1
        }
        return true
    }
}

/// Collects the key only.
struct KeySink: FoldSink {
    var key: [UInt8] = []
    var german: GermanFilter?

    init(capacity: Int, german: Bool) {
        key.reserveCapacity(capacity)
        self.german = german ? GermanFilter() : nil
    }

    @inline(__always)
    mutating func ascii(_ byte: UInt8, at offset: Int) {
        let lower = byte &+ ((byte &- 0x41) < 26 ? 0x20 : 0)
        if german != nil, !german!.accept(lower) { return }
        key.append(lower)
    }

    @inline(__always)
    mutating func segment(
        origStart: Int, origEnd: Int, key k: UnsafeBufferPointer<UInt8>, nfkc: UnsafeBufferPointer<UInt16>,
        clusters: UnsafeBufferPointer<UInt32>, scalar: UInt32?
    ) {
        if german == nil {
            if k.count == 1 { key.append(k[0]) } else { key.append(contentsOf: k) }
        } else {
            var i = 0
            while i < k.count {
                if german!.accept(k[i]) { key.append(k[i]) }
                i += 1
            }
        }
    }
}

/// Collects the key, the NFKC_Casefold text (UTF-16, with ZWJ kept for the word breaker) and a
/// table of units tying the three texts to the original.
///
/// A unit is an ASCII run (the same length in all texts: "linear") or one cluster of a segment
/// (its original range is the whole segment).
struct MappedSink: FoldSink {
    var key: [UInt8] = []
    var text: [UInt16] = []
    let collectText: Bool
    var german: GermanFilter?
    /// Unit starts in the original, the UTF-16 text and the key; the original end; linear flag.
    var origStart: [Int32] = []
    var origEnd: [Int32] = []
    var textStart: [Int32] = []
    var keyStart: [Int32] = []
    var linear: [Bool] = []

    init(capacity: Int, german: Bool, collectText: Bool) {
        key.reserveCapacity(capacity)
        if collectText { text.reserveCapacity(capacity) }
        self.collectText = collectText
        self.german = german ? GermanFilter() : nil
    }

    mutating func ascii(_ byte: UInt8, at offset: Int) {
        let lower = byte &+ ((byte &- 0x41) < 26 ? 0x20 : 0)
        let kept = german == nil || german!.accept(lower)
        if kept, let last = linear.indices.last, linear[last], origEnd[last] == Int32(offset) {
            origEnd[last] += 1
        } else {
            addUnit(Int32(offset), Int32(offset + 1), linear: kept)
        }
        if kept { key.append(lower) }
        if collectText { text.append(UInt16(lower)) }
    }

    mutating func segment(
        origStart o0: Int, origEnd o1: Int, key k: UnsafeBufferPointer<UInt8>, nfkc: UnsafeBufferPointer<UInt16>,
        clusters: UnsafeBufferPointer<UInt32>, scalar: UInt32?
    ) {
        if clusters.isEmpty {
            addUnit(Int32(o0), Int32(o1), linear: false)
            if collectText && scalar == 0x200D { text.append(0x200D) }
            return
        }
        var keyOffset = 0
        var textOffset = 0
        for c in clusters {
            addUnit(Int32(o0), Int32(o1), linear: false)
            let keyLength = Int(c & 0xFFFF)
            let textLength = Int(c >> 16)
            var b = keyOffset
            let bEnd = min(keyOffset + keyLength, k.count)
            while b < bEnd {
                if german == nil || german!.accept(k[b]) { key.append(k[b]) }
                b += 1
            }
            if collectText { text.append(contentsOf: nfkc[textOffset..<min(textOffset + textLength, nfkc.count)]) }
            keyOffset += keyLength
            textOffset += textLength
        }
    }

    private mutating func addUnit(_ o0: Int32, _ o1: Int32, linear isLinear: Bool) {
        origStart.append(o0)
        origEnd.append(o1)
        textStart.append(Int32(text.count))
        keyStart.append(Int32(key.count))
        linear.append(isLinear)
    }

    /// Index of the last unit whose start in `starts` is <= `offset` (0 when none).
    static func unit(containing offset: Int32, in starts: [Int32]) -> Int {
        max(lowerBound(in: 0..<starts.count) { starts[$0] <= offset } - 1, 0)
    }
}

extension FoldTables {
    /// True when the analyzer folds text through these tables, character by character (the
    /// indexing path's loop, ``run(_:_:)``); false under the German tailoring, which folds
    /// through the reference path (`ä` → `ae` is not in the tables). Only then do the tables
    /// describe a stored key, and can a highlight be mapped through them.
    var describesFolding: Bool { !tailoring.german }

    /// True when a normalization segment starts at code point `c` (ASCII always does).
    func startsSegment(_ c: UInt32) -> Bool { c < 0x80 || entry(c).flags & FoldPage.boundaryBefore != 0 }

    /// True when code point `c`, followed by `next` (nil at the end of the text), is a
    /// normalization segment of its own and folds to exactly the UTF-8 `key`: then the folding
    /// loop gave `key` for it, whatever the text around it.
    func foldsAlone(_ c: UInt32, before next: UInt32?, to key: UnsafeRawBufferPointer) -> Bool {
        if let next, !startsSegment(next) { return false }
        let page = self.page(c).pointee
        let e = page.entries[Int(c & 0xFF)]
        guard e.flags & FoldPage.ignorable == 0, Int(e.keyLength) == key.count else { return false }
        for k in 0..<key.count where page.keys[Int(e.keyStart) + k] != key[k] { return false }
        return true
    }
}
