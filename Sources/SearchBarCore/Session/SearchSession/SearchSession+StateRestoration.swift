/// State restoration: the session's state to JSON and back.
extension SearchSession {
    /// The session's state as JSON (see docs/uikit-mapping.md for the format): text, tokens,
    /// scope, active and editing, configuration, timing, and the recent-search list's name and
    /// policy. Callbacks, host suggestions and results are not included.
    public func snapshot() -> String {
        core.withLock { c in
            SavedSessionState(state: c.state, timing: c.timing, recentsPolicy: c.recentsPolicy, recentsName: c.recentsName)
                .json.encoded
        }
    }

    /// Restores a ``snapshot()``: the state is replaced as a whole (or not at all), the running
    /// search is superseded, and when the restored session is active with text or tokens (and
    /// searches as you type) a search runs at once. No delegate events are raised for the
    /// restored values. The recent searches are reloaded from their file when the snapshot names
    /// another list: if that file cannot be read it is handled as ``setRecentsName(_:)`` does
    /// (moved aside, the list starts empty), the state is still restored, and the failure is
    /// returned rather than thrown, so a thrown error always means nothing changed.
    /// Throws ``SearchBarError/Code/corrupt`` for a malformed snapshot and
    /// ``SearchBarError/Code/invalidArgument`` for values the session's rules refuse.
    /// - Returns: nil, or why the recent searches were reset (the state was restored).
    @discardableResult
    public func restore(fromSnapshot json: String) throws(SearchBarError) -> SearchBarError? {
        let snapshot = try SavedSessionState(json: json)
        let file = try snapshot.recentsName.map { n throws(SearchBarError) in
            try RecentsFile(directory: recentsDirectory, name: n)
        }
        return try perform("restore", queued: nil) { [self] effects throws(SearchBarError) -> SearchBarError? in
            let sameList = core.withLock { $0.recentsName } == snapshot.recentsName
            withCore { c in
                cancelSearch(&c, &effects)
                c.state = snapshot.state
                c.timing = snapshot.timing
                c.recentsPolicy = snapshot.recentsPolicy
            }
            var recentsError: SearchBarError?
            if !sameList {
                do throws(SearchBarError) { try bindRecentsLocked(file, &effects) } catch { recentsError = error }
            }
            withCore { c in
                pruneRecentsLocked(&c, &effects)
                if c.state.isActive && !c.state.isEmpty && c.timing.trigger == .asYouType {
                    issueQuery(&c, &effects)
                }
            }
            return recentsError
        }
    }
}
