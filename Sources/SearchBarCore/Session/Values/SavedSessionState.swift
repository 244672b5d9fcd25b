/// The JSON form of a session's state, for state restoration: text, tokens, scope, active and
/// editing, the host's configuration, the timing policy and the recent-search reference (the
/// list's name and policy; the entries stay in their own file).
struct SavedSessionState: Equatable {
    static let format = "searchbar-session"
    static let version: Int64 = 1

    var state: SessionState
    var timing: SearchTiming
    var recentsPolicy: RecentsPolicy
    var recentsName: String?

    // MARK: - Encoding

    var json: JSONValue {
        let s = state
        let appearance: JSONValue
        switch s.appearance {
        case .style(let style): appearance = .object([("style", .string(style.jsonName))])
        case .tint(let rgba): appearance = .object([("tint", .integer(rgba))])
        }
        return .object([
            ("format", .string(Self.format)),
            ("version", .integer(Self.version)),
            ("text", .string(s.text)),
            ("placeholder", .string(s.placeholder)),
            ("prompt", .string(s.prompt)),
            ("scope_titles", .array(s.scopeTitles.map { .string($0) })),
            ("selected_scope", .integer(s.selectedScope)),
            ("scope_bar", .string(s.scopeBarPolicy.jsonName)),
            ("placement", .string(s.placement.jsonName)),
            ("cancel_button", .string(s.cancelButtonPolicy.jsonName)),
            ("cancel_title", .string(s.cancelButtonTitle)),
            ("bookmark_button", .bool(s.showsBookmarkButton)),
            ("results_list_button", .bool(s.showsResultsListButton)),
            ("results_list_selected", .bool(s.isResultsListSelected)),
            ("active", .bool(s.isActive)),
            ("editing", .bool(s.isEditing)),
            ("tokens", .array(s.tokens.map(Self.encode))),
            ("leading_items", .array(s.leadingItems.map(Self.encode))),
            ("trailing_items", .array(s.trailingItems.map(Self.encode))),
            ("autocapitalization", .string(s.autocapitalization.jsonName)),
            ("appearance", appearance),
            ("bar", .object([("tone", .string(s.barTone.jsonName)), ("translucent", .bool(s.isTranslucent))])),
            ("text_input", Self.encode(s.textInputTraits)),
            ("results_title", s.searchResultsTitle.map { .string($0) } ?? .null),
            ("timing", Self.encode(timing)),
            ("recents", Self.encode(recentsPolicy, name: recentsName)),
        ])
    }

    private static func encode(_ token: SearchToken) -> JSONValue {
        .object([
            ("kind", .string(token.kind.jsonName)), ("label", .string(token.label)), ("field", .string(token.field)),
            ("value", .string(token.value)), ("host_value", .integer(token.hostValue)),
        ])
    }

    private static func encode(_ traits: TextInputTraits) -> JSONValue {
        .object([
            ("keyboard", .string(traits.keyboardType.jsonName)),
            ("autocorrection", .string(traits.autocorrection.jsonName)),
            ("spell_checking", .string(traits.spellChecking.jsonName)),
            ("return_key", .string(traits.returnKey.jsonName)),
            ("enables_return_key_automatically", .bool(traits.enablesReturnKeyAutomatically)),
        ])
    }

    private static func encode(_ item: BarItem) -> JSONValue {
        .object([("id", .integer(item.id)), ("title", .string(item.title))])
    }

    private static func encode(_ timing: SearchTiming) -> JSONValue {
        let shrinking: JSONValue = timing.shrinkingDelay.map {
            .object([
                ("initial_ns", .integer($0.initial.saturatingNanoseconds)),
                ("step_ns", .integer($0.step.saturatingNanoseconds)),
                ("minimum_ns", .integer($0.minimum.saturatingNanoseconds)),
            ])
        } ?? .null
        return .object([
            ("trigger", .string(timing.trigger.jsonName)),
            ("delay_ns", .integer(timing.delay.saturatingNanoseconds)),
            ("shrinking_delay", shrinking),
            ("minimum_characters", .integer(timing.minimumCharacters)),
            ("immediate_on_clear", .bool(timing.searchesImmediatelyOnClear)),
            ("stall_ns", .integer(timing.stallThreshold.saturatingNanoseconds)),
        ])
    }

    private static func encode(_ policy: RecentsPolicy, name: String?) -> JSONValue {
        .object([
            ("name", name.map { .string($0) } ?? .null),
            ("limit", .integer(policy.limit)),
            ("per_scope", .bool(policy.perScope)),
            ("expiry_ns", policy.expiry.map { .integer($0.saturatingNanoseconds) } ?? .null),
            ("private", .bool(policy.isPrivate)),
        ])
    }

    // MARK: - Decoding

    /// Parses and validates a snapshot. Throws ``SearchBarError/Code/corrupt`` for malformed
    /// JSON or a bad member, ``SearchBarError/Code/invalidArgument`` for values the session's
    /// rules refuse (a scope bar in a navigation bar, too many tokens...).
    init(json text: String) throws(SearchBarError) {
        var root = try JSONFields(try JSONParser.parse(text), "snapshot")
        guard try root.string("format") == Self.format else {
            throw SearchBarError(.corrupt, "snapshot.format is not \"\(Self.format)\"")
        }
        guard try root.int64("version") == Self.version else {
            throw SearchBarError(.corrupt, "snapshot.version \(Self.version) is the only one supported")
        }
        var s = SessionState()
        s.placeholder = try Self.label(root.string("placeholder"), "placeholder")
        s.prompt = try Self.label(root.string("prompt"), "prompt")
        try s.setPlacement(root.name("placement", as: BarPlacement.self))
        try s.setScopeBarPolicy(root.name("scope_bar", as: ScopeBarPolicy.self))
        var titles: [String] = []
        for value in try root.array("scope_titles") {
            guard case .string(let title) = value else { throw SearchBarError(.corrupt, "snapshot.scope_titles has a non-string") }
            titles.append(title)
        }
        try s.setScopeTitles(titles)
        let selected = try root.int("selected_scope", in: 0...SessionState.maximumScopeCount)
        guard selected == 0 || titles.indices.contains(selected) else {
            throw SearchBarError(.corrupt, "snapshot.selected_scope \(selected) is out of range")
        }
        s.selectedScope = selected
        s.cancelButtonPolicy = try root.name("cancel_button", as: CancelButtonPolicy.self)
        s.cancelButtonTitle = try Self.label(root.string("cancel_title"), "cancel_title")
        s.showsBookmarkButton = try root.bool("bookmark_button")
        s.showsResultsListButton = try root.bool("results_list_button")
        s.isResultsListSelected = try root.bool("results_list_selected")
        s.isActive = try root.bool("active")
        s.isEditing = try root.bool("editing")
        let text = try root.string("text")
        guard text.utf8.count <= TextEdit.maximumTextBytes else { throw SearchBarError(.tooBig, "snapshot.text is too long") }
        s.text = text
        let tokens = try root.array("tokens")
        guard tokens.count <= SearchToken.maximumCount else {
            throw SearchBarError(.corrupt, "snapshot.tokens has more than \(SearchToken.maximumCount) tokens")
        }
        for (i, value) in tokens.enumerated() { s.tokens.append(try Self.token(value, i)) }
        try s.setItems(try root.array("leading_items").enumerated().map { i, v throws(SearchBarError) in try Self.item(v, "leading_items[\(i)]") }, trailing: false)
        try s.setItems(try root.array("trailing_items").enumerated().map { i, v throws(SearchBarError) in try Self.item(v, "trailing_items[\(i)]") }, trailing: true)
        s.autocapitalization = try root.name("autocapitalization", as: Autocapitalization.self)
        // "bar", "text_input" and "results_title" came later in version 1: optional.
        if root.has("bar") {
            var bar = try root.object("bar")
            s.setBarTone(try bar.name("tone", as: BarTone.self))
            s.isTranslucent = try bar.bool("translucent")
            try bar.finish()
        }
        if root.has("text_input") {
            var f = try root.object("text_input")
            s.textInputTraits = TextInputTraits(
                keyboardType: try f.name("keyboard", as: TextInputTraits.KeyboardType.self),
                autocorrection: try f.name("autocorrection", as: TextInputTraits.Switch.self),
                spellChecking: try f.name("spell_checking", as: TextInputTraits.Switch.self),
                returnKey: try f.name("return_key", as: TextInputTraits.ReturnKey.self),
                enablesReturnKeyAutomatically: try f.bool("enables_return_key_automatically"))
            try f.finish()
        }
        if root.has("results_title") {
            s.searchResultsTitle = try root.optionalString("results_title").map { t throws(SearchBarError) in
                try Self.label(t, "results_title")
            }
        }
        var appearance = try root.object("appearance")
        if case .object(let members) = try root.value("appearance"), members.count == 1, members[0].0 == "tint" {
            s.setTint(UInt32(clamping: try Self.bounded(appearance.uint64("tint"), UInt64(UInt32.max), "appearance.tint")))
        } else {
            s.setStyle(try appearance.name("style", as: BarStyle.self))
        }
        try appearance.finish()
        state = s
        timing = try Self.timing(root.object("timing"))
        var recents = try root.object("recents")
        recentsName = try recents.optionalString("name")
        var policy = RecentsPolicy()
        policy.limit = try recents.int("limit", in: 0...RecentsPolicy.maximumLimit)
        policy.perScope = try recents.bool("per_scope")
        if case .null = try recents.value("expiry_ns") {
            policy.expiry = nil
        } else {
            policy.expiry = .nanoseconds(Int64(clamping: try recents.uint64("expiry_ns")))
        }
        policy.isPrivate = try recents.bool("private")
        try policy.validate()
        try recents.finish()
        recentsPolicy = policy
        try root.finish()
    }

    init(state: SessionState, timing: SearchTiming, recentsPolicy: RecentsPolicy, recentsName: String?) {
        self.state = state
        self.timing = timing
        self.recentsPolicy = recentsPolicy
        self.recentsName = recentsName
    }

    private static func label(_ text: String, _ name: String) throws(SearchBarError) -> String {
        try SessionState.checkLabel(text, "snapshot.\(name)")
        return text
    }

    private static func bounded(_ value: UInt64, _ limit: UInt64, _ name: String) throws(SearchBarError) -> UInt64 {
        guard value <= limit else { throw SearchBarError(.corrupt, "snapshot.\(name) is larger than \(limit)") }
        return value
    }

    private static func token(_ value: JSONValue, _ index: Int) throws(SearchBarError) -> SearchToken {
        var f = try JSONFields(value, "snapshot.tokens[\(index)]")
        let token = SearchToken(
            kind: try f.name("kind", as: SearchToken.Kind.self), label: try label(f.string("label"), "tokens.label"),
            field: try label(f.string("field"), "tokens.field"), value: try label(f.string("value"), "tokens.value"),
            hostValue: try f.uint64("host_value"))
        try f.finish()
        try token.validate()
        return token
    }

    private static func item(_ value: JSONValue, _ context: String) throws(SearchBarError) -> BarItem {
        var f = try JSONFields(value, "snapshot.\(context)")
        let item = BarItem(id: try f.uint64("id"), title: try f.string("title"))
        try f.finish()
        return item
    }

    private static func timing(_ fields: JSONFields) throws(SearchBarError) -> SearchTiming {
        var f = fields
        let limit = SearchTiming.maximumDelay.saturatingNanoseconds
        func duration(_ f: inout JSONFields, _ name: String) throws(SearchBarError) -> Duration {
            .nanoseconds(Int64(try bounded(f.uint64(name), limit, "timing.\(name)")))
        }
        var timing = SearchTiming()
        timing.trigger = try f.name("trigger", as: SearchTiming.Trigger.self)
        timing.delay = try duration(&f, "delay_ns")
        if case .null = try f.value("shrinking_delay") {
            timing.shrinkingDelay = nil
        } else {
            var s = try f.object("shrinking_delay")
            timing.shrinkingDelay = SearchTiming.ShrinkingDelay(
                initial: try duration(&s, "initial_ns"), step: try duration(&s, "step_ns"), minimum: try duration(&s, "minimum_ns"))
            try s.finish()
        }
        timing.minimumCharacters = try f.int("minimum_characters", in: 0...SearchTiming.maximumMinimumCharacters)
        timing.searchesImmediatelyOnClear = try f.bool("immediate_on_clear")
        timing.stallThreshold = try duration(&f, "stall_ns")
        try f.finish()
        try timing.validate()
        return timing
    }
}

extension ScopeBarPolicy: JSONName {
    var jsonName: String {
        switch self {
        case .automatic: "automatic"
        case .always: "always"
        case .never: "never"
        }
    }
}

extension CancelButtonPolicy: JSONName {
    var jsonName: String {
        switch self {
        case .automatic: "automatic"
        case .always: "always"
        case .never: "never"
        }
    }
}

extension BarPlacement: JSONName {
    var jsonName: String { self == .content ? "content" : "navigation_bar" }
}

extension BarStyle: JSONName {
    var jsonName: String {
        switch self {
        case .prominent: "prominent"
        case .minimal: "minimal"
        case .default: "default"
        }
    }
}

extension Autocapitalization: JSONName {
    var jsonName: String {
        switch self {
        case .none: "none"
        case .words: "words"
        case .sentences: "sentences"
        case .allCharacters: "all_characters"
        }
    }
}

extension SearchToken.Kind: JSONName {
    var jsonName: String {
        switch self {
        case .term: "term"
        case .scope: "scope"
        case .attribute: "attribute"
        }
    }
}

extension SearchTiming.Trigger: JSONName {
    var jsonName: String { self == .asYouType ? "as_you_type" : "submit_only" }
}

extension BarTone: JSONName {
    var jsonName: String { self == .black ? "black" : "default" }
}

extension TextInputTraits.KeyboardType: JSONName {
    var jsonName: String {
        [
            "default", "ascii_capable", "numbers_and_punctuation", "url", "number_pad", "phone_pad", "name_phone_pad",
            "email_address", "decimal_pad", "twitter", "web_search", "ascii_capable_number_pad",
        ][Int(rawValue)]
    }
}

extension TextInputTraits.Switch: JSONName {
    var jsonName: String { ["default", "no", "yes"][Int(rawValue)] }
}

extension TextInputTraits.ReturnKey: JSONName {
    var jsonName: String {
        [
            "default", "go", "google", "join", "next", "route", "search", "send", "yahoo", "done", "emergency_call",
            "continue",
        ][Int(rawValue)]
    }
}
