/// The sources' work for the newest query: its sections, the local searches running, the
/// remote requests the host has not answered and the delay and timeout timers. Replaced by each
/// query; guarded by the session's lock.
struct SourceRun: Sendable {
    /// The query the sections answer (0 before the first query, and after a cancel).
    var generation: UInt64 = 0
    /// The query itself.
    var query: SessionQuery?
    /// One section per source, in source order.
    var sections: [SourceSection] = []
    /// The local searches running, by source.
    var tickets: [Int: any SessionSearchTicket] = [:]
    /// Each source's pending timer: its delay, then its timeout.
    var timers: [Int: SessionTimer] = [:]
    /// The remote sources asked and not yet answered, failed or timed out.
    var asked: Set<Int> = []

    /// True while source `source` may still settle its section of `generation`.
    func isPending(_ source: Int, _ generation: UInt64) -> Bool {
        generation == self.generation && sections.indices.contains(source) && sections[source].state == .pending
    }

    /// The number of sections that are ready or failed.
    var settledCount: Int {
        sections.count { $0.state == .ready || $0.state == .failed }
    }

    /// Stops everything of this run: the timers now, and returns the tickets to cancel and the
    /// remote sources to tell (their requests are cancelled towards the host).
    mutating func stop() -> (tickets: [any SessionSearchTicket], asked: [Int]) {
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
        let stopped = (Array(tickets.values), asked.sorted())
        tickets.removeAll()
        asked.removeAll()
        return stopped
    }
}
