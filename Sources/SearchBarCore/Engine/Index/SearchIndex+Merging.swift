import Glibc

/// The background merge. Adds append a small segment each; a merge task on the process pool's
/// background thread (``ThreadPool/submitInBackground(owner:_:)``: a thread of its own at the
/// lowest priority, so a merge neither holds a pool thread a search waits for nor takes a
/// processor a search's threads want) folds segments as ``MergePolicy`` asks, one merge at a
/// time per index, and swaps its result into a new snapshot under the writer lock. A search
/// holds the snapshot it started on, so a merge never changes what a running search sees; and
/// since a merged segment holds the same live items, a search after the swap finds the same
/// hits in the same order (the order is total: score, rank key, collation, id).
extension SearchIndex {
    /// How long adds must have paused before the background merge folds every segment into
    /// one (while a host streams batches, merges follow ``MergePolicy``'s tiers only).
    static let quietNanoseconds: UInt64 = 150_000_000

    /// The number of segments of the current snapshot.
    var segmentCount: Int { snapshot.segments.count }

    /// Folds the index into one segment now, on the calling thread; returns when no merge runs
    /// and none is due. A background merge running at the time gives way (it is cancelled at
    /// its next check and the caller merges with the pool: waiting for the lowest-priority
    /// thread on a loaded host would take many times the merge's work); a merge another caller
    /// of this method runs is waited for. Hosts call it after a bulk load, before a save, or to
    /// measure; searches never need it.
    /// Thread safety: any thread, concurrently with searches and writers (segments written
    /// meanwhile may remain).
    public func waitForMerges() {
        guard forkGeneration == ForkWatch.generation else { return }
        let claimed = merges.condition.withLock { () -> Bool in
            merges.waiters += 1
            defer { merges.waiters -= 1 }
            while merges.running && !merges.closed {
                if !merges.hostMerging { merges.cancellation.cancel() }
                merges.condition.wait()
            }
            guard !merges.closed else { return false }
            merges.running = true
            merges.hostMerging = true
            return true
        }
        guard claimed else { return }
        // The caller waits: the merged segment's title sort may use the whole pool.
        mergeWhileDue(full: { true }, pool: pool)
    }

    /// Stops the background merge for good: a running merge is cancelled and waited for, a
    /// queued one dropped. Later writes merge only when a search would see too many segments.
    /// ``waitForMerges()`` returns at once afterwards.
    /// Thread safety: any thread.
    public func cancelMergesAndWait() {
        guard forkGeneration == ForkWatch.generation else { return }
        merges.condition.withLock {
            merges.closed = true
            merges.cancellation.cancel()
        }
        _ = pool.takeQueued(of: merges)
        merges.condition.withLock {
            while merges.running { merges.condition.wait() }
        }
    }

    /// Turns the background merge off or on again (for tests: ``waitForMerges()`` still merges).
    func pauseBackgroundMerges(_ paused: Bool) {
        merges.condition.withLock { merges.paused = paused }
    }

    /// Holds the background merge or lets it go again (``MergeState/held``): writes still fold
    /// their small segments (``foldingDelta(_:busy:)``) and cap the segment count, and
    /// ``waitForMerges()`` merges.
    func holdBackgroundMerges(_ held: Bool) {
        merges.condition.withLock { merges.held = held }
    }

    /// Waits until no merge task is queued or running (for tests: the merges a write asked for
    /// are done, without the full merge ``waitForMerges()`` forces).
    func waitUntilMergesIdle() {
        merges.condition.withLock {
            while (merges.queued || merges.running) && !merges.closed { merges.condition.wait() }
        }
    }

    /// Records a write and queues the merge task (a writer calls it after publishing).
    /// Nothing is queued when the policy would merge nothing even once adds pause (one segment,
    /// or mapped segments and one more): no task per write of a small index. No merge would then
    /// find the adds paused either, so the word break memos the write's build kept go now.
    func noteWrite() {
        guard MergePolicy.next(snapshot.segments, full: true) != nil else {
            forgetStreamMemos()
            return
        }
        scheduleMerge(writtenAt: MergeState.now())
    }

    /// Queues the merge task when a search finds the index not merged into one segment yet, or
    /// still keeping its stream's word break memos, and adds have paused (cheap when there is
    /// nothing to do). It takes no lock while writes go on: the merge thread runs at the lowest
    /// priority and may be preempted holding the merge state's lock, which a search must then
    /// never wait for.
    func mergeIfQuiet() {
        // Acquiring pairs with the releasing store in scheduleMerge(writtenAt:): a search that
        // sees the flag a write set also sees that write's time (relaxed, a weakly ordered
        // processor may show the flag with an older time, or the initial 0, and the index
        // would look quiet while adds stream: an early full merge). The memos' flag is set
        // before the write that kept them notes its time: seen early, it costs a task that
        // finds the adds going on and leaves the memos.
        guard merges.wantsFullMerge.load(ordering: .acquiring) || keptBreakMemos.load(ordering: .relaxed) else {
            return
        }
        let quiet = MergeState.now() &- merges.lastWrite.load(ordering: .relaxed) >= Self.quietNanoseconds
        if quiet { scheduleMerge() }
    }

    /// Cancels the running merge (its inputs are about to disappear).
    func cancelRunningMerge() {
        merges.condition.withLock { merges.cancellation.cancel() }
    }

    /// Queues the merge task unless one is queued or running (a running merge plans again
    /// after each merge, so it sees the newest segments), or the index is closing. A writer
    /// passes `writtenAt`, the time it published.
    private func scheduleMerge(writtenAt: UInt64? = nil) {
        guard forkGeneration == ForkWatch.generation else { return }
        let submit = merges.condition.withLock { () -> Bool in
            if let writtenAt {
                // Under the lock, where a finished merge clears the flag: this write's `true`
                // comes after any merge's `false` that did not see its segment. The time is
                // stored first and the flag releasing it (see mergeIfQuiet).
                merges.lastWrite.store(writtenAt, ordering: .relaxed)
                merges.wantsFullMerge.store(true, ordering: .releasing)
            }
            guard !merges.closed && !merges.paused && !merges.held && !merges.queued && !merges.running else {
                return false
            }
            merges.queued = true
            return true
        }
        guard submit else { return }
        let accepted = pool.submitInBackground(owner: merges) { [weak self] in self?.runMergeTask() }
        if !accepted {
            // The pool stopped (a view outliving its pool): no thread would run the task. Drop
            // the claim so the index is not left waiting for it; waitForMerges() still merges.
            merges.condition.withLock {
                merges.queued = false
                merges.condition.broadcast()
            }
        }
    }

    /// The merge task: merges while the policy finds a run (every segment once adds paused).
    /// A host waiting in waitForMerges() merges instead.
    private func runMergeTask() {
        let claimed = merges.condition.withLock { () -> Bool in
            merges.queued = false
            merges.condition.broadcast()
            guard !merges.closed && !merges.running && merges.waiters == 0 else { return false }
            merges.running = true
            merges.hostMerging = false
            return true
        }
        guard claimed else { return }
        // The times were stored before the flag that released them, or under this lock.
        mergeWhileDue { [merges] in MergeState.now() &- merges.lastWrite.load(ordering: .relaxed) >= Self.quietNanoseconds }
    }

    /// With ``MergeState/running`` claimed: merges the runs the policy names until none is due,
    /// then releases the claim. `full` (asked under the state's lock) says whether every
    /// segment is folded into one now; `pool` is for a caller that waits (the background task
    /// merges on its one thread, leaving the others to searches).
    private func mergeWhileDue(full: () -> Bool, pool: ThreadPool? = nil) {
        var merged = 0
        let background = pool == nil
        var memosForgotten = false
        planning: while true {
            switch nextMerge(full: full, background: background, memosForgotten: memosForgotten) {
            case .merge(let inputs, let flag):
                merges.condition.withLock { merges.beforeStep }?(background)
                if let segment = SegmentMerger.merge(inputs, cancellation: flag, pool: pool) {
                    swapIn(segment, replacing: inputs)
                    merged += segment.count
                    merges.condition.withLock { merges.lastMergeThread = pthread_self() }
                }
                // A write merged here may have kept memos again: they go too once nothing is due.
                memosForgotten = false
            case .forgetMemos:
                // Adds have paused (a host's merge, or the background one in the quiet window):
                // the stream's word break memos go, and with them the pages they held; freed
                // outside the lock (a writer takes it), and before the claim goes, so "idle"
                // means done. Then plan again: a write that came meanwhile found the claim held
                // and left its merge to this loop.
                forgetStreamMemos()
                memosForgotten = true
            case .done:
                break planning
            }
        }
        // The merged inputs are freed now (unless a search still holds them).
        trimAfter(built: merged, onPool: background)
    }

    /// What ``mergeWhileDue(full:pool:)`` does next.
    private enum MergeStep {
        /// Merge these views, stopping when the flag is cancelled (their serials are busy).
        case merge([SegmentView], CancellationFlag)
        /// Nothing is due and adds have paused: empty the stream's word break memos, then
        /// release the claim (still held).
        case forgetMemos
        /// Nothing is due; the claim is released.
        case done
    }

    /// The next run to merge and its cancellation flag, with its serials marked busy; when
    /// none is due, the index is closing, or (on the `background` thread) a host waits to merge:
    /// ``MergeStep/done`` with the claim released and waiters woken, or, when adds have paused
    /// (`full`), ``MergeStep/forgetMemos`` with the claim still held (not when `memosForgotten`,
    /// the memos emptied since the last merge: writes that keep memos again cannot hold a host's
    /// merge in a loop without a merge between them).
    private func nextMerge(full: () -> Bool, background: Bool, memosForgotten: Bool) -> MergeStep {
        merges.condition.withLock {
            let views = snapshot.segments
            let yielding = background && merges.waiters > 0
            if yielding { merges.yieldedToHost += 1 }
            let folding = full()
            let range = merges.closed || yielding ? nil : MergePolicy.next(views, full: folding)
            guard let range else {
                // Nothing left for a full merge either: searches stop asking until a write.
                if !yielding && (folding || views.count <= 1) { merges.wantsFullMerge.store(false, ordering: .relaxed) }
                // A merge that yields leaves the memos to the host's, which finds adds paused too.
                if folding && !yielding && !memosForgotten && keptBreakMemos.load(ordering: .relaxed) {
                    merges.busy = []
                    return .forgetMemos
                }
                merges.releaseClaim()
                return .done
            }
            let inputs = Array(views[range])
            merges.busy = Set(inputs.map(\.segment.serial))
            if merges.cancellation.isCancelled { merges.cancellation = CancellationFlag() }
            return .merge(inputs, merges.cancellation)
        }
    }

    /// Puts `merged` in place of `inputs` when they are all still in the current snapshot, side
    /// by side (a writer that replaced every segment meanwhile makes the merge moot). Items
    /// removed or replaced while the merge ran are marked dead in `merged`. The snapshot keeps
    /// its version: the items are the same, so cached results stay valid.
    ///
    /// The items that died meanwhile are found before the writer lock is taken (a walk of the
    /// inputs' tombstones, on the merge's thread: holding the lock for it at the lowest priority
    /// would stall every writer); under the lock only the removes since that walk are added,
    /// none in the usual case.
    func swapIn(_ merged: Segment, replacing inputs: [SegmentView]) {
        // Outside the lock: the merged view as of a recent snapshot.
        let seen = snapshot.segments
        guard let seenStart = Self.position(of: inputs, in: seen) else { return }
        let seenViews = Array(seen[seenStart..<seenStart + inputs.count])
        let view = SegmentView(merged).deleting(Self.newlyDead(from: inputs, to: seenViews, in: merged))
        withWriterLock {
            let base = snapshot
            let views = base.segments
            guard let start = Self.position(of: inputs, in: views) else { return }
            let now = Array(views[start..<start + inputs.count])
            // Tombstones only grow: equal live counts are equal views.
            let later = Self.newlyDead(from: seenViews, to: now, in: merged)
            let current = view.deleting(later)
            var result = views
            result.replaceSubrange(start..<start + inputs.count, with: current.liveCount > 0 ? [current] : [])
            publishMerged(Snapshot(version: base.version, segments: result))
        }
    }

    /// Where `inputs` start in `views`, side by side and in order (the same segments); nil when
    /// they are not all there.
    private static func position(of inputs: [SegmentView], in views: [SegmentView]) -> Int? {
        guard let first = inputs.first, let start = views.firstIndex(where: { $0.segment === first.segment }),
            start + inputs.count <= views.count,
            zip(views[start...], inputs).allSatisfy({ $0.segment === $1.segment })
        else { return nil }
        return start
    }

    /// The local indices in `merged` of the items live in `old` but dead in `new` (views of the
    /// same segments, `new` the later): the tombstone words that differ, walked where the live
    /// counts differ (tombstones only grow, so equal counts are equal views).
    static func newlyDead(from old: [SegmentView], to new: [SegmentView], in merged: Segment) -> [Int] {
        var dead: [Int] = []
        for (was, now) in zip(old, new) where was.liveCount != now.liveCount {
            guard let after = now.deleted else { continue }
            let before = was.deleted?.words ?? []
            for (w, word) in after.words.enumerated() {
                var fresh = word & ~(w < before.count ? before[w] : 0)
                while fresh != 0 {
                    let local = w << 6 | fresh.trailingZeroBitCount
                    fresh &= fresh - 1
                    if let index = merged.localIndex(of: now.segment.ids[local]) { dead.append(index) }
                }
            }
        }
        return dead
    }
}
