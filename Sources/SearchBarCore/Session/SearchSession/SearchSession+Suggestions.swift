/// Suggestions while (and before) typing: recent searches, vocabulary completions, host items.
extension SearchSession {
    /// What to offer now. Before typing (empty text): the recent searches, then the host's
    /// items "near the field" (HIG: bookmarks, popular terms). While typing: recent searches
    /// whose folded text starts with the folded text (or has a word that does), completions of
    /// the word being typed from the backend's vocabulary, then the host's suggestions.
    /// Completions keep the items' spelling ("Zürich", not the fold key "zurich") and come
    /// from the items of the selected scope and scope tokens only.
    public var suggestions: [Suggestion] {
        computeSuggestions()
    }

    /// Sets the host's suggestions: `beforeTyping` true for the items offered on an empty field,
    /// false for those offered while typing (replace them as the text changes).
    /// Throws ``SearchBarError/Code/invalidArgument`` for an invalid suggestion or more than
    /// ``Suggestion/maximumHostCount``.
    public func setHostSuggestions(_ suggestions: [Suggestion], beforeTyping: Bool) throws(SearchBarError) {
        guard suggestions.count <= Suggestion.maximumHostCount else {
            throw .invalidArgument("at most \(Suggestion.maximumHostCount) host suggestions")
        }
        for suggestion in suggestions { try suggestion.validate() }
        let hostSuggestions = suggestions.map { s -> Suggestion in
            var copy = s
            copy.source = .host
            return copy
        }
        try perform("setHostSuggestions") { [self] _ throws(SearchBarError) in
            withCore { c in
                if beforeTyping { c.zeroStateSuggestions = hostSuggestions } else { c.hostSuggestions = hostSuggestions }
            }
        }
    }

    /// Sets how many recent searches and completions are offered (each 0...50).
    public func setSuggestionLimits(_ limits: SuggestionLimits) throws(SearchBarError) {
        guard (0...50).contains(limits.recents), (0...50).contains(limits.completions) else {
            throw .invalidArgument("suggestion limits must be between 0 and 50")
        }
        try perform("setSuggestionLimits") { [self] _ throws(SearchBarError) in
            withCore { c in c.suggestionLimits = limits }
        }
    }

    /// Chooses suggestion `index` of ``suggestions``: the text (or the word being typed) is
    /// replaced, or a token is added, as its action says; suggestion-chosen, text-did-change
    /// and token-added follow, the result joins the recent searches and a search runs at once.
    /// Returns the chosen suggestion (from inside a callback: the one at `index` now; the
    /// choice is made when the queued call runs).
    /// Throws ``SearchBarError/Code/invalidArgument`` for an index outside ``suggestions``.
    @discardableResult
    public func chooseSuggestion(at index: Int) throws(SearchBarError) -> Suggestion {
        try perform("chooseSuggestion", queued: try suggestion(at: index)) { [self] effects throws(SearchBarError) in
            let suggestion = try suggestion(at: index)
            try withCoreThrowing { c throws(SearchBarError) in
                let text = c.state.text
                let word = TextEdit.partialWordRange(of: text)
                var updated = text
                var recent = suggestion.completion
                switch suggestion.action {
                case .replaceText:
                    updated = suggestion.completion
                case .replaceWord:
                    updated = try TextEdit.replacing(word, in: text, with: suggestion.completion)
                    recent = updated
                case .addToken:
                    updated = try TextEdit.replacing(word, in: text, with: "")
                    recent = suggestion.token?.label ?? suggestion.completion
                }
                emit(
                    SessionEvent(.suggestionChosen, text: suggestion.completion, index: index, hostValue: suggestion.hostValue),
                    &c)
                if suggestion.action == .addToken, let token = suggestion.token {
                    try insertTokenLocked(token, at: nil, &c)
                }
                if updated != text { setTextLocked(updated, &c) }
                recordRecentLocked(recent, &c, &effects)
                c.submitted = true
                issueQuery(&c, &effects)
            }
            return suggestion
        }
    }

    /// Suggestion `index` of ``suggestions``.
    private func suggestion(at index: Int) throws(SearchBarError) -> Suggestion {
        let list = computeSuggestions()
        guard list.indices.contains(index) else {
            throw .invalidArgument("suggestion \(index) is out of range (there are \(list.count))")
        }
        return list[index]
    }

    private func computeSuggestions() -> [Suggestion] {
        let now = clock.wallMilliseconds()
        let (text, recents, host, zeroState, limits, scope) = core.withLock { c in
            var copy = c.recents
            _ = copy.prune(now: now, policy: c.recentsPolicy)
            let scope = SessionQuery(
                generation: 0, text: "", tokens: c.state.tokens, scope: c.state.selectedScope,
                scopeTitle: c.state.selectedScopeTitle)
            return (
                c.state.text, copy.list(c.recentsKey), c.hostSuggestions, c.zeroStateSuggestions, c.suggestionLimits, scope
            )
        }
        func recentSuggestion(_ entry: RecentSearch) -> Suggestion {
            Suggestion(source: .recent, title: entry.text, completion: entry.text, action: .replaceText)
        }
        if text.isEmpty {
            return recents.prefix(limits.recents).map(recentSuggestion) + zeroState
        }
        let folded = analyzer.fold(text)
        var result: [Suggestion] = []
        if !folded.isEmpty {
            for entry in recents where result.count < limits.recents {
                let key = analyzer.fold(entry.text)
                if key != folded && (key.hasPrefix(folded) || key.contains(" " + folded)) {
                    result.append(recentSuggestion(entry))
                }
            }
        }
        let word = TextEdit.partialWordRange(of: text)
        if let backend, !word.isEmpty, limits.completions > 0 {
            let partial = String(decoding: Array(text.utf8)[word], as: UTF8.self)
            let foldedPartial = analyzer.fold(partial)
            if !foldedPartial.isEmpty {
                var seen = Set<String>()
                for completion in backend.completions(forFoldedPrefix: foldedPartial, limit: limits.completions, in: scope) {
                    let key = analyzer.fold(completion)
                    guard key != foldedPartial, seen.insert(key).inserted else { continue }
                    result.append(Suggestion(source: .completion, title: completion, completion: completion, action: .replaceWord))
                    if seen.count >= limits.completions { break }
                }
            }
        }
        return result + host
    }
}
