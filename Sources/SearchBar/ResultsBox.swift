import CSearchBar
import Glibc
import SearchBarCore
import Synchronization

/// The object behind an `sb_results` handle: the hits, one malloc'd block with every highlight
/// range and one with the hits' original texts (each hit's title, then its matched field's text
/// when that is not the title, each text followed by a NUL so that sb_results_text() hands out
/// NUL-terminated strings), so the pointers handed to C stay valid until the handle is freed.
final class ResultsBox: @unchecked Sendable {
    /// The hits, best first.
    let hits: [SearchHit]
    /// Every highlight range, hit after hit (nil when there are none).
    let ranges: UnsafeMutablePointer<sb_range>?
    /// The number of ranges in ``ranges``.
    let rangeCount: Int
    /// Every hit's texts, one after the other, each followed by a NUL (a valid pointer to a NUL
    /// even with no hits).
    let text: UnsafeMutablePointer<CChar>
    /// The number of bytes in ``text``, its NULs included but not the final one.
    let textCount: Int
    private let starts: [Int]
    /// Per hit: (title offset, title length, text offset, text length) in ``text``.
    private let textSpans: [(Int, Int, Int, Int)]

    /// Lays out `hits` for C with their `texts` (nil: unknown, as for a session without an
    /// index; the texts are then empty). Highlight ranges that do not fit the known text (which
    /// can only happen when a writer replaced the item while the search ran) are dropped.
    init(_ hits: [SearchHit], texts: [HitTexts]? = nil) throws(SearchBarError) {
        self.hits = hits
        var spans: [(Int, Int, Int, Int)] = []
        spans.reserveCapacity(hits.count)
        var textBytes = 0
        // Each text is followed by a NUL: sb_results_text() promises a NUL at [len] for every hit.
        if let texts {
            for (hit, pair) in zip(hits, texts) {
                let titleLength = pair.title.utf8.count
                let textLength = pair.text.utf8.count
                let textOffset = hit.field == .title ? textBytes : textBytes + titleLength + 1
                spans.append((textBytes, titleLength, textOffset, textLength))
                textBytes += titleLength + 1 + (hit.field == .title ? 0 : textLength + 1)
            }
        }
        textCount = max(textBytes - 1, 0)
        // Hits without known texts point at the block's final NUL: an empty, NUL-terminated text.
        while spans.count < hits.count { spans.append((textCount, 0, textCount, 0)) }
        textSpans = spans
        // The texts: malloc'd with a final NUL, so an empty result still has a valid pointer.
        guard let textBlock = calloc(textCount + 1, 1)?.assumingMemoryBound(to: CChar.self) else {
            throw SearchBarError(.outOfMemory, "could not allocate \(textCount + 1) bytes of hit texts")
        }
        if let texts {
            for (k, pair) in zip(hits.indices, texts) {
                let (titleOffset, _, textOffset, _) = spans[k]
                Self.copy(pair.title, to: textBlock + titleOffset)
                if hits[k].field != .title { Self.copy(pair.text, to: textBlock + textOffset) }
            }
        }
        text = textBlock
        // The highlight ranges, keeping only those that fit a known text: written straight into
        // one block sized for all of them (no per-hit arrays).
        let upperBound = hits.reduce(0) { $0 + $1.highlights.count }
        var block: UnsafeMutablePointer<sb_range>? = nil
        if upperBound > 0 {
            guard let raw = malloc(upperBound * MemoryLayout<sb_range>.stride) else {
                free(textBlock)
                throw SearchBarError(.outOfMemory, "could not allocate \(upperBound) highlight ranges")
            }
            block = raw.bindMemory(to: sb_range.self, capacity: upperBound)
        }
        var starts: [Int] = []
        starts.reserveCapacity(hits.count)
        var counts: [Int] = []
        counts.reserveCapacity(hits.count)
        var total = 0
        for k in hits.indices {
            starts.append(total)
            let known = texts.flatMap { k < $0.count ? $0[k].text : nil }
            for range in hits[k].highlights where known.map({ Self.fits(range, $0) }) ?? true {
                block?.advanced(by: total).initialize(to: sb_range(start: range.lowerBound, end: range.upperBound))
                total += 1
            }
            counts.append(total - starts[k])
        }
        if total == 0 {
            free(block)
            block = nil
        }
        ranges = block
        rangeCount = total
        self.starts = starts
        self.counts = counts
    }

    /// Per hit, the number of highlight ranges kept.
    private let counts: [Int]

    /// The layouts sb_results_export() handed out, by unit (each built on first use).
    private let layouts = Mutex<[UInt32: ResultsLayout]>([:])

    /// The hits laid out in `unit` for sb_results_export(), built on first use and kept until
    /// the box is freed (so the pointers handed out stay valid).
    func layout(_ unit: sb_unit) throws(SearchBarError) -> ResultsLayout {
        try layouts.withLock { (cache) throws(SearchBarError) -> ResultsLayout in
            if let known = cache[unit.rawValue] { return known }
            let made = try ResultsLayout(self, unit: unit)
            cache[unit.rawValue] = made
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
            offset == utf8.count || utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 != 0x80
        }
        return boundary(range.lowerBound) && boundary(range.upperBound)
    }

    /// Hit `i` as C sees it.
    func hit(_ i: Int) -> sb_hit {
        let hit = hits[i]
        let highlights = ranges.map { UnsafePointer($0 + starts[i]) }
        return sb_hit(
            id: hit.id, score: hit.score, field: hit.field.rawValue, tier: UInt32(hit.tier.rawValue),
            highlights: counts[i] == 0 ? nil : highlights, highlight_count: counts[i])
    }

    /// Hit `i` as sb_results_copy() writes it.
    func entry(_ i: Int) -> sb_hit_entry {
        let hit = hits[i]
        let (titleOffset, titleLength, textOffset, textLength) = textSpans[i]
        return sb_hit_entry(
            id: hit.id, score: hit.score, field: hit.field.rawValue, tier: UInt32(hit.tier.rawValue),
            text_offset: textOffset, text_len: textLength, title_offset: titleOffset,
            title_len: titleLength, highlight_offset: starts[i], highlight_count: counts[i])
    }

    /// The matched field's text of hit `i`: a pointer into ``text`` and its length.
    func text(_ i: Int) -> (UnsafePointer<CChar>, Int) {
        let (_, _, offset, length) = textSpans[i]
        return (UnsafePointer(text + offset), length)
    }
}
