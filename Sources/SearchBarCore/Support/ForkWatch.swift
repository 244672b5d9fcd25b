import Glibc
import Synchronization

/// Counts the `fork()`s this process descends from since the library was first used, so that
/// objects made before a fork can tell they are in a child, where their threads do not exist.
///
/// The policy (docs and the header say it too): a child process cannot use, nor free, an index
/// or session its parent made (calls return a misuse error; their memory goes with the child's
/// exit), because their executor threads, timers and pending callbacks stayed in the parent,
/// and their event descriptor is shared with it. Objects made in the child work: the timer
/// thread is started again there on first use.
public enum ForkWatch {
    private static let forks = Atomic<UInt64>(0)

    /// Installs the fork handler once (before the first object is made).
    private static let installed: Bool = {
        pthread_atfork(nil, nil, { ForkWatch.inChild() })
        return true
    }()

    /// The number of forks between the library's first use and this process.
    public static var generation: UInt64 {
        _ = installed
        return forks.load(ordering: .relaxed)
    }

    /// Runs in the child right after `fork()`, on its only thread.
    private static func inChild() {
        forks.add(1, ordering: .relaxed)
    }
}

/// An object whose threads and descriptors belong to the process that made it.
public protocol ProcessBound: AnyObject {
    /// ``ForkWatch/generation`` when the object was made.
    var forkGeneration: UInt64 { get }
}

extension ProcessBound {
    /// True in a child process forked after the object was made.
    public var isInheritedThroughFork: Bool { forkGeneration != ForkWatch.generation }
}
