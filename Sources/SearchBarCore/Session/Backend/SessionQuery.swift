/// What one query asks for: the text, the tokens and the scope, numbered by generation.
public struct SessionQuery: Sendable, Equatable {
    /// The query's number: every query a session issues gets the next one, starting at 1.
    public var generation: UInt64
    /// The search text.
    public var text: String
    /// The tokens before the text.
    public var tokens: [SearchToken]
    /// The selected scope (0 without a scope bar).
    public var scope: Int
    /// The selected scope's title, or nil without scope titles.
    public var scopeTitle: String?

    /// Creates a query.
    public init(generation: UInt64, text: String, tokens: [SearchToken] = [], scope: Int = 0, scopeTitle: String? = nil) {
        self.generation = generation
        self.text = text
        self.tokens = tokens
        self.scope = scope
        self.scopeTitle = scopeTitle
    }
}
