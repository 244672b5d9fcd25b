import Testing

@testable import SearchBarCore

/// Suggestions while and before typing, and choosing them.
@Suite struct SessionSuggestionTests {
    private func harness() throws -> Harness {
        try Harness(backend: FakeBackend(vocabulary: ["york", "yogurt", "yoga", "zebra"]))
    }

    // HIG: "Consider providing access to relevant items near a search field ... as soon as people
    // tap or click the search field"; tvOS: "listing popular or recent searches ... before people start typing".
    @Test func beforeTypingOffersRecentsThenHostItems() throws {
        let h = try harness()
        try h.session.addRecent("older")
        try h.session.addRecent("newer")
        try h.session.setHostSuggestions([Suggestion(title: "Bookmarks")], beforeTyping: true)
        try h.session.setHostSuggestions([Suggestion(title: "only while typing")], beforeTyping: false)
        let list = h.session.suggestions
        #expect(list.map(\.title) == ["newer", "older", "Bookmarks"])
        #expect(list.map(\.source) == [.recent, .recent, .host])
    }

    @Test func recentsAreFilteredByFoldedText() throws {
        let h = try harness()
        for text in ["Café crème", "cake", "Crème brûlée", "tea"] { try h.session.addRecent(text) }
        try h.session.setText("CAFE")
        #expect(h.session.suggestions.filter { $0.source == .recent }.map(\.title) == ["Café crème"])
        try h.session.setText("creme")
        #expect(h.session.suggestions.filter { $0.source == .recent }.map(\.title) == ["Crème brûlée", "Café crème"])
        try h.session.setText("tea")
        #expect(h.session.suggestions.filter { $0.source == .recent }.isEmpty, "the typed text itself is not suggested")
    }

    @Test func completionsComeFromTheVocabularyForTheWordBeingTyped() throws {
        let h = try harness()
        try h.session.setText("new YO")
        let completions = h.session.suggestions.filter { $0.source == .completion }
        #expect(completions.map(\.title) == ["york", "yogurt", "yoga"])
        #expect(completions.allSatisfy { $0.action == .replaceWord })
        try h.session.setSuggestionLimits(SuggestionLimits(recents: 5, completions: 1))
        #expect(h.session.suggestions.filter { $0.source == .completion }.count == 1)
        try h.session.setText("new ")
        #expect(h.session.suggestions.filter { $0.source == .completion }.isEmpty)
    }

    @Test func hostSuggestionsFollowWhileTyping() throws {
        let h = try harness()
        try h.session.setHostSuggestions([Suggestion(title: "Popular: yoga mats", hostValue: 3)], beforeTyping: false)
        try h.session.setText("yo")
        #expect(h.session.suggestions.last?.title == "Popular: yoga mats")
        #expect(h.session.suggestions.last?.hostValue == 3)
    }

    // SwiftUI searchCompletion: choosing a completion replaces the word being typed.
    @Test func choosingACompletionReplacesThePartialWord() throws {
        let h = try harness()
        try h.session.setText("new yo")
        let index = try #require(h.session.suggestions.firstIndex { $0.title == "york" })
        h.log.clear()
        let chosen = try h.session.chooseSuggestion(at: index)
        #expect(chosen.title == "york")
        #expect(h.session.state.text == "new york")
        #expect(h.log.delegateKinds == [.suggestionChosen, .textDidChange])
        #expect(h.backend.queries.last?.text == "new york", "choosing searches at once")
        #expect(h.session.recents.first?.text == "new york")
    }

    @Test func choosingARecentReplacesTheText() throws {
        let h = try harness()
        try h.session.addRecent("new york pizza")
        try h.session.setText("new")
        let index = try #require(h.session.suggestions.firstIndex { $0.source == .recent })
        try h.session.chooseSuggestion(at: index)
        #expect(h.session.state.text == "new york pizza")
    }

    @Test func choosingATokenSuggestionAddsATokenAndRemovesThePartialWord() throws {
        let h = try harness()
        let token = SearchToken(kind: .attribute, label: "PDF", field: "kind", value: "pdf", hostValue: 9)
        try h.session.setHostSuggestions([Suggestion(title: "Kind: PDF", action: .addToken, token: token)], beforeTyping: false)
        try h.session.setText("report pd")
        let index = try #require(h.session.suggestions.firstIndex { $0.action == .addToken })
        try h.session.chooseSuggestion(at: index)
        #expect(h.session.state.tokens == [token])
        #expect(h.session.state.text == "report ")
        #expect(h.log.all.contains(SessionEvent(.tokenAdded, text: "PDF", index: 0, hostValue: 9)))
    }

    @Test func invalidSuggestionsAreRejected() throws {
        let h = try harness()
        #expect(throws: SearchBarError.self) { try h.session.chooseSuggestion(at: 0) }
        #expect(throws: SearchBarError.self) {
            try h.session.setHostSuggestions([Suggestion(title: "t", action: .addToken)], beforeTyping: false)
        }
        #expect(throws: SearchBarError.self) { try h.session.setSuggestionLimits(SuggestionLimits(recents: 51, completions: 0)) }
    }
}
