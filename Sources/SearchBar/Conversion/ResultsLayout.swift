import CSearchBar
import Glibc
import SearchBarCore

/// A ``ResultsBox``'s hits laid out for sb_results_export() and sb_results_fields() in one
/// unit: every hit's `sb_hit_entry`, every hit's three `sb_field_entry`s, and the highlight
/// range block their `highlight_offset`s index, with offsets, lengths and ranges in UTF-8
/// bytes, Unicode code points or UTF-16 code units.
///
/// The text block is the box's own in every unit (offsets count units of the block from its
/// start, so one decode of the block serves every hit). Built on first use and kept by the box,
/// so its pointers stay valid until sb_results_free().
final class ResultsLayout: @unchecked Sendable {
    /// One entry per hit, best first (nil when there are no hits).
    let entries: UnsafeMutablePointer<sb_hit_entry>?
    /// Three entries per hit, title, subtitle and keywords (nil when there are no hits).
    let fields: UnsafeMutablePointer<sb_field_entry>?
    /// The highlight range block (nil when there are no ranges).
    let ranges: UnsafePointer<sb_range>?
    /// The number of ranges in ``ranges``.
    let rangeCount: Int
    /// The range block when this layout allocated it (code points, UTF-16); the byte layout
    /// shares the box's block.
    private let ownedRanges: UnsafeMutablePointer<sb_range>?

    /// The units sb_results_export() and sb_results_fields() accept.
    static let units: Set<UInt32> = [SB_UNIT_BYTES.rawValue, SB_UNIT_CODE_POINTS.rawValue, SB_UNIT_UTF16.rawValue]

    /// Lays out `box`'s hits in `unit` (one of ``units``).
    init(_ box: ResultsBox, unit: sb_unit) throws(SearchBarError) {
        let count = box.hits.count
        rangeCount = box.rangeCount
        let entries = try Self.allocate(sb_hit_entry.self, count, "hit entries")
        let fields: UnsafeMutablePointer<sb_field_entry>?
        do {
            fields = try Self.allocate(sb_field_entry.self, count * 3, "field entries")
        } catch {
            free(entries)
            throw error
        }
        for k in 0..<count {
            (entries! + k).initialize(to: box.entry(k))
            for f in 0..<3 { (fields! + 3 * k + f).initialize(to: box.fieldEntry(k, f)) }
        }
        guard unit != SB_UNIT_BYTES else {
            self.entries = entries
            self.fields = fields
            ranges = box.ranges.map { UnsafePointer($0) }
            ownedRanges = nil
            return
        }
        let owned: UnsafeMutablePointer<sb_range>?
        do {
            owned = try Self.allocate(sb_range.self, box.rangeCount, "highlight ranges")
        } catch {
            free(entries)
            free(fields)
            throw error
        }
        if let entries, let fields { Self.convert(entries, fields, count, owned, box, utf16: unit == SB_UNIT_UTF16) }
        self.entries = entries
        self.fields = fields
        ranges = owned.map { UnsafePointer($0) }
        ownedRanges = owned
    }

    deinit {
        free(entries)
        free(fields)
        free(ownedRanges)
    }

    /// Rewrites byte entries as code point (or, with `utf16`, UTF-16 code unit) entries, and
    /// fills `ranges` with the box's highlight ranges in those units of each field's text. A
    /// range reaching past its text (possible only for results without known texts, whose
    /// texts are empty) is clamped to the text.
    private static func convert(
        _ entries: UnsafeMutablePointer<sb_hit_entry>, _ fields: UnsafeMutablePointer<sb_field_entry>, _ count: Int,
        _ ranges: UnsafeMutablePointer<sb_range>?, _ box: ResultsBox, utf16: Bool
    ) {
        // units[b]: the number of units that start before byte b of the text block (a character
        // of four UTF-8 bytes is two UTF-16 units).
        var units = [Int](repeating: 0, count: box.textCount + 1)
        var seen = 0
        for b in 0..<box.textCount {
            units[b] = seen
            let byte = UInt8(bitPattern: box.text[b])
            if !UTF8Codec.isContinuation(byte) { seen += utf16 && byte >= 0xF0 ? 2 : 1 }
        }
        units[box.textCount] = seen
        /// `length` bytes from byte `offset`, in units.
        func span(_ offset: Int, _ length: Int) -> (Int, Int) { (units[offset], units[offset + length] - units[offset]) }
        for k in 0..<(count * 3) {
            var field = fields[k]
            if let ranges, let source = box.ranges {
                let text = field.text_offset
                for j in field.highlight_offset..<(field.highlight_offset + field.highlight_count) {
                    let start = min(source[j].start, field.text_len)
                    let end = min(source[j].end, field.text_len)
                    ranges[j] = sb_range(start: units[text + start] - units[text], end: units[text + end] - units[text])
                }
            }
            (field.text_offset, field.text_len) = span(field.text_offset, field.text_len)
            fields[k] = field
        }
        for k in 0..<count {
            var entry = entries[k]
            (entry.text_offset, entry.text_len) = span(entry.text_offset, entry.text_len)
            (entry.title_offset, entry.title_len) = span(entry.title_offset, entry.title_len)
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
