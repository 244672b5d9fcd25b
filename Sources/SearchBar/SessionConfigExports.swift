import CSearchBar
import SearchBarCore

// The host's configuration of a session. These raise no delegate events.
// Thread safety of each: any thread; inside the session's callbacks it is queued (see
// sb_session_set_callbacks()).

/// Sets the placeholder, shown only while the field has no text and no token.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle or text, over 4096 bytes); SB_EMISUSE.
@c public func sb_session_set_placeholder(_ session: sb_session_ref?, _ text: UnsafePointer<CChar>?, _ text_len: UInt)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setPlaceholder(try CInput.text(text, text_len, "text"))
        return SB_OK
    }
}

/// Sets the prompt, a line above the bar shown whether or not there is text.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle or text, over 4096 bytes); SB_EMISUSE.
@c public func sb_session_set_prompt(_ session: sb_session_ref?, _ text: UnsafePointer<CChar>?, _ text_len: UInt)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setPrompt(try CInput.text(text, text_len, "text"))
        return SB_OK
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

/// Sets where the bar is placed (an sb_bar_placement). A bar in a navigation bar cannot have a
/// scope bar.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown placement, or a navigation-bar placement while
/// the titles and policy show a scope bar); SB_EMISUSE.
@c public func sb_session_set_placement(_ session: sb_session_ref?, _ placement: UInt32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setPlacement(try SessionCInput.enumeration(BarPlacement.self, placement, "placement"))
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

/// Sets how typed text is capitalized (an sb_autocapitalization).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE.
@c public func sb_session_set_autocapitalization(_ session: sb_session_ref?, _ value: UInt32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setAutocapitalization(try SessionCInput.enumeration(Autocapitalization.self, value, "value"))
        return SB_OK
    }
}

/// Sets the bar's style (an sb_bar_style: default, prominent or minimal; UIKit
/// searchBarStyle); it clears a custom tint (the last one set wins). A new session's style is
/// SB_BAR_STYLE_DEFAULT, drawn as prominent.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown style); SB_EMISUSE.
@c public func sb_session_set_style(_ session: sb_session_ref?, _ style: UInt32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setStyle(try SessionCInput.enumeration(BarStyle.self, style, "style"))
        return SB_OK
    }
}

/// Sets a custom tint as 0xRRGGBBAA; it overrides the style (the last one set wins).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_set_tint(_ session: sb_session_ref?, _ rgba: UInt32) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setTint(rgba)
        return SB_OK
    }
}

/// Sets the search-timing policy (a pending delayed search is rescheduled under it).
/// `timing`: any version this library has shipped (fields added later keep their defaults).
/// Ownership: nothing is retained.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, NULL timing, bad version, unknown trigger, a flag
/// other than 0/1, a duration over 60000 ms, more than 1000 minimum characters); SB_EMISUSE.
@c public func sb_session_set_timing(_ session: sb_session_ref?, _ timing: UnsafePointer<sb_search_timing>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setTiming(try SessionCInput.timing(timing))
        return SB_OK
    }
}

/// Copies the search-timing policy into `*out_timing` (a new session holds the defaults:
/// as you type, 150 ms, clearing searches at once, 300 ms stall threshold): the fields of the
/// version the caller set in `out_timing->version`, and nothing past them.
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_timing, a version of 0 or newer than the
/// library's).
@c public func sb_session_get_timing(_ session: sb_session_ref?, _ out_timing: UnsafeMutablePointer<sb_search_timing>?)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_timing, "out_timing")
        let timing = SessionCInput.timing(try SessionCInput.session(session).timing)
        try StructVersions.searchTiming.write(timing, to: out, "out_timing")
        return SB_OK
    }
}
