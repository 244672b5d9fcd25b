import Synchronization
import Testing

@testable import SearchBarCore

/// The delegate events and vetoes, in UIKit's order.
@Suite struct SessionEventTests {
    @Test func beginEditingPresentsAndSearches() throws {
        let h = try Harness()
        #expect(try h.session.beginEditing())
        #expect(h.vetoes.kinds == [.shouldBeginEditing])
        #expect(h.log.kinds == [.didBeginEditing, .willPresent, .didPresent, .updateSearchResults])
        #expect(h.session.state.isEditing && h.session.state.isActive)
        // Already editing: nothing happens.
        h.log.clear()
        #expect(try h.session.beginEditing())
        #expect(h.log.kinds.isEmpty)
    }

    @Test func shouldBeginEditingVetoKeepsTheFieldUnfocused() throws {
        let h = try Harness(veto: { $0.kind != .shouldBeginEditing })
        #expect(try h.session.beginEditing() == false)
        #expect(!h.session.state.isEditing && !h.session.state.isActive)
        #expect(h.log.kinds.isEmpty)
    }

    @Test func shouldEndEditingVeto() throws {
        let refuse = Mutex(true)
        let h = try Harness(veto: { event in event.kind != .shouldEndEditing || !refuse.withLock { $0 } })
        try h.session.beginEditing()
        h.log.clear()
        #expect(try h.session.endEditing() == false)
        #expect(h.session.state.isEditing)
        refuse.withLock { $0 = false }
        #expect(try h.session.endEditing())
        #expect(h.log.kinds == [.didEndEditing])
        #expect(h.session.state.isActive, "ending editing keeps the search interface presented")
    }

    @Test func shouldChangeTextSeesRangeAndReplacement() throws {
        let h = try Harness(veto: { $0.kind != .shouldChangeText || $0.text != "!" })
        try h.session.setText("héllo")
        h.vetoes.clear()
        h.log.clear()
        #expect(try h.session.replaceText(in: 1..<3, with: "e"))
        #expect(h.session.state.text == "hello")
        let proposal = try #require(h.vetoes.all.first)
        #expect(proposal.kind == .shouldChangeText)
        #expect(proposal.range == 1..<3)
        #expect(proposal.text == "e")
        #expect(h.log.all.first == SessionEvent(.textDidChange, text: "hello"))
        // A vetoed change leaves the text and raises nothing.
        h.log.clear()
        #expect(try h.session.insertText("!", at: 5) == false)
        #expect(h.session.state.text == "hello")
        #expect(h.log.kinds.isEmpty)
    }

    @Test func editsValidateTheirRange() throws {
        let h = try Harness()
        try h.session.setText("é")
        #expect(throws: SearchBarError.self) { try h.session.insertText("x", at: 1) }  // inside é
        #expect(throws: SearchBarError.self) { try h.session.insertText("x", at: 3) }
        #expect(throws: SearchBarError.self) { try h.session.deleteText(in: -1..<1) }
        try h.session.insertText("x", at: 2)
        try h.session.deleteText(in: 0..<2)
        #expect(h.session.state.text == "x")
    }

    @Test func programmaticTextHasNoVetoButChanges() throws {
        let h = try Harness(veto: { _ in false })
        try h.session.setText("abc")
        #expect(h.vetoes.all.isEmpty)
        #expect(h.log.all.first == SessionEvent(.textDidChange, text: "abc"))
    }

    @Test func searchButtonSubmitsAtOnce() throws {
        let h = try Harness(timing: SearchTiming(trigger: .submitOnly))
        try h.type("tea")
        #expect(h.backend.queries.isEmpty)
        try h.session.submit()
        #expect(h.log.kinds == [.textDidChange, .textDidChange, .textDidChange, .searchButton, .recentsDidChange, .updateSearchResults])
        #expect(h.backend.queries.map(\.text) == ["tea"])
        #expect(h.log.all.first(where: { $0.kind == .searchButton })?.text == "tea")
    }

    @Test func cancelClearsDismissesAndSupersedes() throws {
        let h = try Harness()
        try h.session.beginEditing()
        try h.session.insertToken(.term("red"))
        try h.session.setText("shoes")
        h.clock.advance(by: .milliseconds(150))
        let pending = try #require(h.backend.pendingGenerations.last)
        h.log.clear()
        try h.session.cancel()
        #expect(h.log.kinds == [.cancelButton, .tokenRemoved, .textDidChange, .superseded, .willDismiss, .didEndEditing, .didDismiss])
        #expect(h.log.all.first(where: { $0.kind == .superseded })?.generation == pending)
        #expect(h.backend.cancelled.contains(pending))
        let state = h.session.state
        #expect(state.text.isEmpty && state.tokens.isEmpty && !state.isActive && !state.isEditing)
        // The superseded search's late results are never delivered.
        h.backend.complete(pending)
        #expect(!h.log.kinds.contains(.resultsReady))
        #expect(h.session.results == nil)
    }

    @Test func clearRemovesTokensAndTextAndSearchesAtOnce() throws {
        let h = try Harness()
        try h.session.insertToken(.term("red"))
        try h.session.setText("shoe")
        h.log.clear()
        try h.session.clear()
        #expect(h.log.kinds == [.clear, .tokenRemoved, .textDidChange, .superseded, .updateSearchResults])
        #expect(h.backend.queries.last?.text == "")
        #expect(h.backend.queries.last?.tokens == [])
        // Clearing an empty field does nothing.
        h.log.clear()
        try h.session.clear()
        #expect(h.log.kinds.isEmpty)
    }

    @Test func scopeChangeWithVeto() throws {
        let h = try Harness(veto: { $0.kind != .shouldChangeScope || $0.index != 2 })
        try h.session.setScopeTitles(["All", "Inbox", "Sent"])
        #expect(try h.session.selectScope(1))
        #expect(h.vetoes.all.last == SessionEvent(.shouldChangeScope, index: 1, previousIndex: 0))
        #expect(h.log.all.first == SessionEvent(.scopeDidChange, index: 1, previousIndex: 0))
        #expect(h.backend.queries.last?.scope == 1)
        #expect(h.backend.queries.last?.scopeTitle == "Inbox")
        h.log.clear()
        #expect(try h.session.selectScope(2) == false)
        #expect(h.session.state.selectedScope == 1)
        #expect(h.log.kinds.isEmpty)
        #expect(throws: SearchBarError.self) { try h.session.selectScope(3) }
        // Re-selecting the selected scope is not a change.
        h.vetoes.clear()
        #expect(try h.session.selectScope(1))
        #expect(h.vetoes.all.isEmpty)
    }

    @Test func programmaticScopeSelectionIsSilent() throws {
        let h = try Harness()
        try h.session.setScopeTitles(["All", "Inbox"])
        try h.session.setSelectedScope(1)
        #expect(h.log.kinds.isEmpty && h.vetoes.all.isEmpty)
        #expect(throws: SearchBarError.self) { try h.session.setSelectedScope(2) }
    }

    @Test func tokensAddedAndRemovedBeforeTheText() throws {
        let h = try Harness()
        try h.session.setText("report")
        h.log.clear()
        let kind = SearchToken(kind: .attribute, label: "PDF", field: "kind", value: "pdf", hostValue: 42)
        try h.session.insertToken(kind)
        try h.session.insertToken(SearchToken(kind: .scope, label: "Mail", hostValue: 7), at: 0)
        #expect(h.session.state.tokens.map(\.label) == ["Mail", "PDF"])
        #expect(h.log.all.filter { $0.kind == .tokenAdded }.map(\.index) == [0, 0])
        #expect(h.log.all.first(where: { $0.kind == .tokenAdded })?.hostValue == 42)
        #expect(h.backend.queries.last?.tokens.map(\.value) == ["Mail", "pdf"])
        try h.session.removeToken(at: 1)
        #expect(h.log.all.last(where: { $0.kind == .tokenRemoved }) == SessionEvent(.tokenRemoved, text: "PDF", index: 1, hostValue: 42))
        #expect(throws: SearchBarError.self) { try h.session.removeToken(at: 5) }
        #expect(throws: SearchBarError.self) { try h.session.insertToken(.term("x"), at: 9) }
        #expect(throws: SearchBarError.self) { try h.session.insertToken(SearchToken(kind: .attribute, label: "no field")) }
    }

    @Test func buttonsAndMatchNavigationRaiseTheirEvents() throws {
        let h = try Harness()
        try h.session.tapBookmarkButton()
        try h.session.tapResultsListButton()
        try h.session.nextMatch()
        try h.session.previousMatch()
        try h.session.chooseResult(99)
        #expect(h.log.kinds == [.bookmarkButton, .resultsListButton, .nextMatch, .previousMatch, .resultChosen])
        #expect(h.log.all.last?.hostValue == 99)
    }

    @Test func presentAndDismissProgrammatically() throws {
        let h = try Harness()
        try h.session.setActive(true)
        try h.session.setActive(true)
        #expect(h.log.kinds == [.willPresent, .didPresent])
        #expect(!h.session.state.isEditing, "presenting does not take the focus")
        try h.session.beginEditing()
        h.log.clear()
        try h.session.setActive(false)
        #expect(h.log.kinds == [.willDismiss, .didEndEditing, .didDismiss])
    }

    @Test func resultsReadyCarriesTheGeneration() throws {
        let h = try Harness()
        try h.type("ab")
        h.clock.advance(by: .milliseconds(150))
        let generation = try #require(h.backend.pendingGenerations.last)
        h.backend.complete(generation, ids: [5, 6, 7])
        let ready = try #require(h.log.all.last)
        #expect(ready == SessionEvent(.resultsReady, generation: generation, count: 3))
        #expect(h.session.results?.results.ids == [5, 6, 7])
        #expect(h.session.display.resultCount == 3)
        #expect(!h.session.display.isSearching)
    }

    // UISearchResultsUpdating reads the bar's scope and tokens; the event carries them, as
    // they were when its generation was issued.
    @Test func updateSearchResultsSaysItsScopeAndTokens() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero))
        try h.session.setScopeTitles(["All", "Mail"])
        try h.session.selectScope(1)
        let token = SearchToken(kind: .attribute, label: "PDF", field: "kind", value: "pdf", hostValue: 4)
        try h.session.insertToken(token)
        try h.session.setText("report")
        let update = try #require(h.log.all.last { $0.kind == .updateSearchResults })
        #expect(update.text == "report" && update.index == 1 && update.count == 1 && update.tokens == [token])
        let queued = try #require(h.drainQueue().last { $0.kind == .updateSearchResults })
        #expect(queued == update)
        let query = try #require(h.session.query(update.generation))
        #expect(query.scopeTitle == "Mail" && query.tokens == [token] && query.text == "report")
        try h.session.selectScope(0)
        let next = try #require(h.log.all.last { $0.kind == .updateSearchResults })
        #expect(next.index == 0 && next.tokens == [token] && next.generation == update.generation + 1)
        #expect(h.session.query(update.generation) == nil, "superseded: nothing to search for")
    }

    @Test func backendErrorBecomesAnErrorEvent() throws {
        let h = try Harness()
        try h.session.submit()
        let generation = try #require(h.backend.pendingGenerations.last)
        h.backend.fail(generation, SearchBarError(.io, "disk gone"))
        #expect(h.log.all.last == SessionEvent(.error, generation: generation, text: "disk gone", errorCode: .io))
    }
}

/// Calling back into a session from its own callbacks.
@Suite struct SessionReentrancyTests {
    @Test func hostSearchCanDeliverFromInsideTheCallback() throws {
        // A session without a backend: the host searches synchronously in update-search-results.
        let session = try SearchSession(backend: nil, clock: ManualClock(), recentsDirectory: "/tmp/x")
        let log = EventLog()
        try session.setCallbacks(veto: nil) { [weak session] event in
            log.append(event)
            if event.kind == .updateSearchResults {
                try? session?.deliverResults(SessionResults(ids: [1, 2]), for: event.generation)
            }
        }
        try session.submit()
        #expect(log.kinds == [.searchButton, .updateSearchResults, .resultsReady])
        #expect(log.all.last?.count == 2)
    }

    @Test func closedSessionRefusesCalls() throws {
        let session = try SearchSession(backend: FakeBackend(), clock: ManualClock(), recentsDirectory: "/tmp/x")
        try session.close()
        try session.close()
        #expect(throws: SearchBarError.self) { try session.setText("x") }
        #expect(session.eventFileDescriptor == -1)
        #expect(session.nextEvent(timeout: nil) == nil)
    }
}
