import CSearchBar
import SearchBarCore

// A session's life: made, configured for searching, activated, freed.

/// Creates a search-bar session: the state and behaviour of a search bar with its search
/// controller (UISearchBar + UISearchController), driven by the host's input.
/// `index`: the index searches run on (the session keeps it alive; sb_index_free() is then
/// safe), or NULL for a session whose host searches itself on SB_EVENT_UPDATE_SEARCH_RESULTS and
/// answers with sb_session_deliver_results().
/// `options`: NULL or SB_SESSION_OPTIONS_INIT for the defaults (system clock, no locale,
/// default recents directory, 1024 queued events); any version this library has shipped.
/// On success `*out_session` receives a new handle (NULL on failure).
/// Ownership: the caller owns the handle and releases it with sb_session_free().
/// Thread safety: any thread. Every session function may be called from any thread; calls on
/// one session apply one at a time.
/// Returns SB_OK; SB_WARN_LOCALE_FALLBACK (a working session with no locale); SB_EINVAL for a
/// NULL out_session, a bad index handle, a bad options version, a malformed locale, an unknown
/// clock or a relative recents directory; SB_EIO when no event descriptor can be created.
@c public func sb_session_new(
    _ index: sb_index_ref?, _ options: UnsafePointer<sb_session_options>?,
    _ out_session: UnsafeMutablePointer<sb_session_ref?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_session, "out_session")
        out.pointee = nil
        let backend: (any SessionSearchBackend)? =
            index == nil ? nil : IndexSessionBackend(index: try HandleRegistry.resolve(index, as: SearchIndex.self, "index"))
        let o = try options.map { (p) throws(SearchBarError) in
            try StructVersions.sessionOptions.read(p, "options", defaults: sb_session_options())
        }
        let locale = try CInput.locale(o?.locale)
        let clock: any SessionClock =
            switch try SessionCInput.enumeration(SessionClockKind.self, o?.clock ?? 0, "options.clock") {
            case .system: SystemClock.shared
            case .manual: ManualClock()
            case .host: HostClock()
            }
        let directory = try CInput.optionalCString(o?.recents_directory, "options.recents_directory")
        let capacity = o?.event_queue_capacity ?? 0
        guard capacity <= UInt32(SearchSession.maximumEventQueueCapacity) else {
            throw .invalidArgument("options.event_queue_capacity is \(capacity); at most \(SearchSession.maximumEventQueueCapacity)")
        }
        let session = try SearchSession(
            backend: backend, clock: clock, locale: locale, recentsDirectory: directory,
            eventQueueCapacity: capacity == 0 ? SearchSession.defaultEventQueueCapacity : Int(capacity))
        out.pointee = HandleRegistry.register(session)
        return localeStatus(locale)
    }
}

/// The `sb_session_clock` values.
enum SessionClockKind: UInt32, CaseIterable {
    case system = 0
    case manual = 1
    case host = 2
}

/// Releases a session: timers stop, the running search is cancelled, the event descriptor is
/// closed. Threads waiting in sb_session_next_event() are woken (it returns SB_ETIMEDOUT), and
/// running event callbacks have returned when this returns. NULL is a no-op (SB_OK).
/// Ownership: takes ownership of `session`.
/// Thread safety: no other thread may be starting calls on the session; stop watching its
/// descriptor in the host's loop first.
/// Returns SB_OK; SB_EINVAL for a handle that is not a live session (left alone); SB_EMISUSE
/// when called from inside one of the session's callbacks (the session stays alive: free it
/// after the callback returns), or in a child process forked after the session was made (a
/// child can neither use nor free its parent's sessions and indexes: make new ones there).
@discardableResult
@c public func sb_session_free(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        guard session != nil else { return SB_OK }
        let object = try SessionCInput.session(session)
        try object.close()
        HandleRegistry.release(session, as: SearchSession.self)
        return SB_OK
    }
}

/// Presents (1) or dismisses (0) the search interface (UISearchController isActive):
/// will/did-present, or will-dismiss, did-end-editing if focused, did-dismiss.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE.
@c public func sb_session_set_active(_ session: sb_session_ref?, _ active: Int32) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setActive(try SessionCInput.flag(active, "active"))
        return SB_OK
    }
}

/// Sets the options the session's index searches start from: match mode, limit, flags
/// (extended syntax, typos) and fixed scopes and filters, which combine with the scope bar and
/// the tokens. A search for the current text runs at once when the field has text or tokens.
/// `options`: NULL or a zeroed struct for the index's defaults.
/// Ownership: nothing is retained; arrays are copied.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, bad options -- the message names the field);
/// SB_EMISUSE for a session made without an index (its host searches itself). On any error
/// the options are unchanged; inside a callback the change and its search are queued together.
@c public func sb_session_set_search_options(
    _ session: sb_session_ref?, _ options: UnsafePointer<sb_search_options>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        guard let backend = object.backend as? IndexSessionBackend else {
            throw SearchBarError(.misuse, "the session has no index: its host chooses how to search")
        }
        let parsed = try IndexInput.options(options)
        // One host call: the change and its search happen together (queued together inside a callback).
        try object.changeSearch("sb_session_set_search_options") { backend.setBaseOptions(parsed) }
        return SB_OK
    }
}

/// Fills `*options` with version `version` of sb_session_options and its defaults.
/// Ownership: `options` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
@c public func sb_session_options_init(_ options: UnsafeMutablePointer<sb_session_options>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.sessionOptions.initialize(options, version, defaults: sb_session_options())
}
