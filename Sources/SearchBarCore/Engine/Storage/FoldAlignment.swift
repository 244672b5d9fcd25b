/// How an item's stored folded text lines up with its original text, read from the
/// ``FoldPatch`` that rebuilds one from the other: what the highlighter needs to turn matched
/// folded bytes into original bytes without folding the text again.
///
/// The patch's edits split both texts into stretches:
/// - a copied stretch is the same bytes on both sides and maps byte for byte;
/// - an edit maps character for character when each of its original characters, folded on its
///   own, gives the folded character opposite it (a capital, an accented letter, a word in
///   capitals), which the fold tables confirm.
///
/// Any other edit before the end of a range (`ß` for `ss`, a ligature, a dropped combining
/// mark or ignorable, an edit that ends inside a character) leaves the range unmapped: the
/// caller folds the text again with its map, which handles every case.
struct FoldAlignment {
    /// The item's patch (empty when the text folds to itself).
    let patch: UnsafeRawBufferPointer
    /// The item's folded text, which the matchers' byte ranges index.
    let folded: UnsafeRawBufferPointer
    /// The item's original text, as the patch rebuilds it from `folded`.
    let original: UnsafeBufferPointer<UInt8>
    /// The fold tables of the index's locale, which confirm an edit's characters.
    let tables: FoldTables

    /// The original byte range that folded bytes `range` came from, widened to grapheme-cluster
    /// boundaries of the original text; nil when the alignment cannot tell. Out-of-range input
    /// is clamped; a range inside one character covers all of it.
    func originalRange(ofFolded range: Range<Int>) -> Range<Int>? {
        var graphemes = GraphemeWidener(original)
        var cursor = Cursor()
        return originalRange(ofFolded: range, graphemes: &graphemes, cursor: &cursor)
    }

    /// Where a walk of the patch may resume: the start of a stretch (its offset in the patch,
    /// in the folded and in the original text), every stretch before it mapped.
    struct Cursor {
        var patch = 0
        var folded = 0
        var original = 0
    }

    /// The same, widened by `graphemes` (a widener over ``original``), which shares what ICU
    /// found between the ranges of one text. The walk of the patch starts at `cursor` when the
    /// range starts at or after it, and leaves it at the stretch where the range starts: ranges
    /// given in ascending order walk the patch once in all.
    func originalRange(
        ofFolded range: Range<Int>, graphemes: inout GraphemeWidener, cursor: inout Cursor
    ) -> Range<Int>? {
        var lower = max(0, min(range.lowerBound, folded.count))
        var upper = max(lower, min(range.upperBound, folded.count))
        guard lower < upper else { return lower..<lower }
        while lower > 0 && UTF8Codec.isContinuation(folded[lower]) { lower -= 1 }
        while upper < folded.count && UTF8Codec.isContinuation(folded[upper]) { upper += 1 }
        guard let mapped = unwidenedRange(lower, upper, &cursor), startsSegment(mapped.lowerBound),
            startsSegment(mapped.upperBound)
        else { return nil }
        return graphemes.widen(mapped)
    }

    /// True when a normalization segment of the original starts at `offset` (or the text ends
    /// there). The folding loop folds a letter and the marks after it as one unit, which maps
    /// whole; a range that ends inside one is left to that mapping.
    private func startsSegment(_ offset: Int) -> Bool {
        offset >= original.count || tables.startsSegment(UTF8Codec.decode(original, at: offset).scalar)
    }

    /// The original bytes of folded `lower..<upper` (non-empty, on character boundaries), before
    /// widening; nil when an edit before `upper` cannot be mapped.
    private func unwidenedRange(_ lower: Int, _ upper: Int, _ cursor: inout Cursor) -> Range<Int>? {
        // A range before the cursor walks from the start. From a stretch at or before `lower`,
        // the walk is the same as from the start: no earlier stretch holds `lower` or `upper`,
        // and the earlier ones mapped.
        if lower < cursor.folded { cursor = Cursor() }
        var from: Int?
        // j, i: where the next stretch starts in the folded and the original text (on character
        // boundaries of both).
        var j = cursor.folded
        var i = cursor.original
        var p = cursor.patch
        while p < patch.count {
            let stretch = Cursor(patch: p, folded: j, original: i)
            guard let edit = FoldPatch.readEdit(patch, &p, folded: folded, at: j) else { return nil }
            let (copied, skipped, inserted) = (edit.copied, edit.skipped, edit.inserted.count)
            // After `copied` equal bytes, the edit: folded rawStart..<foldedEnd was original
            // bytes up to originalEnd. It may begin inside a character whose first bytes the
            // copy shares; it is taken from that character's start (the same distance back on
            // both sides, the copied bytes being equal).
            let rawStart = j + copied
            let foldedEnd = rawStart + skipped
            let originalEnd = i + copied + inserted
            guard foldedEnd <= folded.count, originalEnd <= original.count else { return nil }
            var start = rawStart
            while start > j && start < folded.count && UTF8Codec.isContinuation(folded[start]) { start -= 1 }
            let originalStart = i + (start - j)
            // The copied stretch j..<start is original i..<originalStart.
            if from == nil && lower < start {
                from = i + (lower - j)
                cursor = stretch
            }
            if upper <= start { return from.map { $0..<(i + (upper - j)) } }
            // The edit, character for character.
            guard foldedEnd == folded.count || !UTF8Codec.isContinuation(folded[foldedEnd]),
                originalEnd == original.count || !UTF8Codec.isContinuation(original[originalEnd])
            else { return nil }
            var b = start
            var a = originalStart
            while b < foldedEnd {
                guard a < originalEnd else { return nil }
                let (c, length) = UTF8Codec.decode(original, at: a)
                var foldedLength = 1
                while b + foldedLength < foldedEnd && UTF8Codec.isContinuation(folded[b + foldedLength]) { foldedLength += 1 }
                let next = a + length < original.count ? UTF8Codec.decode(original, at: a + length).scalar : nil
                guard
                    tables.foldsAlone(
                        c, before: next, to: UnsafeRawBufferPointer(rebasing: folded[b..<b + foldedLength]))
                else { return nil }
                if b == lower {
                    from = a
                    cursor = stretch
                }
                if b + foldedLength == upper { return from.map { $0..<(a + length) } }
                b += foldedLength
                a += length
            }
            guard a == originalEnd else { return nil }
            j = foldedEnd
            i = originalEnd
        }
        // The rest is copied.
        if from == nil {
            from = i + (lower - j)
            cursor = Cursor(patch: p, folded: j, original: i)
        }
        return from.map { $0..<min(i + (upper - j), original.count) }
    }
}
