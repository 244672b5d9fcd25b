import Glibc
import Synchronization
import Testing

@testable import SearchBarCore

/// Sources in a session: sections in source order, each source's own delay, minimum length and
/// timeout on the session's clock, remote requests answered, failed, superseded and cancelled,
/// highlights of remote items, deduplication, recents and suggestions as sources.
@Suite struct SessionSourcesTests {
    /// A harness with two fake local sources and one remote source.
    struct Sources {
        let h: Harness
        let first = FakeBackend()
        let second = FakeBackend()

        init(remote: SessionSource = SessionSource(kind: .remote, title: "Server", minimumQueryLength: 2)) throws {
            h = try Harness(timing: SearchTiming(delay: .zero))
            #expect(try h.session.addSource(SessionSource(kind: .local(first), title: "First", priority: 1)) == 0)
            #expect(try h.session.addSource(SessionSource(kind: .local(second), title: "Second")) == 1)
            #expect(try h.session.addSource(remote) == 2)
        }

        var sections: [SourceSection] { h.session.sections.sections }
        func events(_ kind: SessionEventKind) -> [SessionEvent] { h.log.all.filter { $0.kind == kind } }
    }

    @Test func sectionsComeInSourceOrderWhateverOrderTheyAnswer() throws {
        let s = try Sources()
        try s.h.session.setText("ap")
        #expect(s.sections.map(\.state) == [.pending, .pending, .pending])
        let request = try #require(s.events(.sourceRequest).last)
        #expect(request.generation == 1 && request.index == 2 && request.text == "ap" && request.previousIndex == 0)
        try s.h.session.answerSource(2, generation: 1, items: [SourceItem(id: 7, title: "Apricot")])
        s.second.complete(1, ids: [20])
        s.first.complete(1, ids: [10])
        #expect(s.sections.map(\.title) == ["First", "Second", "Server"])
        #expect(s.sections.map(\.state) == [.ready, .ready, .ready])
        #expect(s.sections.map { $0.items.map(\.id) } == [[10], [20], [7]])
        #expect(s.events(.sectionsReady).map(\.count) == [1, 2, 3])
        #expect(s.events(.sectionsReady).map(\.index) == [2, 1, 0])
    }

    @Test func aShortTextLeavesASourceIdleAndUnasked() throws {
        let s = try Sources()
        try s.h.session.setText("a")
        #expect(s.sections.map(\.state) == [.pending, .pending, .idle])
        #expect(s.events(.sourceRequest).isEmpty)
        #expect(throws: SearchBarError.self) { try s.h.session.answerSource(2, generation: 1, items: []) }
    }

    @Test func aSupersededRequestIsCancelledAndItsAnswerDropped() throws {
        let s = try Sources()
        try s.h.session.setText("ap")
        try s.h.session.setText("apr")
        #expect(s.events(.sourceCancel) == [SessionEvent(.sourceCancel, generation: 1, index: 2)])
        #expect(s.first.cancelled.contains(1) && s.second.cancelled.contains(1))
        expectCancelled { () throws(SearchBarError) in
            try s.h.session.answerSource(2, generation: 1, items: [SourceItem(id: 1, title: "stale")])
        }
        s.first.complete(1, ids: [99])
        #expect(s.sections.allSatisfy { $0.state == .pending } && s.h.session.sections.generation == 2)
        #expect(s.events(.sectionsReady).isEmpty)
    }

    @Test func aFailureOrATimeoutFailsOnlyItsSection() throws {
        let s = try Sources(remote: SessionSource(kind: .remote, title: "Server", timeoutNanoseconds: 500_000_000))
        try s.h.session.setText("ap")
        s.first.complete(1, ids: [1])
        try s.h.session.failSource(2, generation: 1, message: "refused")
        #expect(s.sections[2].state == .failed && s.sections[2].message == "refused" && s.sections[2].errorCode == .io)
        #expect(s.sections[0].state == .ready && s.sections[1].state == .pending)
        #expect(throws: SearchBarError.self) { try s.h.session.answerSource(2, generation: 1, items: []) }

        try s.h.session.setText("apr")
        s.h.clock.advance(by: 499_999_999)
        #expect(s.sections[2].state == .pending)
        s.h.clock.advance(by: 1)
        #expect(s.sections[2].state == .failed && s.sections[2].errorCode == .timedOut)
        #expect(s.events(.sourceCancel).last == SessionEvent(.sourceCancel, generation: 2, index: 2))
        expectCancelled { () throws(SearchBarError) in try s.h.session.answerSource(2, generation: 2, items: []) }
        s.first.complete(2, ids: [3])
        #expect(s.sections[0].items.map(\.id) == [3])
    }

    @Test func aSourceWaitsForItsOwnDelay() throws {
        let s = try Sources(remote: SessionSource(kind: .remote, title: "Server", delayNanoseconds: 300_000_000))
        try s.h.session.setText("ap")
        #expect(s.events(.sourceRequest).isEmpty && s.first.queries.count == 1)
        try s.h.session.setText("apr")
        s.h.clock.advance(by: 300_000_000)
        // Only the newest query's request is made; the first was superseded before its delay.
        #expect(s.events(.sourceRequest).map(\.generation) == [2])
        #expect(s.events(.sourceCancel).isEmpty)
    }

    @Test func remoteItemsAreHighlightedWithTheSessionsFolding() throws {
        let s = try Sources()
        try s.h.session.setText("zur")
        try s.h.session.answerSource(
            2, generation: 1,
            items: [
                SourceItem(id: 1, title: "Zürich", subtitle: "Kanton ZÜRICH"), SourceItem(id: 2, title: "Bern"),
            ])
        let items = s.sections[2].items
        #expect(items[0].titleHighlights == [0..<4])  // "Zür": Z, ü (two bytes), r
        #expect(items[0].subtitleHighlights == [7..<11])
        #expect(items[1].titleHighlights.isEmpty)
        #expect(items.map(\.id) == [1, 2])  // the server's order and items are kept
    }

    @Test func dedupeKeepsAnItemInTheSectionOfHighestPriority() throws {
        let s = try Sources()
        try s.h.session.setText("ap")
        s.first.complete(1, ids: [5, 6])
        s.second.complete(1, ids: [6, 7])
        try s.h.session.answerSource(2, generation: 1, items: [SourceItem(id: 7, title: "x"), SourceItem(id: 8, title: "y")])
        #expect(s.sections.map { $0.items.map(\.id) } == [[5, 6], [6, 7], [7, 8]])
        try s.h.session.setDeduplicatesSources(true)
        // First has priority 1; Second and Server tie at 0, so Second (earlier) keeps 7.
        #expect(s.sections.map { $0.items.map(\.id) } == [[5, 6], [7], [8]])
    }

    @Test func aCancelClearsTheSectionsAndWithdrawsRequests() throws {
        let s = try Sources()
        try s.h.session.setText("ap")
        try s.h.session.cancel()
        #expect(s.events(.sourceCancel).map(\.generation) == [1])
        #expect(s.h.session.sections == SessionSections(generation: 0, sections: []))
    }

    @Test func recentsAndSuggestionsAreSourcesToo() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero), recentsDirectory: makeTemporaryDirectory())
        try h.session.addSource(SessionSource(kind: .recents, title: "Recent"))
        try h.session.addSource(SessionSource(kind: .suggestions, title: "Suggested", limit: 1))
        try h.session.addRecent("Straße")
        try h.session.addRecent("Bäume")
        try h.session.setHostSuggestions(
            [Suggestion(source: .host, title: "Strasbourg", hostValue: 4), Suggestion(source: .host, title: "Strand", hostValue: 5)],
            beforeTyping: false)
        try h.session.setText("stra")
        let sections = h.session.sections.sections
        #expect(sections.map(\.state) == [.ready, .ready])
        #expect(sections[0].items.map(\.title) == ["Straße"])
        #expect(sections[0].items[0].titleHighlights == [0..<4])
        #expect(sections[1].items.map(\.id) == [4])  // its limit is 1
    }

    @Test func badSourcesAndAnswersAreRefused() throws {
        let s = try Sources()
        #expect(throws: SearchBarError.self) { try s.h.session.addSource(SessionSource(kind: .remote, title: "", limit: 0)) }
        try s.h.session.setText("ap")
        #expect(throws: SearchBarError.self) { try s.h.session.answerSource(0, generation: 1, items: []) }  // local
        #expect(throws: SearchBarError.self) { try s.h.session.answerSource(9, generation: 1, items: []) }
        #expect(throws: SearchBarError.self) { try s.h.session.answerSource(2, generation: 5, items: []) }
    }

    /// A real index searched on the pool and a remote source answered from other threads while
    /// the text keeps changing: only the newest query's sections are ever delivered.
    @Test func threadsAnswerWhileTheTextChanges() throws {
        let index = try SearchIndex(locale: SearchLocale("de"), mode: .prefix)
        index.add((1...200).map { IndexItem(id: UInt64($0), title: "Zürich \($0)") })
        let h = try Harness(timing: SearchTiming(delay: .zero))
        try h.session.addSource(SessionSource(kind: .local(IndexSessionBackend(index: index)), title: "Local", limit: 5))
        try h.session.addSource(SessionSource(kind: .remote, title: "Server"))
        let answered = Mutex(0)
        var threads: [pthread_t] = []
        for text in ["z", "zu", "zur", "züri", "zürich"] {
            try h.session.setText(text)
            let generation = h.session.generation
            let session = h.session
            let thread = try #require(startThread {
                if (try? session.answerSource(1, generation: generation, items: [SourceItem(id: 9, title: "Zürich HB")])) != nil {
                    answered.withLock { $0 += 1 }
                }
            })
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        let last = h.session.generation
        let deadline = ContinuousClock.now + .seconds(30)
        while h.session.sections.sections.map(\.state) != [.ready, .ready] && ContinuousClock.now < deadline {
            usleep(1000)
        }
        let sections = h.session.sections
        #expect(sections.generation == last)
        #expect(sections.sections[0].items.count == 5)
        #expect(sections.sections[0].items[0].titleHighlights == [0..<7])  // "Zürich" for "zürich"
        #expect(sections.sections[1].items.map(\.id) == [9])
        #expect(h.log.all.filter { $0.kind == .sectionsReady }.allSatisfy { $0.generation <= last })
        // Only answers to the newest query are taken: the last one always, older ones only when
        // they came before the next keystroke.
        #expect(answered.withLock { $0 } >= 1)
    }

    @Test func withoutABackendTheSectionsAnswerTheQuery() throws {
        let log = EventLog()
        let clock = ManualClock()
        let session = try SearchSession(clock: clock, recentsDirectory: "/tmp/searchbar-session-tests-unused")
        try session.setCallbacks(veto: nil, event: { log.append($0) })
        try session.setTiming(SearchTiming(delay: .zero))
        let local = FakeBackend()
        try session.addSource(SessionSource(kind: .local(local), title: "Local"))
        try session.addSource(SessionSource(kind: .remote, title: "Server"))
        try session.setText("zur")
        #expect(session.display.isSearching)
        local.complete(1, ids: [4])
        #expect(session.display.isSearching && session.results == nil)
        try session.answerSource(1, generation: 1, items: [SourceItem(id: 7, title: "Zürich", subtitle: "HB")])
        #expect(!session.display.isSearching)
        let results = try #require(session.results)
        #expect(results.generation == 1 && results.results.ids == [4, 7])
        #expect(results.results.texts?[1].subtitle == "HB" && results.results.hits[1].highlights == [0..<4])
        #expect(log.all.filter { $0.kind == .resultsReady } == [SessionEvent(.resultsReady, generation: 1, count: 2)])
        clock.advance(by: 1_000_000_000)
        #expect(!log.kinds.contains(.searchStalled))
        // The query is answered: the host's own results for it come too late.
        #expect(throws: SearchBarError.self) { try session.deliverResults(SessionResults(ids: [1]), for: 1) }
    }

    @Test func aSessionWithoutSourcesBehavesAsBefore() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero))
        try h.session.setText("ap")
        #expect(h.session.sections == SessionSections(generation: 0, sections: []))
        #expect(!h.log.kinds.contains(.sectionsReady) && !h.log.kinds.contains(.sourceRequest))
    }
}

/// Expects `body` to throw ``SearchBarError/Code/cancelled`` (a late answer, dropped).
private func expectCancelled(_ body: () throws(SearchBarError) -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
    do throws(SearchBarError) {
        try body()
        Issue.record("expected a cancelled error", sourceLocation: sourceLocation)
    } catch {
        #expect(error.code == .cancelled, sourceLocation: sourceLocation)
    }
}
