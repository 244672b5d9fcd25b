import CSearchBar
import SearchBarCore

/// Serializes the session's state to JSON for state restoration: text, tokens, scope, active
/// and editing, configuration, timing and the recent-search list's name and policy (the format
/// is in docs/uikit-mapping.md). `*out_json` receives NUL-terminated UTF-8 and `*out_len` (if
/// not NULL) its length.
/// Ownership: the caller releases `*out_json` with sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_json); SB_ENOMEM.
@c public func sb_session_snapshot(
    _ session: sb_session_ref?, _ out_json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ out_len: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_json, "out_json")
        out.pointee = nil
        out_len?.pointee = 0
        let json = try SessionCInput.session(session).snapshot()
        out.pointee = try COutput.string(json)
        out_len?.pointee = UInt(json.utf8.count)
        return SB_OK
    }
}

/// Restores a snapshot: the state is replaced as a whole or not at all; the running search is
/// superseded; an active session with text or tokens searches at once. No delegate events are
/// raised for the restored values. When the snapshot names another recent-search list, it is
/// loaded from its file; a file that cannot be read is moved aside as
/// sb_session_set_recents_name() does and the list starts empty.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK (restored); SB_WARN_RECENTS_RESET (restored, but the recents file could not be
/// read: it was moved aside and the recent searches start empty; sb_last_error() says which file
/// and why); every error status means nothing changed: SB_ECORRUPT (malformed JSON, unknown
/// version or member, wrong types); SB_EINVAL (bad handle, bad UTF-8, values the session refuses
/// such as a scope bar in a navigation bar); SB_ETOOBIG; SB_EMISUSE.
@c public func sb_session_restore(_ session: sb_session_ref?, _ json: UnsafePointer<CChar>?, _ json_len: UInt)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        guard json_len <= UInt(JSONParser.maximumBytes) else {
            throw SearchBarError(.tooBig, "json is \(json_len) bytes; a snapshot may have at most \(JSONParser.maximumBytes)")
        }
        guard let reset = try object.restore(fromSnapshot: try CInput.text(json, json_len, "json")) else { return SB_OK }
        LastError.set("the state was restored, but the recent searches were reset: \(reset.message)")
        return SB_WARN_RECENTS_RESET
    }
}
