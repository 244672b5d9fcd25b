import CSearchBar
import SearchBarCore

/// Backspace at UTF-8 byte `offset`: deletes the extended grapheme cluster before it (Unicode's
/// rules as Swift's Character applies them: a flag, an emoji ZWJ sequence or one with a skin
/// tone, a Hangul syllable typed as jamo, a letter with its combining marks, an Indic conjunct
/// such as क्ष, a prepended mark), as sb_session_delete_text() of that cluster (marked text is
/// committed first, the veto sees SB_EVENT_SHOULD_CHANGE_TEXT, a search follows). When
/// `offset` falls inside a cluster the whole cluster is deleted. `*out_new_offset` (may be
/// NULL) receives where the cursor belongs: the deleted cluster's start, or `offset` when
/// nothing was deleted. Inside the session's callbacks the call is queued (SB_OK,
/// `*out_new_offset` = `offset`: the deletion has not happened yet).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EMPTY at offset 0 (nothing to delete); SB_ECANCELED (vetoed); SB_EINVAL
/// (bad handle, offset past the end or inside a UTF-8 sequence); SB_EMISUSE.
@c public func sb_session_delete_backward(
    _ session: sb_session_ref?, _ offset: UInt, _ out_new_offset: UnsafeMutablePointer<UInt>?
) -> sb_status {
    deleteCluster(session, offset, out_new_offset) { (s, at) throws(SearchBarError) in try s.deleteBackward(from: at) }
}

/// Forward delete at UTF-8 byte `offset`: deletes the extended grapheme cluster after it (the
/// whole cluster when `offset` falls inside one); otherwise as sb_session_delete_backward().
/// `*out_new_offset` (may be NULL) receives the deleted cluster's start (`offset`, unless it
/// fell inside the cluster), or `offset` when nothing was deleted.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EMPTY at the end of the text (nothing to delete); SB_ECANCELED (vetoed);
/// SB_EINVAL (bad handle, offset past the end or inside a UTF-8 sequence); SB_EMISUSE.
@c public func sb_session_delete_forward(
    _ session: sb_session_ref?, _ offset: UInt, _ out_new_offset: UnsafeMutablePointer<UInt>?
) -> sb_status {
    deleteCluster(session, offset, out_new_offset) { (s, at) throws(SearchBarError) in try s.deleteForward(from: at) }
}

/// Validates the arguments of a grapheme deletion, runs it and converts its outcome: SB_OK with
/// the new offset, SB_EMPTY (nothing to delete), SB_ECANCELED (vetoed), SB_OK when queued.
private func deleteCluster(
    _ session: sb_session_ref?, _ offset: UInt, _ out: UnsafeMutablePointer<UInt>?,
    _ delete: (SearchSession, Int) throws(SearchBarError) -> SearchSession.ClusterDeletion
) -> sb_status {
    guarded { () throws(SearchBarError) in
        out?.pointee = offset
        let at = try SessionCInput.offset(offset, "offset")
        switch try delete(try SessionCInput.session(session), at) {
        case .deleted(let newOffset):
            out?.pointee = UInt(newOffset)
            return SB_OK
        case .nothing: return SB_EMPTY
        case .queued: return SB_OK
        case .vetoed: throw SearchBarError(.cancelled, "the veto callback refused the change")
        }
    }
}
