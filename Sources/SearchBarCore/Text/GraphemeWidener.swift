internal import CICU

/// Widens UTF-8 byte ranges of one text to grapheme-cluster boundaries, each byte of the text
/// given to ICU at most once however many ranges are widened.
///
/// An offset that ``Graphemes/isTrivialBoundary(_:_:)`` sees is a boundary is taken as it is.
/// Around any other offset, ICU's character break iterator runs over the stretch between the
/// nearest boundaries known without it (trivial ones, the ends of the text, the ends of
/// stretches it ran over before), on that stretch alone: the clusters there are those of the
/// whole text, because no rule of UAX #29 looks back across a boundary (a run of regional
/// indicators pairs up again from any boundary inside it: an even number of them precede it).
/// What ICU found is kept in two bit sets over the text's offsets, made on first need.
///
/// So widening every token of a text costs time linear in its length, including one long run
/// of flags, skin-toned emoji or tag sequences, where the bytes alone show no boundary and a
/// per-range ICU pass over the whole text made tokenizing 64 KB of flags take seconds.
struct GraphemeWidener {
    /// The text.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Bit `o`: offset `o` is a grapheme boundary (valid where ``known`` is set).
    private var boundaries: [UInt64] = []
    /// Bit `o`: ICU has decided offset `o` (the offsets of the stretches it ran over, ends
    /// included).
    private var known: [UInt64] = []

    /// A widener over `bytes`, which must stay valid while it is used.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// `range` widened so that both ends are grapheme-cluster boundaries of the text. Out-of-range
    /// input is clamped; an end inside a character moves to that character's edge first.
    mutating func widen(_ range: Range<Int>) -> Range<Int> {
        let p = bytes
        var lower = max(0, min(range.lowerBound, p.count))
        var upper = max(lower, min(range.upperBound, p.count))
        while lower > 0 && lower < p.count && UTF8Codec.isContinuation(p[lower]) { lower -= 1 }
        while upper < p.count && UTF8Codec.isContinuation(p[upper]) { upper += 1 }
        if !Graphemes.isTrivialBoundary(p, lower) && decide(lower) {
            lower = Self.lastSet(boundaries, atOrBefore: lower) ?? lower
        }
        if !Graphemes.isTrivialBoundary(p, upper) && decide(upper) {
            upper = Self.firstSet(boundaries, atOrAfter: upper, limit: p.count) ?? upper
        }
        return lower..<upper
    }

    /// Makes sure ICU has decided offset `x` (a character start strictly inside the text):
    /// runs it over the stretch from the nearest decided or trivial boundary before `x` to the
    /// nearest one after it. False when ICU cannot give an iterator.
    private mutating func decide(_ x: Int) -> Bool {
        if known.isEmpty {
            let words = (bytes.count + 1 + 63) / 64
            known = [UInt64](repeating: 0, count: words)
            boundaries = [UInt64](repeating: 0, count: words)
        }
        if Self.isSet(known, x) { return true }
        let p = bytes
        // The first decided offset met going left is the end of a stretch (a boundary), and
        // the first met going right the start of one.
        var a = x
        while a > 0 {
            a -= 1
            while a > 0 && UTF8Codec.isContinuation(p[a]) { a -= 1 }
            if a == 0 || Self.isSet(known, a) || Graphemes.isTrivialBoundary(p, a) { break }
        }
        var b = x
        while b < p.count {
            b += 1
            while b < p.count && UTF8Codec.isContinuation(p[b]) { b += 1 }
            if b == p.count || Self.isSet(known, b) || Graphemes.isTrivialBoundary(p, b) { break }
        }
        let stretch = UnsafeBufferPointer(rebasing: p[a..<b])
        let found = Graphemes.pool.with(utf8: stretch) { bi -> Bool in
            var at = sbicu_ubrk_first(bi)
            while at != Int32(SBICU_BRK_DONE) && at >= 0 && Int(at) <= stretch.count {
                Self.set(&boundaries, a + Int(at))
                at = sbicu_ubrk_next(bi)
            }
            return true
        }
        guard found == true else { return false }
        Self.set(&boundaries, a)
        Self.set(&boundaries, b)
        Self.setRange(&known, a...b)
        return true
    }

    @inline(__always)
    private static func isSet(_ bits: [UInt64], _ i: Int) -> Bool { bits[i >> 6] & (1 << UInt64(i & 63)) != 0 }

    @inline(__always)
    private static func set(_ bits: inout [UInt64], _ i: Int) { bits[i >> 6] |= 1 << UInt64(i & 63) }

    /// Sets the bits of `range`, a word at a time.
    private static func setRange(_ bits: inout [UInt64], _ range: ClosedRange<Int>) {
        var i = range.lowerBound
        while i <= range.upperBound {
            if i & 63 == 0 && i + 63 <= range.upperBound {
                bits[i >> 6] = .max
                i += 64
            } else {
                set(&bits, i)
                i += 1
            }
        }
    }

    /// The largest set bit at or below `i`.
    private static func lastSet(_ bits: [UInt64], atOrBefore i: Int) -> Int? {
        var w = i >> 6
        var word = bits[w] & (UInt64.max >> UInt64(63 - (i & 63)))
        while true {
            if word != 0 { return w << 6 + 63 - word.leadingZeroBitCount }
            if w == 0 { return nil }
            w -= 1
            word = bits[w]
        }
    }

    /// The smallest set bit at or above `i`, up to `limit`.
    private static func firstSet(_ bits: [UInt64], atOrAfter i: Int, limit: Int) -> Int? {
        var w = i >> 6
        var word = bits[w] & (UInt64.max << UInt64(i & 63))
        while true {
            if word != 0 {
                let found = w << 6 + word.trailingZeroBitCount
                return found <= limit ? found : nil
            }
            w += 1
            if w >= bits.count || w << 6 > limit { return nil }
            word = bits[w]
        }
    }
}
