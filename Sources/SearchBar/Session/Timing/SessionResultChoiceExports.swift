import CSearchBar
import SearchBarCore

// The user moving through and choosing results. Thread safety of each: any thread; inside the
// session's callbacks it is queued (see sb_session_set_callbacks()).

/// Move to the next (`direction` 1) or previous (`direction` -1) match (GTK next-match /
/// previous-match): SB_EVENT_NEXT_MATCH or SB_EVENT_PREVIOUS_MATCH.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, direction not 1 or -1); SB_EMISUSE.
@c public func sb_session_move_match(_ session: sb_session_ref?, _ direction: Int32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        switch direction {
        case 1: try object.nextMatch()
        case -1: try object.previousMatch()
        default: throw .invalidArgument("direction is \(direction); it must be 1 or -1")
        }
        return SB_OK
    }
}

/// The user chose result `id`: SB_EVENT_RESULT_CHOSEN, and the text joins the recent searches.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
@c public func sb_session_choose_result(_ session: sb_session_ref?, _ id: UInt64) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).chooseResult(id)
        return SB_OK
    }
}
