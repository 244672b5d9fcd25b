import Synchronization

/// The checks an open runs over the sections of an index file, collected first and then run
/// together on a thread pool: each check over a large section is cut into chunks of about
/// ``chunkSize`` values, so the passes over a segment's texts, offsets, forward index,
/// postings and orders share every thread instead of running one after another.
///
/// A check returns nil when it passes, else what is wrong; ``run(on:)`` reports the first
/// failure in the order the checks were added (so a damaged file always gets the same message).
/// The bounds checks run first; the integrity checks (checksums, sort orders) run only when
/// every bounds check passed, so they may index with the values the bounds checks vouch for.
final class SectionChecks: @unchecked Sendable {
    /// A check of the values in a range of its section.
    typealias Check = @Sendable (Range<Int>) -> String?

    /// Values per chunk of a check (a chunk is one task of the pool).
    static let chunkSize = 1 << 20

    private typealias Task = (order: Int, range: Range<Int>, check: Check)
    /// The bounds checks' tasks, then the integrity checks'.
    private var tasks: [[Task]] = [[], []]
    private var added = 0

    /// Adds `check` over `0 ..< count`, cut into chunks (a chunk starts at a multiple of
    /// ``chunkSize``; `check` must give the same verdict on the chunks as on the whole), as an
    /// integrity check or a bounds check.
    func add(count: Int, integrity: Bool = false, _ check: @escaping Check) {
        let order = added
        added += 1
        let phase = integrity ? 1 : 0
        guard count > Self.chunkSize else {
            tasks[phase].append((order, 0..<count, check))
            return
        }
        for start in stride(from: 0, to: count, by: Self.chunkSize) {
            tasks[phase].append((order, start..<min(start + Self.chunkSize, count), check))
        }
    }

    /// Adds a check that runs whole, as one task.
    func add(integrity: Bool = false, _ check: @escaping @Sendable () -> String?) {
        add(count: 0, integrity: integrity) { _ in check() }
    }

    /// Runs the bounds checks, then (when they pass) the integrity checks, on `pool` and the
    /// calling thread; the first failure, or nil.
    func run(on pool: ThreadPool) -> String? {
        for phase in tasks {
            let failures = Mutex<[(order: Int, start: Int, message: String)]>([])
            pool.forEach(phase.count) { k in
                let task = phase[k]
                if let message = task.check(task.range) {
                    failures.withLock { $0.append((task.order, task.range.lowerBound, message)) }
                }
            }
            if let first = failures.withLock({ $0.min { ($0.order, $0.start) < ($1.order, $1.start) }?.message }) {
                return first
            }
        }
        return nil
    }
}
