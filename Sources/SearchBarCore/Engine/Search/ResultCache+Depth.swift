extension ResultCache {
    /// Hits a short search selects beyond its limit, so that a few of its hits can be removed
    /// or replaced before its cached selection runs short (see ``Depth``).
    static let depthSlack = 16

    /// A short search's selection kept deeper than its page, so that after writes it can be
    /// answered again by searching only the new segments and these items (``Patch``).
    ///
    /// The items are closed under rank: every match of the snapshot whose (score, rank key)
    /// ranks at or before ``cutScore``/``cutRankKey`` is among them (the search selected the
    /// best `limit + depthSlack` and the rest of its last run of ties). Every other match of the
    /// segments ``covered`` ranks after all of them; the segments are immutable, so this stays
    /// true on later snapshots for whatever of them is still live.
    struct Depth: Sendable {
        /// The items selected, by id.
        var ids: [UInt64]
        /// The worst score held.
        var cutScore: UInt64
        /// The worst rank key held at ``cutScore``.
        var cutRankKey: UInt64
        /// True when ``ids`` hold every match (the cut means nothing then).
        var isComplete: Bool
        /// The serials of the segments of the snapshot searched.
        var covered: Set<UInt64>

        /// The depth of a selection: `ranked` (best first; the run's best `selected` items and
        /// the rest of its last tie) chosen with room for `depth` on `snapshot`, made from
        /// `patch` when the search was patched (then only items at or before the old cut are
        /// known to be closed).
        init(ranked: [RankedItem], selected: Int, depth: Int, snapshot: Snapshot, patch: Patch?) {
            let full = selected >= depth
            let worst = full ? ranked[selected - 1] : nil
            var complete = !full
            var cut = worst.map { ($0.score, $0.rankKey) } ?? (0, 0)
            if let old = patch?.depth, !old.isComplete {
                complete = false
                // Matches of the covered segments past the old cut were not searched: the new
                // cut is the better of the two.
                if worst == nil || Self.ranks((old.cutScore, old.cutRankKey), atOrBefore: cut) {
                    cut = (old.cutScore, old.cutRankKey)
                }
            }
            ids = ranked.compactMap { item in
                complete || Self.ranks((item.score, item.rankKey), atOrBefore: cut) ? item.id : nil
            }
            cutScore = cut.0
            cutRankKey = cut.1
            isComplete = complete
            covered = Set(snapshot.segments.map(\.segment.serial))
        }

        /// True when (score, rank key) `a` ranks at or before `b` (higher score, then lower key).
        static func ranks(_ a: (UInt64, UInt64), atOrBefore b: (UInt64, UInt64)) -> Bool {
            a.0 != b.0 ? a.0 > b.0 : a.1 <= b.1
        }
    }

    /// A short search answered on a later snapshot from a ``Depth`` kept on an earlier one:
    /// the segments that snapshot covered are searched only at the kept items still live in
    /// them, every other segment (added or merged since) in full. The best `limit` of those
    /// are the best `limit` of a fresh search whenever `limit` kept items are still live (or
    /// the kept items were every match), because every other match of the covered segments
    /// ranks after all of them.
    struct Patch {
        /// The depth patched.
        let depth: Depth
        /// Per segment serial of the new snapshot, the local indices to search (ascending);
        /// a segment without an entry is searched in full.
        let restrict: [UInt64: [UInt32]]

        /// The patch of `depth` on `snapshot`, or nil when too few of its items are still
        /// live for a page of `limit`, or the search must count every match (`exactTotal`) and
        /// the kept items were not all of them.
        init?(_ depth: Depth, on snapshot: Snapshot, limit: Int, exactTotal: Bool) {
            guard depth.isComplete || !exactTotal else { return nil }
            var restrict: [UInt64: [UInt32]] = [:]
            for view in snapshot.segments where depth.covered.contains(view.segment.serial) {
                restrict[view.segment.serial] = []
            }
            var live = 0
            for id in depth.ids {
                guard let (s, local) = snapshot.locate(id) else { continue }
                let serial = snapshot.segments[s].segment.serial
                // A live copy in a segment added since is found there (the kept one was replaced).
                guard restrict[serial] != nil else { continue }
                restrict[serial]!.append(UInt32(truncatingIfNeeded: local))
                live += 1
            }
            guard depth.isComplete || live >= limit else { return nil }
            for serial in restrict.keys { restrict[serial]!.sort() }
            self.depth = depth
            self.restrict = restrict
        }
    }
}
