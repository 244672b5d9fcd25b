/// Which segments are merged, and when. An add appends one segment and merges nothing by this
/// policy (``capped(_:busy:pool:)`` only when a search would otherwise see more than ``maxSegments``;
/// the writer folds its small segments into a delta, see `SearchIndex+Delta`); the
/// index's background merge asks ``next(_:full:)`` for the run to fold next:
///
/// 1. a segment that is mostly dead, rewritten alone;
/// 2. the newest ``fanIn`` or more segments when they are all of the newest one's size tier or
///    below (a tier is a factor of ``fanIn`` in live items): the merged segment lands a tier up,
///    so while a host streams batches each item is copied about log_fanIn(total / batch) times
///    (1 M items in batches of 10,000: 0.96 copies and at most 18 segments; 1.6 copies with
///    tiers of eight, 2.6 of four, where merging the newest two whenever the older was at most
///    twice the newer copied each 6.3 times);
/// 3. once adds pause (`full`), every segment into one, so searches walk one segment (taking
///    a full tier of rule 2 in with the rest rather than merging it first).
///
/// Merged runs are contiguous, and no merge makes a segment whose texts pass
/// ``maxSegmentBytes``. Segments read from a mapped index file are left as they are except by
/// rule 1: the adds on top of an opened file fold among themselves, and the mapping (shared
/// page cache, not the process's own memory) stays until the next save and open.
enum MergePolicy {
    /// How many segments of one tier are merged at once; also the size ratio between tiers.
    static let fanIn = 12
    /// More segments than this make an add merge the newest ones itself (above the 18 that 1 M
    /// items streamed in batches of 10,000 leave at most).
    static let maxSegments = 24
    /// A merge never makes a segment whose texts pass this many bytes.
    static let maxSegmentBytes = 1 << 30
    /// A segment of at least this many items, more than half of them dead, is rewritten.
    static let rewriteMinimum = 1024

    /// The contiguous run of `views` (oldest first) to merge next, or nil when none is due.
    static func next(_ views: [SegmentView], full: Bool) -> Range<Int>? {
        if let i = views.indices.first(where: { isMostlyDead(views[$0]) }) { return i..<i + 1 }
        // Only the segments after the newest mapped one take part in rules 2 and 3.
        let first = (views.lastIndex { $0.segment.isMapped } ?? -1) + 1
        let sizes = views[first...].map(\.liveCount)
        let tier = newestRunToMerge(sizes).flatMap { fits(views.suffix($0)) ? views.count - $0..<views.count : nil }
        // Once adds pause, a fold that takes the full tier in takes it at once: merging the tier
        // first would copy its items twice.
        if full, let fold = fold(views, from: first), fold.lowerBound <= tier?.lowerBound ?? views.count {
            return fold
        }
        return tier
    }

    /// Rule 3: the segments of `views` from `first` on, or the newest of them whose texts fit in
    /// one segment together; nil when that is fewer than two.
    private static func fold(_ views: [SegmentView], from first: Int) -> Range<Int>? {
        guard views.count - first >= 2 else { return nil }
        var start = views.count - 1
        var bytes = textBytes(views[start])
        while start > first && bytes + textBytes(views[start - 1]) < maxSegmentBytes {
            start -= 1
            bytes += textBytes(views[start])
        }
        return views.count - start >= 2 ? start..<views.count : nil
    }

    /// A merge of ``capped(_:busy:pool:)`` of at least this many live items runs its steps on the
    /// pool: the writer (and the host waiting on it) would otherwise copy a run of batches alone.
    static let parallelCapItems = Segment.parallelDerivationThreshold

    /// The views an add publishes: segments with no live item dropped, and, past
    /// ``maxSegments``, the newest segments merged here (never one whose serial is in `busy`:
    /// the background merge is folding those), on `pool` when the run holds
    /// ``parallelCapItems`` live items or more (the merged segment is the same either way).
    static func capped(_ input: [SegmentView], busy: Set<UInt64>, pool: ThreadPool? = nil) -> [SegmentView] {
        var views = input.filter { $0.liveCount > 0 }
        while views.count > maxSegments {
            let first = (views.lastIndex { busy.contains($0.segment.serial) } ?? -1) + 1
            let candidates = views.count - first
            guard candidates >= 2 else { break }
            let run = min(max(newestRun(views[first...].map(\.liveCount)), 2), candidates)
            let merging = Array(views.suffix(run))
            let live = merging.reduce(0) { $0 + $1.liveCount }
            guard fits(merging[...]),
                let merged = SegmentMerger.merge(merging, pool: live >= parallelCapItems ? pool : nil)
            else { break }
            views.removeLast(run)
            views.append(SegmentView(merged))
        }
        return views
    }

    /// How many of the newest segments to merge, given the live sizes of the segments (oldest
    /// first), or nil when fewer than ``fanIn`` share the newest one's tier or one below.
    static func newestRunToMerge(_ sizes: [Int]) -> Int? {
        let run = newestRun(sizes)
        return run >= fanIn ? run : nil
    }

    /// The number of newest segments at the newest one's tier or below.
    private static func newestRun(_ sizes: some Collection<Int>) -> Int {
        guard let newest = sizes.reversed().first else { return 0 }
        let top = tier(newest)
        return sizes.reversed().prefix { tier($0) <= top }.count
    }

    /// The size tier of a segment of `size` live items: floor(log_fanIn(size)).
    static func tier(_ size: Int) -> Int {
        var tier = 0
        var bound = fanIn
        while size >= bound && bound <= Int.max / fanIn {
            tier += 1
            bound *= fanIn
        }
        return tier
    }

    /// True when a segment is big enough and more than half dead.
    private static func isMostlyDead(_ view: SegmentView) -> Bool {
        view.segment.count >= rewriteMinimum && view.liveCount * 2 < view.segment.count
    }

    /// True when the texts of `views` fit in one segment.
    private static func fits(_ views: ArraySlice<SegmentView>) -> Bool {
        views.reduce(0) { $0 + textBytes($1) } < maxSegmentBytes
    }

    private static func textBytes(_ view: SegmentView) -> Int {
        view.segment.originalPatches.reduce(0) { $0 + $1.bytes.count } + view.segment.folded.reduce(0) { $0 + $1.bytes.count }
    }
}
