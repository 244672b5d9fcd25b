/// The user's taps: submit, Cancel, clear, scope, tokens and the field's buttons.
extension SearchSession {
    /// The user submitted (Search / Return / GTK `activate`): marked text is committed,
    /// search-button, the text joins the recent searches, and a search runs at once whatever
    /// the timing policy.
    public func submit() throws(SearchBarError) {
        try perform("submit") { [self] effects throws(SearchBarError) in
            withCore { c in
                c.state.markedRange = nil
                emit(SessionEvent(.searchButton, text: c.state.text), &c)
                c.submitted = true
                recordRecentLocked(c.state.text, &c, &effects)
                issueQuery(&c, &effects)
            }
        }
    }

    /// The Cancel button (or Escape, GTK `stop-search`): cancel-button, then as
    /// UISearchController does the tokens and text are removed, the running search is
    /// superseded, the results are cleared, the field loses the focus and the search interface
    /// is dismissed.
    public func cancel() throws(SearchBarError) {
        try perform("cancel") { [self] effects throws(SearchBarError) in
            withCore { c in
                emit(SessionEvent(.cancelButton), &c)
                c.submitted = false
                removeAllTokensLocked(&c)
                if !c.state.text.isEmpty { setTextLocked("", &c) }
                cancelSearch(&c, &effects)
                if c.state.isActive {
                    dismissLocked(&c)
                } else if c.state.isEditing {
                    c.state.isEditing = false
                    emit(SessionEvent(.didEndEditing), &c)
                }
            }
        }
    }

    /// The clear button: clear, the tokens and the text are removed (token-removed,
    /// text-did-change), and a search runs at once (or as the timing policy says when
    /// ``SearchTiming/searchesImmediatelyOnClear`` is off). Does nothing on an empty field.
    public func clear() throws(SearchBarError) {
        try perform("clear") { [self] effects throws(SearchBarError) in
            withCore { c in
                guard !c.state.isEmpty else { return }
                emit(SessionEvent(.clear), &c)
                removeAllTokensLocked(&c)
                if !c.state.text.isEmpty { setTextLocked("", &c) }
                scheduleAfterEdit(&c, &effects)
            }
        }
    }

    /// The user picked scope `index` in the scope bar: should-change-scope may refuse; then
    /// scope-did-change and a search at once (in submit-only timing: once the user has
    /// submitted, so the results follow the scope). Picking the selected scope does
    /// nothing. Returns false when refused.
    /// Throws ``SearchBarError/Code/invalidArgument`` for an index outside the titles.
    @discardableResult
    public func selectScope(_ index: Int) throws(SearchBarError) -> Bool {
        try perform("selectScope", queued: true) { [self] effects throws(SearchBarError) in
            let (count, previous) = core.withLock { ($0.state.scopeTitles.count, $0.state.selectedScope) }
            guard (0..<count).contains(index) else {
                throw .invalidArgument("scope \(index) is out of range (there are \(count) scope titles)")
            }
            guard index != previous else { return true }
            guard veto(SessionEvent(.shouldChangeScope, index: index, previousIndex: previous)) else { return false }
            withCore { c in
                c.state.selectedScope = index
                emit(SessionEvent(.scopeDidChange, index: index, previousIndex: previous), &c)
                if c.searchesOnRefinement { issueQuery(&c, &effects) }
            }
            return true
        }
    }

    /// Inserts a token at `index` (nil: after the last one): token-added, and a search at once
    /// (in submit-only timing: once the user has submitted). Throws ``SearchBarError/Code/invalidArgument`` for a bad index or
    /// token, or past ``SearchToken/maximumCount`` tokens.
    public func insertToken(_ token: SearchToken, at index: Int? = nil) throws(SearchBarError) {
        try token.validate()
        try SessionState.checkLabel(token.label, "token label")
        try SessionState.checkLabel(token.value, "token value")
        try SessionState.checkLabel(token.field, "token field")
        try perform("insertToken") { [self] effects throws(SearchBarError) in
            try withCoreThrowing { c throws(SearchBarError) in
                try insertTokenLocked(token, at: index, &c)
                if c.searchesOnRefinement { issueQuery(&c, &effects) }
            }
        }
    }

    /// Removes the token at `index`: token-removed, then a search as for an edit (at once when
    /// the field became empty; else at once as you type, or in submit-only timing once the user
    /// has submitted).
    public func removeToken(at index: Int) throws(SearchBarError) {
        try perform("removeToken") { [self] effects throws(SearchBarError) in
            try withCoreThrowing { c throws(SearchBarError) in
                guard c.state.tokens.indices.contains(index) else {
                    throw .invalidArgument("token \(index) is out of range (there are \(c.state.tokens.count))")
                }
                let token = c.state.tokens.remove(at: index)
                emit(SessionEvent(.tokenRemoved, text: token.label, index: index, hostValue: token.hostValue), &c)
                if c.state.isEmpty {
                    scheduleAfterEdit(&c, &effects)
                } else if c.searchesOnRefinement {
                    issueQuery(&c, &effects)
                }
            }
        }
    }

    /// The bookmark button was tapped: bookmark-button.
    public func tapBookmarkButton() throws(SearchBarError) {
        try notify(.bookmarkButton, "tapBookmarkButton")
    }

    /// The results-list button was tapped: results-list-button.
    public func tapResultsListButton() throws(SearchBarError) {
        try notify(.resultsListButton, "tapResultsListButton")
    }

    /// Move to the next match (GTK `next-match`): next-match.
    public func nextMatch() throws(SearchBarError) {
        try notify(.nextMatch, "nextMatch")
    }

    /// Move to the previous match (GTK `previous-match`): previous-match.
    public func previousMatch() throws(SearchBarError) {
        try notify(.previousMatch, "previousMatch")
    }

    /// The user chose result `id`: result-chosen, and the text joins the recent searches.
    public func chooseResult(_ id: UInt64) throws(SearchBarError) {
        try perform("chooseResult") { [self] effects throws(SearchBarError) in
            withCore { c in
                emit(SessionEvent(.resultChosen, text: c.state.text, hostValue: id), &c)
                recordRecentLocked(c.state.text, &c, &effects)
            }
        }
    }

    private func notify(_ kind: SessionEventKind, _ name: String) throws(SearchBarError) {
        try perform(name) { [self] _ throws(SearchBarError) in
            withCore { c in emit(SessionEvent(kind), &c) }
        }
    }

    func insertTokenLocked(_ token: SearchToken, at index: Int?, _ c: inout SessionCore) throws(SearchBarError) {
        let count = c.state.tokens.count
        guard count < SearchToken.maximumCount else {
            throw .invalidArgument("a session holds at most \(SearchToken.maximumCount) tokens")
        }
        let position = index ?? count
        guard (0...count).contains(position) else {
            throw .invalidArgument("token index \(position) is out of range 0...\(count)")
        }
        c.state.tokens.insert(token, at: position)
        emit(SessionEvent(.tokenAdded, text: token.label, index: position, hostValue: token.hostValue), &c)
    }
}
