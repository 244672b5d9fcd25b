/// The writer's delta: a host that writes a few items at a time (a sync loop, live updates)
/// makes a segment per write, and every keystroke walks each segment apart (its matchers, its
/// vocabulary lookups, its chunk of the search run). The background merge folds them, but it
/// runs at the lowest priority: on a loaded host it barely runs, and a search saw up to
/// ``MergePolicy/maxSegments`` segments. So the writer folds its newest small segments into one
/// delta segment itself, on its own thread, once there are ``deltaRun`` of them: a merge of at
/// most ``deltaItems`` items, cheap beside the write, and the background merge's tiers take the
/// deltas from there. (Not while background merges are paused: tests hold segments apart.)
extension SearchIndex {
    /// The most live items a delta segment holds (a write's segment of more is not folded).
    static let deltaItems = 2048
    /// How many small segments at the tail make the writer fold them.
    static let deltaRun = 4

    /// `views` with its newest small segments folded into one delta segment on the calling
    /// thread when there are ``deltaRun`` or more of them: side by side at the tail, none
    /// mapped or in `busy` (the background merge is folding those), none of more than
    /// ``deltaItems`` items (a large segment whose items died would make the fold walk it all
    /// under the writer lock), ``deltaItems`` live items at most together.
    static func foldingDelta(_ views: [SegmentView], busy: Set<UInt64>) -> [SegmentView] {
        var run = 0
        var items = 0
        for view in views.reversed() {
            guard !view.segment.isMapped, !busy.contains(view.segment.serial), view.segment.count <= deltaItems,
                items + view.liveCount <= deltaItems
            else { break }
            run += 1
            items += view.liveCount
        }
        guard run >= deltaRun, let merged = SegmentMerger.merge(Array(views.suffix(run))) else { return views }
        var result = Array(views.dropLast(run))
        if merged.count > 0 { result.append(SegmentView(merged)) }
        return result
    }
}
