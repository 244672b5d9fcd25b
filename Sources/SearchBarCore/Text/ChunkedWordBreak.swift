internal import CICU

/// Word segmentation of a text that ``SimpleWordBreak`` declines, chunk by chunk: the text is
/// cut at its runs of U+0020, each run is one segment with status 0 (WB3d), and each chunk
/// between them is segmented as a text of its own: by ``SimpleWordBreak`` when it accepts the
/// chunk, else by ICU's iterator, whose segments a ``BreakMemo`` keeps for the next time the
/// chunk occurs.
///
/// This equals ICU's segmentation of the whole text because no word rule looks across a space
/// except those that join a space with what follows or precedes it: Extend, Format and ZWJ
/// attach to a space before them (WB4), never to one after them, and WSegSpace characters join
/// each other (WB3d). A chunk that starts with one of those, or ends with a WSegSpace, makes
/// ``segment(_:into:memo:iterator:)`` decline, and the caller breaks the whole text with ICU
/// (a chunk ending with a vowel sign or tone mark, as Thai words often do, is kept).
/// Dictionary ranges (Thai, CJK...) lie between rule boundaries, so a space bounds them too. `IndexingAnalysisTests` compares the
/// result with ICU's on all test texts and every locale.
enum ChunkedWordBreak {
    /// Appends the segments of `text` to `out` as (start, end, rule status), using `iterator`
    /// (the caller's, for its locale) for the chunks the simple break declines and `memo` for
    /// those seen before; false (with `out` in any state) when a chunk's edge could join a space
    /// or ICU fails.
    static func segment(
        _ text: RawBuffer<UInt16>, into out: inout RawBuffer<BreakSegment>, memo: inout BreakMemo,
        iterator: OpaquePointer
    ) -> Bool {
        let base = UnsafePointer(text.base)
        let n = text.count
        var i = 0
        while i < n {
            var j = i + 1
            if base[i] == 0x20 {
                while j < n && base[j] == 0x20 { j += 1 }
                out.append(BreakSegment(start: Int32(i), end: Int32(j), status: 0))
                i = j
                continue
            }
            while j < n && base[j] != 0x20 { j += 1 }
            let chunk = i..<j
            i = j
            let mark = out.count
            if SimpleWordBreak.segment(base, chunk, into: &out) { continue }
            out.count = mark
            guard !joinsSpace(first(base, chunk)), !joinsSpaceAfter(last(base, chunk)) else { return false }
            let hash = BreakMemo.hash(base + chunk.lowerBound, chunk.count)
            if memo.append(base, chunk, hash: hash, to: &out) { continue }
            guard icuSegments(base, chunk, iterator: iterator, into: &out) else { return false }
            if chunk.count <= BreakMemo.maxUnits {
                memo.insert(base, chunk, hash: hash, segments: UnsafeBufferPointer(rebasing: out.buffer[mark...]))
            }
        }
        return true
    }

    /// True when ICU's word rules can join code point `c` with a space next to it (Word_Break
    /// Extend, Format, ZWJ or WSegSpace).
    static func joinsSpace(_ c: UInt32) -> Bool {
        if c < SimpleWordBreak.tableLimit {
            let k = SimpleWordBreak.classes[Int(c)]
            if k == SimpleWordBreak.letter || k == SimpleWordBreak.digit || k == SimpleWordBreak.other { return false }
        }
        let wb = sbicu_u_getIntPropertyValue(UChar32(bitPattern: c), UCHAR_WORD_BREAK)
        return wb == Int32(U_WB_EXTEND.rawValue) || wb == Int32(U_WB_FORMAT.rawValue)
            || wb == Int32(U_WB_ZWJ.rawValue) || wb == Int32(U_WB_WSEGSPACE.rawValue)
    }

    /// True when ICU's word rules can join code point `c` with a space after it: only another
    /// space can (WB3d, Word_Break WSegSpace); Extend, Format and ZWJ join what precedes them.
    static func joinsSpaceAfter(_ c: UInt32) -> Bool {
        if c < SimpleWordBreak.tableLimit && SimpleWordBreak.classes[Int(c)] != SimpleWordBreak.unsafe { return false }
        return sbicu_u_getIntPropertyValue(UChar32(bitPattern: c), UCHAR_WORD_BREAK) == Int32(U_WB_WSEGSPACE.rawValue)
    }

    /// The first code point of `text[range]` (a lone surrogate as itself).
    @inline(__always)
    static func first(_ text: UnsafePointer<UInt16>, _ range: Range<Int>) -> UInt32 {
        let a = UInt32(text[range.lowerBound])
        if a >= 0xD800 && a < 0xDC00 && range.count > 1 {
            let b = UInt32(text[range.lowerBound + 1])
            if b >= 0xDC00 && b < 0xE000 { return 0x10000 + ((a - 0xD800) << 10) + (b - 0xDC00) }
        }
        return a
    }

    /// The last code point of `text[range]` (a lone surrogate as itself).
    @inline(__always)
    static func last(_ text: UnsafePointer<UInt16>, _ range: Range<Int>) -> UInt32 {
        let b = UInt32(text[range.upperBound - 1])
        if b >= 0xDC00 && b < 0xE000 && range.count > 1 {
            let a = UInt32(text[range.upperBound - 2])
            if a >= 0xD800 && a < 0xDC00 { return 0x10000 + ((a - 0xD800) << 10) + (b - 0xDC00) }
        }
        return b
    }

    /// Appends ICU's segments of `text[range]` taken as a text of its own, offsets counted from
    /// `text`'s start; false when ICU fails.
    static func icuSegments(
        _ text: UnsafePointer<UInt16>, _ range: Range<Int>, iterator bi: OpaquePointer,
        into out: inout RawBuffer<BreakSegment>
    ) -> Bool {
        var status = U_ZERO_ERROR
        sbicu_ubrk_setText(bi, text + range.lowerBound, Int32(range.count), &status)
        guard sbicu_failure(status) == 0 else { return false }
        let shift = Int32(truncatingIfNeeded: range.lowerBound)
        var start = sbicu_ubrk_first(bi)
        while true {
            let end = sbicu_ubrk_next(bi)
            if end == Int32(SBICU_BRK_DONE) || end < 0 { break }
            out.append(BreakSegment(start: start + shift, end: end + shift, status: sbicu_ubrk_getRuleStatus(bi)))
            start = end
        }
        return true
    }
}
