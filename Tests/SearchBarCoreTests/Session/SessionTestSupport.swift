import Synchronization
import Testing

@testable import SearchBarCore

/// A deterministic backend: searches wait until the test completes them by generation.
final class FakeBackend: SessionSearchBackend {
    struct Ticket: SessionSearchTicket {
        let generation: UInt64
        let backend: FakeBackend
        func cancel() { _ = backend.state.withLock { $0.cancelled.insert(generation) } }
    }

    struct State {
        var queries: [SessionQuery] = []
        var completions: [UInt64: @Sendable (Result<SessionResults, SearchBarError>) -> Void] = [:]
        var cancelled = Set<UInt64>()
        var vocabulary: [String] = []
        var immediate: (@Sendable (SessionQuery) -> SessionResults)?
    }

    let state = Mutex(State())

    init(vocabulary: [String] = [], immediate: (@Sendable (SessionQuery) -> SessionResults)? = nil) {
        state.withLock {
            $0.vocabulary = vocabulary
            $0.immediate = immediate
        }
    }

    func search(
        _ query: SessionQuery, completion: @escaping @Sendable (Result<SessionResults, SearchBarError>) -> Void
    ) -> any SessionSearchTicket {
        let immediate = state.withLock { s -> (@Sendable (SessionQuery) -> SessionResults)? in
            s.queries.append(query)
            if s.immediate == nil { s.completions[query.generation] = completion }
            return s.immediate
        }
        if let immediate { completion(.success(immediate(query))) }
        return Ticket(generation: query.generation, backend: self)
    }

    func completions(forFoldedPrefix foldedPrefix: String, limit: Int, in query: SessionQuery) -> [String] {
        let words = state.withLock { $0.vocabulary }
        return Array(words.filter { $0.lowercased().hasPrefix(foldedPrefix) }.prefix(limit))
    }

    var queries: [SessionQuery] { state.withLock { $0.queries } }
    var cancelled: Set<UInt64> { state.withLock { $0.cancelled } }
    var pendingGenerations: [UInt64] { state.withLock { $0.completions.keys.sorted() } }

    /// Completes a search with the given ids (default: one id per generation).
    func complete(_ generation: UInt64, ids: [UInt64]? = nil) {
        let completion = state.withLock { $0.completions.removeValue(forKey: generation) }
        completion?(.success(SessionResults(ids: ids ?? [generation])))
    }

    func fail(_ generation: UInt64, _ error: SearchBarError) {
        let completion = state.withLock { $0.completions.removeValue(forKey: generation) }
        completion?(.failure(error))
    }
}

/// Collects callback events.
final class EventLog: Sendable {
    private let events = Mutex<[SessionEvent]>([])

    var all: [SessionEvent] { events.withLock { $0 } }
    var kinds: [SessionEventKind] { all.map(\.kind) }

    func append(_ event: SessionEvent) { events.withLock { $0.append(event) } }
    func clear() { events.withLock { $0.removeAll() } }

    /// Kinds without search bookkeeping (update/results/superseded/stalled), for delegate-order checks.
    var delegateKinds: [SessionEventKind] {
        kinds.filter { ![.updateSearchResults, .resultsReady, .superseded, .searchStalled, .recentsDidChange].contains($0) }
    }
}

/// A session on a manual clock with a fake backend and an event log.
struct Harness {
    let clock = ManualClock()
    let backend: FakeBackend
    let session: SearchSession
    let log = EventLog()
    let vetoes = EventLog()

    init(
        backend: FakeBackend = FakeBackend(), timing: SearchTiming? = nil, veto: (@Sendable (SessionEvent) -> Bool)? = nil,
        recentsDirectory: String? = nil, queueCapacity: Int = 1024
    ) throws {
        self.backend = backend
        session = try SearchSession(
            backend: backend, clock: clock, recentsDirectory: recentsDirectory ?? "/tmp/searchbar-session-tests-unused",
            eventQueueCapacity: queueCapacity)
        let log = self.log
        let vetoes = self.vetoes
        try session.setCallbacks(
            veto: { event in
                vetoes.append(event)
                return veto?(event) ?? true
            },
            event: { log.append($0) })
        if let timing { try session.setTiming(timing) }
    }

    /// Types `text` at the end of the field, one character per call.
    func type(_ text: String) throws {
        for character in text {
            try session.insertText(String(character), at: session.state.text.utf8.count)
        }
    }

    /// Drains the queue.
    func drainQueue() -> [SessionEvent] {
        var out: [SessionEvent] = []
        while let event = session.nextEvent(timeout: .zero) { out.append(event) }
        return out
    }
}

/// A fresh, empty temporary directory.
func makeTemporaryDirectory() -> String {
    var template = Array("/tmp/searchbar-session-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { buffer -> String? in
        guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
        return String(cString: base)
    }
    return path ?? "/tmp/searchbar-session-fallback"
}

import Glibc
