import CSearchBar
import SearchBarCore

/// Fills `*options` with the defaults of version `version` (SB_SOURCE_OPTIONS_VERSION): a
/// remote source, limit 20, priority 0, no timeout, no minimum length, no delay.
/// Ownership: `options` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
@c public func sb_source_options_init(_ options: UnsafeMutablePointer<sb_source_options>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.sourceOptions.initialize(options, version, defaults: SourceC.defaults)
}

/// Appends a source to the session; `*out_source` receives its position, which is its
/// section's place in sb_session_sections() and the `index` of its events. Every query the
/// session issues from then on asks it, with the query's generation: a local index is searched
/// on the library's threads, recents and suggestions are matched at once, a remote source gets
/// SB_EVENT_SOURCE_REQUEST. `index` is the index of an SB_SOURCE_LOCAL_INDEX source (NULL for
/// the other kinds); the session keeps it alive. A session has at most 64 sources. On a session
/// made without an index, the sources are its search: once no section of a query is pending,
/// the query is answered with the sections' items in source order (SB_EVENT_RESULTS_READY,
/// sb_session_results(), sb_session_copy_results() with their titles and highlights).
/// Ownership: `options` and its title are the caller's (copied).
/// Thread safety: any thread; inside the session's callbacks it is queued and `*out_source` is -1.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL options or out_source, bad version, unknown kind
/// or mode, limit outside 1..1000, an index missing or given to another kind, bad title,
/// too many sources); SB_EMISUSE on a closed session.
@c public func sb_session_add_source(
    _ session: sb_session_ref?, _ index: sb_index_ref?, _ options: UnsafePointer<sb_source_options>?,
    _ out_source: UnsafeMutablePointer<Int64>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_source, "out_source")
        out.pointee = -1
        let object = try SessionCInput.session(session)
        guard let options else { throw .invalidArgument("options is NULL") }
        let o = try StructVersions.sourceOptions.read(options, "options", defaults: SourceC.defaults)
        let searched = try index.map { (i) throws(SearchBarError) in try HandleRegistry.resolve(i, as: SearchIndex.self, "index") }
        out.pointee = Int64(try object.addSource(try SourceC.source(o, index: searched)))
        return SB_OK
    }
}

/// Turns deduplication by id across sections on (1) or off (0, the default): with it on, an
/// item several sources found stays only in the section of the source with the highest
/// priority (the earlier source on a tie). Applies to sb_session_sections() from now on.
/// Thread safety: any thread; inside the session's callbacks it is queued.
/// Returns SB_OK; SB_EINVAL (bad handle, a flag other than 0 or 1); SB_EMISUSE.
@c public func sb_session_set_source_dedupe(_ session: sb_session_ref?, _ dedupe: Int32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setDeduplicatesSources(try SessionCInput.flag(dedupe, "dedupe"))
        return SB_OK
    }
}

/// Answers remote source `source`'s SB_EVENT_SOURCE_REQUEST for query `generation` with
/// `count` items, best first (the section keeps the source's limit of them). The session
/// highlights titles and subtitles for the query with the same folding as a local index, and
/// SB_EVENT_SECTIONS_READY follows. An answer that comes too late is dropped: a newer query,
/// a cancel, the source's timeout or an earlier answer came first (SB_ECANCELED).
/// Ownership: nothing is retained; the strings are copied.
/// Thread safety: any thread, including from inside the session's callbacks.
/// Returns SB_OK; SB_ECANCELED (late: dropped); SB_EINVAL (bad handle, source out of range or
/// not remote, NULL items with count > 0, bad UTF-8, bad has_score, a score that is not finite);
/// SB_ETOOBIG (more than 65536 items).
@c public func sb_session_answer_source(
    _ session: sb_session_ref?, _ source: Int64, _ generation: UInt64, _ items: UnsafePointer<sb_source_item>?,
    _ count: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        let position = try SessionCInput.index(source, "source")
        try object.answerSource(position, generation: generation, items: try SourceC.items(items, count))
        return SB_OK
    }
}

/// Reports that remote source `source` could not answer query `generation`: its section shows
/// as SB_SECTION_FAILED with status SB_EIO and `message` (NUL-terminated UTF-8; NULL means "");
/// the other sections stay. SB_EVENT_SECTIONS_READY follows.
/// Ownership: `message` is copied.
/// Thread safety: any thread, including from inside the session's callbacks.
/// Returns SB_OK; SB_ECANCELED (late: dropped); SB_EINVAL (bad handle, source out of range or
/// not remote, bad UTF-8).
@c public func sb_session_fail_source(
    _ session: sb_session_ref?, _ source: Int64, _ generation: UInt64, _ message: UnsafePointer<CChar>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        let position = try SessionCInput.index(source, "source")
        let text = try CInput.optionalCString(message, "message") ?? ""
        try object.failSource(position, generation: generation, message: text)
        return SB_OK
    }
}

/// The sections of the newest query, one per source in the order they were added, with their
/// state, items and highlights (deduplicated when sb_session_set_source_dedupe() is on); no
/// sections before the first query and after a cancel.
/// Ownership: `*out_sections` is one block; release it with one sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_sections); SB_ENOMEM.
@c public func sb_session_sections(
    _ session: sb_session_ref?, _ out_sections: UnsafeMutablePointer<UnsafeMutablePointer<sb_sections>?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_sections, "out_sections")
        out.pointee = nil
        out.pointee = try SourceC.sections(try SessionCInput.session(session).sections)
        return SB_OK
    }
}
