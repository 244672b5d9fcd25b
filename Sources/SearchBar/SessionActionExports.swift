import CSearchBar
import SearchBarCore

// What the user does. Each raises the delegate events named; thread safety of each: any
// thread; inside the session's callbacks it is queued (see sb_session_set_callbacks()).

/// The field takes the focus: SB_EVENT_SHOULD_BEGIN_EDITING (veto), SB_EVENT_DID_BEGIN_EDITING,
/// the search interface is presented (SB_EVENT_WILL_PRESENT, SB_EVENT_DID_PRESENT) if it was not,
/// and when typing searches, a search for the current text.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED when the veto refused; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_begin_editing(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try vetoStatus(try SessionCInput.session(session).beginEditing(), "the veto callback refused to begin editing")
    }
}

/// The field loses the focus: SB_EVENT_SHOULD_END_EDITING (veto), SB_EVENT_DID_END_EDITING. The
/// search interface stays presented.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED when the veto refused; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_end_editing(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try vetoStatus(try SessionCInput.session(session).endEditing(), "the veto callback refused to end editing")
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

/// The user submitted (Search / Return): SB_EVENT_SEARCH_BUTTON, the text joins the recent
/// searches, and a search runs at once whatever the timing policy.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_submit(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).submit()
        return SB_OK
    }
}

/// The Cancel button (or Escape): SB_EVENT_CANCEL_BUTTON; tokens and text are removed, the
/// running search is superseded, the field loses the focus and the interface is dismissed.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_cancel(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).cancel()
        return SB_OK
    }
}

/// The clear button: SB_EVENT_CLEAR, tokens and text removed, and a search at once. Nothing
/// happens on an empty field.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_clear(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).clear()
        return SB_OK
    }
}

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

/// Inserts a token before the text at `index` (-1: after the last token): SB_EVENT_TOKEN_ADDED
/// and, when typing searches, a search at once. At most 64 tokens.
/// Ownership: nothing is retained; strings are copied.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, NULL token, unknown kind, bad text, an attribute token
/// without a field or another kind with one, index out of range, too many tokens); SB_EMISUSE.
@c public func sb_session_insert_token(
    _ session: sb_session_ref?, _ index: Int64, _ token: UnsafePointer<sb_search_token>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        let value = try SessionCInput.token(token, "token")
        try object.insertToken(value, at: index == -1 ? nil : try SessionCInput.index(index, "index"))
        return SB_OK
    }
}

/// Removes the token at `index`: SB_EVENT_TOKEN_REMOVED and a search.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, index out of range); SB_EMISUSE.
@c public func sb_session_remove_token(_ session: sb_session_ref?, _ index: Int64) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).removeToken(at: try SessionCInput.index(index, "index"))
        return SB_OK
    }
}

/// The bookmark button was tapped: SB_EVENT_BOOKMARK_BUTTON.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_tap_bookmark_button(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).tapBookmarkButton()
        return SB_OK
    }
}

/// The results-list button was tapped: SB_EVENT_RESULTS_LIST_BUTTON.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_tap_results_list_button(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).tapResultsListButton()
        return SB_OK
    }
}

/// Move to the next (`direction` 1) or previous (`direction` -1) match (GTK next-match /
/// previous-match): SB_EVENT_NEXT_MATCH or SB_EVENT_PREVIOUS_MATCH.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, direction not 1 or -1); SB_EMISUSE.
@c public func sb_session_move_match(_ session: sb_session_ref?, _ direction: Int32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        switch direction {
        case 1: try object.nextMatch()
        case -1: try object.previousMatch()
        default: throw .invalidArgument("direction is \(direction); it must be 1 or -1")
        }
        return SB_OK
    }
}

/// The user chose result `id`: SB_EVENT_RESULT_CHOSEN, and the text joins the recent searches.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_choose_result(_ session: sb_session_ref?, _ id: UInt64) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).chooseResult(id)
        return SB_OK
    }
}
