import CSearchBar
import SearchBarCore

// The bar's buttons and items: Cancel, bookmark, results list, the host's items, and their
// taps. Thread safety of each: any thread; inside the session's callbacks it is queued (see
// sb_session_set_callbacks()).

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

/// Sets when the Cancel button is shown (an sb_cancel_button_policy).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown policy); SB_EMISUSE.
@c public func sb_session_set_cancel_button_policy(_ session: sb_session_ref?, _ policy: UInt32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setCancelButtonPolicy(try SessionCInput.enumeration(CancelButtonPolicy.self, policy, "policy"))
        return SB_OK
    }
}

/// Sets the Cancel button's title (default "Cancel").
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle or text); SB_EMISUSE.
@c public func sb_session_set_cancel_button_title(
    _ session: sb_session_ref?, _ title: UnsafePointer<CChar>?, _ title_len: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setCancelButtonTitle(try CInput.text(title, title_len, "title"))
        return SB_OK
    }
}

/// Enables (1) or disables (0) the bookmark button; it shows only while the field is empty.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE.
@c public func sb_session_set_shows_bookmark_button(_ session: sb_session_ref?, _ shows: Int32) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setShowsBookmarkButton(try SessionCInput.flag(shows, "shows"))
        return SB_OK
    }
}

/// Enables (1) or disables (0) the results-list button; it wins over the bookmark button.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE.
@c public func sb_session_set_shows_results_list_button(_ session: sb_session_ref?, _ shows: Int32) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setShowsResultsListButton(try SessionCInput.flag(shows, "shows"))
        return SB_OK
    }
}

/// Draws the results-list button selected (1) or not (0).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE.
@c public func sb_session_set_results_list_selected(_ session: sb_session_ref?, _ selected: Int32) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setResultsListSelected(try SessionCInput.flag(selected, "selected"))
        return SB_OK
    }
}

/// Sets the host's items beside the field (at most 16 a side), shown while the search is
/// active: before the field when `trailing` is 0, after it when 1 (the Cancel button stays
/// last). `items[i].kind` is ignored.
/// Ownership: nothing is retained; titles are copied.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, bad flag, NULL items with count > 0, bad title, too
/// many items); SB_EMISUSE.
@c public func sb_session_set_items(
    _ session: sb_session_ref?, _ trailing: Int32, _ items: UnsafePointer<sb_bar_item>?, _ count: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setItems(try SessionCInput.items(items, count), trailing: try SessionCInput.flag(trailing, "trailing"))
        return SB_OK
    }
}
