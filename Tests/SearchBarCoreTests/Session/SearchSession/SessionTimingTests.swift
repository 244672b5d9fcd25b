import Testing

@testable import SearchBarCore

/// When searches run, on the injectable clock: no sleeps.
@Suite struct SessionTimingTests {
    @Test func defaultDelayIs150MillisecondsLikeGTK() {
        #expect(SearchTiming().delay == .milliseconds(150))
        #expect(SearchTiming().decision(text: "a", hasTokens: false) == .after(150_000_000))
    }

    @Test func typingSearchesAfterTheDelayWithoutFurtherKeystrokes() throws {
        let h = try Harness()
        try h.type("ca")
        h.clock.advance(by: .milliseconds(149))
        #expect(h.backend.queries.isEmpty)
        try h.type("t")  // restarts the delay
        h.clock.advance(by: .milliseconds(149))
        #expect(h.backend.queries.isEmpty)
        h.clock.advance(by: .milliseconds(1))
        #expect(h.backend.queries.map(\.text) == ["cat"])
        #expect(h.log.all.last == SessionEvent(.updateSearchResults, generation: 1, text: "cat", index: 0))
    }

    @Test func zeroDelaySearchesOnEveryKeystroke() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero))
        try h.type("abc")
        #expect(h.backend.queries.map(\.text) == ["a", "ab", "abc"])
        #expect(h.clock.pendingTimerCount == 1, "only the stall timer of the newest query")
    }

    @Test func configurableDelay() throws {
        let h = try Harness(timing: SearchTiming(delay: .milliseconds(400)))
        try h.type("x")
        h.clock.advance(by: .milliseconds(399))
        #expect(h.backend.queries.isEmpty)
        h.clock.advance(by: .milliseconds(1))
        #expect(h.backend.queries.count == 1)
    }

    // WebKit: max(200 ms, 600 ms - 100 ms * length).
    @Test func webKitDelayShrinksAsTheTextGrows() {
        let timing = SearchTiming(shrinkingDelay: .webKit)
        let delays = (1...6).map { n -> UInt64 in
            guard case .after(let ns) = timing.decision(text: String(repeating: "a", count: n), hasTokens: false) else { return 0 }
            return ns / 1_000_000
        }
        #expect(delays == [500, 400, 300, 200, 200, 200])
    }

    @Test func shrinkingDelayOnTheClock() throws {
        let h = try Harness(timing: SearchTiming(shrinkingDelay: .webKit))
        try h.type("a")
        h.clock.advance(by: .milliseconds(499))
        #expect(h.backend.queries.isEmpty)
        h.clock.advance(by: .milliseconds(1))
        #expect(h.backend.queries.map(\.text) == ["a"])
        try h.type("bcd")
        h.clock.advance(by: .milliseconds(200))
        #expect(h.backend.queries.map(\.text) == ["a", "abcd"])
    }

    @Test func clearingSearchesAtOnce() throws {
        let h = try Harness()
        try h.session.setText("abc")
        try h.session.deleteText(in: 0..<3)
        #expect(h.backend.queries.map(\.text) == [""], "deleting everything searches without waiting")
        try h.session.setText("abc")
        try h.session.clear()
        #expect(h.backend.queries.map(\.text) == ["", ""])
    }

    @Test func clearingWaitsWhenImmediateClearIsOff() throws {
        var timing = SearchTiming()
        timing.searchesImmediatelyOnClear = false
        let h = try Harness(timing: timing)
        try h.session.setText("abc")
        try h.session.clear()
        #expect(h.backend.queries.isEmpty)
        h.clock.advance(by: .milliseconds(150))
        #expect(h.backend.queries.map(\.text) == [""])
    }

    @Test func submitOnlyModeRunsNoSearchWhileTyping() throws {
        let h = try Harness(timing: SearchTiming(trigger: .submitOnly))
        try h.session.beginEditing()
        try h.type("whole string")
        try h.session.insertToken(.term("t"))
        h.clock.advance(by: .seconds(10))
        #expect(h.backend.queries.isEmpty)
        try h.session.submit()
        #expect(h.backend.queries.map(\.text) == ["whole string"])
    }

    // A scope bar or token changed after a submit: the results on screen are for the old scope,
    // so the submitted search runs again with the new one; before any submit, nothing runs.
    @Test func submitOnlyRefinementsAfterASubmitSearchAgain() throws {
        let h = try Harness(timing: SearchTiming(trigger: .submitOnly))
        try h.session.setScopeTitles(["All", "Mail", "Notes"])
        try h.session.beginEditing()
        try h.type("tea")
        try h.session.selectScope(1)
        #expect(h.backend.queries.isEmpty, "not submitted yet")
        try h.session.submit()
        try h.session.selectScope(2)
        try h.session.insertToken(.term("green"))
        try h.session.removeToken(at: 0)
        let queries = h.backend.queries
        #expect(queries.map(\.scope) == [1, 2, 2, 2])
        #expect(queries.map(\.tokens.count) == [0, 0, 1, 0])
        #expect(queries.allSatisfy { $0.text == "tea" })
        // Cancel ends the search: the next scope change waits for a submit again.
        try h.session.cancel()
        try h.session.setText("tea")
        try h.session.selectScope(0)
        #expect(h.backend.queries.count == 4)
        // Choosing a suggestion is a submit too.
        try h.session.setHostSuggestions([Suggestion(title: "tea pot")], beforeTyping: false)
        try h.session.chooseSuggestion(at: h.session.suggestions.count - 1)
        try h.session.selectScope(1)
        #expect(h.backend.queries.suffix(2).map(\.scope) == [0, 1])
        #expect(h.backend.queries.last?.text == "tea pot")
    }

    @Test func submitOnlyStillSearchesOnClear() throws {
        let h = try Harness(timing: SearchTiming(trigger: .submitOnly))
        try h.session.setText("x")
        try h.session.clear()
        #expect(h.backend.queries.map(\.text) == [""])
    }

    @Test func minimumCharacters() throws {
        let h = try Harness(timing: SearchTiming(minimumCharacters: 3))
        try h.type("ab")
        h.clock.advance(by: .seconds(1))
        #expect(h.backend.queries.isEmpty)
        try h.type("c")
        h.clock.advance(by: .milliseconds(150))
        #expect(h.backend.queries.map(\.text) == ["abc"])
        // Deleting back under the minimum cancels a pending delayed search.
        try h.type("d")
        try h.session.deleteText(in: 1..<4)
        h.clock.advance(by: .seconds(1))
        #expect(h.backend.queries.map(\.text) == ["abc"])
        // Submit ignores the minimum.
        try h.session.submit()
        #expect(h.backend.queries.map(\.text) == ["abc", "a"])
    }

    @Test func stallEventAfterTheThreshold() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero, stallThreshold: .milliseconds(300)))
        try h.type("q")
        h.clock.advance(by: .milliseconds(299))
        #expect(!h.log.kinds.contains(.searchStalled))
        #expect(!h.session.display.isStalled)
        h.clock.advance(by: .milliseconds(1))
        #expect(h.log.all.last == SessionEvent(.searchStalled, generation: 1))
        #expect(h.session.display.isStalled && h.session.display.isSearching)
        h.backend.complete(1)
        #expect(!h.session.display.isStalled && !h.session.display.isSearching)
    }

    @Test func noStallWhenResultsArriveInTime() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero))
        try h.type("q")
        h.backend.complete(1)
        h.clock.advance(by: .seconds(5))
        #expect(!h.log.kinds.contains(.searchStalled))
        #expect(h.clock.pendingTimerCount == 0)
    }

    @Test func zeroStallThresholdDisablesStallEvents() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero, stallThreshold: .zero))
        try h.type("q")
        h.clock.advance(by: .seconds(5))
        #expect(!h.log.kinds.contains(.searchStalled))
    }

    @Test func invalidPoliciesAreRejected() throws {
        let h = try Harness()
        #expect(throws: SearchBarError.self) { try h.session.setTiming(SearchTiming(delay: .seconds(61))) }
        #expect(throws: SearchBarError.self) { try h.session.setTiming(SearchTiming(delay: .milliseconds(-1))) }
        #expect(throws: SearchBarError.self) { try h.session.setTiming(SearchTiming(minimumCharacters: -1)) }
        #expect(h.session.timing == SearchTiming())
    }

    @Test func changingThePolicyReschedulesAPendingSearch() throws {
        let h = try Harness()
        try h.type("ab")
        try h.session.setTiming(SearchTiming(trigger: .submitOnly))
        h.clock.advance(by: .seconds(1))
        #expect(h.backend.queries.isEmpty)
    }

    @Test func systemClockFiresTimersOnItsThread() {
        let done = EventSignalForTests()
        let order = EventLog()
        let clock = SystemClock.shared
        // Deadlines from one base far enough ahead that both timers are scheduled before either
        // is due, even on a slow host under a sanitizer (scheduling the second 1 ms after "now"
        // once let the first fire before it was scheduled).
        let base = clock.now() + 300_000_000
        let cancelled = clock.schedule(at: base + 1_000_000_000) { order.append(SessionEvent(.nextMatch, index: 0)) }
        cancelled.cancel()
        _ = clock.schedule(at: base + 2_000_000) {
            order.append(SessionEvent(.nextMatch, index: 2))
            done.post()
        }
        _ = clock.schedule(at: base + 1_000_000) { order.append(SessionEvent(.nextMatch, index: 1)) }
        done.wait()
        #expect(order.all.map(\.index) == [1, 2])
        #expect(clock.wallMilliseconds() > 1_600_000_000_000)
    }

    @Test func manualClockFiresInDeadlineOrder() {
        let clock = ManualClock()
        let order = EventLog()
        _ = clock.schedule(at: 30) { order.append(SessionEvent(.nextMatch, index: 30)) }
        _ = clock.schedule(at: 10) { order.append(SessionEvent(.nextMatch, index: 10)) }
        let cancelled = clock.schedule(at: 20) { order.append(SessionEvent(.nextMatch, index: 20)) }
        cancelled.cancel()
        clock.advance(by: 25)
        #expect(order.all.map(\.index) == [10])
        #expect(clock.now() == 25)
        clock.advance(to: 100)
        #expect(order.all.map(\.index) == [10, 30])
    }
}
