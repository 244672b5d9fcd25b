import CSearchBar
import SearchBarCore

// What the user does with the field. Each raises the delegate events named. Thread safety of each:
// any thread; inside the session's callbacks it is queued (see sb_session_set_callbacks()).

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
