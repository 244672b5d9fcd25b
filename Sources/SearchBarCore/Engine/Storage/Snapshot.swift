/// The items a search sees: a list of immutable segments, each with its tombstones.
/// A snapshot never changes; the index publishes a new one for every batch.
final class Snapshot: Sendable {
    /// Grows with every published batch.
    let version: UInt64
    /// Oldest first.
    let segments: [SegmentView]
    /// Items not removed or replaced.
    let liveCount: Int

    /// A snapshot over `segments`.
    init(version: UInt64, segments: [SegmentView]) {
        self.version = version
        self.segments = segments
        liveCount = segments.reduce(0) { $0 + $1.liveCount }
    }

    /// The empty snapshot.
    static let empty = Snapshot(version: 0, segments: [])

    /// Where the live item `id` is: segment position and local index.
    func locate(_ id: UInt64) -> (segment: Int, local: Int)? {
        for s in segments.indices.reversed() {
            let view = segments[s]
            if let local = view.segment.localIndex(of: id), view.isLive(local) { return (s, local) }
        }
        return nil
    }

    /// The first of `ids` (in their order) that is live in the snapshot, or nil. Only the
    /// segments whose id range meets the ids' range are looked in: a host streaming rows adds
    /// ids above every stored one, and then no segment is walked at all.
    func firstLive(among ids: some Collection<UInt64>) -> UInt64? {
        guard liveCount > 0, let first = ids.first else { return nil }
        var (low, high) = (first, first)
        for id in ids {
            low = min(low, id)
            high = max(high, id)
        }
        let overlapping = segments.filter { view in
            guard view.liveCount > 0, let first = view.segment.ids.first, let last = view.segment.ids.last else {
                return false
            }
            return first <= high && last >= low
        }
        guard !overlapping.isEmpty else { return nil }
        for id in ids {
            for view in overlapping.reversed() {
                if let local = view.segment.localIndex(of: id), view.isLive(local) { return id }
            }
        }
        return nil
    }
}

/// A segment with the items that were removed or replaced since it was built.
struct SegmentView: Sendable {
    /// The segment.
    let segment: Segment
    /// Local indices of dead items (nil when none).
    let deleted: Bitset?
    /// Items of the segment not in ``deleted``.
    let liveCount: Int

    /// A view with no dead items.
    init(_ segment: Segment) {
        self.segment = segment
        deleted = nil
        liveCount = segment.count
    }

    /// A view with the given dead items.
    init(_ segment: Segment, deleted: Bitset?) {
        self.segment = segment
        self.deleted = deleted
        liveCount = segment.count - (deleted?.population ?? 0)
    }

    /// True when item `i` is live.
    @inline(__always) func isLive(_ i: Int) -> Bool {
        guard let deleted else { return true }
        return !deleted.contains(i)
    }

    /// This view with items `locals` marked dead as well.
    func deleting(_ locals: [Int]) -> SegmentView {
        guard !locals.isEmpty else { return self }
        var bits = deleted ?? Bitset(count: segment.count)
        for local in locals { bits.insert(local) }
        return SegmentView(segment, deleted: bits)
    }
}
