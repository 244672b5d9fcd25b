/// Typing and focus: the text edits (with the should-change-text veto and autocapitalization)
/// and the begin/end-editing and present/dismiss transitions.
extension SearchSession {
    /// Inserts typed text at UTF-8 byte `offset` (see ``replaceText(in:with:)``).
    @discardableResult
    public func insertText(_ text: String, at offset: Int) throws(SearchBarError) -> Bool {
        try replaceText(in: offset..<offset, with: text)
    }

    /// Deletes the UTF-8 byte `range` of the text (see ``replaceText(in:with:)``).
    @discardableResult
    public func deleteText(in range: Range<Int>) throws(SearchBarError) -> Bool {
        try replaceText(in: range, with: "")
    }

    /// Replaces the UTF-8 byte `range` of the text with what the user typed: autocapitalization
    /// is applied to `replacement`, the veto callback sees should-change-text with the range and
    /// the capitalized replacement, then text-did-change follows and a search is scheduled by
    /// the timing policy. Returns false when the veto refused (nothing changed). Marked text
    /// is committed first (even when the veto then refuses), as UIKit commits an input
    /// method's composition before another edit.
    /// Throws ``SearchBarError/Code/invalidArgument`` for a range outside the text or inside a
    /// UTF-8 sequence, ``SearchBarError/Code/tooBig`` past 1 MiB of text.
    @discardableResult
    public func replaceText(in range: Range<Int>, with replacement: String) throws(SearchBarError) -> Bool {
        try perform("replaceText", queued: true) { [self] effects throws(SearchBarError) in
            try applyEdit(range, replacement, &effects)
        }
    }

    /// The body of every user edit (run inside ``perform(_:queued:_:)``): commits marked text,
    /// capitalizes, asks the veto, changes the text and schedules a search. False when vetoed.
    func applyEdit(_ range: Range<Int>, _ replacement: String, _ effects: inout Effects) throws(SearchBarError) -> Bool {
        let (current, capitalization) = core.withLock { ($0.state.text, $0.state.autocapitalization) }
        let edit = try TextEdit(range, in: current)
        withCore { $0.state.markedRange = nil }
        let typed = capitalization == .none ? replacement : capitalization.apply(to: replacement, after: Substring(edit.prefix))
        let updated = try edit.applying(typed)
        guard updated != current else { return true }
        guard veto(SessionEvent(.shouldChangeText, text: typed, range: range)) else { return false }
        withCore { c in
            setTextLocked(updated, &c)
            scheduleAfterEdit(&c, &effects)
        }
        return true
    }

    /// Sets the text programmatically (UISearchBar `text`): no veto, no autocapitalization;
    /// text-did-change follows if it changed and a search is scheduled by the timing policy.
    /// Marked text is dropped (nothing is marked afterwards, even when the text is the same).
    public func setText(_ text: String) throws(SearchBarError) {
        guard text.utf8.count <= TextEdit.maximumTextBytes else {
            throw SearchBarError(.tooBig, "the text is longer than \(TextEdit.maximumTextBytes) bytes")
        }
        try perform("setText") { [self] effects throws(SearchBarError) in
            withCore { c in
                c.state.markedRange = nil
                guard c.state.text != text else { return }
                setTextLocked(text, &c)
                scheduleAfterEdit(&c, &effects)
            }
        }
    }

    /// The field takes the focus (becomes first responder): should-begin-editing may refuse;
    /// then did-begin-editing, the search interface is presented if it was not, and (typing
    /// mode) a search runs for the current text, as UISearchResultsUpdating is told when the
    /// bar becomes first responder. Returns false when refused.
    @discardableResult
    public func beginEditing() throws(SearchBarError) -> Bool {
        try perform("beginEditing", queued: true) { [self] effects throws(SearchBarError) in
            guard !(core.withLock { $0.state.isEditing }) else { return true }
            guard veto(SessionEvent(.shouldBeginEditing)) else { return false }
            withCore { c in
                c.state.isEditing = true
                emit(SessionEvent(.didBeginEditing), &c)
                if !c.state.isActive { presentLocked(&c) }
                if c.timing.trigger == .asYouType { issueQuery(&c, &effects) }
            }
            return true
        }
    }

    /// The field gives up the focus: should-end-editing may refuse; then marked text is
    /// committed and did-end-editing follows. The search interface stays presented. Returns
    /// false when refused.
    @discardableResult
    public func endEditing() throws(SearchBarError) -> Bool {
        try perform("endEditing", queued: true) { [self] _ throws(SearchBarError) in
            guard core.withLock({ $0.state.isEditing }) else { return true }
            guard veto(SessionEvent(.shouldEndEditing)) else { return false }
            withCore { c in
                c.state.isEditing = false
                c.state.markedRange = nil
                emit(SessionEvent(.didEndEditing), &c)
            }
            return true
        }
    }

    /// Presents or dismisses the search interface (UISearchController `isActive`):
    /// will-present / did-present, or will-dismiss, did-end-editing if the field had the focus
    /// (no veto: dismissal takes it), did-dismiss. Nothing happens when already in that state.
    public func setActive(_ active: Bool) throws(SearchBarError) {
        try perform("setActive") { [self] _ throws(SearchBarError) in
            withCore { c in
                if active && !c.state.isActive { presentLocked(&c) }
                if !active && c.state.isActive { dismissLocked(&c) }
            }
        }
    }

    // MARK: - Locked helpers

    /// Replaces the text; whatever was marked is no longer (``setMarkedText(_:replacing:)``
    /// marks its text again afterwards).
    func setTextLocked(_ text: String, _ c: inout SessionCore) {
        c.state.text = text
        c.state.markedRange = nil
        emit(SessionEvent(.textDidChange, text: text), &c)
    }

    func presentLocked(_ c: inout SessionCore) {
        emit(SessionEvent(.willPresent), &c)
        c.state.isActive = true
        emit(SessionEvent(.didPresent), &c)
    }

    func dismissLocked(_ c: inout SessionCore) {
        emit(SessionEvent(.willDismiss), &c)
        if c.state.isEditing {
            c.state.isEditing = false
            c.state.markedRange = nil
            emit(SessionEvent(.didEndEditing), &c)
        }
        c.state.isActive = false
        emit(SessionEvent(.didDismiss), &c)
    }

    func removeAllTokensLocked(_ c: inout SessionCore) {
        while let token = c.state.tokens.last {
            let index = c.state.tokens.count - 1
            c.state.tokens.removeLast()
            emit(SessionEvent(.tokenRemoved, text: token.label, index: index, hostValue: token.hostValue), &c)
        }
    }
}
