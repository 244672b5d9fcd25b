/// The kinds of session events: one per delegate method of UISearchBarDelegate,
/// UISearchControllerDelegate, UISearchResultsUpdating and UISearchDisplayDelegate, plus
/// NSSearchField's and GtkSearchEntry's signals (docs/uikit-mapping.md has the table).
/// The raw values mirror `sb_event_kind` and never change.
public enum SessionEventKind: UInt32, Sendable, CaseIterable {
    /// Veto: the field is about to take the focus.
    case shouldBeginEditing = 0
    /// The field took the focus.
    case didBeginEditing = 1
    /// Veto: the field is about to lose the focus.
    case shouldEndEditing = 2
    /// The field lost the focus.
    case didEndEditing = 3
    /// Veto: `range` of the text is about to be replaced by `text`.
    case shouldChangeText = 4
    /// The text changed; `text` is the new text.
    case textDidChange = 5
    /// The user submitted (Search / Return); `text` is the text.
    case searchButton = 6
    /// The Cancel button was tapped.
    case cancelButton = 7
    /// The bookmark button was tapped.
    case bookmarkButton = 8
    /// The results-list button was tapped.
    case resultsListButton = 9
    /// The clear button was tapped (text and tokens removed).
    case clear = 10
    /// Veto: the scope is about to change from `previousIndex` to `index`.
    case shouldChangeScope = 11
    /// The scope changed from `previousIndex` to `index`.
    case scopeDidChange = 12
    /// A token was inserted at `index`; `text` is its label, `hostValue` its host value.
    case tokenAdded = 13
    /// The token at `index` was removed; `text` is its label, `hostValue` its host value.
    case tokenRemoved = 14
    /// The search interface is about to be presented.
    case willPresent = 15
    /// The search interface was presented.
    case didPresent = 16
    /// The search interface is about to be dismissed.
    case willDismiss = 17
    /// The search interface was dismissed.
    case didDismiss = 18
    /// Query `generation` was issued for `text`, scope `index` and ``SessionEvent/tokens``
    /// (`count` of them) (UISearchResultsUpdating; a session without an index expects the host
    /// to search and deliver the results).
    case updateSearchResults = 19
    /// The results of query `generation` are in: `count` hits. Never older than the newest query.
    case resultsReady = 20
    /// Query `generation` has run past the stall threshold without results (show a spinner).
    case searchStalled = 21
    /// Query `generation` will never deliver results: a newer query or a cancel replaced it.
    case superseded = 22
    /// Something failed: `status` says what, `text` explains; `generation` is the query's (0
    /// for failures outside a search, such as saving recent searches).
    case error = 23
    /// The suggestion at `index` was chosen; `text` is its completion.
    case suggestionChosen = 24
    /// The host reported that the user chose the result `hostValue`.
    case resultChosen = 25
    /// Move to the next match (GtkSearchEntry `next-match`, Ctrl-G).
    case nextMatch = 26
    /// Move to the previous match (GtkSearchEntry `previous-match`, Ctrl-Shift-G).
    case previousMatch = 27
    /// The recent searches changed (added, removed, cleared, pruned or loaded).
    case recentsDidChange = 28
    /// Remote source `index` is asked for query `generation`: `text`, the selected scope
    /// `previousIndex` and ``SessionEvent/tokens`` (`count` of them). The host searches and
    /// answers with ``SearchSession/answerSource(_:generation:items:)`` or
    /// ``SearchSession/failSource(_:generation:message:)``.
    case sourceRequest = 29
    /// Remote source `index`'s request for query `generation` is no longer wanted (a newer
    /// query, a cancel or its timeout): the host may stop it; an answer would be dropped.
    case sourceCancel = 30
    /// Source `index`'s section of query `generation` is ready or failed; `count` sections of
    /// that query are settled (``SearchSession/sections``). Never older than the newest query.
    case sectionsReady = 31

    /// True for the kinds delivered to the veto callback (synchronously) instead of the event
    /// callback and queue.
    public var isVeto: Bool {
        self == .shouldBeginEditing || self == .shouldEndEditing || self == .shouldChangeText
            || self == .shouldChangeScope
    }
}

/// One event. Fields a kind does not use keep their defaults (see ``SessionEventKind``).
public struct SessionEvent: Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public var kind: SessionEventKind
    /// The query generation for search events; 0 otherwise.
    public var generation: UInt64
    /// The text, replacement, label, completion or message.
    public var text: String
    /// The replaced UTF-8 byte range (should-change-text).
    public var range: Range<Int>
    /// Scope, token or suggestion index; -1 when unused (update-search-results: the query's scope).
    public var index: Int
    /// The previous scope index; -1 when unused.
    public var previousIndex: Int
    /// The number of results (results-ready); the number of tokens (update-search-results).
    public var count: Int
    /// The host value of a token or the chosen result's id.
    public var hostValue: UInt64
    /// What failed (error events).
    public var errorCode: SearchBarError.Code?
    /// The tokens the query was issued with (update-search-results); empty otherwise.
    public var tokens: [SearchToken]

    /// Creates an event.
    public init(
        _ kind: SessionEventKind, generation: UInt64 = 0, text: String = "", range: Range<Int> = 0..<0,
        index: Int = -1, previousIndex: Int = -1, count: Int = 0, hostValue: UInt64 = 0,
        errorCode: SearchBarError.Code? = nil, tokens: [SearchToken] = []
    ) {
        self.kind = kind
        self.generation = generation
        self.text = text
        self.range = range
        self.index = index
        self.previousIndex = previousIndex
        self.count = count
        self.hostValue = hostValue
        self.errorCode = errorCode
        self.tokens = tokens
    }

    public var description: String {
        var parts = ["\(kind)"]
        if generation != 0 { parts.append("gen=\(generation)") }
        if !text.isEmpty { parts.append("text=\"\(text)\"") }
        if kind == .shouldChangeText { parts.append("range=\(range.lowerBound)..<\(range.upperBound)") }
        if index >= 0 { parts.append("index=\(index)") }
        if previousIndex >= 0 { parts.append("from=\(previousIndex)") }
        if kind == .resultsReady || kind == .sectionsReady { parts.append("count=\(count)") }
        if !tokens.isEmpty { parts.append("tokens=\(tokens.map(\.label))") }
        if hostValue != 0 { parts.append("host=\(hostValue)") }
        if let errorCode { parts.append("error=\(errorCode)") }
        return parts.joined(separator: " ")
    }
}
