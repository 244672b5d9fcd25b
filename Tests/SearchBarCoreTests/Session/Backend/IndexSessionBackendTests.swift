import Synchronization
import Testing

@testable import SearchBarCore

/// The session over a real index.
@Suite struct SessionIndexBackendTests {
    private func makeIndex() throws -> SearchIndex {
        let index = try SearchIndex(threads: 2)
        index.add([
            IndexItem(id: 1, title: "New York pizza", scope: 1, attributes: [ItemAttribute("year", .number(1999))]),
            IndexItem(id: 2, title: "York minster", scope: 2, attributes: [ItemAttribute("year", .number(2005))]),
            IndexItem(id: 3, title: "Yoga in New York", scope: 1, attributes: [ItemAttribute("kind", .text("Class"))]),
            IndexItem(id: 4, title: "Café York", scope: 2),
            IndexItem(id: 5, title: "Zebra", scope: 1),
        ])
        return index
    }

    /// Waits (on the event descriptor, not a sleep) for the results of the newest query.
    private func results(_ session: SearchSession) -> [UInt64]? {
        let newest = session.generation
        for _ in 0..<200 {
            if let current = session.results, current.generation == newest { return current.results.ids }
            _ = session.nextEvent(timeout: .milliseconds(50))
        }
        return nil
    }

    @Test func typingSearchesTheIndex() throws {
        let index = try makeIndex()
        let session = try SearchSession(backend: IndexSessionBackend(index: index), recentsDirectory: "/tmp/x")
        try session.setTiming(SearchTiming(delay: .zero))
        try session.setText("york")
        let ids = try #require(results(session))
        #expect(Set(ids) == [1, 2, 3, 4])
        let found = session.results?.results
        #expect(found?.hits.count == 4)
        #expect(found?.texts?.count == 4)
        #expect(found.map { zip($0.hits, $0.texts ?? []).allSatisfy { hit, texts in hit.field != .title || texts.text == texts.title } } == true)
    }

    @Test func scopeBarAndTokensFilter() throws {
        let index = try makeIndex()
        let session = try SearchSession(backend: IndexSessionBackend(index: index), recentsDirectory: "/tmp/x")
        try session.setTiming(SearchTiming(delay: .zero))
        try session.setScopeTitles(["All", "Food", "Places"])
        try session.setText("york")
        try session.selectScope(2)
        #expect(Set(try #require(results(session))) == [2, 4])
        try session.selectScope(0)
        try session.insertToken(SearchToken(kind: .attribute, label: "Before 2000", field: "year", value: "<2000"))
        #expect(try #require(results(session)) == [1])
        try session.removeToken(at: 0)
        try session.insertToken(SearchToken(kind: .scope, label: "Food", value: "1"))
        try session.insertToken(.term("yoga"))
        #expect(try #require(results(session)) == [3])
    }

    /// Term tokens reach the query compiler as words, apart from the typed text: with extended
    /// syntax the text's operators apply, a token's value is never read as one.
    @Test func termTokensAreWordsNotSyntax() throws {
        let index = try makeIndex()
        let backend = IndexSessionBackend(index: index, options: SearchOptions(extendedSyntax: true))
        let session = try SearchSession(backend: backend, recentsDirectory: "/tmp/x")
        try session.setTiming(SearchTiming(delay: .zero))
        try session.insertToken(.term("new"))
        try session.setText("!pizza")
        #expect(try #require(results(session)) == [3])
        try session.removeToken(at: 0)
        try session.setText("")
        try session.insertToken(.term("!york"))
        #expect(Set(try #require(results(session))) == [1, 2, 3, 4])
    }

    @Test func badScopeTokenIsAnErrorEvent() throws {
        let index = try makeIndex()
        let session = try SearchSession(backend: IndexSessionBackend(index: index), recentsDirectory: "/tmp/x")
        try session.insertToken(SearchToken(kind: .scope, label: "Food", value: "food"))
        var last: SessionEvent?
        while let event = session.nextEvent(timeout: .milliseconds(200)) { last = event }
        #expect(last?.kind == .error)
        #expect(last?.errorCode == .invalidArgument)
    }

    @Test func attributeTokenValues() {
        #expect(IndexSessionBackend.filter(field: "y", value: ">=3") == .range(name: "y", min: 3, max: .infinity))
        #expect(IndexSessionBackend.filter(field: "y", value: "<= 2.5") == .range(name: "y", min: -.infinity, max: 2.5))
        #expect(IndexSessionBackend.filter(field: "y", value: "1...4") == .range(name: "y", min: 1, max: 4))
        #expect(IndexSessionBackend.filter(field: "y", value: "4...1") == .equals(name: "y", text: "4...1"))
        #expect(IndexSessionBackend.filter(field: "k", value: "pdf") == .equals(name: "k", text: "pdf"))
    }

    @Test func completionsAreTheMostFrequentVocabularyWords() throws {
        let index = try makeIndex()
        let backend = IndexSessionBackend(index: index)
        let all = SessionQuery(generation: 0, text: "")
        #expect(backend.completions(forFoldedPrefix: "yo", limit: 5, in: all) == ["York", "Yoga"])
        #expect(backend.completions(forFoldedPrefix: "yo", limit: 1, in: all) == ["York"])
        #expect(backend.completions(forFoldedPrefix: "caf", limit: 5, in: all) == ["Café"])
        index.remove(ids: [1, 2, 3, 4])
        #expect(backend.completions(forFoldedPrefix: "yo", limit: 5, in: all).isEmpty)
        let session = try SearchSession(backend: backend, recentsDirectory: "/tmp/x")
        index.add([IndexItem(id: 9, title: "Zebra crossing")])
        try session.setText("ze")
        #expect(session.suggestions.map(\.title) == ["Zebra"])
    }

    // Completions are the items' words as written, from the selected scope only, and choosing
    // one puts that spelling in the field.
    @Test func completionsKeepTheDisplayFormAndTheScope() throws {
        let index = try SearchIndex(threads: 1)
        index.add([
            IndexItem(id: 1, title: "Zürich Hauptbahnhof", scope: 1),
            IndexItem(id: 2, title: "Zurigo centro", scope: 2),
            IndexItem(id: 3, title: "Große Straße", scope: 1),
            IndexItem(id: 4, title: "Strand", scope: 2),
        ])
        let session = try SearchSession(backend: IndexSessionBackend(index: index), recentsDirectory: "/tmp/x")
        try session.setScopeTitles(["All", "Switzerland", "Italy"])
        try session.setText("zur")
        #expect(session.suggestions.map(\.title).sorted() == ["Zurigo", "Zürich"])
        try session.selectScope(1)
        #expect(session.suggestions.map(\.title) == ["Zürich"])
        try session.selectScope(2)
        #expect(session.suggestions.map(\.title) == ["Zurigo"])
        try session.selectScope(1)
        try session.setText("strasse")
        #expect(session.suggestions.map(\.title) == [], "the typed word itself is not offered")
        try session.setText("Weg str")
        #expect(session.suggestions.map(\.completion) == ["Straße"])
        try session.chooseSuggestion(at: 0)
        #expect(session.state.text == "Weg Straße")
        try session.selectScope(0)
        try session.insertToken(SearchToken(kind: .scope, label: "Italy", value: "2"))
        try session.setText("str")
        let completions = session.suggestions.filter { $0.source == .completion }
        #expect(completions.map(\.title) == ["Strand"], "a scope token limits completions too")
    }
}
