import CSearchBar
import Glibc
import SearchBar
import Synchronization
import Testing

/// The session exports, called as a C host would.
@Suite struct SessionExportTests {
    /// A session on a manual clock without an index (the host searches).
    func makeSession(_ configure: (inout sb_session_options) -> Void = { _ in }) throws -> OpaquePointer {
        var options = sb_session_options(
            version: UInt32(SB_SESSION_OPTIONS_VERSION), clock: SB_CLOCK_MANUAL.rawValue, locale: nil, recents_directory: nil,
            event_queue_capacity: 0)
        configure(&options)
        var session: OpaquePointer? = nil
        #expect(sb_session_new(nil, &options, &session) == SB_OK)
        return try #require(session)
    }

    /// Drains the queue into (kind, generation, text) triples, freeing the texts.
    func drain(_ session: OpaquePointer) -> [(sb_event_kind, UInt64, String)] {
        var out: [(sb_event_kind, UInt64, String)] = []
        var event = sb_event()
        while sb_session_next_event(session, 0, &event) == SB_OK {
            out.append((sb_event_kind(rawValue: event.kind), event.generation, event.text.map { String(cString: $0) } ?? ""))
            sb_free(event.text)
        }
        return out
    }

    func text(_ session: OpaquePointer) -> String {
        var pointer: UnsafeMutablePointer<CChar>? = nil
        var length: UInt = 0
        #expect(sb_session_get_text(session, &pointer, &length) == SB_OK)
        defer { sb_free(pointer) }
        return pointer.map { String(cString: $0) } ?? "<nil>"
    }

    func withDisplay<R>(_ session: OpaquePointer, _ body: (sb_display) -> R) throws -> R {
        var display: UnsafeMutablePointer<sb_display>? = nil
        #expect(sb_session_display(session, &display) == SB_OK)
        let d = try #require(display)
        defer { sb_free(d) }
        return body(d.pointee)
    }

    @Test func typingProducesEventsAndDisplay() throws {
        let session = try makeSession()
        defer { #expect(sb_session_free(session) == SB_OK) }
        #expect(sb_session_set_placeholder(session, "Songs", 5) == SB_OK)
        #expect(sb_session_set_shows_bookmark_button(session, 1) == SB_OK)
        try withDisplay(session) { d in
            #expect(d.shows_placeholder == 1 && d.shows_bookmark_button == 1 && d.shows_clear_button == 0)
            #expect(String(cString: d.placeholder) == "Songs")
        }
        #expect(sb_session_begin_editing(session) == SB_OK)
        #expect(sb_session_insert_text(session, 0, "héllo", 6) == SB_OK)
        #expect(sb_session_replace_text(session, 1, 3, "e", 1) == SB_OK)
        #expect(text(session) == "hello")
        try withDisplay(session) { d in
            #expect(d.shows_placeholder == 0 && d.shows_bookmark_button == 0 && d.shows_clear_button == 1)
            #expect(d.is_active == 1 && d.is_editing == 1 && d.shows_cancel_button == 1)
            #expect(d.trailing_count == 1)
            #expect(d.trailing_items[0].kind == SB_BAR_ITEM_CANCEL.rawValue)
            #expect(String(cString: d.trailing_items[0].title) == "Cancel")
        }
        #expect(sb_session_advance_clock(session, 150) == SB_OK)
        let events = drain(session)
        #expect(events.map(\.0) == [
            SB_EVENT_DID_BEGIN_EDITING, SB_EVENT_WILL_PRESENT, SB_EVENT_DID_PRESENT, SB_EVENT_UPDATE_SEARCH_RESULTS,
            SB_EVENT_TEXT_DID_CHANGE, SB_EVENT_TEXT_DID_CHANGE, SB_EVENT_SUPERSEDED, SB_EVENT_UPDATE_SEARCH_RESULTS,
        ])
        #expect(events[5].2 == "hello")
        // The host searches and delivers; a stale delivery is refused.
        #expect(sb_session_deliver_results(session, 1, [7], 1) == SB_ECANCELED)
        #expect(sb_session_deliver_results(session, 2, [7, 8], 2) == SB_OK)
        var generation: UInt64 = 0
        var ids: UnsafeMutablePointer<UInt64>? = nil
        var count: UInt = 0
        #expect(sb_session_results(session, &generation, &ids, &count) == SB_OK)
        #expect(generation == 2 && count == 2 && ids?[1] == 8)
        sb_free(ids)
        var event = sb_event()
        #expect(sb_session_next_event(session, 0, &event) == SB_OK)
        #expect(event.kind == SB_EVENT_RESULTS_READY.rawValue && event.count == 2 && event.generation == 2)
        #expect(sb_session_next_event(session, 0, &event) == SB_EMPTY, "an empty queue is not an error")
        #expect(event.text == nil)
    }

    @Test func descriptorIsReadableWhileEventsWait() throws {
        let session = try makeSession()
        defer { _ = sb_session_free(session) }
        var fd: Int32 = -1
        #expect(sb_session_event_fd(session, &fd) == SB_OK)
        #expect(fd >= 0)
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 0) == 0)
        #expect(sb_session_tap_bookmark_button(session) == SB_OK)
        #expect(poll(&entry, 1, 0) == 1)
        _ = drain(session)
        #expect(poll(&entry, 1, 0) == 0)
    }

    @Test func callbacksAndVetoes() throws {
        final class Box: @unchecked Sendable {
            var kinds: [UInt32] = []
            var nestedStatus: sb_status = SB_OK
            var session: OpaquePointer?
        }
        let box = Box()
        let session = try makeSession()
        defer { _ = sb_session_free(session) }
        box.session = session
        let user = Unmanaged.passUnretained(box).toOpaque()
        #expect(sb_session_set_callbacks(session, { user, event in
            // Refuse any text change that inserts "!".
            guard let event, event.pointee.kind == SB_EVENT_SHOULD_CHANGE_TEXT.rawValue else { return 1 }
            return event.pointee.text.map { String(cString: $0) } == "!" ? 0 : 1
        }, { user, event in
            guard let user, let event else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            box.kinds.append(event.pointee.kind)
            if event.pointee.kind == SB_EVENT_TEXT_DID_CHANGE.rawValue {
                box.nestedStatus = sb_session_set_text(box.session, "x", 1)  // from inside a callback
            }
        }, user) == SB_OK)
        #expect(sb_session_insert_text(session, 0, "a", 1) == SB_OK)
        // The callback's set_text was queued (SB_OK) and ran once it returned.
        #expect(box.nestedStatus == SB_OK)
        #expect(text(session) == "x")
        #expect(box.kinds == [SB_EVENT_TEXT_DID_CHANGE.rawValue, SB_EVENT_TEXT_DID_CHANGE.rawValue])
        #expect(sb_session_insert_text(session, 1, "!", 1) == SB_ECANCELED)
        #expect(text(session) == "x")
    }

    @Test func freeFromInsideACallbackIsMisuse() throws {
        final class Box: @unchecked Sendable {
            var status: sb_status = SB_OK
            var session: OpaquePointer?
        }
        let box = Box()
        let session = try makeSession()
        box.session = session
        #expect(sb_session_set_callbacks(session, nil, { user, _ in
            guard let user else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            box.status = sb_session_free(box.session)
        }, Unmanaged.passUnretained(box).toOpaque()) == SB_OK)
        #expect(sb_session_submit(session) == SB_OK)
        #expect(box.status == SB_EMISUSE)
        #expect(sb_session_free(session) == SB_OK)
        #expect(sb_session_free(session) == SB_EINVAL, "a freed handle is rejected, not dereferenced")
    }

    @Test func invalidArgumentsAreRejected() throws {
        let strings = CStrings()  // freed when the test returns
        let session = try makeSession()
        defer { _ = sb_session_free(session) }
        let bad: [CChar] = [0x61, CChar(bitPattern: 0xC3), 0x28]
        #expect(sb_session_set_text(nil, "a", 1) == SB_EINVAL)
        #expect(sb_session_set_text(session, nil, 3) == SB_EINVAL)
        #expect(sb_session_set_text(session, bad, 3) == SB_EINVAL)
        #expect(String(cString: sb_last_error()).contains("UTF-8"))
        #expect(sb_session_insert_text(session, 5, "a", 1) == SB_EINVAL)
        #expect(sb_session_delete_text(session, 1, 0) == SB_EINVAL)
        #expect(sb_session_set_style(session, 3) == SB_EINVAL)
        #expect(sb_session_set_scope_bar_policy(session, 99) == SB_EINVAL)
        #expect(sb_session_set_placement(session, 7) == SB_EINVAL)
        #expect(sb_session_set_cancel_button_policy(session, 3) == SB_EINVAL)
        #expect(sb_session_set_autocapitalization(session, 4) == SB_EINVAL)
        #expect(sb_session_set_active(session, 2) == SB_EINVAL)
        #expect(sb_session_set_shows_bookmark_button(session, -1) == SB_EINVAL)
        #expect(sb_session_move_match(session, 0) == SB_EINVAL)
        #expect(sb_session_select_scope(session, 0) == SB_EINVAL)
        #expect(sb_session_remove_token(session, -5) == SB_EINVAL)
        #expect(sb_session_set_timing(session, nil) == SB_EINVAL)
        var timing = sb_search_timing()
        #expect(sb_session_get_timing(session, &timing) == SB_EINVAL, "the caller sets the version it reads")
        timing.version = UInt32(SB_SEARCH_TIMING_VERSION)
        #expect(sb_session_get_timing(session, &timing) == SB_OK)
        #expect(timing.delay_ms == 150 && timing.immediate_on_clear == 1 && timing.stall_ms == 300)
        timing.trigger = 9
        #expect(sb_session_set_timing(session, &timing) == SB_EINVAL)
        timing.trigger = 0
        timing.delay_ms = 60_001
        #expect(sb_session_set_timing(session, &timing) == SB_EINVAL)
        var token = sb_search_token(kind: 5, label: nil, label_len: 0, field: nil, field_len: 0, value: nil, value_len: 0, host_value: 0)
        #expect(sb_session_insert_token(session, -1, &token) == SB_EINVAL)
        token.kind = SB_SEARCH_TOKEN_ATTRIBUTE.rawValue
        #expect(sb_session_insert_token(session, -1, &token) == SB_EINVAL, "an attribute token needs a field")
        #expect(sb_session_insert_token(session, -1, nil) == SB_EINVAL)
        var options = sb_session_options(
            version: 1, clock: 0, locale: nil, recents_directory: UnsafePointer(strings.copy("relative")), event_queue_capacity: 0)
        var other: OpaquePointer? = nil
        #expect(sb_session_new(nil, &options, &other) == SB_EINVAL)
        options = sb_session_options(version: 1, clock: 3, locale: nil, recents_directory: nil, event_queue_capacity: 0)
        #expect(sb_session_new(nil, &options, &other) == SB_EINVAL)
        #expect(other == nil)
        #expect(sb_session_new(nil, nil, nil) == SB_EINVAL)
        var event = sb_event()
        #expect(sb_session_next_event(session, -2, &event) == SB_EINVAL)
        #expect(sb_session_next_event(session, 0, nil) == SB_EINVAL)
    }

    @Test func scopeBarInANavigationBarIsInvalid() throws {
        let strings = CStrings()  // freed when the test returns
        let session = try makeSession()
        defer { _ = sb_session_free(session) }
        #expect(sb_session_set_placement(session, SB_PLACEMENT_NAVIGATION_BAR.rawValue) == SB_OK)
        let titles: [UnsafePointer<CChar>?] = [UnsafePointer(strings.copy("All")), UnsafePointer(strings.copy("Mail"))]
        #expect(sb_session_set_scope_titles(session, titles, nil, 2) == SB_EINVAL)
        #expect(String(cString: sb_last_error()).contains("navigation bar"))
        #expect(sb_session_set_scope_bar_policy(session, SB_SCOPE_BAR_NEVER.rawValue) == SB_OK)
        #expect(sb_session_set_scope_titles(session, titles, nil, 2) == SB_OK)
        try withDisplay(session) { d in
            #expect(d.scope_count == 2 && d.shows_scope_bar == 0)
            #expect(String(cString: d.scope_titles[1]!) == "Mail" && d.scope_title_lens[1] == 4)
        }
    }

    @Test func styleAndTintLastOneWins() throws {
        let session = try makeSession()
        defer { _ = sb_session_free(session) }
        #expect(sb_session_set_tint(session, 0x112233FF) == SB_OK)
        try withDisplay(session) { #expect($0.has_tint == 1 && $0.tint_rgba == 0x112233FF) }
        #expect(sb_session_set_style(session, SB_BAR_STYLE_MINIMAL.rawValue) == SB_OK)
        try withDisplay(session) { #expect($0.has_tint == 0 && $0.style == SB_BAR_STYLE_MINIMAL.rawValue) }
    }

    @Test func tokensItemsSuggestionsAndRecents() throws {
        let strings = CStrings()  // freed when the test returns
        let directory = String(cString: mkdtemp(strings.copy("/tmp/sb-abi-XXXXXX")))
        let session = try makeSession { $0.recents_directory = UnsafePointer(strings.copy(directory)) }
        defer { _ = sb_session_free(session) }
        var token = sb_search_token(
            kind: SB_SEARCH_TOKEN_ATTRIBUTE.rawValue, label: UnsafePointer(strings.copy("PDF")), label_len: 3,
            field: UnsafePointer(strings.copy("kind")), field_len: 4,
            value: nil, value_len: 0, host_value: 77)
        #expect(sb_session_insert_token(session, -1, &token) == SB_OK)
        var item = sb_bar_item(kind: 0, id: 5, title: UnsafePointer(strings.copy("Filter")), title_len: 6)
        #expect(sb_session_set_items(session, 0, &item, 1) == SB_OK)
        #expect(sb_session_set_active(session, 1) == SB_OK)
        try withDisplay(session) { d in
            #expect(d.token_count == 1 && String(cString: d.tokens[0].value) == "PDF" && d.tokens[0].host_value == 77)
            #expect(d.leading_count == 1 && d.leading_items[0].id == 5)
            #expect(d.shows_placeholder == 0 && d.shows_clear_button == 1)
        }
        #expect(sb_session_set_recents_name(session, "abi") == SB_OK)
        #expect(sb_session_add_recent(session, "Crème", 6) == SB_OK)
        #expect(sb_session_add_recent(session, "creme", 5) == SB_OK)
        #expect(sb_session_add_recent(session, "tea", 3) == SB_OK)
        var recents: UnsafeMutablePointer<sb_recent>? = nil
        var count: UInt = 0
        #expect(sb_session_recents(session, &recents, &count) == SB_OK)
        #expect(count == 2 && recents.map { String(cString: $0[0].text) } == "tea")
        sb_free(recents)
        var policy = sb_recents_policy(version: 1, limit: 255, per_scope: 0, is_private: 0, expiry_ms: 0)
        #expect(sb_session_set_recents_policy(session, &policy) == SB_EINVAL)
        #expect(sb_session_get_recents_policy(session, &policy) == SB_OK)
        #expect(policy.limit == 10)
        var suggestions: UnsafeMutablePointer<sb_suggestion>? = nil
        #expect(sb_session_suggestions(session, &suggestions, &count) == SB_OK)
        #expect(count == 2)
        #expect(suggestions.map { $0[0].source } == SB_SUGGESTION_RECENT.rawValue)
        sb_free(suggestions)
        var host = sb_suggestion(
            source: 0, action: SB_SUGGESTION_ADD_TOKEN.rawValue, title: UnsafePointer(strings.copy("Kind: PDF")), title_len: 9, completion: nil,
            completion_len: 0, token: nil, host_value: 1)
        #expect(sb_session_set_host_suggestions(session, 1, &host, 1) == SB_EINVAL, "add-token needs a token")
        #expect(sb_session_choose_suggestion(session, 0) == SB_OK)
        #expect(text(session) == "tea")
        #expect(sb_session_remove_recent(session, 9) == SB_EINVAL)
        #expect(sb_session_clear_recents(session) == SB_OK)
        #expect(sb_session_recents(session, &recents, &count) == SB_OK)
        #expect(count == 0 && recents == nil)
    }

    @Test func snapshotRoundTrip() throws {
        let a = try makeSession()
        let b = try makeSession()
        defer {
            _ = sb_session_free(a)
            _ = sb_session_free(b)
        }
        #expect(sb_session_set_text(a, "snap", 4) == SB_OK)
        #expect(sb_session_set_prompt(a, "Find \"things\"", 13) == SB_OK)
        var json: UnsafeMutablePointer<CChar>? = nil
        var length: UInt = 0
        #expect(sb_session_snapshot(a, &json, &length) == SB_OK)
        #expect(sb_session_restore(b, json, length) == SB_OK)
        #expect(text(b) == "snap")
        sb_free(json)
        #expect(sb_session_restore(b, "{\"format\":1}", 12) == SB_ECORRUPT)
        #expect(sb_session_restore(b, "{", 1) == SB_ECORRUPT)
    }

    @Test func indexBackedSession() throws {
        let strings = CStrings()  // freed when the test returns
        var index: OpaquePointer? = nil
        #expect(sb_index_new(nil, &index) == SB_OK)
        var items = [sb_item(
            id: 3, title: strings.copy("Blue whale"), title_len: 10, subtitle: nil, subtitle_len: 0, keywords: nil,
            keywords_len: 0, scope: 0, weight: 0, attributes: nil, attribute_count: 0)]
        #expect(sb_index_add(index, &items, 1) == SB_OK)
        var session: OpaquePointer? = nil
        #expect(sb_session_new(index, nil, &session) == SB_OK)
        _ = sb_index_free(index)  // the session keeps the index alive
        var timing = sb_search_timing()
        #expect(sb_session_get_timing(session, &timing) == SB_EINVAL, "the caller sets the version it reads")
        timing.version = UInt32(SB_SEARCH_TIMING_VERSION)
        #expect(sb_session_get_timing(session, &timing) == SB_OK)
        timing.delay_ms = 0
        #expect(sb_session_set_timing(session, &timing) == SB_OK)
        #expect(sb_session_insert_text(session, 0, "whal", 4) == SB_OK)
        var event = sb_event()
        var ready = false
        while !ready && sb_session_next_event(session, 5000, &event) == SB_OK {
            ready = event.kind == SB_EVENT_RESULTS_READY.rawValue
            sb_free(event.text)
        }
        #expect(ready)
        var generation: UInt64 = 0
        var ids: UnsafeMutablePointer<UInt64>? = nil
        var count: UInt = 0
        #expect(sb_session_results(session, &generation, &ids, &count) == SB_OK)
        #expect(count == 1 && ids?[0] == 3)
        sb_free(ids)
        #expect(sb_session_advance_clock(session, 10) == SB_EMISUSE, "the system clock cannot be advanced")
        #expect(sb_session_free(session) == SB_OK)
    }
}

/// C strings a test hands to the library (which copies what it keeps), freed with the pool.
final class CStrings {
    private var pointers: [UnsafeMutablePointer<CChar>] = []

    /// A NUL-terminated copy of `text`, valid while the pool lives.
    func copy(_ text: String) -> UnsafeMutablePointer<CChar> {
        let pointer = strdup(text)!
        pointers.append(pointer)
        return pointer
    }

    deinit { for pointer in pointers { free(pointer) } }
}
