/// The host's configuration: strings, scope bar, buttons, items, traits, appearance, timing.
/// These setters raise no delegate events (as setting UIKit properties does not).
extension SearchSession {
    /// Sets the placeholder (shown only while the field is empty).
    public func setPlaceholder(_ placeholder: String) throws(SearchBarError) {
        try SessionState.checkLabel(placeholder, "placeholder")
        try configure("setPlaceholder") { $0.placeholder = placeholder }
    }

    /// Sets the prompt (shown above the bar whether or not there is text).
    public func setPrompt(_ prompt: String) throws(SearchBarError) {
        try SessionState.checkLabel(prompt, "prompt")
        try configure("setPrompt") { $0.prompt = prompt }
    }

    /// Sets the scope titles (the selection is kept when still in range, else reset to 0).
    /// Throws ``SearchBarError/Code/invalidArgument`` when that would show a scope bar in a
    /// navigation bar.
    public func setScopeTitles(_ titles: [String]) throws(SearchBarError) {
        try configure("setScopeTitles") { s throws(SearchBarError) in try s.setScopeTitles(titles) }
    }

    /// Selects a scope without raising events or searching (UISearchBar
    /// `selectedScopeButtonIndex`); the user's tap is ``selectScope(_:)``.
    public func setSelectedScope(_ index: Int) throws(SearchBarError) {
        try configure("setSelectedScope") { s throws(SearchBarError) in
            guard s.scopeTitles.indices.contains(index) else {
                throw .invalidArgument("scope \(index) is out of range (there are \(s.scopeTitles.count) scope titles)")
            }
            s.selectedScope = index
        }
    }

    /// Sets when the scope bar is shown. Throws ``SearchBarError/Code/invalidArgument`` when that
    /// asks for a scope bar in a navigation bar.
    public func setScopeBarPolicy(_ policy: ScopeBarPolicy) throws(SearchBarError) {
        try configure("setScopeBarPolicy") { s throws(SearchBarError) in try s.setScopeBarPolicy(policy) }
    }

    /// Sets where the bar is placed. Throws ``SearchBarError/Code/invalidArgument`` when moving a
    /// bar with a scope bar into a navigation bar.
    public func setPlacement(_ placement: BarPlacement) throws(SearchBarError) {
        try configure("setPlacement") { s throws(SearchBarError) in try s.setPlacement(placement) }
    }

    /// Sets when the Cancel button is shown.
    public func setCancelButtonPolicy(_ policy: CancelButtonPolicy) throws(SearchBarError) {
        try configure("setCancelButtonPolicy") { $0.cancelButtonPolicy = policy }
    }

    /// Sets the Cancel button's title.
    public func setCancelButtonTitle(_ title: String) throws(SearchBarError) {
        try SessionState.checkLabel(title, "cancel button title")
        try configure("setCancelButtonTitle") { $0.cancelButtonTitle = title }
    }

    /// Enables the bookmark button (shown only while the field is empty).
    public func setShowsBookmarkButton(_ shows: Bool) throws(SearchBarError) {
        try configure("setShowsBookmarkButton") { $0.showsBookmarkButton = shows }
    }

    /// Enables the results-list button (it wins over the bookmark button).
    public func setShowsResultsListButton(_ shows: Bool) throws(SearchBarError) {
        try configure("setShowsResultsListButton") { $0.showsResultsListButton = shows }
    }

    /// Draws the results-list button selected or not.
    public func setResultsListSelected(_ selected: Bool) throws(SearchBarError) {
        try configure("setResultsListSelected") { $0.isResultsListSelected = selected }
    }

    /// Sets the host's items beside the field (shown while active; the Cancel button stays last).
    public func setItems(_ items: [BarItem], trailing: Bool) throws(SearchBarError) {
        try configure("setItems") { s throws(SearchBarError) in try s.setItems(items, trailing: trailing) }
    }

    /// Sets how typed text is capitalized.
    public func setAutocapitalization(_ capitalization: Autocapitalization) throws(SearchBarError) {
        try configure("setAutocapitalization") { $0.autocapitalization = capitalization }
    }

    /// Sets the style; it clears a custom tint.
    public func setStyle(_ style: BarStyle) throws(SearchBarError) {
        try configure("setStyle") { $0.setStyle(style) }
    }

    /// Sets the colour scheme (UIKit `barStyle`); it clears a custom tint. `translucent`, when
    /// given, also sets ``SessionState/isTranslucent`` (UIKit's deprecated black-opaque and
    /// black-translucent styles).
    public func setBarTone(_ tone: BarTone, translucent: Bool? = nil) throws(SearchBarError) {
        try configure("setBarTone") { s in
            s.setBarTone(tone)
            if let translucent { s.isTranslucent = translucent }
        }
    }

    /// Makes the bar translucent (the default) or opaque.
    public func setTranslucent(_ translucent: Bool) throws(SearchBarError) {
        try configure("setTranslucent") { $0.isTranslucent = translucent }
    }

    /// Sets the traits the host's field uses (keyboard, autocorrection, spell checking, return key).
    public func setTextInputTraits(_ traits: TextInputTraits) throws(SearchBarError) {
        try configure("setTextInputTraits") { $0.textInputTraits = traits }
    }

    /// Changes the traits the host's field uses with `change` (one trait at a time, atomically).
    public func changeTextInputTraits(_ change: @escaping @Sendable (inout TextInputTraits) -> Void) throws(SearchBarError) {
        try configure("changeTextInputTraits") { change(&$0.textInputTraits) }
    }

    /// Sets the results' title (nil: the host's default).
    public func setSearchResultsTitle(_ title: String?) throws(SearchBarError) {
        if let title { try SessionState.checkLabel(title, "search results title") }
        try configure("setSearchResultsTitle") { $0.searchResultsTitle = title }
    }

    /// Sets a custom tint (0xRRGGBBAA); it overrides the style.
    public func setTint(_ rgba: UInt32) throws(SearchBarError) {
        try configure("setTint") { $0.setTint(rgba) }
    }

    /// Sets the search-timing policy. A pending delayed search is rescheduled under the new
    /// policy. Throws ``SearchBarError/Code/invalidArgument`` for an invalid policy.
    public func setTiming(_ timing: SearchTiming) throws(SearchBarError) {
        try timing.validate()
        try perform("setTiming") { [self] effects throws(SearchBarError) in
            withCore { c in
                c.timing = timing
                if c.debounce != nil { scheduleAfterEdit(&c, &effects) }
            }
        }
    }

    /// Changes the state with `body` under the session's rules.
    private func configure(_ name: String, _ body: @escaping @Sendable (inout SessionState) throws(SearchBarError) -> Void)
        throws(SearchBarError)
    {
        try perform(name) { [self] _ throws(SearchBarError) in
            try withCoreThrowing { c throws(SearchBarError) in
                var state = c.state
                try body(&state)
                c.state = state
            }
        }
    }
}
