import CSearchBar
import Glibc
import SearchBarCore

/// The newest delivered results: `*out_generation` their query's generation (0 when none),
/// `*out_ids` the item ids best first (NULL when none) and `*out_count` their number.
/// Ownership: the caller releases `*out_ids` with sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL outputs); SB_ENOMEM.
@c public func sb_session_results(
    _ session: sb_session_ref?, _ out_generation: UnsafeMutablePointer<UInt64>?,
    _ out_ids: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>?>?, _ out_count: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let generation = try CInput.output(out_generation, "out_generation")
        let ids = try CInput.output(out_ids, "out_ids")
        let count = try CInput.output(out_count, "out_count")
        generation.pointee = 0
        ids.pointee = nil
        count.pointee = 0
        guard let current = try SessionCInput.session(session).results else { return SB_OK }
        generation.pointee = current.generation
        let list = current.results.ids
        ids.pointee = try CBlock.list(list, UInt64.self) { _, id in id }
        count.pointee = UInt(list.count)
        return SB_OK
    }
}

/// Delivers the host's results for query `generation` (a session made without an index:
/// search on SB_EVENT_UPDATE_SEARCH_RESULTS, then call this, possibly from inside that callback).
/// Ownership: the ids are copied.
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_ECANCELED when that query was superseded, cancelled or already answered
/// (the results are dropped: never delivered stale); SB_EINVAL (bad handle, NULL ids with
/// count > 0, more than 1048576 ids); SB_EMISUSE on a session made with an index (the index
/// answers its queries; nothing changes).
@c public func sb_session_deliver_results(
    _ session: sb_session_ref?, _ generation: UInt64, _ ids: UnsafePointer<UInt64>?, _ count: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        guard count <= 1 << 20 else { throw .invalidArgument("count \(count) is larger than 1048576") }
        var list: [UInt64] = []
        if count > 0 {
            guard let ids else { throw .invalidArgument("ids is NULL but count is \(count)") }
            list = Array(UnsafeBufferPointer(start: ids, count: Int(count)))
        }
        try object.deliverResults(SessionResults(ids: list), for: generation)
        return SB_OK
    }
}

/// Reports that the host's search for `generation` failed with `message` (SB_EVENT_ERROR with
/// status SB_EIO follows).
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_ECANCELED when that query is no longer wanted; SB_EINVAL (bad handle, bad
/// text); SB_EMISUSE on a session made with an index (nothing changes).
@c public func sb_session_fail_search(
    _ session: sb_session_ref?, _ generation: UInt64, _ message: UnsafePointer<CChar>?, _ message_len: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        let text = try CInput.text(message, message_len, "message")
        try object.failSearch(SearchBarError(.io, text.isEmpty ? "the host's search failed" : text), for: generation)
        return SB_OK
    }
}

/// Runs a search now for the current text, tokens and scope, whatever the timing policy (for
/// instance after the host changed the data). `*out_generation` (if not NULL) receives the
/// new query's generation.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_search_now(_ session: sb_session_ref?, _ out_generation: UnsafeMutablePointer<UInt64>?)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        out_generation?.pointee = 0
        let generation = try SessionCInput.session(session).searchNow()
        out_generation?.pointee = generation
        return SB_OK
    }
}

/// Moves a session's manual clock (SB_CLOCK_MANUAL) forward by `milliseconds`, firing due
/// timers (delayed searches, stall notices) on the calling thread.
/// Thread safety: any thread; not from inside the session's callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE (a session on the system clock, or from
/// inside a callback).
@c public func sb_session_advance_clock(_ session: sb_session_ref?, _ milliseconds: UInt32) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).advanceClock(by: .milliseconds(Int64(milliseconds)))
        return SB_OK
    }
}

/// How long until the host must call sb_session_run_due() on a session created with
/// SB_CLOCK_HOST: `*out_ms` receives the milliseconds until the earliest pending timer (a
/// delayed search, a stall notice), rounded up; 0 when one is due now; -1 when none is pending
/// (wait for input or events only). It is the timeout to give poll() on sb_session_event_fd().
/// Call it after each call the host makes into the session and after draining the event queue:
/// an edit may arm a timer. A timer armed on another thread (an action asked for inside an
/// event callback that runs on a pool thread) that is earlier than every pending one makes the
/// event descriptor readable even with no event queued, so a host waiting on it re-reads the
/// deadline; this call, and sb_session_next_event() returning SB_EMPTY, make the descriptor
/// unreadable again when no event is queued.
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_ms); SB_EMISUSE (a session on another clock).
@c public func sb_session_next_deadline(_ session: sb_session_ref?, _ out_ms: UnsafeMutablePointer<Int64>?)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_ms, "out_ms")
        out.pointee = -1
        guard let nanoseconds = try SessionCInput.session(session).timeUntilNextTimer() else { return SB_OK }
        out.pointee = Int64(clamping: nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 == 0 ? 0 : 1))
        return SB_OK
    }
}

/// Fires every due timer of a session created with SB_CLOCK_HOST on the calling thread (the
/// host's main thread): a delayed search is issued here (SB_EVENT_UPDATE_SEARCH_RESULTS and the
/// event callback run on this thread before it returns), as are stall notices. The library's
/// timer thread never runs that session's timers. Calling it early is harmless: nothing that is
/// not due fires.
/// Thread safety: any thread (normally the one that drives the host's main loop); not from
/// inside the session's callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE (a session on another clock, or from inside
/// a callback).
@c public func sb_session_run_due(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).runDueTimers()
        return SB_OK
    }
}
