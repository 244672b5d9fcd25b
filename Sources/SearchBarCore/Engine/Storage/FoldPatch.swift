import Glibc

/// An item's original text stored as edits of its folded text.
///
/// The folded text is kept for matching, and folding changes few bytes of most texts: capitals,
/// diacritics, compatibility forms. Storing the original text beside it nearly doubled the text
/// memory. A patch is a list of edits. Each starts with a LEB128 number `h`: copy `h >> 1`
/// bytes of the folded text, then
/// - when `h` is even (a plain edit), two more LEB128 numbers and some bytes: skip `s` bytes of
///   the folded text and insert the next `n` bytes of the patch;
/// - when `h` is odd (a case edit), put the next folded byte with bit `0x20` flipped in its
///   place: the last byte of most capitals of ASCII, Latin-1, Greek and Cyrillic, so such a
///   capital costs one byte instead of four.
///
/// After the last edit, the rest of the folded text is copied. A text that folds to itself has
/// an empty patch. Readers go through ``readEdit(_:_:folded:at:)``.
///
/// Any list of edits so formed rebuilds exactly the text it was made from. The edits are found
/// by a greedy walk with a bounded look-ahead, which only decides how small the patch is.
enum FoldPatch {
    /// The most bytes, original and folded together, an edit may span before the walk gives up
    /// and replaces the rest of the text.
    static let lookahead = 16
    /// The longest edit tried before runs of replaced characters.
    static let shortSpan = 4
    /// Equal bytes that must follow an edit for the walk to take it (fewer at the end of a text).
    static let confirmation = 2

    /// Appends to `patch` the edits that turn `folded` into `original` (nothing when they are
    /// equal). With `caseEdits` false, every edit is a plain one (the equivalence tests compare
    /// both encodings).
    static func encode(
        original: UnsafeRawBufferPointer, folded: UnsafeRawBufferPointer, into patch: inout [UInt8],
        caseEdits: Bool = true
    ) {
        let n = original.count
        let m = folded.count
        if n == m && (n == 0 || memcmp(original.baseAddress!, folded.baseAddress!, n) == 0) { return }
        var i = 0
        var j = 0
        var copyStart = 0
        while true {
            while i < n && j < m && original[i] == folded[j] {
                i += 1
                j += 1
            }
            if i == n && j == m { break }
            let (k, l) = edit(original, i, folded, j)
            if caseEdits && k == l && isCaseEdit(original, i, folded, j, k) {
                // Equal bytes join the copies; each differing byte is a one-byte case edit.
                for r in 0..<k where original[i + r] != folded[j + r] {
                    appendNumber((j + r - copyStart) << 1 | 1, to: &patch)
                    copyStart = j + r + 1
                }
                i += k
                j += l
                continue
            }
            appendNumber((j - copyStart) << 1, to: &patch)
            appendNumber(l, to: &patch)
            appendNumber(k, to: &patch)
            patch.append(contentsOf: UnsafeRawBufferPointer(rebasing: original[i..<i + k]))
            i += k
            j += l
            copyStart = j
        }
    }

    /// True when the `k` original bytes at `i` differ from the `k` folded bytes at `j` only in
    /// bit `0x20` of bytes that end a character in both texts, so the edit can be written as
    /// case edits whose stretches end on character boundaries, as the plain edit's do (see
    /// ``FoldAlignment``).
    private static func isCaseEdit(
        _ original: UnsafeRawBufferPointer, _ i: Int, _ folded: UnsafeRawBufferPointer, _ j: Int, _ k: Int
    ) -> Bool {
        for r in 0..<k where original[i + r] != folded[j + r] {
            guard original[i + r] == folded[j + r] ^ 0x20,
                i + r + 1 == original.count || original[i + r + 1] & 0xC0 != 0x80,
                j + r + 1 == folded.count || folded[j + r + 1] & 0xC0 != 0x80
            else { return false }
        }
        return true
    }

    /// The edit at a mismatch (`k` original bytes for `l` folded bytes) after which the texts
    /// agree again, tried in this order:
    /// 1. one character for one (a capital, a precomposed diacritic: the common case);
    /// 2. the smallest edits of at most ``shortSpan`` bytes, balanced ones first (a dropped
    ///    combining mark or ignorable);
    /// 3. a run of characters replaced one for one, of equal lengths (a word in capitals of a
    ///    cased script);
    /// 4. longer edits, up to ``lookahead`` bytes;
    /// 5. the rest of both texts.
    private static func edit(_ original: UnsafeRawBufferPointer, _ i: Int, _ folded: UnsafeRawBufferPointer, _ j: Int)
        -> (k: Int, l: Int)
    {
        let n = original.count - i
        let m = folded.count - j
        // One text ended: the edit is the rest of the other.
        guard n > 0 && m > 0 else { return (n, m) }
        var run = (k: min(sequenceLength(original[i]), n), l: min(sequenceLength(folded[j]), m))
        if agrees(original, i + run.k, folded, j + run.l) { return run }
        if let found = smallestEdit(original, i, folded, j, spans: 1...shortSpan) { return found }
        while run.k < n && run.l < m && run.k + run.l < 2 * lookahead {
            let lengths = (sequenceLength(original[i + run.k]), sequenceLength(folded[j + run.l]))
            guard lengths.0 == lengths.1 else { break }
            run = (min(run.k + lengths.0, n), min(run.l + lengths.1, m))
            if agrees(original, i + run.k, folded, j + run.l) { return run }
        }
        return smallestEdit(original, i, folded, j, spans: shortSpan + 1...lookahead) ?? (n, m)
    }

    /// The first edit of `spans` bytes (original and folded together) after which the texts
    /// agree, balanced ones first within a span.
    private static func smallestEdit(
        _ original: UnsafeRawBufferPointer, _ i: Int, _ folded: UnsafeRawBufferPointer, _ j: Int,
        spans: ClosedRange<Int>
    ) -> (k: Int, l: Int)? {
        let n = original.count - i
        let m = folded.count - j
        for span in spans {
            // k from the middle outwards: span/2+span%2, span/2, ..., span, 0.
            for step in 0...span {
                let half = (span + 1) / 2
                let k = step % 2 == 0 ? half + step / 2 : half - (step + 1) / 2
                guard k >= 0 && k <= span else { continue }
                let l = span - k
                guard k <= n && l <= m else { continue }
                if agrees(original, i + k, folded, j + l) { return (k, l) }
            }
        }
        return nil
    }

    /// The length of the UTF-8 sequence a byte starts (1 for a byte that starts none).
    @inline(__always) private static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// True when the texts from `a` and `b` both end, or agree on their next bytes.
    @inline(__always)
    private static func agrees(_ original: UnsafeRawBufferPointer, _ a: Int, _ folded: UnsafeRawBufferPointer, _ b: Int)
        -> Bool
    {
        let left = original.count - a
        let right = folded.count - b
        if left == 0 || right == 0 { return left == right }
        for r in 0..<min(confirmation, left, right) where original[a + r] != folded[b + r] { return false }
        return true
    }

    /// The text `patch` makes of `folded`. A damaged patch cannot read or write out of bounds; it
    /// only gives a wrong text.
    static func apply(_ patch: UnsafeRawBufferPointer, to folded: UnsafeRawBufferPointer) -> [UInt8] {
        [UInt8].uninitialized(capacity: folded.count + patch.count) { buffer, written in
            written = apply(patch, to: folded, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// The text `patch` makes of `folded`, as a string (the common read: hit texts, highlights).
    static func string(_ patch: UnsafeRawBufferPointer, folded: UnsafeRawBufferPointer) -> String {
        if patch.isEmpty { return String(decoding: folded, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: folded.count + patch.count) { buffer in
            apply(patch, to: folded, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// Writes the text `patch` makes of `folded` into `out`, which holds at least
    /// `folded.count + patch.count` bytes (no text is longer); returns its length.
    private static func apply(
        _ patch: UnsafeRawBufferPointer, to folded: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer
    ) -> Int {
        var written = 0
        func copy(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) {
            guard !range.isEmpty, let from = source.baseAddress, let to = out.baseAddress else { return }
            (to + written).copyMemory(from: from + range.lowerBound, byteCount: range.count)
            written += range.count
        }
        var p = 0
        var j = 0
        while p < patch.count {
            guard let edit = readEdit(patch, &p, folded: folded, at: j) else { break }
            let end = j + min(edit.copied, folded.count - j)
            copy(folded, j..<end)
            j = end + min(edit.skipped, folded.count - end)
            copy(edit.inserted, 0..<edit.inserted.count)
        }
        copy(folded, j..<folded.count)
        return written
    }

    /// One edit of a patch, with a case edit read as the plain edit it stands for.
    struct Edit {
        /// Folded bytes copied first.
        var copied: Int
        /// Folded bytes skipped after them.
        var skipped: Int
        /// The original bytes put in their place (in the patch, or one byte of a static table
        /// for a case edit), valid while the patch is.
        var inserted: UnsafeRawBufferPointer
    }

    /// Every byte value in order: a case edit's inserted byte points into it.
    private nonisolated(unsafe) static let byteValues: UnsafePointer<UInt8> = {
        let values = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for b in 0..<256 { values[b] = UInt8(b) }
        return UnsafePointer(values)
    }()

    /// Reads the edit at `p` of `patch` and moves past it; `j` is where its copy starts in
    /// `folded`. Nil when the patch ends inside the edit, a number does not fit in 32 bits, or a
    /// case edit has no folded byte left: a damaged patch stops there.
    @inline(__always)
    static func readEdit(_ patch: UnsafeRawBufferPointer, _ p: inout Int, folded: UnsafeRawBufferPointer, at j: Int)
        -> Edit?
    {
        guard let head = readNumber(patch, &p) else { return nil }
        let copied = head >> 1
        if head & 1 == 1 {
            let at = j + copied
            guard j >= 0 && at < folded.count else { return nil }
            return Edit(
                copied: copied, skipped: 1,
                inserted: UnsafeRawBufferPointer(start: byteValues + Int(folded[at] ^ 0x20), count: 1))
        }
        guard let skip = readNumber(patch, &p), let insert = readNumber(patch, &p) else { return nil }
        let inserted = min(insert, patch.count - p)
        defer { p += inserted }
        return Edit(copied: copied, skipped: skip, inserted: UnsafeRawBufferPointer(rebasing: patch[p..<p + inserted]))
    }

    /// Appends `value` as LEB128: seven bits per byte, low first, the high bit set on all but
    /// the last.
    private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt(value)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads a LEB128 number at `p` and moves past it; nil when the bytes end inside it or it
    /// does not fit in 32 bits.
    private static func readNumber(_ bytes: UnsafeRawBufferPointer, _ p: inout Int) -> Int? {
        var value = 0
        var shift = 0
        while p < bytes.count && shift < 35 {
            let byte = bytes[p]
            p += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value <= Int(UInt32.max) ? value : nil }
            shift += 7
        }
        return nil
    }
}

extension ByteArena {
    /// Appends the ``FoldPatch`` that turns `folded` into `original`.
    mutating func append(original: String, folded: UnsafeRawBufferPointer) {
        var text = original
        text.withUTF8 { original in append(original: UnsafeRawBufferPointer(original), folded: folded) }
    }

    /// ``append(original:folded:)`` with the original's UTF-8 read in place.
    mutating func append(original: UnsafeRawBufferPointer, folded: UnsafeRawBufferPointer) {
        append { FoldPatch.encode(original: original, folded: folded, into: &$0) }
    }
}

extension ByteArenaBuilder {
    /// Appends the ``FoldPatch`` that turns `folded` into `original` (UTF-8 read in place).
    mutating func append(original: UnsafeRawBufferPointer, folded: UnsafeRawBufferPointer) {
        append { FoldPatch.encode(original: original, folded: folded, into: &$0) }
    }
}
