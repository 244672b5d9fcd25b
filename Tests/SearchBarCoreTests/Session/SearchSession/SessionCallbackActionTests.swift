import Synchronization
import Testing

@testable import SearchBarCore

/// A delegate acting on the bar from its callbacks, as UIKit delegates do: the call is queued
/// and runs right after the callback returns, in order.
@Suite struct SessionCallbackActionTests {
    /// A session whose event callback runs `react` (with the session) after logging.
    private func session(
        timing: SearchTiming = SearchTiming(delay: .zero), veto: (@Sendable (SearchSession, SessionEvent) -> Bool)? = nil,
        react: @escaping @Sendable (SearchSession, SessionEvent) -> Void
    ) throws -> (SearchSession, FakeBackend, EventLog) {
        let backend = FakeBackend()
        let session = try SearchSession(backend: backend, clock: ManualClock(), recentsDirectory: "/tmp/x")
        try session.setTiming(timing)
        let log = EventLog()
        try session.setCallbacks(
            veto: { [weak session] event in
                guard let session, let veto else { return true }
                return veto(session, event)
            },
            event: { [weak session] event in
                log.append(event)
                if let session { react(session, event) }
            })
        return (session, backend, log)
    }

    // searchBarSearchButtonClicked: `searchBar.resignFirstResponder()`.
    @Test func resigningTheFocusOnSearch() throws {
        let answers = Mutex<[Bool]>([])
        let (session, _, log) = try session { s, event in
            guard event.kind == .searchButton else { return }
            let answer = (try? s.endEditing()) ?? false
            answers.withLock { $0.append(answer) }
        }
        try session.beginEditing()
        try session.setText("whale")
        log.clear()
        _ = session.drainQueueForTest()
        try session.submit()
        #expect(answers.withLock { $0 } == [true], "a queued call reports success at once")
        #expect(!session.state.isEditing, "it ran before submit() returned")
        #expect(session.state.isActive, "resigning the focus keeps the search presented")
        let expected: [SessionEventKind] = [.searchButton, .recentsDidChange, .superseded, .updateSearchResults, .didEndEditing]
        #expect(log.kinds == expected)
        #expect(session.drainQueueForTest().map(\.kind) == expected, "the queue sees the same order")
    }

    // searchBarCancelButtonClicked: `searchController.isActive = false`, and a result chosen
    // dismisses the search.
    @Test func deactivatingOnCancelAndOnAChosenResult() throws {
        let (session, _, log) = try session { s, event in
            if event.kind == .cancelButton || event.kind == .resultChosen { try? s.setActive(false) }
        }
        try session.beginEditing()
        try session.setText("orca")
        try session.cancel()
        #expect(!session.state.isActive && !session.state.isEditing)
        #expect(!log.kinds.contains(.error))
        try session.beginEditing()
        try session.setText("orca")
        log.clear()
        try session.chooseResult(7)
        #expect(!session.state.isActive)
        #expect(log.delegateKinds == [.resultChosen, .willDismiss, .didEndEditing, .didDismiss])
    }

    // A suggestion's completion is short; the delegate puts the full title in the field.
    @Test func settingTheTextWhenASuggestionIsChosen() throws {
        let (session, backend, log) = try session { s, event in
            if event.kind == .suggestionChosen { try? s.setText("Paris, France") }
        }
        try session.setHostSuggestions([Suggestion(title: "Paris, France", completion: "Paris")], beforeTyping: false)
        try session.setText("par")
        log.clear()
        try session.chooseSuggestion(at: 0)
        #expect(session.state.text == "Paris, France")
        #expect(log.all.filter { $0.kind == .textDidChange }.map(\.text) == ["Paris", "Paris, France"])
        #expect(backend.queries.last?.text == "Paris, France", "the last query is for the text the delegate set")
    }

    @Test func callsRunInTheOrderAsked() throws {
        let (session, _, log) = try session { s, event in
            guard event.kind == .didBeginEditing else { return }
            try? s.setText("a")
            try? s.insertText("b", at: 1)
            try? s.setScopeTitles(["All", "Mail"])
            try? s.selectScope(1)
        }
        try session.beginEditing()
        #expect(session.state.text == "ab")
        #expect(session.state.selectedScope == 1)
        #expect(log.all.filter { $0.kind == .textDidChange }.map(\.text) == ["a", "ab"])
        let kinds = log.delegateKinds
        #expect(kinds.firstIndex(of: .scopeDidChange).map { $0 > kinds.lastIndex(of: .textDidChange)! } == true)
    }

    // A veto callback's call runs once the call that asked the veto has returned.
    @Test func aVetoCallbacksCallRunsAfterTheCall() throws {
        let order = Mutex<[String]>([])
        let (session, _, log) = try session(
            veto: { s, event in
                if event.kind == .shouldBeginEditing {
                    let queued = (try? s.setText("preset")) != nil
                    order.withLock { $0.append("veto queued=\(queued) text=\(s.state.text)") }
                }
                return true
            },
            react: { _, _ in })
        try session.beginEditing()
        #expect(order.withLock { $0 } == ["veto queued=true text="])
        #expect(session.state.text == "preset")
        let kinds = log.delegateKinds
        #expect(kinds == [.didBeginEditing, .willPresent, .didPresent, .textDidChange])
    }

    @Test func aFailureWhenTheCallRunsIsAnErrorEvent() throws {
        let (session, _, log) = try session { s, event in
            guard event.kind == .didBeginEditing else { return }
            try? s.selectScope(5)  // no scope titles: fails when it runs
        }
        try session.beginEditing()
        let error = try #require(log.all.last { $0.kind == .error })
        #expect(error.errorCode == .invalidArgument)
        #expect(error.generation == 0)
        #expect(error.text.contains("selectScope"))
        #expect(error.text.contains("out of range"))
    }

    @Test func argumentsAreCheckedWhenTheCallIsMade() throws {
        let outcome = Mutex<[SearchBarError.Code]>([])
        let (session, _, log) = try session { s, event in
            guard event.kind == .didBeginEditing else { return }
            do throws(SearchBarError) {
                try s.setText(String(repeating: "x", count: TextEdit.maximumTextBytes + 1))
            } catch {
                outcome.withLock { $0.append(error.code) }
            }
        }
        try session.beginEditing()
        #expect(outcome.withLock { $0 } == [.tooBig])
        #expect(session.state.text.isEmpty)
        #expect(!log.kinds.contains(.error), "nothing was queued")
    }

    // A query superseded by a call a callback made still never delivers its results.
    @Test func staleResultsAreStillNeverDelivered() throws {
        let (session, backend, log) = try session { s, event in
            if event.kind == .updateSearchResults && event.text == "a" { try? s.setText("ab") }
        }
        try session.setText("a")
        #expect(backend.pendingGenerations == [1, 2])
        #expect(log.all.contains(SessionEvent(.superseded, generation: 1)))
        backend.complete(1)
        backend.complete(2)
        #expect(log.all.filter { $0.kind == .resultsReady }.map(\.generation) == [2])
        #expect(session.results?.generation == 2)
    }

    @Test func closingAndReplacingTheCallbacksStayRefused() throws {
        let codes = Mutex<[SearchBarError.Code]>([])
        let (session, _, _) = try session { s, event in
            guard event.kind == .didBeginEditing else { return }
            do throws(SearchBarError) { try s.close() } catch { codes.withLock { $0.append(error.code) } }
            do throws(SearchBarError) { try s.setCallbacks(veto: nil, event: nil) } catch {
                codes.withLock { $0.append(error.code) }
            }
            do throws(SearchBarError) { try s.advanceClock(by: .milliseconds(1)) } catch {
                codes.withLock { $0.append(error.code) }
            }
        }
        try session.beginEditing()
        #expect(codes.withLock { $0 } == [.misuse, .misuse, .misuse])
        #expect(session.state.isEditing, "the session is still open")
    }

    // Results delivered on another thread: the callback's call runs there, after it returns.
    @Test func aCallFromACallbackOnAnotherThread() async throws {
        let backend = FakeBackend()
        let session = try SearchSession(backend: backend, clock: ManualClock(), recentsDirectory: "/tmp/x")
        try session.setTiming(SearchTiming(delay: .zero))
        try session.setCallbacks(veto: nil) { [weak session] event in
            if event.kind == .resultsReady { try? session?.endEditing() }
        }
        try session.beginEditing()
        try session.setText("seal")
        let generation = session.generation
        await Task.detached { backend.complete(generation) }.value
        #expect(!session.state.isEditing)
    }
}

extension SearchSession {
    /// Every queued event, oldest first.
    fileprivate func drainQueueForTest() -> [SessionEvent] {
        var out: [SessionEvent] = []
        while let event = nextEvent(timeout: .zero) { out.append(event) }
        return out
    }
}
