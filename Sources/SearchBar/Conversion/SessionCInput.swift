import CSearchBar
import SearchBarCore

/// Converts the C arguments of the `sb_session_*` functions, rejecting what a session must
/// never see (NULL, bad UTF-8, out-of-range enumerations and flags).
enum SessionCInput {
    /// The largest array a single call may pass.
    static let maximumCount: UInt = 1 << 16

    /// The live session behind a handle.
    static func session(_ handle: sb_session_ref?) throws(SearchBarError) -> SearchSession {
        try HandleRegistry.resolve(handle, as: SearchSession.self, "session")
    }

    /// A 0/1 flag.
    static func flag(_ value: Int32, _ name: String) throws(SearchBarError) -> Bool {
        guard value == 0 || value == 1 else { throw .invalidArgument("\(name) is \(value); it must be 0 or 1") }
        return value == 1
    }

    /// An enumeration value.
    static func enumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ raw: UInt32, _ name: String)
        throws(SearchBarError) -> E where E.RawValue == UInt32
    {
        guard let value = E(rawValue: raw) else {
            let known = E.allCases.map { String($0.rawValue) }.joined(separator: ", ")
            throw .invalidArgument("\(name) is \(raw); it must be one of \(known)")
        }
        return value
    }

    /// A non-negative index or offset that fits an `Int`.
    static func index(_ value: Int64, _ name: String) throws(SearchBarError) -> Int {
        guard value >= 0, value <= Int64(Int32.max) else { throw .invalidArgument("\(name) \(value) is out of range") }
        return Int(value)
    }

    /// A byte offset.
    static func offset(_ value: UInt, _ name: String) throws(SearchBarError) -> Int {
        guard value <= UInt(Int32.max) else { throw .invalidArgument("\(name) \(value) is out of range") }
        return Int(value)
    }

    /// An array count.
    static func count(_ value: UInt, _ name: String) throws(SearchBarError) -> Int {
        guard value <= maximumCount else { throw .invalidArgument("\(name) \(value) is larger than \(maximumCount)") }
        return Int(value)
    }

    /// A required NUL-terminated UTF-8 string.
    static func cString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(SearchBarError) -> String {
        guard let string = try CInput.optionalCString(pointer, name) else { throw .invalidArgument("\(name) is NULL") }
        return string
    }

    /// A token.
    static func token(_ pointer: UnsafePointer<sb_search_token>?, _ name: String) throws(SearchBarError) -> SearchToken {
        guard let c = pointer?.pointee else { throw .invalidArgument("\(name) is NULL") }
        let kind = try enumeration(SearchToken.Kind.self, c.kind, "\(name).kind")
        let label = try CInput.text(c.label, UInt(bitPattern: c.label_len), "\(name).label")
        let field = try CInput.text(c.field, UInt(bitPattern: c.field_len), "\(name).field")
        let value = c.value == nil && c.value_len == 0 ? nil : try CInput.text(c.value, UInt(bitPattern: c.value_len), "\(name).value")
        return SearchToken(kind: kind, label: label, field: field, value: value, hostValue: c.host_value)
    }

    /// Host bar items.
    static func items(_ pointer: UnsafePointer<sb_bar_item>?, _ count: UInt) throws(SearchBarError) -> [BarItem] {
        let n = try self.count(count, "count")
        guard n > 0 else { return [] }
        guard let pointer else { throw .invalidArgument("items is NULL but count is \(count)") }
        var items: [BarItem] = []
        for i in 0..<n {
            let c = pointer[i]
            items.append(BarItem(id: c.id, title: try CInput.text(c.title, UInt(bitPattern: c.title_len), "items[\(i)].title")))
        }
        return items
    }

    /// Strings given as pointers with optional lengths (NULL lengths: NUL-terminated).
    static func strings(
        _ pointer: UnsafePointer<UnsafePointer<CChar>?>?, _ lengths: UnsafePointer<UInt>?, _ count: UInt, _ name: String
    ) throws(SearchBarError) -> [String] {
        let n = try self.count(count, "count")
        guard n > 0 else { return [] }
        guard let pointer else { throw .invalidArgument("\(name) is NULL but count is \(count)") }
        var strings: [String] = []
        for i in 0..<n {
            if let lengths {
                strings.append(try CInput.text(pointer[i], lengths[i], "\(name)[\(i)]"))
            } else {
                strings.append(try cString(pointer[i], "\(name)[\(i)]"))
            }
        }
        return strings
    }

    /// Host suggestions.
    static func suggestions(_ pointer: UnsafePointer<sb_suggestion>?, _ count: UInt) throws(SearchBarError) -> [Suggestion] {
        let n = try self.count(count, "count")
        guard n > 0 else { return [] }
        guard let pointer else { throw .invalidArgument("suggestions is NULL but count is \(count)") }
        var list: [Suggestion] = []
        for i in 0..<n {
            let c = pointer[i]
            let name = "suggestions[\(i)]"
            let action = try enumeration(Suggestion.Action.self, c.action, "\(name).action")
            let title = try CInput.text(c.title, UInt(bitPattern: c.title_len), "\(name).title")
            let completion =
                c.completion == nil && c.completion_len == 0
                ? nil : try CInput.text(c.completion, UInt(bitPattern: c.completion_len), "\(name).completion")
            let token = c.token == nil ? nil : try self.token(c.token, "\(name).token")
            list.append(Suggestion(
                source: .host, title: title, completion: completion, action: action, token: token, hostValue: c.host_value))
        }
        return list
    }

    /// A timing policy.
    static func timing(_ pointer: UnsafePointer<sb_search_timing>?) throws(SearchBarError) -> SearchTiming {
        guard let pointer else { throw .invalidArgument("timing is NULL") }
        let c = try StructVersions.searchTiming.read(pointer, "timing", defaults: timing(SearchTiming()))
        func ms(_ value: UInt32, _ name: String) throws(SearchBarError) -> Duration {
            guard value <= 60_000 else { throw .invalidArgument("timing.\(name) is \(value); at most 60000 ms") }
            return .milliseconds(Int64(value))
        }
        var timing = SearchTiming()
        timing.trigger = try enumeration(SearchTiming.Trigger.self, c.trigger, "timing.trigger")
        timing.delay = try ms(c.delay_ms, "delay_ms")
        if try flag(c.shrinking, "timing.shrinking") {
            timing.shrinkingDelay = SearchTiming.ShrinkingDelay(
                initial: try ms(c.shrink_initial_ms, "shrink_initial_ms"), step: try ms(c.shrink_step_ms, "shrink_step_ms"),
                minimum: try ms(c.shrink_minimum_ms, "shrink_minimum_ms"))
        }
        guard c.minimum_characters <= UInt32(SearchTiming.maximumMinimumCharacters) else {
            throw .invalidArgument("timing.minimum_characters is \(c.minimum_characters); at most \(SearchTiming.maximumMinimumCharacters)")
        }
        timing.minimumCharacters = Int(c.minimum_characters)
        timing.searchesImmediatelyOnClear = try flag(c.immediate_on_clear, "timing.immediate_on_clear")
        timing.stallThreshold = try ms(c.stall_ms, "stall_ms")
        try timing.validate()
        return timing
    }

    /// A timing policy for C.
    static func timing(_ timing: SearchTiming) -> sb_search_timing {
        func ms(_ d: Duration) -> UInt32 {
            let (seconds, attoseconds) = d.components
            return UInt32(clamping: min(max(seconds, 0), 4_000_000) * 1000 + max(attoseconds, 0) / 1_000_000_000_000_000)
        }
        let shrinking = timing.shrinkingDelay ?? .webKit
        return sb_search_timing(
            version: StructVersions.searchTiming.latest, trigger: timing.trigger.rawValue, delay_ms: ms(timing.delay), shrinking: timing.shrinkingDelay == nil ? 0 : 1,
            shrink_initial_ms: ms(shrinking.initial), shrink_step_ms: ms(shrinking.step),
            shrink_minimum_ms: ms(shrinking.minimum), minimum_characters: UInt32(clamping: timing.minimumCharacters),
            immediate_on_clear: timing.searchesImmediatelyOnClear ? 1 : 0, stall_ms: ms(timing.stallThreshold))
    }

    /// A recents policy.
    static func recentsPolicy(_ pointer: UnsafePointer<sb_recents_policy>?) throws(SearchBarError) -> RecentsPolicy {
        guard let pointer else { throw .invalidArgument("policy is NULL") }
        let c = try StructVersions.recentsPolicy.read(pointer, "policy", defaults: recentsPolicy(RecentsPolicy()))
        guard c.limit <= UInt32(RecentsPolicy.maximumLimit) else {
            throw .invalidArgument("policy.limit is \(c.limit); at most \(RecentsPolicy.maximumLimit)")
        }
        guard c.expiry_ms <= UInt64(Int64.max / 1_000_000) else { throw .invalidArgument("policy.expiry_ms is too large") }
        let policy = RecentsPolicy(
            limit: Int(c.limit), perScope: try flag(c.per_scope, "policy.per_scope"),
            expiry: c.expiry_ms == 0 ? nil : .milliseconds(Int64(c.expiry_ms)),
            isPrivate: try flag(c.is_private, "policy.is_private"))
        try policy.validate()
        return policy
    }

    /// A recents policy for C.
    static func recentsPolicy(_ policy: RecentsPolicy) -> sb_recents_policy {
        let expiry = policy.expiry.map { d -> UInt64 in
            let (seconds, attoseconds) = d.components
            return UInt64(clamping: min(max(seconds, 0), Int64.max / 1000) * 1000 + attoseconds / 1_000_000_000_000_000)
        }
        return sb_recents_policy(
            version: StructVersions.recentsPolicy.latest, limit: UInt32(clamping: policy.limit),
            per_scope: policy.perScope ? 1 : 0, is_private: policy.isPrivate ? 1 : 0, expiry_ms: expiry ?? 0)
    }
}

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
