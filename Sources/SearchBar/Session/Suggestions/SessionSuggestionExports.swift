import CSearchBar
import SearchBarCore

/// What to offer now: before typing, the recent searches and the host's "near the field"
/// items; while typing, matching recent searches, completions of the word being typed from the
/// index's vocabulary, and the host's suggestions. `*out_suggestions` receives an array of
/// `*out_count` entries (NULL when none).
/// Ownership: one block with the strings and tokens; release it with one sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL outputs); SB_ENOMEM.
@c public func sb_session_suggestions(
    _ session: sb_session_ref?, _ out_suggestions: UnsafeMutablePointer<UnsafeMutablePointer<sb_suggestion>?>?,
    _ out_count: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_suggestions, "out_suggestions")
        let count = try CInput.output(out_count, "out_count")
        out.pointee = nil
        count.pointee = 0
        let list = try SessionCInput.session(session).suggestions
        out.pointee = try CBlock.list(list, sb_suggestion.self) { b, s throws(SearchBarError) in
            let title = try b.string(s.title)
            let completion = try b.string(s.completion)
            var token: UnsafePointer<sb_search_token>?
            if let value = s.token {
                let slot = try b.array(sb_search_token.self, 1)
                try b.token(value, into: slot)
                token = slot.map { UnsafePointer($0) }
            }
            return sb_suggestion(
                source: s.source.rawValue, action: s.action.rawValue, title: title, title_len: s.title.utf8.count,
                completion: completion, completion_len: s.completion.utf8.count, token: token, host_value: s.hostValue)
        }
        count.pointee = UInt(list.count)
        return SB_OK
    }
}

/// Chooses suggestion `index` of sb_session_suggestions(): the text or the word being typed is
/// replaced, or a token added, as its action says; SB_EVENT_SUGGESTION_CHOSEN,
/// SB_EVENT_TEXT_DID_CHANGE / SB_EVENT_TOKEN_ADDED follow, the result joins the recent searches
/// and a search runs at once.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, index out of range); SB_EMISUSE.
@c public func sb_session_choose_suggestion(_ session: sb_session_ref?, _ index: Int64) -> sb_status {
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).chooseSuggestion(at: try SessionCInput.index(index, "index"))
        return SB_OK
    }
}

/// Sets the host's suggestions (at most 256): those offered on an empty field when
/// `before_typing` is 1, those offered while typing when 0 (replace them as the text changes).
/// `suggestions[i].source` is ignored; `completion` NULL/0 means the title.
/// Ownership: nothing is retained; strings and tokens are copied.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, bad flag, NULL suggestions with count > 0, bad text,
/// unknown action, an add-token suggestion without a valid token); SB_EMISUSE.
@c public func sb_session_set_host_suggestions(
    _ session: sb_session_ref?, _ before_typing: Int32, _ suggestions: UnsafePointer<sb_suggestion>?, _ count: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        let list = try SessionCInput.suggestions(suggestions, count)
        try object.setHostSuggestions(list, beforeTyping: try SessionCInput.flag(before_typing, "before_typing"))
        return SB_OK
    }
}

/// Sets how many recent searches and vocabulary completions are offered (each 0..50; default 5).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, a limit over 50); SB_EMISUSE.
@c public func sb_session_set_suggestion_limits(_ session: sb_session_ref?, _ recents: UInt32, _ completions: UInt32)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        guard recents <= 50, completions <= 50 else { throw .invalidArgument("suggestion limits must be at most 50") }
        try object.setSuggestionLimits(SuggestionLimits(recents: Int(recents), completions: Int(completions)))
        return SB_OK
    }
}
