/// Where an item's original text turns from a lower-case letter to an upper-case one (`fooBar`:
/// the `B`; `McDonald`: the `D`), as byte offsets in its folded text: fzf's camelCase word
/// starts, which earn ``FuzzyScorer/bonusCamel`` in fuzzy scoring.
///
/// The index keeps the folded (lower-case) text and the edits back to the original
/// (``FoldPatch``), so no extra storage is needed: a capital is always inside an edit (folded
/// text holds none, and the bytes an edit copies are the same in both), and the character
/// before it is either the last copied one (lower-case when it is a cased letter) or the one
/// before it in the same edit. Most texts have no edit, or one for a capital first letter, and
/// are read in a few steps. Within an edit, original and folded characters are paired in order
/// (one for one, as capitals fold); a mark never lands past the edit's folded bytes.
enum CamelMarks {
    /// The most marks kept per text (a text with more keeps the first ones).
    static let capacity = 32

    /// Writes to `marks` (room for ``capacity``) the folded offsets of `folded`'s camelCase
    /// starts, read from `patch` (the edits that turn `folded` into the original text),
    /// ascending; returns how many. A damaged patch gives wrong marks, never a read out of
    /// bounds.
    static func find(
        patch: UnsafeBufferPointer<UInt8>, folded: UnsafeBufferPointer<UInt8>, into marks: UnsafeMutablePointer<Int32>
    ) -> Int {
        guard !patch.isEmpty else { return 0 }
        let edits = UnsafeRawBufferPointer(patch)
        var count = 0
        var p = 0
        var j = 0
        // The original character before the current place (nil at the start). Its case is
        // looked up only before a capital: most edits are a capital first letter, with none.
        var previous: Unicode.Scalar?
        let whole = UnsafeRawBufferPointer(folded)
        while p < edits.count && count < capacity {
            guard let edit = FoldPatch.readEdit(edits, &p, folded: whole, at: j) else { break }
            // The original character before the copy (a case edit may follow another at once).
            let (copyStart, beforeCopy) = (j, previous)
            let copyEnd = j + min(edit.copied, folded.count - j)
            if copyEnd > j { previous = lastScalar(folded, from: j, to: copyEnd) }
            j = copyEnd
            let foldedEnd = j + min(edit.skipped, folded.count - j)
            let inserted = edit.inserted.assumingMemoryBound(to: UInt8.self)
            let insertEnd = inserted.count
            var q = 0
            // The edit's original characters, each paired with the folded one at `f`.
            var f = j
            // An edit may start inside a character whose first bytes it copied (É C3 89 after
            // é C3 A9: only the last byte differs): that character starts at its lead byte.
            if q < insertEnd && inserted[q] & 0xC0 == 0x80 && j > 0 {
                var lead = j - 1
                while lead > 0 && j - lead < 3 && folded[lead] & 0xC0 == 0x80 { lead -= 1 }
                // The character before it: copied, or the last one an earlier edit put in (its
                // folded form would be lower case).
                previous = lead > copyStart ? lastScalar(folded, from: 0, to: lead) : (lead > 0 ? beforeCopy : nil)
                let (scalar, taken) = decodeSplit(folded, lead: lead, copiedEnd: j, inserted, at: q, end: insertEnd)
                if let before = previous, isUpperCase(scalar), isLowerCase(before) {
                    marks[count] = Int32(truncatingIfNeeded: lead)
                    count += 1
                    if count == capacity { return count }
                }
                previous = scalar
                q += taken
                if f < foldedEnd { f += min(max(sequenceLength(folded[lead]) - (j - lead), 1), foldedEnd - f) }
            }
            while q < insertEnd {
                let (scalar, length) = decode(inserted, at: q, end: insertEnd)
                if let before = previous, f < foldedEnd, isUpperCase(scalar), isLowerCase(before) {
                    marks[count] = Int32(truncatingIfNeeded: f)
                    count += 1
                    if count == capacity { return count }
                }
                previous = scalar
                q += length
                if f < foldedEnd { f += min(sequenceLength(folded[f]), foldedEnd - f) }
            }
            j = foldedEnd
        }
        return count
    }

    /// True for a lower-case letter; ASCII, Latin-1, basic Greek and Cyrillic without a table
    /// lookup (the property lookup costs more than the rest of a title's marks).
    @inline(__always) private static func isLowerCase(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v >= 0x61 && v <= 0x7A }
        if v >= 0xDF && v <= 0xFF { return v != 0xF7 }
        if v >= 0x3B1 && v <= 0x3C9 { return true }
        if v >= 0x430 && v <= 0x45F { return true }
        return scalar.properties.isLowercase
    }

    /// True for an upper-case letter; ASCII, Latin-1, basic Greek and Cyrillic without a table
    /// lookup.
    @inline(__always) private static func isUpperCase(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return v >= 0x41 && v <= 0x5A }
        if v >= 0xC0 && v <= 0xDE { return v != 0xD7 }
        if v >= 0x391 && v <= 0x3A9 { return v != 0x3A2 }
        if v >= 0x400 && v <= 0x42F { return true }
        if v >= 0xDF && v <= 0xFF || v >= 0x3B1 && v <= 0x3C9 || v >= 0x430 && v <= 0x45F { return false }
        return scalar.properties.isUppercase
    }

    /// The bytes of the UTF-8 sequence that `lead` starts (1 for a stray continuation byte).
    @inline(__always) private static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : (lead < 0xE0 ? 2 : (lead < 0xF0 ? 3 : 4))
    }

    /// The scalar at `i` of `bytes` (before `end`) and its length; U+FFFD for a bad sequence.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[i]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = min(sequenceLength(lead), end - i)
        var value = UInt32(lead) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
        for k in 1..<max(length, 1) { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", max(length, 1))
    }

    /// The scalar whose first bytes are `folded[lead..<copiedEnd]` and whose others start at `p`
    /// of `patch` (before `end`), and how many patch bytes it takes.
    @inline(__always)
    private static func decodeSplit(
        _ folded: UnsafeBufferPointer<UInt8>, lead: Int, copiedEnd: Int, _ patch: UnsafeBufferPointer<UInt8>, at p: Int,
        end: Int
    ) -> (Unicode.Scalar, Int) {
        let first = folded[lead]
        let length = sequenceLength(first)
        guard length > 1 else { return ("\u{FFFD}", 1) }
        var value = UInt32(first) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
        for k in (lead + 1)..<copiedEnd { value = value << 6 | UInt32(folded[k] & 0x3F) }
        let taken = min(max(length - (copiedEnd - lead), 1), end - p)
        for k in 0..<taken { value = value << 6 | UInt32(patch[p + k] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", taken)
    }

    /// The last scalar of `bytes[from..<to]` (not empty).
    @inline(__always)
    private static func lastScalar(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Unicode.Scalar {
        var start = to - 1
        while start > from && bytes[start] & 0xC0 == 0x80 && to - start < 4 { start -= 1 }
        return decode(bytes, at: start, end: to).0
    }
}
