import CSearchBar
import SearchBarCore

/// Saves the recent searches under `name` (letters, digits, '.', '_', '-'; at most 128) in the
/// session's recents directory, loading that file's entries; NULL stops saving. Files are
/// written atomically (temporary file, fsync, rename).
/// A file that cannot be read or parsed is moved aside to `<name>.json.corrupt-<N>` and the
/// session starts with no recent searches: the status says so (the message names the new path)
/// but the session is bound to the name and saves a fresh file from then on.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECORRUPT or SB_EIO as above; SB_EINVAL (bad handle, bad name); SB_EMISUSE.
@c public func sb_session_set_recents_name(_ session: sb_session_ref?, _ name: UnsafePointer<CChar>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setRecentsName(try CInput.optionalCString(name, "name"))
        return SB_OK
    }
}

/// The recent searches of the current list (the selected scope's with per-scope lists), newest
/// first: `*out_recents` receives an array of `*out_count` entries (NULL when none).
/// Ownership: one block with the strings; release it with one sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL outputs); SB_ENOMEM.
@c public func sb_session_recents(
    _ session: sb_session_ref?, _ out_recents: UnsafeMutablePointer<UnsafeMutablePointer<sb_recent>?>?,
    _ out_count: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_recents, "out_recents")
        let count = try CInput.output(out_count, "out_count")
        out.pointee = nil
        count.pointee = 0
        let list = try SessionCInput.session(session).recents
        out.pointee = try CBlock.list(list, sb_recent.self) { b, entry throws(SearchBarError) in
            sb_recent(text: try b.string(entry.text), text_len: entry.text.utf8.count, time_ms: entry.time)
        }
        count.pointee = UInt(list.count)
        return SB_OK
    }
}

/// Adds a search to the current list as submitting it would (not in private mode).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle or text); SB_EMISUSE.
@c public func sb_session_add_recent(_ session: sb_session_ref?, _ text: UnsafePointer<CChar>?, _ text_len: UInt)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).addRecent(try CInput.text(text, text_len, "text"))
        return SB_OK
    }
}

/// Removes entry `index` of the current list.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, index out of range); SB_EMISUSE.
@c public func sb_session_remove_recent(_ session: sb_session_ref?, _ index: Int64) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).removeRecent(at: try SessionCInput.index(index, "index"))
        return SB_OK
    }
}

/// Forgets every recent search of every list.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_clear_recents(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).clearRecents()
        return SB_OK
    }
}

/// Sets how recent searches are kept (a lower limit or an expiry drops entries at once).
/// `policy`: any version this library has shipped (fields added later keep their defaults).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, NULL policy, bad version, limit over 254, a flag
/// other than 0/1); SB_EMISUSE.
@c public func sb_session_set_recents_policy(_ session: sb_session_ref?, _ policy: UnsafePointer<sb_recents_policy>?)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setRecentsPolicy(try SessionCInput.recentsPolicy(policy))
        return SB_OK
    }
}

/// Copies the recent-search policy into `*out_policy` (defaults: limit 10, one list, no expiry,
/// not private): the fields of the version the caller set in `out_policy->version`, and nothing
/// past them.
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_policy, a version of 0 or newer than the
/// library's).
@c public func sb_session_get_recents_policy(
    _ session: sb_session_ref?, _ out_policy: UnsafeMutablePointer<sb_recents_policy>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_policy, "out_policy")
        let policy = try SessionCInput.session(session).recentsPolicy
        try StructVersions.recentsPolicy.write(SessionCInput.recentsPolicy(policy), to: out, "out_policy")
        return SB_OK
    }
}

/// Fills `*policy` with version `version` of sb_recents_policy and the defaults a new session
/// has (limit 10, one list, no expiry, not private).
/// Ownership: `policy` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL policy or a version this library does not know.
@c public func sb_recents_policy_init(_ policy: UnsafeMutablePointer<sb_recents_policy>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.recentsPolicy.initialize(policy, version, defaults: SessionCInput.recentsPolicy(RecentsPolicy()))
}
