/// A token shown before the text in the search field (UISearchToken, GtkSearchEntry has none):
/// a search term or a filter, with a value that belongs to the host.
public struct SearchToken: Sendable, Equatable, Hashable {
    /// What a token stands for. The raw values mirror `sb_search_token_kind`.
    public enum Kind: UInt32, Sendable, CaseIterable {
        /// A search term: ``SearchToken/value`` is matched like typed text.
        case term = 0
        /// A filter on a scope: ``SearchToken/value`` names the scope.
        case scope = 1
        /// A filter on an attribute: ``SearchToken/field`` is the attribute's name and
        /// ``SearchToken/value`` the value it must have.
        case attribute = 2
    }

    /// What the token stands for.
    public var kind: Kind
    /// The text the host draws inside the token.
    public var label: String
    /// The attribute name of an ``Kind/attribute`` token ("" for the other kinds).
    public var field: String
    /// The term, the scope name or the attribute value.
    public var value: String
    /// An opaque value for the host (UISearchToken's `representedObject`), returned unchanged.
    public var hostValue: UInt64

    /// Creates a token.
    public init(kind: Kind, label: String, field: String = "", value: String? = nil, hostValue: UInt64 = 0) {
        self.kind = kind
        self.label = label
        self.field = field
        self.value = value ?? label
        self.hostValue = hostValue
    }

    /// A search-term token whose label is the term.
    public static func term(_ text: String, hostValue: UInt64 = 0) -> SearchToken {
        SearchToken(kind: .term, label: text, hostValue: hostValue)
    }

    /// The most tokens a session holds.
    public static let maximumCount = 64

    /// Throws ``SearchBarError/Code/invalidArgument`` for an attribute token without a field
    /// or a non-attribute token with one.
    func validate() throws(SearchBarError) {
        switch kind {
        case .attribute where field.isEmpty:
            throw .invalidArgument("an attribute token needs a field name")
        case .term, .scope:
            guard field.isEmpty else { throw .invalidArgument("only attribute tokens have a field name") }
        default:
            break
        }
    }
}
