import Glibc
import Synchronization

/// A fixed pool of pthreads that runs one-off tasks (asynchronous searches) and helps with
/// ``ParallelJob``s. It never starts more threads than it was created with.
///
/// A process runs one pool for all its indexes (``ProcessPool``); an index works on a
/// ``init(sharing:limit:)`` view of it that uses at most some of its threads.
///
/// Tasks are queued per ``TaskLane`` and the pool serves the lanes that have work in turn, one
/// task each, so a submitter that floods the pool (a host firing searches in a loop) delays a
/// search bar's query by one task per busy lane, not by its whole backlog. Offers to help a
/// running job alternate with tasks when both wait, so a stream of parallel jobs cannot hold
/// queued tasks back either. Background tasks (merges) run apart, on a low-priority thread of
/// their own (``BackgroundWorker``), so they never hold a thread a search waits for.
public final class ThreadPool: @unchecked Sendable {
    /// The number of threads in the pool: those asked for that the system let it start (0 when
    /// it could start none: then only ``run(_:)`` works, on the caller's thread alone).
    public let threadCount: Int
    private let state: PoolState
    /// False for a view: the threads belong to the pool it shares.
    private let ownsThreads: Bool

    /// The name of every pool thread (at most 15 bytes: the kernel's limit).
    public static let threadName = "searchbar-pool"

    /// The number of online processors (at least 1).
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Starts `threads` threads (`0` or less means one per processor).
    public convenience init(threads: Int = 0) {
        self.init(threads: threads, startingWorker: { BackgroundWorker.start() })
    }

    /// Starts `threads` threads; `startingWorker` starts the background tasks' thread with the
    /// first of them (tests pass one that fails, or one whose priority cannot be lowered, as a
    /// sandbox may refuse either).
    init(threads: Int, startingWorker: @escaping @Sendable () -> BackgroundWorker?) {
        let count = threads > 0 ? min(threads, 256) : Self.processorCount
        state = PoolState(startWorker: startingWorker)
        var started = 0
        for _ in 0..<count where state.spawn() { started += 1 }
        threadCount = started
        ownsThreads = true
    }

    /// A view of `base`'s threads: its parallel jobs use at most `limit` of them (`0` or less:
    /// all), and tasks submitted without a lane queue on a lane of the view's own, so one
    /// view's flood of tasks delays another view's by one task per turn.
    public init(sharing base: ThreadPool, limit: Int) {
        state = base.state
        threadCount = limit > 0 ? min(limit, base.threadCount) : base.threadCount
        ownsThreads = false
    }

    deinit { if ownsThreads { state.stop() } }

    /// Runs `job` with the calling thread as coordinator and up to `threadCount - 1` pool threads
    /// helping; returns when every task has run or the job was cancelled.
    func run(_ job: ParallelJob) {
        jobsRun.add(1, ordering: .relaxed)
        let helpers = min(job.maxParticipants - 1, threadCount - (state.isPoolThread ? 1 : 0), job.taskCount - 1)
        if helpers > 0 { state.offerHelp(job, times: helpers) }
        job.runAsCoordinator()
    }

    /// How many parallel jobs ran through this pool (not its other views): a test tells
    /// whether a caller given the pool used it.
    let jobsRun = Atomic<Int>(0)

    /// The lane of submitters that do not name one.
    let sharedLane = TaskLane()

    /// Runs `task` once on a pool thread, after the tasks submitted before it on `lane`.
    /// `owner`, when given, lets ``takeQueued(of:)`` take the task back before it starts.
    func submit(on lane: TaskLane? = nil, owner: AnyObject? = nil, _ task: @escaping @Sendable () -> Void) {
        state.enqueue(task, on: lane ?? sharedLane, owner: owner.map(ObjectIdentifier.init))
    }

    /// Runs `task` once in the background, after the background tasks submitted before it, on
    /// the pool's ``BackgroundWorker`` thread (started by the first background task, at the
    /// lowest priority): it never occupies a pool thread, so searches keep every pool thread,
    /// and the kernel gives the processors to a search's threads first. When that thread could
    /// not be started, pool threads run the task when they have nothing else to do (no lane has
    /// a queued task and no parallel job waits for help). `owner`, when given, lets
    /// ``takeQueued(of:)`` take it back. Returns false, and queues nothing, once the pool stopped
    /// (no thread would run the task: the caller runs it or drops it and says so).
    @discardableResult
    func submitInBackground(owner: AnyObject? = nil, _ task: @escaping @Sendable () -> Void) -> Bool {
        state.enqueueInBackground(task, owner: owner.map(ObjectIdentifier.init))
    }

    /// Removes the queued tasks `owner` submitted that no thread has started, and returns them
    /// in the order they were submitted (the caller runs them: a thread of the pool waiting for
    /// them would otherwise wait for itself when every thread waits).
    func takeQueued(of owner: AnyObject) -> [@Sendable () -> Void] {
        state.takeQueued(of: ObjectIdentifier(owner))
    }

    /// Names the calling thread as hosts see it in top, gdb and /proc/<pid>/task/*/comm
    /// (pthread_setname_np is not visible to Swift; the kernel's file is the same thing).
    /// Best effort: a system without /proc keeps the default name.
    static func nameCurrentThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// The number of tasks and help offers waiting for a thread (for tests and diagnostics).
    var pendingCount: Int { state.pendingCount }

    /// Whether background tasks run on a ``BackgroundWorker`` whose priority was lowered: nil
    /// before the first background task or when its thread could not start (tests).
    var backgroundPriorityLowered: Bool? { state.worker?.loweredPriority }

    /// The thread of the background tasks: nil before the first one or when it could not start
    /// (tests: where a merge ran).
    var backgroundThread: pthread_t? { state.worker?.threadID }

    /// Lets the queued work finish and ends the threads, as releasing the pool does (tests: a
    /// view that outlives its pool). A view does not own the threads: nothing happens.
    func stop() { if ownsThreads { state.stop() } }
}

/// The queue and threads behind a ``ThreadPool``; the threads keep it alive until it stops.
private final class PoolState: @unchecked Sendable {
    private enum Work {
        case task(@Sendable () -> Void)
        case help(ParallelJob)
    }

    /// A queued task and the object that may take it back.
    private struct Queued {
        let owner: ObjectIdentifier?
        let run: @Sendable () -> Void
    }

    private let condition = Condition()
    private var helpQueue: [ParallelJob] = []
    /// The queued tasks of each lane that has some.
    private var laneTasks: [ObjectIdentifier: FIFOQueue<Queued>] = [:]
    /// The lanes with queued tasks, in the order they are served.
    private var turns = FIFOQueue<ObjectIdentifier>()
    /// Background tasks when no ``BackgroundWorker`` could start: they run on pool threads only
    /// when no lane has a task and no job waits for help.
    private var backgroundTasks = FIFOQueue<Queued>()
    /// The thread of the background tasks, once the first one came (nil if it could not start).
    private var backgroundWorker: BackgroundWorker?
    /// True once starting ``backgroundWorker`` was tried.
    private var triedBackgroundWorker = false
    /// Whether a help offer goes before the next task when both wait.
    private var helpsNext = true
    private var stopping = false
    private var threads: [pthread_t] = []
    /// Threads that have started and named themselves.
    private var running = 0
    private static let poolMarker = PoolMarker()
    /// Starts ``backgroundWorker`` (nil: the system refused a thread).
    private let startWorker: @Sendable () -> BackgroundWorker?

    init(startWorker: @escaping @Sendable () -> BackgroundWorker?) { self.startWorker = startWorker }

    var pendingCount: Int {
        let background = worker?.pendingCount ?? 0
        return background
            + condition.withLock { helpQueue.count + laneTasks.values.reduce(0) { $0 + $1.count } + backgroundTasks.count }
    }

    /// The background tasks' thread, once started.
    var worker: BackgroundWorker? { condition.withLock { backgroundWorker } }

    var isPoolThread: Bool { pthread_getspecific(Self.poolMarker.key) != nil }

    /// Starts one more thread and returns once it runs under its name; false when the system
    /// refused one.
    func spawn() -> Bool {
        let started = ThreadStart.start(named: ThreadPool.threadName) { [self] in
            pthread_setspecific(PoolState.poolMarker.key, Unmanaged.passUnretained(self).toOpaque())
            condition.withLock {
                running += 1
                condition.broadcast()
            }
            loop()
        }
        guard let thread = started else { return false }
        condition.withLock {
            threads.append(thread)
            while running < threads.count { condition.wait() }
        }
        return true
    }

    func offerHelp(_ job: ParallelJob, times: Int) {
        condition.withLock {
            for _ in 0..<times { helpQueue.append(job) }
            if times == 1 { condition.signal() } else { condition.broadcast() }
        }
    }

    func enqueue(_ task: @escaping @Sendable () -> Void, on lane: TaskLane, owner: ObjectIdentifier?) {
        let key = ObjectIdentifier(lane)
        condition.withLock {
            if laneTasks[key] == nil { turns.append(key) }
            laneTasks[key, default: FIFOQueue()].append(Queued(owner: owner, run: task))
            condition.signal()
        }
    }

    /// Queues a background task; false once the pool stopped (its threads are gone or leaving:
    /// the task would never run).
    func enqueueInBackground(_ task: @escaping @Sendable () -> Void, owner: ObjectIdentifier?) -> Bool {
        let worker = condition.withLock { () -> BackgroundWorker?? in
            guard !stopping else { return .none }
            if !triedBackgroundWorker {
                triedBackgroundWorker = true
                backgroundWorker = startWorker()
            }
            guard let backgroundWorker else {
                backgroundTasks.append(Queued(owner: owner, run: task))
                condition.signal()
                return .some(nil)
            }
            return .some(backgroundWorker)
        }
        switch worker {
        case .none: return false
        case .some(nil): return true
        case .some(let worker?): return worker.enqueue(task, owner: owner)
        }
    }

    func takeQueued(of owner: ObjectIdentifier) -> [@Sendable () -> Void] {
        let fromWorker = worker?.takeQueued(of: owner) ?? []
        return fromWorker + condition.withLock {
            var taken: [@Sendable () -> Void] = []
            var keptBackground = FIFOQueue<Queued>()
            while let queued = backgroundTasks.popFirst() {
                if queued.owner == owner { taken.append(queued.run) } else { keptBackground.append(queued) }
            }
            backgroundTasks = keptBackground
            for key in Array(laneTasks.keys) {
                var kept = FIFOQueue<Queued>()
                while let queued = laneTasks[key]!.popFirst() {
                    if queued.owner == owner { taken.append(queued.run) } else { kept.append(queued) }
                }
                // An emptied lane keeps its turn; next() skips it.
                laneTasks[key] = kept
            }
            return taken
        }
    }

    /// The next work: a help offer and a task in turn when both wait; tasks one per lane in turn;
    /// a background task only when neither waits.
    private func next() -> Work? {
        condition.withLock {
            while true {
                if !helpQueue.isEmpty && (helpsNext || turns.isEmpty) {
                    helpsNext = false
                    return .help(helpQueue.removeLast())
                }
                if let key = turns.popFirst() {
                    guard let task = laneTasks[key]?.popFirst() else {
                        laneTasks[key] = nil  // emptied by takeQueued(of:)
                        continue
                    }
                    helpsNext = true
                    if laneTasks[key]!.isEmpty { laneTasks[key] = nil } else { turns.append(key) }
                    return .task(task.run)
                }
                if let task = backgroundTasks.popFirst() { return .task(task.run) }
                if stopping { return nil }
                condition.wait()
            }
        }
    }

    private func loop() {
        while let work = next() {
            switch work {
            case .task(let task): task()
            case .help(let job): job.help()
            }
        }
    }

    /// Lets the queued work finish, then ends the threads (joined unless called from one of
    /// them). A second call does nothing.
    func stop() {
        let (toJoin, worker): ([pthread_t], BackgroundWorker?) = condition.withLock {
            guard !stopping else { return ([], nil) }
            stopping = true
            condition.broadcast()
            return (threads, backgroundWorker)
        }
        worker?.stop()
        let me = pthread_self()
        for thread in toJoin {
            if pthread_equal(thread, me) != 0 {
                pthread_detach(thread)
            } else {
                pthread_join(thread, nil)
            }
        }
    }
}

/// The thread-specific key that marks pool threads.
private final class PoolMarker: @unchecked Sendable {
    let key: pthread_key_t
    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }
}
