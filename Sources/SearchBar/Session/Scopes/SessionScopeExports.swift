import CSearchBar
import SearchBarCore

// The scope bar: its titles, its policy and the selected scope. Thread safety of each: any thread;
// inside the session's callbacks it is queued (see sb_session_set_callbacks()).

/// The user tapped scope `index`: SB_EVENT_SHOULD_CHANGE_SCOPE (veto), SB_EVENT_SCOPE_DID_CHANGE
/// and, when typing searches, a search at once. Tapping the selected scope does nothing.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED when the veto refused; SB_EINVAL (bad handle, index outside the
/// titles); SB_EMISUSE.
@c public func sb_session_select_scope(_ session: sb_session_ref?, _ index: Int64) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        return try vetoStatus(try object.selectScope(try SessionCInput.index(index, "index")), "the veto callback refused the scope change")
    }
}

/// Sets the scope titles (at most 64): `titles[i]` has `lengths[i]` bytes, or is
/// NUL-terminated when `lengths` is NULL. The selection is kept if still in range, else 0.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, NULL titles with count > 0, bad text, or a scope bar
/// that would show in a navigation-bar placement); SB_EMISUSE.
@c public func sb_session_set_scope_titles(
    _ session: sb_session_ref?, _ titles: UnsafePointer<UnsafePointer<CChar>?>?, _ lengths: UnsafePointer<UInt>?,
    _ count: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setScopeTitles(try SessionCInput.strings(titles, lengths, count, "titles"))
        return SB_OK
    }
}

/// Selects a scope without events or a search (UISearchBar selectedScopeButtonIndex); the
/// user's tap is sb_session_select_scope().
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, index outside the titles); SB_EMISUSE.
@c public func sb_session_set_selected_scope(_ session: sb_session_ref?, _ index: Int64) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setSelectedScope(try SessionCInput.index(index, "index"))
        return SB_OK
    }
}

/// Sets when the scope bar is shown (an sb_scope_bar_policy).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown policy, or asking for a scope bar in a
/// navigation-bar placement); SB_EMISUSE.
@c public func sb_session_set_scope_bar_policy(_ session: sb_session_ref?, _ policy: UInt32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setScopeBarPolicy(try SessionCInput.enumeration(ScopeBarPolicy.self, policy, "policy"))
        return SB_OK
    }
}
