import Glibc
import Synchronization

/// The one ``ThreadPool`` of the process, shared by every index: started when the first index
/// needs it, with the size set once by ``configure(threads:)`` or, failing that, by the
/// `SEARCHBAR_THREADS` environment variable, or one thread per processor.
///
/// A child process forked after the pool started has none of its threads: the first index made
/// there starts a new pool (the parent's is left alone; the child's inherited indexes refuse
/// every call, see ``ForkWatch``).
public enum ProcessPool {
    /// The environment variable that sizes the pool when the host did not.
    public static let environmentVariable = "SEARCHBAR_THREADS"
    /// The largest pool.
    public static let maximumThreads = 256

    private struct State {
        var configured: Int?
        var pool: ThreadPool?
        var generation: UInt64 = 0
        /// Pools of the parent process in a forked child: never stopped (their threads are not
        /// here to join), kept so they are never released either.
        var inherited: [ThreadPool] = []
    }

    private static let state = Mutex(State())

    /// Sets the pool's size (`0`: one thread per processor). Only before the pool starts, or
    /// again with the size it has.
    /// - Throws: ``SearchBarError/Code/invalidArgument`` over ``maximumThreads``,
    ///   ``SearchBarError/Code/misuse`` once the pool runs with another size or a size was set.
    public static func configure(threads: Int) throws(SearchBarError) {
        guard (0...maximumThreads).contains(threads) else {
            throw .invalidArgument("threads is \(threads); it must be 0 (one per processor) to \(maximumThreads)")
        }
        let failure = state.withLock { state -> SearchBarError? in
            let wanted = threads == 0 ? ThreadPool.processorCount : threads
            if let pool = state.pool, state.generation == ForkWatch.generation {
                if pool.threadCount == wanted && (state.configured ?? wanted) == wanted { return nil }
                return SearchBarError(
                    .misuse, "the thread pool already runs with \(pool.threadCount) threads; configure it before the first index")
            }
            if let configured = state.configured, configured != wanted {
                return SearchBarError(.misuse, "the thread pool's size was already set to \(configured)")
            }
            state.configured = wanted
            return nil
        }
        if let failure { throw failure }
    }

    /// The size the pool has, or will start with.
    public static var threadCount: Int {
        state.withLock { state in
            if let pool = state.pool, state.generation == ForkWatch.generation { return pool.threadCount }
            return (try? size(state)) ?? ThreadPool.processorCount
        }
    }

    /// The running pool, started now if needed.
    /// - Throws: ``SearchBarError/Code/outOfMemory`` when not one thread could be started (a
    ///   later call tries again), ``SearchBarError/Code/invalidArgument`` for a malformed
    ///   `SEARCHBAR_THREADS`.
    public static func shared() throws(SearchBarError) -> ThreadPool {
        let result = state.withLock { state -> Result<ThreadPool, SearchBarError> in
            let generation = ForkWatch.generation
            if let pool = state.pool {
                if state.generation == generation { return .success(pool) }
                state.inherited.append(pool)
                state.pool = nil
            }
            let threads: Int
            do throws(SearchBarError) { threads = try size(state) } catch { return .failure(error) }
            let pool = ThreadPool(threads: threads)
            guard pool.threadCount > 0 else {
                return .failure(SearchBarError(
                    .outOfMemory, "no executor thread could be started: the process is at its thread or memory limit"))
            }
            state.pool = pool
            state.generation = generation
            return .success(pool)
        }
        return try result.get()
    }

    /// The size to start with: configured, from the environment, or one per processor.
    private static func size(_ state: State) throws(SearchBarError) -> Int {
        if let configured = state.configured { return configured }
        guard let raw = getenv(environmentVariable) else { return ThreadPool.processorCount }
        let text = String(cString: raw)
        guard let value = Int(text), (0...maximumThreads).contains(value) else {
            throw .invalidArgument(
                "\(environmentVariable) is \"\(text.prefix(32))\"; it must be 0 (one per processor) to \(maximumThreads)")
        }
        return value == 0 ? ThreadPool.processorCount : value
    }
}
