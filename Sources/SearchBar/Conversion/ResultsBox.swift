import CSearchBar
import Glibc
import SearchBarCore
import Synchronization

/// The object behind an `sb_results` handle: the hits, one malloc'd block with every highlight
/// range and one with the hits' original texts (each hit's title, subtitle and keywords, each
/// followed by a NUL so that sb_results_text() hands out NUL-terminated strings; an empty
/// subtitle or keywords is the NUL before it), so the
/// pointers handed to C stay valid until the handle is freed.
final class ResultsBox: @unchecked Sendable {
    /// Where one field of one hit lies: its text in ``text``, its ranges in ``ranges``.
    struct FieldSpan {
        var textOffset: Int
        var textLength: Int
        var rangeStart: Int
        var rangeCount: Int
    }

    /// The hits, best first.
    let hits: [SearchHit]
    /// The number of matches, skipped and beyond the limit included (see ``totalIsExact``).
    let total: Int
    /// True when ``total`` is exact; else it is a lower bound.
    let totalIsExact: Bool
    /// Every highlight range, hit after hit and field after field (nil when there are none).
    let ranges: UnsafeMutablePointer<sb_range>?
    /// The number of ranges in ``ranges``.
    let rangeCount: Int
    /// Every hit's texts, one after the other, each followed by a NUL (a valid pointer to a NUL
    /// even with no hits).
    let text: UnsafeMutablePointer<CChar>
    /// The number of bytes in ``text``, its NULs included but not the final one.
    let textCount: Int
    /// Every hit's title, subtitle and keywords spans: hit `i`'s field `f` is `3 * i + f`.
    private let fieldSpans: [FieldSpan]

    /// Lays out `hits` for C with their `texts` (nil: unknown, as for a session without an
    /// index; the texts are then empty) and the search's total (nil: the hits, exact).
    /// Highlight ranges that do not fit the known text (which can only happen when a writer
    /// replaced the item while the search ran) are dropped. (Built on every search: texts and
    /// ranges are read in place, without copying a hit's texts or ranges.)
    init(_ hits: [SearchHit], texts: [HitTexts]? = nil, total: Int? = nil, totalIsExact: Bool = true)
        throws(SearchBarError)
    {
        self.hits = hits
        self.total = total ?? hits.count
        self.totalIsExact = totalIsExact
        let known = texts.map { min($0.count, hits.count) } ?? 0
        // Each text is followed by a NUL: sb_results_text() promises a NUL at [len] for every hit.
        var spans = [FieldSpan](
            repeating: FieldSpan(textOffset: 0, textLength: 0, rangeStart: 0, rangeCount: 0), count: hits.count * 3)
        var textBytes = 0
        var rangeBound = 0
        for k in hits.indices {
            rangeBound += hits[k].highlights.count
            if !hits[k].otherHighlights.isEmpty {
                for ranges in hits[k].otherHighlights.values { rangeBound += ranges.count }
            }
            // A hit without known texts has three empty texts: a NUL of the block (its last).
            guard k < known else {
                for f in 0..<3 { spans[3 * k + f].textOffset = max(textBytes - 1, 0) }
                continue
            }
            for f in 0..<3 {
                let length = Self.length(texts!, k, f)
                // An empty subtitle or keywords is the NUL that ends the text before it.
                if length == 0 && f != 0 {
                    spans[3 * k + f].textOffset = textBytes - 1
                    continue
                }
                spans[3 * k + f].textOffset = textBytes
                spans[3 * k + f].textLength = length
                textBytes += length + 1
            }
        }
        textCount = max(textBytes - 1, 0)
        // The texts: malloc'd with a final NUL, so an empty result still has a valid pointer.
        guard let textBlock = calloc(textCount + 1, 1)?.assumingMemoryBound(to: CChar.self) else {
            throw SearchBarError(.outOfMemory, "could not allocate \(textCount + 1) bytes of hit texts")
        }
        if let texts {
            for k in 0..<known {
                Self.copy(texts[k].title, to: textBlock + spans[3 * k].textOffset)
                if spans[3 * k + 1].textLength > 0 { Self.copy(texts[k].subtitle, to: textBlock + spans[3 * k + 1].textOffset) }
                if spans[3 * k + 2].textLength > 0 { Self.copy(texts[k].keywords, to: textBlock + spans[3 * k + 2].textOffset) }
            }
        }
        text = textBlock
        // The highlight ranges, keeping only those that fit a known text: written straight into
        // one block sized for all of them (no per-hit arrays).
        var block: UnsafeMutablePointer<sb_range>? = nil
        if rangeBound > 0 {
            guard let raw = malloc(rangeBound * MemoryLayout<sb_range>.stride) else {
                free(textBlock)
                throw SearchBarError(.outOfMemory, "could not allocate \(rangeBound) highlight ranges")
            }
            block = raw.bindMemory(to: sb_range.self, capacity: rangeBound)
        }
        var total = 0
        for k in hits.indices {
            let own = Int(hits[k].field.rawValue)
            for f in 0..<3 {
                spans[3 * k + f].rangeStart = total
                let length = spans[3 * k + f].textLength
                /// Appends `range` when it fits the field's known text.
                func append(_ range: Range<Int>) {
                    if k < known && !Self.fits(range, texts!, k, f, length) { return }
                    block?.advanced(by: total).initialize(to: sb_range(start: range.lowerBound, end: range.upperBound))
                    total += 1
                }
                if f == own {
                    for range in hits[k].highlights { append(range) }
                } else if !hits[k].otherHighlights.isEmpty, let field = SearchField(rawValue: UInt32(f)),
                    let ranges = hits[k].otherHighlights[field]
                {
                    for range in ranges { append(range) }
                }
                spans[3 * k + f].rangeCount = total - spans[3 * k + f].rangeStart
            }
        }
        if total == 0 {
            free(block)
            block = nil
        }
        ranges = block
        rangeCount = total
        fieldSpans = spans
    }

    /// The UTF-8 length of field `f` of `texts[k]`, read in place.
    private static func length(_ texts: [HitTexts], _ k: Int, _ f: Int) -> Int {
        switch f {
        case 0: texts[k].title.utf8.count
        case 1: texts[k].subtitle.utf8.count
        default: texts[k].keywords.utf8.count
        }
    }

    /// True when `range` lies in field `f` of `texts[k]` (`length` bytes) and starts and ends
    /// on character boundaries.
    private static func fits(_ range: Range<Int>, _ texts: [HitTexts], _ k: Int, _ f: Int, _ length: Int) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= length else { return false }
        switch f {
        case 0: return fits(range, texts[k].title)
        case 1: return fits(range, texts[k].subtitle)
        default: return fits(range, texts[k].keywords)
        }
    }

    /// The layouts sb_results_export() and sb_results_fields() handed out, by unit (each built
    /// on first use; an array, not a dictionary: results are made and freed on every search).
    private let layouts = Mutex<[ResultsLayout?]>([nil, nil, nil])

    /// The hits laid out in `unit` (one of ``ResultsLayout/units``), built on first use and kept
    /// until the box is freed (so the pointers handed out stay valid).
    func layout(_ unit: sb_unit) throws(SearchBarError) -> ResultsLayout {
        try layouts.withLock { (cache) throws(SearchBarError) -> ResultsLayout in
            let slot = Int(unit.rawValue)
            if let known = cache[slot] { return known }
            let made = try ResultsLayout(self, unit: unit)
            cache[slot] = made
            return made
        }
    }

    deinit {
        free(ranges)
        free(text)
    }

    private static func copy(_ string: String, to target: UnsafeMutablePointer<CChar>) {
        var string = string
        string.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            memcpy(target, base, bytes.count)
        }
    }

    /// True when `range` lies in `text` and starts and ends on character boundaries.
    private static func fits(_ range: Range<Int>, _ text: String) -> Bool {
        let utf8 = text.utf8
        guard range.lowerBound >= 0, range.upperBound <= utf8.count else { return false }
        func boundary(_ offset: Int) -> Bool {
            offset == utf8.count || !UTF8Codec.isContinuation(utf8[utf8.index(utf8.startIndex, offsetBy: offset)])
        }
        return boundary(range.lowerBound) && boundary(range.upperBound)
    }

    /// Hit `i` as C sees it.
    func hit(_ i: Int) -> sb_hit {
        let hit = hits[i]
        let span = fieldSpans[3 * i + Int(hit.field.rawValue)]
        let highlights = ranges.map { UnsafePointer($0 + span.rangeStart) }
        return sb_hit(
            id: hit.id, score: hit.score, field: hit.field.rawValue, tier: UInt32(hit.tier.rawValue),
            highlights: span.rangeCount == 0 ? nil : highlights, highlight_count: span.rangeCount)
    }

    /// Hit `i` as sb_results_copy() writes it.
    func entry(_ i: Int) -> sb_hit_entry {
        let hit = hits[i]
        let title = fieldSpans[3 * i]
        let span = fieldSpans[3 * i + Int(hit.field.rawValue)]
        return sb_hit_entry(
            id: hit.id, score: hit.score, field: hit.field.rawValue, tier: UInt32(hit.tier.rawValue),
            text_offset: span.textOffset, text_len: span.textLength, title_offset: title.textOffset,
            title_len: title.textLength, highlight_offset: span.rangeStart, highlight_count: span.rangeCount)
    }

    /// Field `field` of hit `i` as sb_results_fields() gives it, in bytes.
    func fieldEntry(_ i: Int, _ field: Int) -> sb_field_entry {
        let span = fieldSpans[3 * i + field]
        return sb_field_entry(
            text_offset: span.textOffset, text_len: span.textLength, highlight_offset: span.rangeStart,
            highlight_count: span.rangeCount)
    }

    /// The matched field's text of hit `i`: a pointer into ``text`` and its length.
    func text(_ i: Int) -> (UnsafePointer<CChar>, Int) {
        let span = fieldSpans[3 * i + Int(hits[i].field.rawValue)]
        return (UnsafePointer(text + span.textOffset), span.textLength)
    }
}
