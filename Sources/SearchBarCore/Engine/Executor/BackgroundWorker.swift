import Glibc

/// The one thread of a ``ThreadPool`` that runs its background tasks (an index's merges), at the
/// lowest scheduling priority, so that background work neither holds a pool thread a search's
/// parallel job wants nor takes a processor from a search that runs beside it: with every core
/// busy the kernel runs the process's search threads first and the merge in what time is left
/// (nice values order the threads of one scheduling group: against other processes, the
/// merge gets its process's share, as before).
///
/// The thread starts with the first background task. It lowers only its own priority (Linux
/// schedules each thread apart; the host's threads and the pool's keep theirs). Lowering a
/// priority needs no privilege, but a sandbox may refuse it: the thread then runs at the
/// process's priority and everything still works (``loweredPriority`` says which). It is never
/// raised again: an unprivileged thread may not raise its priority (RLIMIT_NICE is 0 by
/// default), which is why background work has a thread of its own rather than lowering a pool
/// thread for the length of a task.
final class BackgroundWorker: @unchecked Sendable {
    /// A queued task and the object that may take it back.
    private struct Queued {
        let owner: ObjectIdentifier?
        let run: @Sendable () -> Void
    }

    /// The name of the thread (at most 15 bytes: the kernel's limit).
    static let threadName = "searchbar-merge"
    /// The nice value the thread runs at: the lowest (19, as RocksDB's low-priority compaction
    /// threads), so any runnable search thread of the process or of the host goes first.
    static let niceValue: Int32 = 19

    private let condition = Condition()
    private var tasks = FIFOQueue<Queued>()
    private var thread: pthread_t?
    private var stopping = false
    private var lowered: Bool?

    /// Starts the thread; nil when the system refused one (the caller runs background tasks
    /// another way). `lower` lowers the new thread's priority and says whether it could (tests
    /// pass one that fails, as a sandbox may).
    static func start(
        lower: @escaping @Sendable () -> Bool = { lowerCurrentThreadPriority(to: niceValue) }
    ) -> BackgroundWorker? {
        let worker = BackgroundWorker()
        let started = ThreadStart.start(named: threadName) {
            let lowered = lower()
            worker.condition.withLock {
                worker.lowered = lowered
                worker.condition.broadcast()
            }
            worker.loop()
        }
        guard let thread = started else { return nil }
        worker.condition.withLock { worker.thread = thread }
        return worker
    }

    /// The worker's thread (for tests: where a task ran).
    var threadID: pthread_t? { condition.withLock { thread } }

    /// True once the thread runs at ``niceValue`` (or lower), false when the system refused to
    /// lower it; waits until the thread has tried.
    var loweredPriority: Bool {
        condition.withLock {
            while lowered == nil { condition.wait() }
            return lowered!
        }
    }

    /// Lowers the calling thread's nice value to `value` (no change when it is that low already);
    /// false when the system refused. On Linux the nice value belongs to each thread, and
    /// `setpriority(PRIO_PROCESS, 0, …)` sets the calling thread's alone.
    static func lowerCurrentThreadPriority(to value: Int32) -> Bool {
        guard let current = currentThreadPriority() else { return false }
        if current >= value { return true }
        return setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, value) == 0
    }

    /// The calling thread's nice value, or nil when it cannot be read.
    static func currentThreadPriority() -> Int32? {
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        return current == -1 && errno != 0 ? nil : current
    }

    /// The number of queued tasks.
    var pendingCount: Int { condition.withLock { tasks.count } }

    /// Queues `task` after the ones queued before it; false (nothing queued) once ``stop()``
    /// was called: the thread ends as soon as its queue is empty, so a task queued later would
    /// never run.
    func enqueue(_ task: @escaping @Sendable () -> Void, owner: ObjectIdentifier?) -> Bool {
        condition.withLock {
            guard !stopping else { return false }
            tasks.append(Queued(owner: owner, run: task))
            condition.signal()
            return true
        }
    }

    /// Removes the queued tasks of `owner` that have not started, in the order queued.
    func takeQueued(of owner: ObjectIdentifier) -> [@Sendable () -> Void] {
        condition.withLock {
            var taken: [@Sendable () -> Void] = []
            var kept = FIFOQueue<Queued>()
            while let queued = tasks.popFirst() {
                if queued.owner == owner { taken.append(queued.run) } else { kept.append(queued) }
            }
            tasks = kept
            return taken
        }
    }

    private func loop() {
        while true {
            let next = condition.withLock { () -> Queued? in
                while tasks.isEmpty && !stopping { condition.wait() }
                return tasks.popFirst()
            }
            guard let next else { return }
            next.run()
        }
    }

    /// Lets the queued tasks finish, then ends the thread (joined unless called from it). A
    /// second call does nothing.
    func stop() {
        let thread = condition.withLock { () -> pthread_t? in
            guard !stopping else { return nil }
            stopping = true
            condition.broadcast()
            return self.thread
        }
        guard let thread else { return }
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }
}
