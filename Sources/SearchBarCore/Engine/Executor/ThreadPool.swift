import Glibc
import Synchronization

/// A fixed pool of pthreads that runs one-off tasks (asynchronous searches) and helps with
/// ``ParallelJob``s. It never starts more threads than it was created with.
public final class ThreadPool: @unchecked Sendable {
    /// The number of threads in the pool.
    public let threadCount: Int
    private let state: PoolState

    /// The number of online processors (at least 1).
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Starts `threads` threads (`0` or less means one per processor).
    public init(threads: Int = 0) {
        let count = threads > 0 ? min(threads, 256) : Self.processorCount
        threadCount = count
        state = PoolState()
        for _ in 0..<count { state.spawn() }
    }

    deinit { state.stop() }

    /// Runs `job` with the calling thread as coordinator and up to `threadCount - 1` pool threads
    /// helping; returns when every task has run or the job was cancelled.
    func run(_ job: ParallelJob) {
        let helpers = min(job.maxParticipants - 1, threadCount - (state.isPoolThread ? 1 : 0), job.taskCount - 1)
        if helpers > 0 { state.offerHelp(job, times: helpers) }
        job.runAsCoordinator()
    }

    /// Runs `task` once on a pool thread.
    func submit(_ task: @escaping @Sendable () -> Void) {
        state.enqueue(task)
    }

    /// The number of tasks and help offers waiting for a thread (for tests and diagnostics).
    var pendingCount: Int { state.pendingCount }
}

/// The queue and threads behind a ``ThreadPool``; the threads keep it alive until it stops.
private final class PoolState: @unchecked Sendable {
    private enum Work {
        case task(@Sendable () -> Void)
        case help(ParallelJob)
    }

    private let condition = Condition()
    private var helpQueue: [ParallelJob] = []
    private var taskQueue: [@Sendable () -> Void] = []
    private var taskHead = 0
    private var stopping = false
    private var threads: [pthread_t] = []
    private static let poolMarker = PoolMarker()

    var pendingCount: Int { condition.withLock { helpQueue.count + taskQueue.count - taskHead } }

    var isPoolThread: Bool { pthread_getspecific(Self.poolMarker.key) != nil }

    func spawn() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let state = Unmanaged<PoolState>.fromOpaque(raw).takeRetainedValue()
            pthread_setspecific(PoolState.poolMarker.key, raw)
            state.loop()
            return nil
        }, context)
        if created == 0 {
            condition.withLock { threads.append(thread) }
        } else {
            Unmanaged<PoolState>.fromOpaque(context).release()
        }
    }

    func offerHelp(_ job: ParallelJob, times: Int) {
        condition.withLock {
            for _ in 0..<times { helpQueue.append(job) }
            if times == 1 { condition.signal() } else { condition.broadcast() }
        }
    }

    func enqueue(_ task: @escaping @Sendable () -> Void) {
        condition.withLock {
            taskQueue.append(task)
            condition.signal()
        }
    }

    private func next() -> Work? {
        condition.withLock {
            while true {
                if let job = helpQueue.popLast() { return .help(job) }
                if taskHead < taskQueue.count {
                    let task = taskQueue[taskHead]
                    taskHead += 1
                    if taskHead == taskQueue.count {
                        taskQueue.removeAll(keepingCapacity: true)
                        taskHead = 0
                    }
                    return .task(task)
                }
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

    /// Lets the queued work finish, then ends the threads (joined unless called from one of them).
    func stop() {
        let toJoin: [pthread_t] = condition.withLock {
            stopping = true
            condition.broadcast()
            return threads
        }
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
