import Synchronization

/// A batch of `taskCount` independent tasks (chunks) that several threads run together.
///
/// Participants take task numbers from an atomic counter, so fast threads take more chunks.
/// Each participant gets a distinct worker slot (`0 ..< maxParticipants`) for its private
/// results. The coordinator (the thread that calls ``runAsCoordinator()``) always takes part,
/// so the job finishes even when no helper ever shows up; the cancellation flag is checked
/// before every task.
final class ParallelJob: @unchecked Sendable {
    /// The number of tasks.
    let taskCount: Int
    /// At most this many threads take part (the coordinator included).
    let maxParticipants: Int
    private let body: @Sendable (_ slot: Int, _ task: Int) -> Void
    private let cancellation: CancellationFlag?
    private let nextTask = Atomic<Int>(0)
    private let joined = Atomic<Int>(0)
    private let left = Atomic<Int>(0)
    private let done = Condition()
    private var closedAt = -1

    /// A job of `taskCount` tasks for up to `maxParticipants` threads.
    init(
        taskCount: Int, maxParticipants: Int, cancellation: CancellationFlag?,
        body: @escaping @Sendable (_ slot: Int, _ task: Int) -> Void
    ) {
        self.taskCount = taskCount
        self.maxParticipants = max(1, maxParticipants)
        self.cancellation = cancellation
        self.body = body
    }

    /// Called by a helper thread: joins when a slot is free and runs tasks until none are left.
    func help() {
        let slot = joined.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        guard slot < maxParticipants else { return }
        work(slot)
        done.withLock {
            left.wrappingAdd(1, ordering: .acquiringAndReleasing)
            done.broadcast()
        }
    }

    /// Called by the coordinator: takes slot 0... (whichever is free), runs tasks, then closes
    /// the job to latecomers and waits until every helper that joined has finished.
    func runAsCoordinator() {
        let slot = joined.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue
        if slot < maxParticipants { work(slot) }
        // Close: later joiners see a slot past the limit and leave at once.
        let participants = joined.exchange(Int.max / 2, ordering: .acquiringAndReleasing)
        let helpers = min(participants, maxParticipants) - (slot < maxParticipants ? 1 : 0)
        done.withLock {
            while left.load(ordering: .acquiring) < helpers { done.wait() }
        }
    }

    private func work(_ slot: Int) {
        while true {
            if let cancellation, cancellation.isCancelled { return }
            let task = nextTask.wrappingAdd(1, ordering: .relaxed).oldValue
            guard task < taskCount else { return }
            body(slot, task)
        }
    }
}
