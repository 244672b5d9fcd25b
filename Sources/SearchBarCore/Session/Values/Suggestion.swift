/// A suggestion offered while (or before) the user types: a recent search, a word of the
/// index's vocabulary, or an item the host supplied.
public struct Suggestion: Sendable, Equatable {
    /// Where a suggestion comes from. The raw values mirror `sb_suggestion_source`.
    public enum Source: UInt32, Sendable, CaseIterable {
        /// A recent search.
        case recent = 0
        /// A word of the index's vocabulary starting with the word being typed.
        case completion = 1
        /// Supplied by the host (popular terms, bookmarks, contacts...).
        case host = 2
    }

    /// What choosing a suggestion does. The raw values mirror `sb_suggestion_action`.
    public enum Action: UInt32, Sendable, CaseIterable {
        /// The whole text becomes ``Suggestion/completion``.
        case replaceText = 0
        /// The word being typed becomes ``Suggestion/completion`` (SwiftUI's `searchCompletion`).
        case replaceWord = 1
        /// ``Suggestion/token`` is added and the word being typed is removed.
        case addToken = 2
    }

    /// Where it comes from.
    public var source: Source
    /// What the host shows.
    public var title: String
    /// The text it puts in the field.
    public var completion: String
    /// What choosing it does.
    public var action: Action
    /// The token added by ``Action/addToken``.
    public var token: SearchToken?
    /// An opaque value for the host.
    public var hostValue: UInt64

    /// Creates a suggestion. An ``Action/addToken`` suggestion needs a token.
    public init(
        source: Source = .host, title: String, completion: String? = nil, action: Action = .replaceText,
        token: SearchToken? = nil, hostValue: UInt64 = 0
    ) {
        self.source = source
        self.title = title
        self.completion = completion ?? title
        self.action = action
        self.token = token
        self.hostValue = hostValue
    }

    /// The most host suggestions per list.
    public static let maximumHostCount = 256

    /// Throws ``SearchBarError/Code/invalidArgument`` for an add-token suggestion without a
    /// valid token, or over-long strings.
    func validate() throws(SearchBarError) {
        try SessionState.checkLabel(title, "suggestion title")
        try SessionState.checkLabel(completion, "suggestion completion")
        if action == .addToken {
            guard let token else { throw .invalidArgument("an add-token suggestion needs a token") }
            try token.validate()
        }
    }
}

/// How many suggestions of each source a session offers.
public struct SuggestionLimits: Sendable, Equatable {
    /// Recent searches offered. Default 5.
    public var recents = 5
    /// Vocabulary completions offered. Default 5.
    public var completions = 5

    /// The default limits.
    public init() {}

    /// Creates limits.
    public init(recents: Int, completions: Int) {
        self.recents = recents
        self.completions = completions
    }
}
