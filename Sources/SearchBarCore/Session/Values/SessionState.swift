/// Everything a search bar holds, as a value: what the host configured and what the user did.
///
/// A ``SearchSession`` owns one and changes it through its methods (which raise the delegate
/// events); ``SearchSession/state`` returns a copy. The rules that tie properties together
/// (the selected scope stays in range, no scope bar in a navigation bar, the last of style and
/// tint wins) are enforced by the mutating methods here, so a state can never hold a
/// combination UIKit would refuse.
public struct SessionState: Sendable, Equatable {
    /// The search text.
    public internal(set) var text = ""
    /// The UTF-8 byte range of ``text`` an input method is composing (marked text), or nil.
    /// Not saved in snapshots: a restored session composes nothing.
    public internal(set) var markedRange: Range<Int>?
    /// Shown in the empty field: describes what can be searched ("Artists, Songs, Lyrics").
    public var placeholder = ""
    /// A line above the bar, shown whether or not there is text.
    public var prompt = ""
    /// The scope bar's titles.
    public private(set) var scopeTitles: [String] = []
    /// The selected scope (0 when there are no titles).
    public internal(set) var selectedScope = 0
    /// When the scope bar is shown.
    public private(set) var scopeBarPolicy: ScopeBarPolicy = .automatic
    /// Where the bar is placed.
    public private(set) var placement: BarPlacement = .content
    /// When the Cancel button is shown.
    public var cancelButtonPolicy: CancelButtonPolicy = .automatic
    /// The Cancel button's title.
    public var cancelButtonTitle = "Cancel"
    /// UISearchBar `showsBookmarkButton`.
    public var showsBookmarkButton = false
    /// UISearchBar `showsSearchResultsButton` (it wins over the bookmark button).
    public var showsResultsListButton = false
    /// UISearchBar `isSearchResultsButtonSelected`.
    public var isResultsListSelected = false
    /// The search interface is presented (UISearchController `isActive`).
    public internal(set) var isActive = false
    /// The field has the keyboard focus (first responder).
    public internal(set) var isEditing = false
    /// The tokens before the text, in order.
    public internal(set) var tokens: [SearchToken] = []
    /// Host items shown before the field while active.
    public private(set) var leadingItems: [BarItem] = []
    /// Host items shown after the field while active (the Cancel button follows them).
    public private(set) var trailingItems: [BarItem] = []
    /// How typed text is capitalized.
    public var autocapitalization: Autocapitalization = .none
    /// The keyboard, autocorrection, spell checking and return key the host's field uses.
    public var textInputTraits = TextInputTraits()
    /// The title of the search results (UISearchDisplayController `searchResultsTitle`); nil
    /// (the default) means the host's own default title.
    public var searchResultsTitle: String?
    /// Style or tint, whichever was set last.
    public private(set) var appearance: BarAppearance = .style(.default)
    /// The colour scheme (UIKit `barStyle`): white with dark text, or black with light text.
    public private(set) var barTone: BarTone = .default
    /// The bar lets the content behind it show through (UIKit `isTranslucent`, on by default).
    public var isTranslucent = true
    /// The last style set, restored when a bar tone clears a custom tint.
    private var lastStyle: BarStyle = .default

    /// The longest title, placeholder, prompt or label accepted, in UTF-8 bytes.
    public static let maximumLabelBytes = 4096
    /// The most scope titles.
    public static let maximumScopeCount = 64

    /// A new, empty state.
    public init() {}

    /// True when the text and the tokens are both empty.
    public var isEmpty: Bool { text.isEmpty && tokens.isEmpty }

    /// The selected scope's title, or nil without titles.
    public var selectedScopeTitle: String? {
        scopeTitles.indices.contains(selectedScope) ? scopeTitles[selectedScope] : nil
    }

    /// Sets the scope titles, keeping the selection if still in range (else selecting 0).
    /// Throws in a navigation bar when the titles and the policy would show a scope bar.
    public mutating func setScopeTitles(_ titles: [String]) throws(SearchBarError) {
        guard titles.count <= Self.maximumScopeCount else {
            throw .invalidArgument("at most \(Self.maximumScopeCount) scope titles")
        }
        for title in titles { try Self.checkLabel(title, "scope title") }
        try Self.checkScopeBar(titles: titles.count, policy: scopeBarPolicy, placement: placement)
        scopeTitles = titles
        if !titles.indices.contains(selectedScope) { selectedScope = 0 }
    }

    /// Sets when the scope bar is shown. Throws when that asks for a scope bar in a navigation bar.
    public mutating func setScopeBarPolicy(_ policy: ScopeBarPolicy) throws(SearchBarError) {
        try Self.checkScopeBar(titles: scopeTitles.count, policy: policy, placement: placement)
        scopeBarPolicy = policy
    }

    /// Sets the placement. Throws when moving a bar that shows a scope bar into a navigation bar.
    public mutating func setPlacement(_ placement: BarPlacement) throws(SearchBarError) {
        try Self.checkScopeBar(titles: scopeTitles.count, policy: scopeBarPolicy, placement: placement)
        self.placement = placement
    }

    /// Sets the style; it clears a custom tint.
    public mutating func setStyle(_ style: BarStyle) {
        lastStyle = style
        appearance = .style(style)
    }

    /// Sets the colour scheme; like a style, it clears a custom tint ("setting a new style
    /// clears any custom tint color").
    public mutating func setBarTone(_ tone: BarTone) {
        barTone = tone
        appearance = .style(lastStyle)
    }

    /// Sets a custom tint (0xRRGGBBAA); it overrides the style.
    public mutating func setTint(_ rgba: UInt32) {
        appearance = .tint(rgba)
    }

    /// Sets the host's leading or trailing items.
    public mutating func setItems(_ items: [BarItem], trailing: Bool) throws(SearchBarError) {
        guard items.count <= BarItem.maximumCount else {
            throw .invalidArgument("at most \(BarItem.maximumCount) items per side")
        }
        for item in items {
            guard item.kind == .host else { throw .invalidArgument("only host items can be set") }
            try Self.checkLabel(item.title, "item title")
        }
        if trailing { trailingItems = items } else { leadingItems = items }
    }

    /// Throws when a label is too long.
    static func checkLabel(_ label: String, _ name: String) throws(SearchBarError) {
        guard label.utf8.count <= maximumLabelBytes else {
            throw .invalidArgument("\(name) is longer than \(maximumLabelBytes) bytes")
        }
    }

    private static func checkScopeBar(titles: Int, policy: ScopeBarPolicy, placement: BarPlacement)
        throws(SearchBarError)
    {
        if placement == .navigationBar && policy != .never && titles >= 2 {
            throw .invalidArgument(
                "a search bar in a navigation bar cannot have a scope bar "
                    + "(set the scope bar policy to never, or place the bar in the content area)")
        }
    }
}
