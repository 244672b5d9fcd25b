/// The exact number of matches, when a search asks for it: what a full scan examines.
extension SearchRun {
    /// The number of live items that match: every candidate of every matcher evaluated (with
    /// typos), on the pool, an item matched by several variants counted once. It examines what
    /// a full scan examines, without passing anything over: the cost of an exact total.
    static func count(
        _ matchers: [[any SegmentMatcher]], snapshot: Snapshot, pool: ThreadPool, cancellation: CancellationFlag?
    ) throws(SearchBarError) -> Int {
        // The candidates are read on the calling thread (reading them may gather them, once).
        var tasks: [Task] = []
        var lists: [[[UInt32]?]] = []
        for (s, variants) in matchers.enumerated() {
            var row: [[UInt32]?] = []
            for (v, matcher) in variants.enumerated() {
                switch matcher.candidates {
                case .all:
                    row.append(nil)
                    tasks += chunks(segment: s, variant: v, 0..<snapshot.segments[s].segment.count)
                case .list(let list):
                    row.append(list)
                    tasks += chunks(segment: s, variant: v, 0..<list.count)
                }
            }
            lists.append(row)
        }
        let found = SlotArray<[UInt32]>(count: tasks.count)
        let job = ParallelJob(taskCount: tasks.count, maxParticipants: pool.threadCount, cancellation: cancellation) {
            [tasks, lists] _, t in
            let task = tasks[t]
            let view = snapshot.segments[task.segment]
            let matcher = matchers[task.segment][task.variant]
            let list = lists[task.segment][task.variant]
            var matched: [UInt32] = []
            for k in task.range {
                let i = list.map { Int($0[k]) } ?? k
                if view.isLive(i) && matcher.evaluate(i) != nil { matched.append(UInt32(truncatingIfNeeded: i)) }
            }
            found[t] = matched
        }
        pool.run(job)
        if let cancellation, cancellation.isCancelled { throw SearchBarError(.cancelled, "the search was cancelled") }
        var total = 0
        var united: [Int: Bitset] = [:]
        for (t, task) in tasks.enumerated() {
            let matched = found[t] ?? []
            guard matchers[task.segment].count > 1 else {
                total += matched.count
                continue
            }
            var bits = united[task.segment] ?? Bitset(count: snapshot.segments[task.segment].segment.count)
            for i in matched { bits.insert(Int(i)) }
            united[task.segment] = bits
        }
        for bits in united.values { total += bits.members().count }
        return total
    }
}
