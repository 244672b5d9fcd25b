/// When the scope bar is shown (it never is with fewer than two titles). The raw values mirror
/// `sb_scope_bar_policy`.
public enum ScopeBarPolicy: UInt32, Sendable, CaseIterable {
    /// Shown while the search is active (UISearchController `automaticallyShowsScopeBar`).
    case automatic = 0
    /// Always shown (UISearchBar `showsScopeBar = true`).
    case always = 1
    /// Never shown.
    case never = 2
}

/// Where the host places the search bar. The raw values mirror `sb_bar_placement`.
public enum BarPlacement: UInt32, Sendable, CaseIterable {
    /// In the content area (a list header, a window body, a terminal line).
    case content = 0
    /// In a navigation bar or toolbar. "A search bar displayed in a navigation bar cannot have
    /// a scope bar": asking for one there is an error.
    case navigationBar = 1
}

/// When the Cancel button is shown. The raw values mirror `sb_cancel_button_policy`.
public enum CancelButtonPolicy: UInt32, Sendable, CaseIterable {
    /// Shown while the search is active (UISearchController `automaticallyShowsCancelButton`).
    case automatic = 0
    /// Always shown (UISearchBar `showsCancelButton = true`).
    case always = 1
    /// Never shown.
    case never = 2
}
