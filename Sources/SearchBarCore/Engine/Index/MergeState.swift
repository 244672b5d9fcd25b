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
    /// When the last write was published (monotonic nanoseconds; read by searches without the
    /// lock).
    let lastWrite = Atomic<UInt64>(0)
    /// True while the index may have more than one segment to fold once adds pause: a search
    /// then asks for the background merge (read without the lock).
    let wantsFullMerge = Atomic<Bool>(false)

    /// The monotonic clock in nanoseconds.
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
