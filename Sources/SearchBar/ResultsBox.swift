import CSearchBar
import Glibc
import SearchBarCore

/// The object behind an `sb_results` handle: the hits and one malloc'd block with every
/// highlight range, so `sb_hit.highlights` pointers stay valid until the handle is freed.
final class ResultsBox: @unchecked Sendable {
    /// The hits, best first.
    let hits: [SearchHit]
    private let ranges: UnsafeMutablePointer<sb_range>?
    private let starts: [Int]

    /// Lays out `hits` for C.
    init(_ hits: [SearchHit]) throws(SearchBarError) {
        self.hits = hits
        let total = hits.reduce(0) { $0 + $1.highlights.count }
        var starts: [Int] = []
        starts.reserveCapacity(hits.count)
        if total > 0 {
            guard let block = malloc(total * MemoryLayout<sb_range>.stride) else {
                throw SearchBarError(.outOfMemory, "could not allocate \(total) highlight ranges")
            }
            let ranges = block.bindMemory(to: sb_range.self, capacity: total)
            var k = 0
            for hit in hits {
                starts.append(k)
                for range in hit.highlights {
                    (ranges + k).initialize(to: sb_range(start: range.lowerBound, end: range.upperBound))
                    k += 1
                }
            }
            self.ranges = ranges
        } else {
            starts = Array(repeating: 0, count: hits.count)
            ranges = nil
        }
        self.starts = starts
    }

    deinit { free(ranges) }

    /// Hit `i` as C sees it.
    func hit(_ i: Int) -> sb_hit {
        let hit = hits[i]
        let highlights = ranges.map { UnsafePointer($0 + starts[i]) }
        return sb_hit(
            id: hit.id, score: hit.score, field: hit.field.rawValue, tier: UInt32(hit.tier.rawValue),
            highlights: hit.highlights.isEmpty ? nil : highlights, highlight_count: hit.highlights.count)
    }
}
