/// When segments are merged: the newest segments are merged while the older neighbour is not
/// much bigger (sizes stay geometric, so searches see few segments and each item is copied
/// O(log n) times), and a segment that is mostly dead is rewritten.
enum Compaction {
    /// More segments than this force merging the newest two.
    static let maxSegments = 12
    /// A merge never makes a segment whose texts pass this many bytes.
    static let maxSegmentBytes = 1 << 30

    /// The views after any merges the policy asks for.
    static func compact(_ input: [SegmentView]) -> [SegmentView] {
        var views = input.filter { $0.liveCount > 0 }
        // Rewrite segments that are mostly dead.
        for i in views.indices where views[i].segment.count >= 1024 && views[i].liveCount * 2 < views[i].segment.count {
            views[i] = SegmentView(SegmentMerger.merge([views[i]]))
        }
        while views.count >= 2 {
            let older = views[views.count - 2]
            let newer = views[views.count - 1]
            let tooMany = views.count > maxSegments
            guard older.liveCount <= 2 * newer.liveCount || tooMany else { break }
            guard textBytes(older) + textBytes(newer) < maxSegmentBytes else { break }
            let merged = SegmentMerger.merge([older, newer])
            views.removeLast(2)
            views.append(SegmentView(merged))
        }
        return views
    }

    private static func textBytes(_ view: SegmentView) -> Int {
        view.segment.originalPatches.reduce(0) { $0 + $1.bytes.count } + view.segment.folded.reduce(0) { $0 + $1.bytes.count }
    }
}
