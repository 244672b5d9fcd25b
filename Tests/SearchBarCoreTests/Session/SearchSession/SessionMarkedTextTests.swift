import Testing

@testable import SearchBarCore

/// Marked text (input-method pre-edit) follows UITextInput: it replaces the marked range, is
/// searched as composed, and is committed or dropped by the other calls.
@Suite struct SessionMarkedTextTests {
    @Test func hangulCompositionReplacesTheMarkedRangeAndSearchesEachStep() throws {
        let h = try Harness(timing: SearchTiming(delay: .zero))
        for step in ["ㅎ", "하", "한"] {
            #expect(try h.session.setMarkedText(step, replacing: 0..<0))
        }
        #expect(h.session.state.text == "한")
        #expect(h.session.markedRange == 0..<3)
        #expect(h.session.display.markedRange == 0..<3)
        #expect(h.backend.queries.map(\.text) == ["ㅎ", "하", "한"])
        #expect(h.vetoes.all.map(\.range) == [0..<0, 0..<3, 0..<3])
        try h.session.unmarkText()
        #expect(h.session.state.text == "한" && h.session.markedRange == nil)
        #expect(h.backend.queries.count == 3, "committing does not search again")
    }

    @Test func editsCommitAndSetTextDrops() throws {
        let h = try Harness()
        try h.session.setText("ab")
        try h.session.setMarkedText("か", replacing: 1..<1)
        #expect(h.session.markedRange == 1..<4)
        try h.session.insertText("!", at: 5)
        #expect(h.session.state.text == "aかb!" && h.session.markedRange == nil)
        try h.session.setMarkedText("x", replacing: 0..<0)
        try h.session.submit()
        #expect(h.session.markedRange == nil)
        try h.session.setMarkedText("y", replacing: 0..<0)
        try h.session.setText("yxaかb!")
        #expect(h.session.markedRange == nil)
        try h.session.setMarkedText("z", replacing: 0..<0)
        try h.session.setMarkedText("", replacing: 5..<5)  // the marked range, not 5..<5
        #expect(h.session.state.text == "yxaかb!" && h.session.markedRange == nil)
    }

    @Test func aVetoedCompositionKeepsTheMark() throws {
        let h = try Harness(veto: { $0.kind != .shouldChangeText || $0.text != "no" })
        try h.session.setMarkedText("w", replacing: 0..<0)
        #expect(try !h.session.setMarkedText("no", replacing: 0..<0))
        #expect(h.session.state.text == "w" && h.session.markedRange == 0..<1)
    }
}
