import CSearchBar
import SearchBarCore

// Search tokens in the field. Each raises the delegate events named. Thread safety of each: any
// thread; inside the session's callbacks it is queued (see sb_session_set_callbacks()).

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
