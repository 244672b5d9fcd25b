/// Everything the host draws, computed from the state in one call: which of the field's
/// optional parts are visible follows the UIKit guide and the HIG.
public struct SessionDisplay: Sendable, Equatable {
    /// The search text.
    public var text: String
    /// The UTF-8 byte range of ``text`` an input method is composing (to underline), or nil.
    public var markedRange: Range<Int>?
    /// The placeholder string.
    public var placeholder: String
    /// Visible only while there is no text and no token.
    public var showsPlaceholder: Bool
    /// The prompt string.
    public var prompt: String
    /// Visible whenever it is not empty, text or not.
    public var showsPrompt: Bool
    /// The tokens before the text.
    public var tokens: [SearchToken]
    /// Visible while there is text or a token.
    public var showsClearButton: Bool
    /// Visible when enabled and the field is empty; the clear button replaces it once text is
    /// entered; hidden when the results-list button is enabled too.
    public var showsBookmarkButton: Bool
    /// Visible when enabled (it wins over the bookmark button).
    public var showsResultsListButton: Bool
    /// The results-list button is drawn selected.
    public var isResultsListSelected: Bool
    /// Per ``CancelButtonPolicy``.
    public var showsCancelButton: Bool
    /// Per ``ScopeBarPolicy``; never with fewer than two titles or in a navigation bar.
    public var showsScopeBar: Bool
    /// The scope titles.
    public var scopeTitles: [String]
    /// The selected scope.
    public var selectedScope: Int
    /// Host items before the field (empty while inactive).
    public var leadingItems: [BarItem]
    /// Host items after the field while active, then the Cancel button when shown: it is
    /// always the last trailing item.
    public var trailingItems: [BarItem]
    /// The search interface is presented.
    public var isActive: Bool
    /// The field has the focus.
    public var isEditing: Bool
    /// Style or tint, whichever was set last.
    public var appearance: BarAppearance
    /// The colour scheme (UIKit `barStyle`).
    public var barTone: BarTone
    /// The bar is translucent.
    public var isTranslucent: Bool
    /// The background and content colours resolved from the tone, translucency and tint.
    public var colors: BarColors
    /// The traits the host's field uses (keyboard, autocorrection, spell checking, return key).
    public var textInputTraits: TextInputTraits
    /// The return key can be pressed: always, or with text or a token when the traits enable
    /// it automatically.
    public var isReturnKeyEnabled: Bool
    /// The results' title, or nil for the host's default.
    public var searchResultsTitle: String?
    /// Where the bar is placed.
    public var placement: BarPlacement
    /// A search is running (its results are not in yet).
    public var isSearching: Bool
    /// The running search passed the stall threshold: show a spinner.
    public var isStalled: Bool
    /// The newest query's generation (0 before the first).
    public var generation: UInt64
    /// The number of results last delivered (0 before any and after a cancel).
    public var resultCount: Int

    /// Computes what to show for `state`.
    public init(
        state: SessionState, isSearching: Bool = false, isStalled: Bool = false, generation: UInt64 = 0,
        resultCount: Int = 0
    ) {
        let empty = state.isEmpty
        text = state.text
        markedRange = state.markedRange
        placeholder = state.placeholder
        showsPlaceholder = empty
        prompt = state.prompt
        showsPrompt = !state.prompt.isEmpty
        tokens = state.tokens
        showsClearButton = !empty
        showsResultsListButton = state.showsResultsListButton
        showsBookmarkButton = state.showsBookmarkButton && empty && !state.showsResultsListButton
        isResultsListSelected = state.showsResultsListButton && state.isResultsListSelected
        switch state.cancelButtonPolicy {
        case .automatic: showsCancelButton = state.isActive
        case .always: showsCancelButton = true
        case .never: showsCancelButton = false
        }
        let scopePolicyShows: Bool
        switch state.scopeBarPolicy {
        case .automatic: scopePolicyShows = state.isActive
        case .always: scopePolicyShows = true
        case .never: scopePolicyShows = false
        }
        showsScopeBar = scopePolicyShows && state.scopeTitles.count >= 2 && state.placement == .content
        scopeTitles = state.scopeTitles
        selectedScope = state.selectedScope
        leadingItems = state.isActive ? state.leadingItems : []
        trailingItems = (state.isActive ? state.trailingItems : [])
            + (showsCancelButton ? [BarItem(cancelTitle: state.cancelButtonTitle)] : [])
        isActive = state.isActive
        isEditing = state.isEditing
        appearance = state.appearance
        barTone = state.barTone
        isTranslucent = state.isTranslucent
        colors = BarColors(tone: state.barTone, isTranslucent: state.isTranslucent, tint: state.appearance.tint)
        textInputTraits = state.textInputTraits
        isReturnKeyEnabled = !state.textInputTraits.enablesReturnKeyAutomatically || !empty
        searchResultsTitle = state.searchResultsTitle
        placement = state.placement
        self.isSearching = isSearching
        self.isStalled = isStalled
        self.generation = generation
        self.resultCount = resultCount
    }
}
