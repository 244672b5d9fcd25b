import Glibc
import Synchronization
import Testing

@testable import SearchBarCore

/// Query generations: numbering, cancellation, and never delivering stale results.
@Suite struct SessionGenerationTests {
    @Test func everyQueryGetsTheNextNumber() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero))
        try h.type("abc")
        #expect(h.backend.queries.map(\.generation) == [1, 2, 3])
        #expect(h.session.generation == 3)
        #expect(h.session.lastQuery?.text == "abc")
    }

    @Test func newerQueryCancelsAndSupersedesTheOlder() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero))
        try h.type("ab")
        #expect(h.backend.cancelled == [1])
        #expect(h.log.all.contains(SessionEvent(.superseded, generation: 1)))
        // Late results of generation 1 are dropped; 2's are delivered.
        h.backend.complete(1)
        #expect(!h.log.all.contains { $0.kind == .resultsReady })
        h.backend.complete(2)
        #expect(h.log.all.last == SessionEvent(.resultsReady, generation: 2, count: 1))
        #expect(h.session.results?.generation == 2)
    }

    @Test func resultsOfAnOlderQueryNeverReplaceNewerResults() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero))
        try h.type("a")
        h.backend.complete(1)
        try h.type("b")
        h.backend.complete(2, ids: [20])
        h.backend.complete(1, ids: [10])  // a duplicate, late completion
        #expect(h.session.results?.results.ids == [20])
    }

    @Test func hostDrivenSessionRejectsStaleDeliveries() throws {
        let session = try SearchSession(backend: nil, clock: ManualClock(), recentsDirectory: "/tmp/x")
        try session.setTiming(SearchTiming(delay: .zero))
        try session.setText("a")
        try session.setText("ab")
        #expect(throws: SearchBarError(.cancelled, "query 1 was superseded, cancelled or already answered")) {
            try session.deliverResults(SessionResults(ids: [1]), for: 1)
        }
        try session.deliverResults(SessionResults(ids: [2]), for: 2)
        #expect(throws: SearchBarError.self) { try session.deliverResults(SessionResults(ids: [2]), for: 2) }
        var kinds: [SessionEventKind] = []
        while let event = session.nextEvent() { kinds.append(event.kind) }
        #expect(kinds == [.textDidChange, .updateSearchResults, .textDidChange, .superseded, .updateSearchResults, .resultsReady])
        try session.setText("abc")
        try session.failSearch(SearchBarError(.io, "offline"), for: 3)
        #expect(session.nextEvent()?.kind == .textDidChange)
        #expect(session.nextEvent()?.kind == .updateSearchResults)
        #expect(session.nextEvent() == SessionEvent(.error, generation: 3, text: "offline", errorCode: .io))
    }

    @Test func synchronousBackendCompletesInsideTheCall() throws {
        let backend = FakeBackend(immediate: { SessionResults(ids: [UInt64($0.text.count)]) })
        let h = try Harness(backend: backend, timing: SearchTiming(delay: .zero))
        try h.type("abcd")
        #expect(h.session.results?.results.ids == [4])
        #expect(h.log.all.filter { $0.kind == .resultsReady }.map(\.generation) == [1, 2, 3, 4])
        #expect(!h.log.kinds.contains(.superseded))
    }

    /// 10,000 random edits at random virtual intervals, with searches completing out of order
    /// at random moments: no results older than the newest query are ever delivered, on either
    /// channel, and every query ends exactly once per channel.
    @Test func keystrokeStormDeliversNothingStale() throws {
        var random = SplitMix(seed: 0x5EA2C4)
        let backend = FakeBackend()
        let clock = ManualClock()
        let session = try SearchSession(
            backend: backend, clock: clock, recentsDirectory: "/tmp/x", eventQueueCapacity: 1 << 20)
        try session.setScopeTitles(["All", "Docs", "Mail"])
        try session.setTiming(SearchTiming(delay: .milliseconds(60), stallThreshold: .milliseconds(250)))

        struct Audit {
            var stale: [String] = []
            var terminal: [UInt64: Int] = [:]
            var delivered = 0
        }
        let audit = Mutex(Audit())
        try session.setCallbacks(veto: { _ in true }) { [weak session, backend] event in
            guard let session else { return }
            switch event.kind {
            case .resultsReady:
                let newest = session.generation
                let results = session.results
                let queryText = backend.queries.first { $0.generation == event.generation }?.text
                audit.withLock { a in
                    a.delivered += 1
                    a.terminal[event.generation, default: 0] += 1
                    if event.generation != newest { a.stale.append("results \(event.generation) delivered while \(newest) is newest") }
                    if results?.generation != event.generation || results?.results.ids != [event.generation] {
                        a.stale.append("results object does not match generation \(event.generation)")
                    }
                    if queryText != session.lastQuery?.text { a.stale.append("results for \(queryText ?? "?") after a newer text") }
                }
            case .superseded, .error:
                audit.withLock { $0.terminal[event.generation, default: 0] += 1 }
            case .searchStalled:
                if event.generation != session.generation {
                    audit.withLock { $0.stale.append("stall of \(event.generation) while \(session.generation) is newest") }
                }
            default:
                break
            }
        }

        let alphabet = Array("abcdefgh éü水 ")
        for step in 0..<10_000 {
            let text = session.state.text
            let bytes = text.utf8.count
            switch random.next(below: 100) {
            case 0..<55:
                let boundaries = Self.boundaries(of: text)
                let at = boundaries[random.next(below: boundaries.count)]
                try session.insertText(String(alphabet[random.next(below: alphabet.count)]), at: at)
            case 55..<80 where bytes > 0:
                let boundaries = Self.boundaries(of: text)
                let a = boundaries[random.next(below: boundaries.count)]
                let b = boundaries[random.next(below: boundaries.count)]
                try session.deleteText(in: min(a, b)..<max(a, b))
            case 80..<84:
                try session.clear()
            case 84..<88:
                try session.submit()
            case 88..<91:
                try session.selectScope(random.next(below: 3))
            case 91..<94:
                if session.state.tokens.count < 3 {
                    try session.insertToken(.term("t\(step)"))
                } else {
                    try session.removeToken(at: random.next(below: 3))
                }
            default:
                break
            }
            // Random virtual time passes; random searches complete, in any order.
            clock.advance(by: UInt64(random.next(below: 120)) * 1_000_000)
            for generation in backend.pendingGenerations where random.next(below: 3) == 0 {
                if random.next(below: 50) == 0 {
                    backend.fail(generation, SearchBarError(.io, "flaky"))
                } else {
                    backend.complete(generation)
                }
            }
        }
        clock.advance(by: 1_000_000_000)
        for generation in backend.pendingGenerations { backend.complete(generation) }

        let issued = session.generation
        let result = audit.withLock { $0 }
        #expect(result.stale.isEmpty, "\(result.stale.prefix(5))")
        #expect(issued > 1000)
        #expect(result.delivered > 100)
        let missing = (1...issued).filter { result.terminal[$0] != 1 }
        #expect(missing.isEmpty, "generations without exactly one outcome: \(missing.prefix(10))")

        // The queue, drained at the end, obeys the same rules.
        var queueTerminal: [UInt64: Int] = [:]
        var newestSeen: UInt64 = 0
        var queueStale = 0
        while let event = session.nextEvent() {
            switch event.kind {
            case .updateSearchResults: newestSeen = event.generation
            case .resultsReady:
                if event.generation != issued { queueStale += 1 }
                queueTerminal[event.generation, default: 0] += 1
            case .superseded, .error: queueTerminal[event.generation, default: 0] += 1
            default: break
            }
        }
        #expect(newestSeen == issued)
        #expect(queueStale == 0)
        #expect((1...issued).allSatisfy { queueTerminal[$0] == 1 })
        #expect(session.droppedEventCount == 0)
    }

    /// The same rule with real threads: searches complete on a worker thread while the host
    /// types and a real timer thread fires delayed searches. In the order the host observes
    /// events, no results arrive for a query older than one already announced.
    @Test func concurrentStormObservesNoStaleResults() throws {
        let worker = WorkerBackend()
        let session = try SearchSession(backend: worker, recentsDirectory: "/tmp/x", eventQueueCapacity: 1 << 20)
        try session.setTiming(SearchTiming(delay: .milliseconds(1)))
        let audit = Mutex<(announced: UInt64, stale: Int, ready: Int)>((0, 0, 0))
        try session.setCallbacks(veto: nil) { event in
            audit.withLock { a in
                if event.kind == .updateSearchResults { a.announced = max(a.announced, event.generation) }
                if event.kind == .resultsReady {
                    a.ready += 1
                    if event.generation < a.announced { a.stale += 1 }
                }
            }
        }
        var random = SplitMix(seed: 42)
        for _ in 0..<3000 {
            let length = session.state.text.utf8.count
            if length > 6 && random.next(below: 3) == 0 {
                try session.deleteText(in: 0..<length)
            } else {
                try session.insertText("x", at: length)
            }
            if random.next(below: 10) == 0 { try session.submit() }
        }
        try session.submit()
        let final = session.generation
        // Wait (without sleeping) until the newest query's outcome is in.
        while session.results?.generation != final {
            _ = session.nextEvent(timeout: .milliseconds(50))
        }
        worker.stop()
        var announced: UInt64 = 0
        var queueStale = 0
        while let event = session.nextEvent() {
            if event.kind == .updateSearchResults { announced = max(announced, event.generation) }
            if event.kind == .resultsReady && event.generation < announced { queueStale += 1 }
        }
        let a = audit.withLock { $0 }
        #expect(a.stale == 0)
        #expect(queueStale == 0)
        #expect(a.ready >= 1)
    }

    /// The UTF-8 offsets of character boundaries of `text`.
    static func boundaries(of text: String) -> [Int] {
        var offsets = [0]
        var offset = 0
        for character in text {
            offset += character.utf8.count
            offsets.append(offset)
        }
        return offsets
    }
}


/// A backend that completes searches on its own thread, in arrival order, honouring cancels.
final class WorkerBackend: SessionSearchBackend, @unchecked Sendable {
    private final class Ticket: SessionSearchTicket {
        let flag = Mutex(false)
        func cancel() { flag.withLock { $0 = true } }
    }

    private let lock = Lock()
    private var jobs: [(UInt64, Ticket, @Sendable (Result<SessionResults, SearchBarError>) -> Void)] = []
    private var stopped = false
    private let wake = EventSignalForTests()

    init() {
        // Nobody joins the worker: detach it, so its end is not a leaked thread (TSan).
        if let thread = startThread({ [self] in run() }) { pthread_detach(thread) }
    }

    func search(
        _ query: SessionQuery, completion: @escaping @Sendable (Result<SessionResults, SearchBarError>) -> Void
    ) -> any SessionSearchTicket {
        let ticket = Ticket()
        lock.lock()
        jobs.append((query.generation, ticket, completion))
        lock.unlock()
        wake.post()
        return ticket
    }

    func completions(forFoldedPrefix foldedPrefix: String, limit: Int, in query: SessionQuery) -> [String] { [] }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        wake.post()
    }

    private func run() {
        while true {
            lock.lock()
            let batch = jobs
            jobs.removeAll()
            let done = stopped
            lock.unlock()
            if done { return }
            if batch.isEmpty {
                wake.wait()
                continue
            }
            for (generation, ticket, completion) in batch {
                if ticket.flag.withLock({ $0 }) {
                    completion(.failure(SearchBarError(.cancelled, "cancelled")))
                } else {
                    completion(.success(SessionResults(ids: [generation])))
                }
            }
        }
    }
}

/// A counting semaphore over a pipe-free condition: post wakes one wait.
final class EventSignalForTests: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var count = 0

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func post() {
        pthread_mutex_lock(mutex)
        count += 1
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    func wait() {
        pthread_mutex_lock(mutex)
        while count == 0 { pthread_cond_wait(condition, mutex) }
        count = 0
        pthread_mutex_unlock(mutex)
    }
}
