import CSearchBar
import SearchBarCore

// When searches run: the delay, throttle, minimum length and stall policy.

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

/// Fills `*timing` with version `version` of sb_search_timing and the defaults a new session
/// has (as you type, 150 ms, clearing searches at once, 300 ms stall threshold).
/// Ownership: `timing` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL timing or a version this library does not know.
@c public func sb_search_timing_init(_ timing: UnsafeMutablePointer<sb_search_timing>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.searchTiming.initialize(timing, version, defaults: SessionCInput.timing(SearchTiming()))
}
