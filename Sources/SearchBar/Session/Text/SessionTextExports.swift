import CSearchBar
import SearchBarCore

// The field's text: set, read and edited by UTF-8 byte offsets.

/// Sets the text programmatically (UISearchBar text): no veto, no autocapitalization;
/// SB_EVENT_TEXT_DID_CHANGE if it changed, and a search as the timing policy says.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, NULL text with non-zero length, invalid UTF-8);
/// SB_ETOOBIG over 1 MiB; SB_EMISUSE.
@c public func sb_session_set_text(_ session: sb_session_ref?, _ text: UnsafePointer<CChar>?, _ text_len: UInt)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setText(try CInput.text(text, text_len, "text"))
        return SB_OK
    }
}

/// Copies the current text.
/// On success `*out_text` receives a NUL-terminated UTF-8 buffer and `*out_len` (if not NULL)
/// its length without the NUL.
/// Ownership: the caller releases `*out_text` with sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_text); SB_ENOMEM.
@c public func sb_session_get_text(
    _ session: sb_session_ref?, _ out_text: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ out_len: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_text, "out_text")
        out.pointee = nil
        out_len?.pointee = 0
        let text = try SessionCInput.session(session).state.text
        out.pointee = try COutput.string(text)
        out_len?.pointee = UInt(text.utf8.count)
        return SB_OK
    }
}

/// The user typed `text` at UTF-8 byte `offset`: autocapitalization applies, the veto callback
/// sees SB_EVENT_SHOULD_CHANGE_TEXT, then SB_EVENT_TEXT_DID_CHANGE, and a search as the timing
/// policy says.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED when the veto refused (nothing changed); SB_EINVAL (bad handle,
/// bad text, offset past the end or inside a UTF-8 sequence); SB_ETOOBIG; SB_EMISUSE.
@c public func sb_session_insert_text(
    _ session: sb_session_ref?, _ offset: UInt, _ text: UnsafePointer<CChar>?, _ text_len: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let at = try SessionCInput.offset(offset, "offset")
        let applied = try SessionCInput.session(session).insertText(try CInput.text(text, text_len, "text"), at: at)
        return try vetoStatus(applied, "the veto callback refused the change")
    }
}

/// The user replaced UTF-8 bytes [start, end) with `text` (typing over a selection,
/// autocorrection): as sb_session_insert_text().
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED (vetoed); SB_EINVAL (bad handle or text, start > end, a range
/// outside the text or inside a UTF-8 sequence); SB_ETOOBIG; SB_EMISUSE.
@c public func sb_session_replace_text(
    _ session: sb_session_ref?, _ start: UInt, _ end: UInt, _ text: UnsafePointer<CChar>?, _ text_len: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let range = try byteRange(start, end)
        let applied = try SessionCInput.session(session).replaceText(in: range, with: try CInput.text(text, text_len, "text"))
        return try vetoStatus(applied, "the veto callback refused the change")
    }
}

/// The user deleted UTF-8 bytes [start, end): as sb_session_insert_text() with an empty
/// replacement. Deleting everything searches at once (the default timing).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED (vetoed); SB_EINVAL; SB_EMISUSE.
@c public func sb_session_delete_text(_ session: sb_session_ref?, _ start: UInt, _ end: UInt) -> sb_status {
    guarded { () throws(SearchBarError) in
        let range = try byteRange(start, end)
        let applied = try SessionCInput.session(session).deleteText(in: range)
        return try vetoStatus(applied, "the veto callback refused the change")
    }
}
