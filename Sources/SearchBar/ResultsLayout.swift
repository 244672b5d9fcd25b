import CSearchBar
import Glibc
import SearchBarCore

/// A ``ResultsBox``'s hits laid out for sb_results_export() in one unit: every hit's
/// `sb_hit_entry` and the highlight range block its `highlight_offset`s index, with offsets,
/// lengths and ranges in UTF-8 bytes or in Unicode code points.
///
/// The text block is the box's own in both units (code point offsets count its scalars from the
/// block's start, so one decode of the block serves every hit). Built on first use and kept by
/// the box, so its pointers stay valid until sb_results_free().
final class ResultsLayout: @unchecked Sendable {
    /// One entry per hit, best first (nil when there are no hits).
    let entries: UnsafeMutablePointer<sb_hit_entry>?
    /// The highlight range block (nil when there are no ranges).
    let ranges: UnsafePointer<sb_range>?
    /// The number of ranges in ``ranges``.
    let rangeCount: Int
    /// The range block when this layout allocated it (code points); the byte layout shares the
    /// box's block.
    private let ownedRanges: UnsafeMutablePointer<sb_range>?

    /// Lays out `box`'s hits in `unit` (``SB_UNIT_BYTES`` or ``SB_UNIT_CODE_POINTS``).
    init(_ box: ResultsBox, unit: sb_unit) throws(SearchBarError) {
        let count = box.hits.count
        rangeCount = box.rangeCount
        let entries = try Self.allocate(sb_hit_entry.self, count, "hit entries")
        for k in 0..<count { (entries! + k).initialize(to: box.entry(k)) }
        guard unit == SB_UNIT_CODE_POINTS else {
            self.entries = entries
            ranges = box.ranges.map { UnsafePointer($0) }
            ownedRanges = nil
            return
        }
        let owned: UnsafeMutablePointer<sb_range>?
        do {
            owned = try Self.allocate(sb_range.self, box.rangeCount, "highlight ranges")
        } catch {
            free(entries)
            throw error
        }
        if let entries { Self.convert(entries, count, owned, box) }
        self.entries = entries
        ranges = owned.map { UnsafePointer($0) }
        ownedRanges = owned
    }

    deinit {
        free(entries)
        free(ownedRanges)
    }

    /// Rewrites byte entries as code point entries, and fills `ranges` with the box's highlight
    /// ranges in code points of each hit's text. A range reaching past its text (possible only
    /// for results without known texts, whose texts are empty) is clamped to the text.
    private static func convert(
        _ entries: UnsafeMutablePointer<sb_hit_entry>, _ count: Int, _ ranges: UnsafeMutablePointer<sb_range>?,
        _ box: ResultsBox
    ) {
        // points[b]: the number of code points that start before byte b of the text block.
        var points = [Int](repeating: 0, count: box.textCount + 1)
        var seen = 0
        for b in 0..<box.textCount {
            points[b] = seen
            if UInt8(bitPattern: box.text[b]) & 0xC0 != 0x80 { seen += 1 }
        }
        points[box.textCount] = seen
        for k in 0..<count {
            var entry = entries[k]
            let text = entry.text_offset
            if let ranges, let source = box.ranges {
                for j in entry.highlight_offset..<(entry.highlight_offset + entry.highlight_count) {
                    let start = min(source[j].start, entry.text_len)
                    let end = min(source[j].end, entry.text_len)
                    ranges[j] = sb_range(start: points[text + start] - points[text], end: points[text + end] - points[text])
                }
            }
            entry.text_offset = points[text]
            entry.text_len = points[text + entry.text_len] - points[text]
            let title = entry.title_offset
            entry.title_offset = points[title]
            entry.title_len = points[title + entry.title_len] - points[title]
            entries[k] = entry
        }
    }

    /// A malloc'd array of `count` elements, nil for 0.
    private static func allocate<T>(_: T.Type, _ count: Int, _ what: String) throws(SearchBarError)
        -> UnsafeMutablePointer<T>?
    {
        guard count > 0 else { return nil }
        guard let block = malloc(count * MemoryLayout<T>.stride) else {
            throw SearchBarError(.outOfMemory, "could not allocate \(count) \(what)")
        }
        return block.bindMemory(to: T.self, capacity: count)
    }
}
