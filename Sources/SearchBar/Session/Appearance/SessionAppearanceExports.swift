import CSearchBar
import SearchBarCore

// What the bar looks like: placeholder, prompt, style, tint, tone, translucency, placement and the
// results' title. These raise no delegate events. Thread safety of each: any thread; inside the
// session's callbacks it is queued (see sb_session_set_callbacks()).

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

/// Sets the bar's colour scheme (an sb_bar_tone; UIKit barStyle): SB_BAR_TONE_DEFAULT or
/// SB_BAR_TONE_BLACK keep the translucency; SB_BAR_TONE_BLACK_OPAQUE and
/// SB_BAR_TONE_BLACK_TRANSLUCENT set black and make the bar opaque or translucent. Like a
/// style, it clears a custom tint (the last one set wins).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
@c public func sb_session_set_bar_tone(_ session: sb_session_ref?, _ tone: UInt32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        switch tone {
        case SB_BAR_TONE_BLACK_OPAQUE.rawValue: try object.setBarTone(.black, translucent: false)
        case SB_BAR_TONE_BLACK_TRANSLUCENT.rawValue: try object.setBarTone(.black, translucent: true)
        default: try object.setBarTone(try SessionCInput.enumeration(BarTone.self, tone, "tone"))
        }
        return SB_OK
    }
}

/// Makes the bar translucent (1, the default) or opaque (0): an opaque bar draws black for
/// SB_BAR_TONE_BLACK, white for SB_BAR_TONE_DEFAULT, or its custom tint.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE (closed session).
@c public func sb_session_set_translucent(_ session: sb_session_ref?, _ translucent: Int32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setTranslucent(try SessionCInput.flag(translucent, "translucent"))
        return SB_OK
    }
}

/// Sets the search results' title (UISearchDisplayController searchResultsTitle): `title` of
/// `title_len` bytes, or NULL (the default) for the host's own default title.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, invalid UTF-8, over 4096 bytes); SB_EMISUSE (closed session).
@c public func sb_session_set_search_results_title(
    _ session: sb_session_ref?, _ title: UnsafePointer<CChar>?, _ title_len: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        let value = title == nil && title_len == 0 ? nil : try CInput.text(title, title_len, "title")
        try object.setSearchResultsTitle(value)
        return SB_OK
    }
}
