import Testing

@testable import SearchBarCore

/// UIKit guide: "The Capitalization field specifies how text should be capitalized in the
/// search bar: no capitalization, every word, every sentence, or every character. The no
/// capitalization scheme is selected by default."
@Suite struct SessionAutocapitalizationTests {
    private func typed(_ text: String, _ mode: Autocapitalization) throws -> String {
        let h = try Harness()
        try h.session.setAutocapitalization(mode)
        try h.type(text)
        return h.session.state.text
    }

    @Test func noneIsTheDefault() throws {
        #expect(SessionState().autocapitalization == .none)
        #expect(try typed("hello world. again", .none) == "hello world. again")
    }

    @Test func everyWord() throws {
        #expect(try typed("new york  city", .words) == "New York  City")
        #expect(try typed("élan vital", .words) == "Élan Vital")
    }

    @Test func everySentence() throws {
        #expect(try typed("hello world. how are you? fine!ok", .sentences) == "Hello world. How are you? Fine!ok")
        #expect(try typed("e.g. this", .sentences) == "E.g. This")
    }

    @Test func everyCharacter() throws {
        #expect(try typed("straße", .allCharacters) == "STRASSE")
    }

    @Test func appliedToTypedTextOnlyWithContext() {
        // Inserting inside existing text looks at the text before the insertion point.
        #expect(Autocapitalization.words.apply(to: "york", after: "new ") == "York")
        #expect(Autocapitalization.words.apply(to: "ork", after: "new y") == "ork")
        #expect(Autocapitalization.sentences.apply(to: "then", after: "Done.  ") == "Then")
        #expect(Autocapitalization.sentences.apply(to: "then", after: "Done") == "then")
        #expect(Autocapitalization.words.apply(to: "42 apples", after: "") == "42 Apples")
    }

    @Test func vetoSeesTheCapitalizedReplacement() throws {
        let h = try Harness()
        try h.session.setAutocapitalization(.words)
        try h.session.insertText("paris", at: 0)
        #expect(h.vetoes.all.last?.text == "Paris")
    }

    @Test func programmaticTextIsNotCapitalized() throws {
        let h = try Harness()
        try h.session.setAutocapitalization(.allCharacters)
        try h.session.setText("quiet")
        #expect(h.session.state.text == "quiet")
    }
}
