import CSearchBar
import SearchBarCore

/// Creates a search-bar session: the state and behaviour of a search bar with its search
/// controller (UISearchBar + UISearchController), driven by the host's input.
/// `index`: the index searches run on (the session keeps it alive; sb_index_free() is then
/// safe), or NULL for a session whose host searches itself on SB_EVENT_UPDATE_SEARCH_RESULTS and
/// answers with sb_session_deliver_results().
/// `options`: NULL or SB_SESSION_OPTIONS_INIT for the defaults (system clock, no locale,
/// default recents directory, 1024 queued events); any version this library has shipped.
/// On success `*out_session` receives a new handle (NULL on failure).
/// Ownership: the caller owns the handle and releases it with sb_session_free().
/// Thread safety: any thread. Every session function may be called from any thread; calls on
/// one session apply one at a time.
/// Returns SB_OK; SB_WARN_LOCALE_FALLBACK (a working session with no locale); SB_EINVAL for a
/// NULL out_session, a bad index handle, a bad options version, a malformed locale, an unknown
/// clock or a relative recents directory; SB_EIO when no event descriptor can be created.
@c public func sb_session_new(
    _ index: sb_index_ref?, _ options: UnsafePointer<sb_session_options>?,
    _ out_session: UnsafeMutablePointer<sb_session_ref?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_session, "out_session")
        out.pointee = nil
        let backend: (any SessionSearchBackend)? =
            index == nil ? nil : IndexSessionBackend(index: try HandleRegistry.resolve(index, as: SearchIndex.self, "index"))
        let o = try options.map { (p) throws(SearchBarError) in
            try StructVersions.sessionOptions.read(p, "options", defaults: sb_session_options())
        }
        let locale = try CInput.locale(o?.locale)
        let clock: any SessionClock =
            switch try SessionCInput.enumeration(SessionClockKind.self, o?.clock ?? 0, "options.clock") {
            case .system: SystemClock.shared
            case .manual: ManualClock()
            case .host: HostClock()
            }
        let directory = try CInput.optionalCString(o?.recents_directory, "options.recents_directory")
        let capacity = o?.event_queue_capacity ?? 0
        guard capacity <= UInt32(SearchSession.maximumEventQueueCapacity) else {
            throw .invalidArgument("options.event_queue_capacity is \(capacity); at most \(SearchSession.maximumEventQueueCapacity)")
        }
        let session = try SearchSession(
            backend: backend, clock: clock, locale: locale, recentsDirectory: directory,
            eventQueueCapacity: capacity == 0 ? SearchSession.defaultEventQueueCapacity : Int(capacity))
        out.pointee = HandleRegistry.register(session)
        return localeStatus(locale)
    }
}

/// The `sb_session_clock` values.
enum SessionClockKind: UInt32, CaseIterable {
    case system = 0
    case manual = 1
    case host = 2
}

/// Releases a session: timers stop, the running search is cancelled, the event descriptor is
/// closed. Threads waiting in sb_session_next_event() are woken (it returns SB_ETIMEDOUT), and
/// running event callbacks have returned when this returns. NULL is a no-op (SB_OK).
/// Ownership: takes ownership of `session`.
/// Thread safety: no other thread may be starting calls on the session; stop watching its
/// descriptor in the host's loop first.
/// Returns SB_OK; SB_EINVAL for a handle that is not a live session (left alone); SB_EMISUSE
/// when called from inside one of the session's callbacks (the session stays alive: free it
/// after the callback returns), or in a child process forked after the session was made (a
/// child can neither use nor free its parent's sessions and indexes: make new ones there).
@discardableResult
@c public func sb_session_free(_ session: sb_session_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        guard session != nil else { return SB_OK }
        let object = try SessionCInput.session(session)
        try object.close()
        HandleRegistry.release(session, as: SearchSession.self)
        return SB_OK
    }
}

/// Sets the text programmatically (UISearchBar text): no veto, no autocapitalization;
/// SB_EVENT_TEXT_DID_CHANGE if it changed, and a search as the timing policy says.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, NULL text with non-zero length, invalid UTF-8);
/// SB_ETOOBIG over 1 MiB; SB_EMISUSE.
@c public func sb_session_set_text(_ session: sb_session_ref?, _ text: UnsafePointer<CChar>?, _ text_len: UInt)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        try SessionCInput.session(session).setText(try CInput.text(text, text_len, "text"))
        return SB_OK
    }
}

/// Copies the current text.
/// On success `*out_text` receives a NUL-terminated UTF-8 buffer and `*out_len` (if not NULL)
/// its length without the NUL.
/// Ownership: the caller releases `*out_text` with sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_text); SB_ENOMEM.
@c public func sb_session_get_text(
    _ session: sb_session_ref?, _ out_text: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ out_len: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_text, "out_text")
        out.pointee = nil
        out_len?.pointee = 0
        let text = try SessionCInput.session(session).state.text
        out.pointee = try COutput.string(text)
        out_len?.pointee = UInt(text.utf8.count)
        return SB_OK
    }
}

/// The user typed `text` at UTF-8 byte `offset`: autocapitalization applies, the veto callback
/// sees SB_EVENT_SHOULD_CHANGE_TEXT, then SB_EVENT_TEXT_DID_CHANGE, and a search as the timing
/// policy says.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED when the veto refused (nothing changed); SB_EINVAL (bad handle,
/// bad text, offset past the end or inside a UTF-8 sequence); SB_ETOOBIG; SB_EMISUSE.
@c public func sb_session_insert_text(
    _ session: sb_session_ref?, _ offset: UInt, _ text: UnsafePointer<CChar>?, _ text_len: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let at = try SessionCInput.offset(offset, "offset")
        let applied = try SessionCInput.session(session).insertText(try CInput.text(text, text_len, "text"), at: at)
        return try vetoStatus(applied, "the veto callback refused the change")
    }
}

/// The user replaced UTF-8 bytes [start, end) with `text` (typing over a selection,
/// autocorrection): as sb_session_insert_text().
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED (vetoed); SB_EINVAL (bad handle or text, start > end, a range
/// outside the text or inside a UTF-8 sequence); SB_ETOOBIG; SB_EMISUSE.
@c public func sb_session_replace_text(
    _ session: sb_session_ref?, _ start: UInt, _ end: UInt, _ text: UnsafePointer<CChar>?, _ text_len: UInt
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let range = try byteRange(start, end)
        let applied = try SessionCInput.session(session).replaceText(in: range, with: try CInput.text(text, text_len, "text"))
        return try vetoStatus(applied, "the veto callback refused the change")
    }
}

/// The user deleted UTF-8 bytes [start, end): as sb_session_insert_text() with an empty
/// replacement. Deleting everything searches at once (the default timing).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_ECANCELED (vetoed); SB_EINVAL; SB_EMISUSE.
@c public func sb_session_delete_text(_ session: sb_session_ref?, _ start: UInt, _ end: UInt) -> sb_status {
    guarded { () throws(SearchBarError) in
        let range = try byteRange(start, end)
        let applied = try SessionCInput.session(session).deleteText(in: range)
        return try vetoStatus(applied, "the veto callback refused the change")
    }
}

/// Computes everything to draw (visibility of placeholder, prompt, clear, bookmark,
/// results-list and Cancel buttons and scope bar; tokens; items with Cancel last; style or
/// tint, tone, translucency and the resolved colours; the text-input traits and whether the
/// return key is enabled; the results' title; search progress) in one call.
/// On success `*out_display` receives one block holding the struct, its arrays and strings.
/// Ownership: the caller releases `*out_display` with one sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_display); SB_ENOMEM.
@c public func sb_session_display(
    _ session: sb_session_ref?, _ out_display: UnsafeMutablePointer<UnsafeMutablePointer<sb_display>?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_display, "out_display")
        out.pointee = nil
        let d = try SessionCInput.session(session).display
        out.pointee = try CBlock.one(sb_display.self) { b throws(SearchBarError) in
            let text = try b.string(d.text)
            let placeholder = try b.string(d.placeholder)
            let prompt = try b.string(d.prompt)
            let tokens = try b.tokens(d.tokens)
            let titles = try b.array(UnsafePointer<CChar>?.self, d.scopeTitles.count)
            let lengths = try b.array(Int.self, d.scopeTitles.count)
            for (i, title) in d.scopeTitles.enumerated() {
                let copy = try b.string(title)
                (titles.map { $0 + i })?.initialize(to: copy)
                (lengths.map { $0 + i })?.initialize(to: title.utf8.count)
            }
            let leading = try b.items(d.leadingItems)
            let trailing = try b.items(d.trailingItems)
            let resultsTitle = try d.searchResultsTitle.map { t throws(SearchBarError) in try b.string(t) } ?? nil
            return sb_display(
                text: text, text_len: d.text.utf8.count, placeholder: placeholder, placeholder_len: d.placeholder.utf8.count,
                prompt: prompt, prompt_len: d.prompt.utf8.count, tokens: tokens, token_count: d.tokens.count,
                scope_titles: titles.map { UnsafePointer($0) }, scope_title_lens: lengths.map { UnsafePointer($0) },
                scope_count: d.scopeTitles.count, selected_scope: Int64(d.selectedScope), leading_items: leading,
                leading_count: d.leadingItems.count, trailing_items: trailing, trailing_count: d.trailingItems.count,
                generation: d.generation, result_count: UInt64(d.resultCount), placement: d.placement.rawValue,
                style: (d.appearance.style ?? .prominent).rawValue, has_tint: d.appearance.tint == nil ? 0 : 1,
                tint_rgba: d.appearance.tint ?? 0, shows_placeholder: bit(d.showsPlaceholder), shows_prompt: bit(d.showsPrompt),
                shows_clear_button: bit(d.showsClearButton), shows_bookmark_button: bit(d.showsBookmarkButton),
                shows_results_list_button: bit(d.showsResultsListButton), results_list_selected: bit(d.isResultsListSelected),
                shows_cancel_button: bit(d.showsCancelButton), shows_scope_bar: bit(d.showsScopeBar),
                is_active: bit(d.isActive), is_editing: bit(d.isEditing), is_searching: bit(d.isSearching),
                is_stalled: bit(d.isStalled), bar_tone: d.barTone.rawValue, background_rgba: d.colors.background,
                keyboard_type: d.textInputTraits.keyboardType.rawValue,
                autocorrection: d.textInputTraits.autocorrection.rawValue,
                spell_checking: d.textInputTraits.spellChecking.rawValue,
                return_key_type: d.textInputTraits.returnKey.rawValue, results_title: resultsTitle,
                results_title_len: d.searchResultsTitle?.utf8.count ?? 0, is_translucent: bit(d.isTranslucent),
                uses_light_content: bit(d.colors.usesLightContent),
                enables_return_key_automatically: bit(d.textInputTraits.enablesReturnKeyAutomatically),
                return_key_enabled: bit(d.isReturnKeyEnabled), has_marked_text: bit(d.markedRange != nil),
                marked_start: d.markedRange?.lowerBound ?? 0, marked_end: d.markedRange?.upperBound ?? 0)
        }
        return SB_OK
    }
}

/// 1 for true, 0 for false.
func bit(_ flag: Bool) -> Int32 { flag ? 1 : 0 }

/// A validated half-open byte range.
func byteRange(_ start: UInt, _ end: UInt) throws(SearchBarError) -> Range<Int> {
    let lower = try SessionCInput.offset(start, "start")
    let upper = try SessionCInput.offset(end, "end")
    guard lower <= upper else { throw .invalidArgument("start \(start) is after end \(end)") }
    return lower..<upper
}

/// SB_OK when applied, else SB_ECANCELED with `message`.
func vetoStatus(_ applied: Bool, _ message: String) throws(SearchBarError) -> sb_status {
    guard applied else { throw SearchBarError(.cancelled, message) }
    return SB_OK
}
