import Glibc
import Synchronization

/// The bookkeeping of one index's background merge (see `SearchIndex+Merging`): at most one
/// merge runs per index, and at most one merge task waits in the pool.
final class MergeState: @unchecked Sendable {
    /// Guards every stored property below but the atomics and signals when a merge stops.
    let condition = Condition()
    /// A merge task waits in the pool.
    var queued = false
    /// A merge is working on the segments whose serials are in ``busy``.
    var running = false
    /// The running merge is a host's (``SearchIndex/waitForMerges()``), not the background
    /// task's: a host that waits for the claim lets it finish.
    var hostMerging = false
    /// Hosts waiting in ``SearchIndex/waitForMerges()`` for the claim. The background merge
    /// gives way to them: it runs at the lowest priority, so under load a host waiting for it
    /// would wait many times the merge's work; it is cancelled at its next check instead, stops,
    /// and the host merges on its own thread with the pool.
    var waiters = 0
    /// The serials of the segments the running merge folds.
    var busy: Set<UInt64> = []
    /// Stops the running merge (set by ``SearchIndex/cancelMergesAndWait()`` and by writers that
    /// replace every segment).
    var cancellation = CancellationFlag()
    /// No merge starts any more: the index is being freed.
    var closed = false
    /// No merge task is queued (tests hold the segments apart; ``SearchIndex/waitForMerges()``
    /// still merges).
    var paused = false
    /// No merge task is queued, but writers fold their small segments as usual (unlike
    /// ``paused``): only ``SearchIndex/waitForMerges()`` and the writers' own caps merge. Set
    /// from ``heldByEnvironment`` when the index is made, so a profile of a stream (valgrind,
    /// callgrind) sees every merge on the thread that waits for it, not on a thread of its own
    /// at times the run decides; tests set it with ``SearchIndex/holdBackgroundMerges(_:)``.
    var held = MergeState.heldByEnvironment
    /// True when the environment variable ``holdEnvironmentVariable`` is `1` (read once).
    static let heldByEnvironment: Bool = getenv(holdEnvironmentVariable).map { strcmp($0, "1") == 0 } ?? false
    /// The environment variable that holds every index's background merge, for profiles.
    static let holdEnvironmentVariable = "SEARCHBAR_HOLD_MERGES"
    /// Whether a writer folds its newest small segments into a delta segment
    /// (``SearchIndex/foldingDelta(_:busy:)``); not while merges are ``paused``, and tests that
    /// watch the background merge fold small segments turn it off.
    var foldsWriterDelta = true
    /// When the last write was published (monotonic nanoseconds). Stored under the lock,
    /// before ``wantsFullMerge``; read by searches without the lock.
    let lastWrite = Atomic<UInt64>(0)
    /// True while the index may have more than one segment to fold once adds pause: a search
    /// then asks for the background merge (read without the lock). Stored under the lock only,
    /// so a write's `true` and a finished merge's `false` are ordered with the snapshots each
    /// saw (a write published before it takes the lock is seen by the merge that clears it).
    let wantsFullMerge = Atomic<Bool>(false)
    /// The thread that made the last merged segment (for tests and diagnostics).
    var lastMergeThread: pthread_t?
    /// How many background merges gave way to a waiting host (for tests and diagnostics).
    var yieldedToHost = 0
    /// Called with the claim held before each merge step, with true on the background thread
    /// (tests hold a merge there to order events; nil otherwise).
    var beforeStep: (@Sendable (_ background: Bool) -> Void)?

    /// Ends the running merge's claim and wakes the threads waiting for it (the lock held).
    func releaseClaim() {
        running = false
        hostMerging = false
        busy = []
        condition.broadcast()
    }

    /// The monotonic clock in nanoseconds.
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
