/// Recent searches: recorded on submit and on choosing a result or suggestion, offered as
/// suggestions, optionally saved under a name.
extension SearchSession {
    /// The recent searches of the current list (the selected scope's with per-scope lists),
    /// newest first, expired entries left out.
    public var recents: [RecentSearch] {
        let now = clock.wallMilliseconds()
        return core.withLock { c in
            var copy = c.recents
            _ = copy.prune(now: now, policy: c.recentsPolicy)
            return copy.list(c.recentsKey)
        }
    }

    /// The recent-search policy.
    public var recentsPolicy: RecentsPolicy {
        core.withLock { $0.recentsPolicy }
    }

    /// The name the recent searches are saved under, if any.
    public var recentsName: String? {
        core.withLock { $0.recentsName }
    }

    /// Sets the recent-search policy (a smaller limit or an expiry drops entries at once).
    public func setRecentsPolicy(_ policy: RecentsPolicy) throws(SearchBarError) {
        try policy.validate()
        try perform("setRecentsPolicy") { effects throws(SearchBarError) in
            withCore { c in
                c.recentsPolicy = policy
                pruneRecentsLocked(&c, &effects)
            }
        }
    }

    /// Adds a search to the current list (as submitting it would; not in private mode).
    public func addRecent(_ text: String) throws(SearchBarError) {
        try SessionState.checkLabel(text, "recent search")
        try perform("addRecent") { effects throws(SearchBarError) in
            withCore { c in recordRecentLocked(text, &c, &effects) }
        }
    }

    /// Removes entry `index` of the current list.
    public func removeRecent(at index: Int) throws(SearchBarError) {
        let now = clock.wallMilliseconds()
        try perform("removeRecent") { effects throws(SearchBarError) in
            try withCoreThrowing { c throws(SearchBarError) in
                _ = c.recents.prune(now: now, policy: c.recentsPolicy)
                guard c.recents.remove(at: index, key: c.recentsKey) else {
                    throw .invalidArgument("recent search \(index) is out of range")
                }
                recentsChangedLocked(&c, &effects)
            }
        }
    }

    /// Forgets every recent search of every list.
    public func clearRecents() throws(SearchBarError) {
        try perform("clearRecents") { effects throws(SearchBarError) in
            withCore { c in
                c.recents.removeAll()
                recentsChangedLocked(&c, &effects)
            }
        }
    }

    /// Saves the recent searches under `name` in ``recentsDirectory`` (nil: stop saving; the
    /// entries stay in memory). The file's entries replace the session's when it exists.
    ///
    /// A file that cannot be read or parsed is moved aside to `<name>.json.corrupt-<N>` and
    /// the session starts with no recent searches: this throws ``SearchBarError/Code/corrupt``
    /// or ``SearchBarError/Code/io`` with the new path, but the session stays bound to the name
    /// and saves a fresh file from then on. If it cannot even be moved aside, saving stays off
    /// for this name (so the old file is never overwritten) and the error says so.
    public func setRecentsName(_ name: String?) throws(SearchBarError) {
        let file = try name.map { n throws(SearchBarError) in try RecentsFile(directory: recentsDirectory, name: n) }
        try perform("setRecentsName") { effects throws(SearchBarError) in
            try bindRecentsLocked(file, &effects)
        }
    }

    /// Loads `file` into the session (under the operation lock).
    func bindRecentsLocked(_ file: RecentsFile?, _ effects: inout Effects) throws(SearchBarError) {
        guard let file else {
            withCore { c in
                c.recentsName = nil
                c.recentsSaveBlocked = nil
            }
            return
        }
        var failure: SearchBarError?
        var loaded: [String: [RecentSearch]] = [:]
        var blocked: String?
        do {
            loaded = try file.load() ?? [:]
        } catch {
            do {
                let aside = try file.quarantine()
                failure = SearchBarError(
                    error.code, "\(error.message); the file was moved to \(aside) and recent searches start empty")
            } catch let moveError {
                blocked = "\(file.path) could not be read or moved aside, so it is not overwritten"
                failure = SearchBarError(
                    error.code, "\(error.message); \(moveError.message); recent searches start empty and are not saved")
            }
        }
        let now = clock.wallMilliseconds()
        withCore { c in
            c.recentsName = file.name
            c.recentsSaveBlocked = blocked
            c.recents = RecentSearches(lists: loaded) { analyzer.fold($0) }
            _ = c.recents.prune(now: now, policy: c.recentsPolicy)
            emit(SessionEvent(.recentsDidChange), &c)
        }
        if let failure { throw failure }
    }

    /// Records `text` (unless private, blank or unchanged). Call with the lock held.
    func recordRecentLocked(_ text: String, _ c: inout SessionCore, _ effects: inout Effects) {
        guard !c.recentsPolicy.isPrivate else { return }
        let now = clock.wallMilliseconds()
        let before = c.recents
        _ = c.recents.prune(now: now, policy: c.recentsPolicy)
        _ = c.recents.add(text, key: c.recentsKey, time: now, policy: c.recentsPolicy) { analyzer.fold($0) }
        if c.recents != before { recentsChangedLocked(&c, &effects) }
    }

    func pruneRecentsLocked(_ c: inout SessionCore, _ effects: inout Effects) {
        if c.recents.prune(now: clock.wallMilliseconds(), policy: c.recentsPolicy) {
            recentsChangedLocked(&c, &effects)
        }
    }

    func recentsChangedLocked(_ c: inout SessionCore, _ effects: inout Effects) {
        emit(SessionEvent(.recentsDidChange), &c)
        if c.recentsName != nil { effects.saveRecents = true }
    }

    /// Writes the recent searches to their file (outside the lock, under the operation lock).
    /// A failure is reported as an error event; the entries stay in memory.
    func saveRecents() {
        let (name, lists, blocked) = core.withLock { ($0.recentsName, $0.recents.lists, $0.recentsSaveBlocked) }
        guard let name else { return }
        let failure: SearchBarError?
        if let blocked {
            failure = SearchBarError(.io, "recent searches were not saved: \(blocked)")
        } else {
            do {
                try RecentsFile(directory: recentsDirectory, name: name).save(lists)
                failure = nil
            } catch {
                failure = error
            }
        }
        if let failure {
            core.withLock { c in
                emit(SessionEvent(.error, text: failure.message, errorCode: failure.code), &c)
            }
        }
    }
}
