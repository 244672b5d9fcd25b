import Testing

@testable import SearchBarCore

/// Backspace and forward delete remove one extended grapheme cluster (Swift's `Character`).
@Suite struct SessionGraphemeTests {
    /// (text, what one Backspace at the end leaves)
    static let cases: [(String, String)] = [
        ("ab", "a"),
        ("a👍🏽", "a"),
        ("x👨‍👩‍👧", "x"),
        ("🇩🇪🇫🇷", "🇩🇪"),
        ("\u{1112}\u{1161}\u{11AB}", ""),
        ("cafe\u{301}", "caf"),
        ("aक्ष", "a"),
        ("\u{600}1", ""),
        ("x\r\n", "x"),
    ]

    @Test(arguments: cases) func backspaceDeletesOneCluster(text: String, left: String) throws {
        let h = try Harness()
        try h.session.setText(text)
        #expect(try h.session.deleteBackward(from: text.utf8.count) == .deleted(offset: left.utf8.count))
        #expect(h.session.state.text == left)
    }

    @Test func forwardDeleteAndEdges() throws {
        let h = try Harness()
        try h.session.setText("🇩🇪🇫🇷")
        #expect(try h.session.deleteForward(from: 0) == .deleted(offset: 0))
        #expect(h.session.state.text == "🇫🇷")
        #expect(try h.session.deleteForward(from: 8) == .nothing)
        #expect(try h.session.deleteBackward(from: 0) == .nothing)
        try h.session.setText("🇩🇪🇫🇷")
        #expect(try h.session.deleteBackward(from: 4) == .deleted(offset: 0), "inside a flag: the whole flag")
        #expect(h.session.state.text == "🇫🇷")
        #expect(throws: SearchBarError.self) { try h.session.deleteBackward(from: 9) }
        #expect(throws: SearchBarError.self) { try h.session.deleteBackward(from: 1) }
    }

    @Test func aVetoRefusesAndMarkedTextIsCommittedFirst() throws {
        let h = try Harness(veto: { $0.kind != .shouldChangeText || $0.text != "" })
        try h.session.setMarkedText("가", replacing: 0..<0)
        #expect(try h.session.deleteBackward(from: 3) == .vetoed)
        #expect(h.session.state.text == "가" && h.session.markedRange == nil)
    }
}
