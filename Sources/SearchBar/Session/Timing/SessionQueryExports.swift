import CSearchBar
import SearchBarCore

/// What query `generation` was issued for: its text, selected scope (and title) and tokens, as
/// SB_EVENT_UPDATE_SEARCH_RESULTS announced it (a host searching itself reads them here).
/// On success `*out_query` receives one block holding the struct, its strings and tokens.
/// Ownership: the caller releases `*out_query` with one sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_ECANCELED when `generation` is no longer the newest query (a newer one
/// superseded it: its results would never be delivered, so there is nothing to search for);
/// SB_EINVAL (bad handle, NULL out_query); SB_ENOMEM.
@c public func sb_session_get_query(
    _ session: sb_session_ref?, _ generation: UInt64, _ out_query: UnsafeMutablePointer<UnsafeMutablePointer<sb_issued_query>?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_query, "out_query")
        out.pointee = nil
        guard let query = try SessionCInput.session(session).query(generation) else {
            throw SearchBarError(.cancelled, "query \(generation) is not the newest query (it was superseded, or never issued)")
        }
        out.pointee = try CBlock.one(sb_issued_query.self) { b throws(SearchBarError) in
            let text = try b.string(query.text)
            let title = try query.scopeTitle.map { t throws(SearchBarError) in try b.string(t) } ?? nil
            let tokens = try b.tokens(query.tokens)
            return sb_issued_query(
                generation: query.generation, text: text, text_len: query.text.utf8.count, scope: Int64(query.scope),
                scope_title: title, scope_title_len: query.scopeTitle?.utf8.count ?? 0, tokens: tokens,
                token_count: query.tokens.count)
        }
        return SB_OK
    }
}
