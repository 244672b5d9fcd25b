/// Input-method pre-edit (UITextInput `setMarkedText(_:selectedRange:)`, `unmarkText()`,
/// `markedTextRange`): the text an input method is composing (a Hangul syllable, a kana string
/// before conversion) is part of the search text, searched as typed, and marked so the host can
/// underline it.
///
/// Rules (those of UITextInput):
/// - While text is marked, ``setMarkedText(_:replacing:)`` replaces the marked range whatever
///   range it is given; otherwise it replaces the given range. The new text becomes the marked
///   range; an empty text removes the marked text and leaves none marked.
/// - ``unmarkText()`` commits: the text stays, nothing is marked.
/// - Any other edit commits first (``replaceText(in:with:)`` and the insert, delete and
///   grapheme-delete calls then apply to the committed text, same offsets); ``submit()`` and
///   ending editing (``endEditing()``, dismissal) commit; ``setText(_:)``, ``clear()``,
///   ``cancel()``, choosing a suggestion and ``restore(fromSnapshot:)`` replace the text and
///   drop the marked range with it.
extension SearchSession {
    /// The input method's pre-edit text: replaces the marked range (when text is marked) or
    /// the UTF-8 byte `range` (when none is) with `text`, which becomes the marked range. The
    /// veto sees should-change-text with the replaced range and `text` (no autocapitalization:
    /// the input method composes), then text-did-change follows and a search is scheduled by
    /// the timing policy, so the text is searched while it is composed. An empty `text` removes
    /// the marked text. Returns false when the veto refused (nothing changed; text that was
    /// marked stays marked).
    /// Throws ``SearchBarError/Code/invalidArgument`` for a range outside the text or inside a
    /// UTF-8 sequence (checked only when no text is marked), ``SearchBarError/Code/tooBig``
    /// past 1 MiB of text.
    @discardableResult
    public func setMarkedText(_ text: String, replacing range: Range<Int>) throws(SearchBarError) -> Bool {
        try perform("setMarkedText", queued: true) { [self] effects throws(SearchBarError) in
            let (current, marked) = core.withLock { ($0.state.text, $0.state.markedRange) }
            let target = marked ?? range
            let updated = try TextEdit.replacing(target, in: current, with: text)
            let newMarked = text.isEmpty ? nil : target.lowerBound..<(target.lowerBound + text.utf8.count)
            guard updated != current else {
                withCore { $0.state.markedRange = newMarked }
                return true
            }
            guard veto(SessionEvent(.shouldChangeText, text: text, range: target)) else { return false }
            withCore { c in
                setTextLocked(updated, &c)
                c.state.markedRange = newMarked
                scheduleAfterEdit(&c, &effects)
            }
            return true
        }
    }

    /// Commits the marked text (UITextInput `unmarkText()`): the text stays as it is and nothing
    /// is marked any more. No event (the text did not change). Does nothing when no text is marked.
    public func unmarkText() throws(SearchBarError) {
        try perform("unmarkText") { [self] _ throws(SearchBarError) in
            withCore { $0.state.markedRange = nil }
        }
    }

    /// The UTF-8 byte range of the marked text, or nil when none is marked.
    public var markedRange: Range<Int>? {
        core.withLock { $0.state.markedRange }
    }
}
