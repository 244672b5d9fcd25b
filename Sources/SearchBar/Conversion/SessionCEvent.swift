import CSearchBar
import Glibc
import SearchBarCore

/// Session events in their C form.
enum SessionCEvent {
    /// Calls `body` with the C form of `event`; its text is lent from the event's string
    /// (`withCString`: a native string's own NUL-terminated UTF-8, no copy) and valid only
    /// during the call (what callbacks receive).
    static func withBorrowed<R>(_ event: SessionEvent, _ body: (UnsafePointer<sb_event>) -> R) -> R {
        var c = header(event)
        guard !event.text.isEmpty else { return withUnsafePointer(to: &c) { body($0) } }
        return event.text.withCString { text in
            c.text = UnsafeMutablePointer(mutating: text)  // read-only to the callback (const sb_event *)
            c.text_len = event.text.utf8.count
            return withUnsafePointer(to: &c) { body($0) }
        }
    }

    /// The C form of `event` with a malloc'd text the caller releases with `sb_free()`.
    static func owned(_ event: SessionEvent) throws(SearchBarError) -> sb_event {
        var c = header(event)
        if !event.text.isEmpty {
            c.text = try COutput.string(event.text)
            c.text_len = event.text.utf8.count
        }
        return c
    }

    /// The zeroed event a failed or timed-out `sb_session_next_event()` leaves.
    static var empty: sb_event {
        sb_event(
            kind: 0, status: SB_OK.rawValue, generation: 0, index: -1, previous_index: -1, range: sb_range(start: 0, end: 0),
            text: nil, text_len: 0, count: 0, host_value: 0)
    }

    private static func header(_ event: SessionEvent) -> sb_event {
        var c = empty
        c.kind = event.kind.rawValue
        c.status = event.errorCode.map { $0.status.rawValue } ?? SB_OK.rawValue
        c.generation = event.generation
        c.index = Int64(event.index)
        c.previous_index = Int64(event.previousIndex)
        c.range = sb_range(start: max(event.range.lowerBound, 0), end: max(event.range.upperBound, 0))
        c.count = UInt64(max(event.count, 0))
        c.host_value = event.hostValue
        return c
    }
}

/// The host's C callbacks, kept with their user pointer.
struct SessionCCallbacks: @unchecked Sendable {
    let veto: sb_veto_callback?
    let event: sb_event_callback?
    let user: UnsafeMutableRawPointer?

    /// The Swift closures a session calls.
    var closures: (veto: (@Sendable (SessionEvent) -> Bool)?, event: (@Sendable (SessionEvent) -> Void)?) {
        let me = self
        var vetoClosure: (@Sendable (SessionEvent) -> Bool)?
        if veto != nil {
            vetoClosure = { (event: SessionEvent) -> Bool in
                SessionCEvent.withBorrowed(event) { (c: UnsafePointer<sb_event>) -> Bool in
                    guard let callback = me.veto else { return true }
                    return callback(me.user, c) != 0
                }
            }
        }
        var eventClosure: (@Sendable (SessionEvent) -> Void)?
        if event != nil {
            eventClosure = { (event: SessionEvent) in
                SessionCEvent.withBorrowed(event) { (c: UnsafePointer<sb_event>) in
                    me.event?(me.user, c)
                }
            }
        }
        return (vetoClosure, eventClosure)
    }
}
