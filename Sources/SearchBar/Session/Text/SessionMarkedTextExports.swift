import CSearchBar
import SearchBarCore

/// The input method's pre-edit (marked) text, as UITextInput setMarkedText(_:selectedRange:):
/// while text is marked, the marked range is replaced (`start` and `end` are then ignored);
/// otherwise UTF-8 bytes [start, end) are (the selection, or the cursor when start == end).
/// `text` becomes the marked range, which sb_session_display() reports (has_marked_text,
/// marked_start, marked_end) for the host to underline; an empty `text` removes the marked
/// text. The veto callback sees SB_EVENT_SHOULD_CHANGE_TEXT (no autocapitalization), then
/// SB_EVENT_TEXT_DID_CHANGE, and a search as the timing policy says: the text is searched as
/// composed (typing 한 as ㅎ, 하, 한 searches each). sb_session_unmark_text() commits it. Other
/// edits commit it first (sb_session_insert_text(), _replace_text(), _delete_text(),
/// _delete_backward(), _delete_forward() then apply to the committed text, same offsets);
/// sb_session_submit() and ending editing commit it; sb_session_set_text(), _clear(),
/// _cancel(), choosing a suggestion and sb_session_restore() replace the text and drop it.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED when the veto refused (nothing changed); SB_EINVAL (bad handle,
/// bad text, start > end, or with no marked text a range outside the text or inside a UTF-8
/// sequence); SB_ETOOBIG; SB_EMISUSE.
@c public func sb_session_set_marked_text(
    _ session: sb_session_ref?, _ start: UInt, _ end: UInt, _ text: UnsafePointer<CChar>?, _ text_len: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let range = try byteRange(start, end)
        let applied = try SessionCInput.session(session).setMarkedText(try CInput.text(text, text_len, "text"), replacing: range)
        return try vetoStatus(applied, "the veto callback refused the change")
    }
}

/// Commits the marked text (UITextInput unmarkText()): the text stays, nothing is marked. No
/// event: the text did not change. Does nothing when no text is marked.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_unmark_text(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).unmarkText()
        return SB_OK
    }
}

/// The marked text's UTF-8 byte range (UITextInput markedTextRange): `*out_start` and
/// `*out_end` receive [start, end) of the current text.
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EMPTY when no text is marked (both set to 0); SB_EINVAL (bad handle, NULL
/// out_start or out_end).
@c public func sb_session_get_marked_range(
    _ session: sb_session_ref?, _ out_start: UnsafeMutablePointer<UInt>?, _ out_end: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let start = try CInput.output(out_start, "out_start")
        let end = try CInput.output(out_end, "out_end")
        start.pointee = 0
        end.pointee = 0
        guard let range = try SessionCInput.session(session).markedRange else { return SB_EMPTY }
        start.pointee = UInt(range.lowerBound)
        end.pointee = UInt(range.upperBound)
        return SB_OK
    }
}
