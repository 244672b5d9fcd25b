import CSearchBar
import SearchBarCore

/// Sets the callbacks: `veto` answers SB_EVENT_SHOULD_* synchronously on the calling thread
/// (non-zero allows; without it everything is allowed); `on_event` receives every other event,
/// in order and never two at once. Either may be NULL. Both get `user`. Events also go to the
/// queue read by sb_session_next_event(), whatever the callbacks.
/// Ownership: `user` is not retained; it must stay valid until the callbacks are replaced or
/// the session is freed. When this function (or sb_session_free()) returns, the previous
/// callbacks are not running on any thread and will not be called again.
/// Acting on the bar from a callback: as a delegate does (resign the focus on
/// SB_EVENT_SEARCH_BUTTON, dismiss on SB_EVENT_CANCEL_BUTTON, set the text on
/// SB_EVENT_SUGGESTION_CHOSEN), a callback may call the session's other functions. Reading
/// functions (getters, display, results, suggestions, recents, next_event, deliver_results)
/// run at once. A function that changes the session is queued: its arguments are checked at
/// once (an invalid one returns its error and queues nothing), then it returns SB_OK, meaning
/// "queued", not "done" (a vetoable call cannot yet report SB_ECANCELED; out-values such as
/// sb_session_search_now()'s generation are 0). Queued calls run on the callback's thread, in
/// the order asked, right after the callback returns (after a veto callback: once the call
/// that asked the veto has returned), before the next event is delivered; the events they
/// raise follow in order, and stale results are still never delivered. A queued call that
/// fails when it runs is reported as SB_EVENT_ERROR with generation 0, its `status`, and a
/// `text` naming the call (by its Swift method name, such as "selectScope") and the reason; one
/// refused by a veto is simply not applied. At most 1024 calls
/// may wait per thread (SB_EMISUSE past that). Four functions stay refused inside callbacks
/// with SB_EMISUSE: sb_session_free(), sb_session_set_callbacks(), sb_session_advance_clock() and
/// sb_session_run_due().
/// Thread safety: any thread; not from inside the session's callbacks (SB_EMISUSE).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_set_callbacks(
    _ session: sb_session_ref?, _ veto: sb_veto_callback?, _ on_event: sb_event_callback?,
    _ user: UnsafeMutableRawPointer?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        let closures = SessionCCallbacks(veto: veto, event: on_event, user: user).closures
        try object.setCallbacks(veto: closures.veto, event: closures.event)
        return SB_OK
    }
}

/// Takes the oldest queued event, waiting up to `timeout_ms` milliseconds for one (0: do not
/// wait; -1: wait forever). Results of a query older than the newest come out as
/// SB_EVENT_SUPERSEDED, never as SB_EVENT_RESULTS_READY.
/// On SB_OK `*out_event` is filled; its `text` (NULL when empty) is the caller's.
/// Ownership: the caller releases `out_event->text` with sb_free().
/// Thread safety: any thread, including from inside callbacks; several threads may wait.
/// Returns SB_OK; SB_EMPTY (not an error: sb_last_error() is left alone) when `timeout_ms` is 0
/// and the queue is empty; SB_ETIMEDOUT when no event came within a wait (or the session is
/// being freed); SB_EINVAL (bad handle, NULL out_event, timeout below -1); SB_ENOMEM.
@c public func sb_session_next_event(_ session: sb_session_ref?, _ timeout_ms: Int32, _ out_event: UnsafeMutablePointer<sb_event>?)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_event, "out_event")
        out.pointee = SessionCEvent.empty
        let object = try SessionCInput.session(session)
        guard timeout_ms >= -1 else { throw .invalidArgument("timeout_ms is \(timeout_ms); use -1 to wait forever") }
        let timeout: Duration? = timeout_ms < 0 ? nil : .milliseconds(Int64(timeout_ms))
        guard let event = object.nextEvent(timeout: timeout) else {
            if timeout_ms == 0 { return SB_EMPTY }
            throw SearchBarError(.timedOut, "no event within \(timeout_ms) ms")
        }
        out.pointee = try SessionCEvent.owned(event)
        return SB_OK
    }
}

/// The session's event descriptor: readable exactly while events wait in the queue, so a GLib
/// (g_unix_fd_add), asyncio (add_reader), Qt (QSocketNotifier) or poll() loop can wait on it;
/// then drain with sb_session_next_event(session, 0, ...). Do not read, write or close it.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_fd).
@c public func sb_session_event_fd(_ session: sb_session_ref?, _ out_fd: UnsafeMutablePointer<Int32>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_fd, "out_fd")
        out.pointee = -1
        out.pointee = try SessionCInput.session(session).eventFileDescriptor
        return SB_OK
    }
}

/// Sets how many events the queue keeps (0 turns it off; at most 1048576). When full the
/// oldest events are dropped; `*out_dropped` (if not NULL) receives how many were dropped so far.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, capacity too large); SB_EMISUSE.
@c public func sb_session_set_event_queue_capacity(
    _ session: sb_session_ref?, _ capacity: UInt32, _ out_dropped: UnsafeMutablePointer<UInt64>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        guard capacity <= UInt32(SearchSession.maximumEventQueueCapacity) else {
            throw .invalidArgument("capacity is \(capacity); at most \(SearchSession.maximumEventQueueCapacity)")
        }
        try object.setEventQueueCapacity(Int(capacity))
        out_dropped?.pointee = object.droppedEventCount
        return SB_OK
    }
}
