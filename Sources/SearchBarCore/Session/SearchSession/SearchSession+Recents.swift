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
        try perform("setRecentsPolicy") { [self] effects throws(SearchBarError) in
            withCore { c in
                c.recentsPolicy = policy
                pruneRecentsLocked(&c, &effects)
            }
        }
    }

    /// Adds a search to the current list (as submitting it would; not in private mode).
    public func addRecent(_ text: String) throws(SearchBarError) {
        try SessionState.checkLabel(text, "recent search")
        try perform("addRecent") { [self] effects throws(SearchBarError) in
            withCore { c in recordRecentLocked(text, &c, &effects) }
        }
    }

    /// Removes entry `index` of the current list.
    public func removeRecent(at index: Int) throws(SearchBarError) {
        let now = clock.wallMilliseconds()
        try perform("removeRecent") { [self] effects throws(SearchBarError) in
            try withCoreThrowing { c throws(SearchBarError) in
                _ = c.recents.prune(now: now, policy: c.recentsPolicy)
                guard let change = c.recents.remove(at: index, key: c.recentsKey) else {
                    throw .invalidArgument("recent search \(index) is out of range")
                }
                recentsChangedLocked(change, &c, &effects)
            }
        }
    }

    /// Forgets every recent search of every list.
    public func clearRecents() throws(SearchBarError) {
        try perform("clearRecents") { [self] effects throws(SearchBarError) in
            withCore { c in
                c.recents.removeAll()
                recentsChangedLocked(.clear, &c, &effects)
            }
        }
    }

    /// Saves the recent searches under `name` in ``recentsDirectory`` (nil: stop saving; the
    /// entries stay in memory). The file's entries replace the session's when it exists.
    ///
    /// Sessions and processes that use the same name share the list: each change is appended
    /// to `<name>.json.journal` under an exclusive lock, after the changes the others appended
    /// since, so none is lost (see ``RecentsStore``).
    ///
    /// A file that cannot be read or parsed is moved aside to `<name>.json.corrupt-<N>` and
    /// the session starts with no recent searches: this throws ``SearchBarError/Code/corrupt``
    /// or ``SearchBarError/Code/io`` with the new path, but the session stays bound to the name
    /// and saves a fresh file from then on. If it cannot even be moved aside, saving stays off
    /// for this name (so the old file is never overwritten) and the error says so.
    public func setRecentsName(_ name: String?) throws(SearchBarError) {
        let file = try name.map { n throws(SearchBarError) in try RecentsFile(directory: recentsDirectory, name: n) }
        try perform("setRecentsName") { [self] effects throws(SearchBarError) in
            try bindRecentsLocked(file, &effects)
        }
    }

    /// Loads `file` into the session (under the operation lock).
    func bindRecentsLocked(_ file: RecentsFile?, _ effects: inout Effects) throws(SearchBarError) {
        guard let file else {
            withCore { c in
                c.recentsName = nil
                c.recentsStore = nil
                c.recentsSaveBlocked = nil
                c.recentsPending = []
                c.recentsRewrite = false
            }
            return
        }
        let store = RecentsStore(file: file)
        let policy = core.withLock { $0.recentsPolicy }
        let loaded = store.load(policy: policy, now: clock.wallMilliseconds()) { analyzer.fold($0) }
        withCore { c in
            c.recentsName = file.name
            c.recentsStore = store
            c.recentsSaveBlocked = loaded.blocked
            c.recentsPending = []
            c.recentsRewrite = false
            c.recents = loaded.recents
            emit(SessionEvent(.recentsDidChange), &c)
        }
        if let failure = loaded.failure { throw failure }
    }

    /// Records `text` (unless private, blank or unchanged). Call with the lock held.
    func recordRecentLocked(_ text: String, _ c: inout SessionCore, _ effects: inout Effects) {
        guard !c.recentsPolicy.isPrivate else { return }
        let now = clock.wallMilliseconds()
        let pruned = c.recents.prune(now: now, policy: c.recentsPolicy)
        if let change = c.recents.add(text, key: c.recentsKey, time: now, policy: c.recentsPolicy, fold: { analyzer.fold($0) }) {
            recentsChangedLocked(change, &c, &effects)
        } else if pruned {
            emit(SessionEvent(.recentsDidChange), &c)
        }
    }

    /// Drops expired entries and those over the limit; the file is rewritten without them.
    func pruneRecentsLocked(_ c: inout SessionCore, _ effects: inout Effects) {
        if c.recents.prune(now: clock.wallMilliseconds(), policy: c.recentsPolicy) {
            emit(SessionEvent(.recentsDidChange), &c)
            if c.recentsStore != nil {
                c.recentsRewrite = true
                effects.saveRecents = true
            }
        }
    }

    /// Reports `change` (already made) and queues it for the file.
    func recentsChangedLocked(_ change: RecentsChange, _ c: inout SessionCore, _ effects: inout Effects) {
        emit(SessionEvent(.recentsDidChange), &c)
        if c.recentsStore != nil {
            c.recentsPending.append(change)
            effects.saveRecents = true
        }
    }

    /// Saves the queued changes (outside the lock, under the operation lock), merged with those
    /// other sessions and processes saved meanwhile; the merged lists become the session's.
    /// A failure is reported as an error event; the entries stay in memory and the changes stay
    /// queued for the next save.
    func saveRecents() {
        let (store, pending, rewrite, policy, blocked) = core.withLock { c in
            defer {
                c.recentsPending = []
                c.recentsRewrite = false
            }
            return (c.recentsStore, c.recentsPending, c.recentsRewrite, c.recentsPolicy, c.recentsSaveBlocked)
        }
        guard let store else { return }
        if let blocked {
            let failure = SearchBarError(.io, "recent searches were not saved: \(blocked)")
            core.withLock { c in emit(SessionEvent(.error, text: failure.message, errorCode: failure.code), &c) }
            return
        }
        let outcome: Result<(RecentSearches, SearchBarError?), SearchBarError>
        do {
            outcome = .success(
                try store.commit(pending, rewrite: rewrite, policy: policy, now: clock.wallMilliseconds()) { analyzer.fold($0) })
        } catch {
            outcome = .failure(error)
        }
        core.withLock { c in
            guard c.recentsStore === store else { return }  // rebound meanwhile
            switch outcome {
            case .success(let (merged, warning)):
                var shown = merged
                for change in c.recentsPending { shown.apply(change, policy: c.recentsPolicy) { analyzer.fold($0) } }
                if shown != c.recents {
                    c.recents = shown
                    emit(SessionEvent(.recentsDidChange), &c)
                }
                if let warning { emit(SessionEvent(.error, text: warning.message, errorCode: warning.code), &c) }
            case .failure(let failure):
                c.recentsPending = pending + c.recentsPending
                c.recentsRewrite = c.recentsRewrite || rewrite
                emit(SessionEvent(.error, text: failure.message, errorCode: failure.code), &c)
            }
        }
    }
}
