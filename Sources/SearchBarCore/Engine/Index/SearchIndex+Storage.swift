extension SearchIndex {
    /// The bytes the current snapshot's segments hold, per structure (ids, texts, forward index,
    /// postings, ...), summed over segments in the order of the first segment. For diagnostics:
    /// the figures are allocated capacities, not the process's resident memory.
    public func storageBreakdown() -> [(name: String, bytes: Int)] {
        var totals: [(name: String, bytes: Int)] = []
        for view in snapshot.segments {
            for (k, part) in view.segment.storageBreakdown.enumerated() {
                if k < totals.count { totals[k].bytes += part.bytes } else { totals.append(part) }
            }
        }
        return totals
    }
}
