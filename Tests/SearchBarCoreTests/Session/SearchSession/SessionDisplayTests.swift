import Testing

@testable import SearchBarCore

/// Each row of the seeds about what a search bar shows.
@Suite struct SessionDisplayTests {
    private func display(_ configure: (inout SessionState) throws -> Void) rethrows -> SessionDisplay {
        var state = SessionState()
        try configure(&state)
        return SessionDisplay(state: state)
    }

    // UIKit guide: "Placeholder text ... is visible only when there is no other text in the search field".
    @Test func placeholderVisibleOnlyWithoutTextOrToken() {
        #expect(display { $0.placeholder = "Artists, Songs" }.showsPlaceholder)
        #expect(!display { $0.placeholder = "Artists"; $0.text = "a" }.showsPlaceholder)
        #expect(!display { $0.placeholder = "Artists"; $0.tokens = [.term("x")] }.showsPlaceholder)
    }

    // UIKit guide: "the prompt text is visible whether or not the user has entered text".
    @Test func promptVisibleWithAndWithoutText() {
        #expect(display { $0.prompt = "Type a company name" }.showsPrompt)
        #expect(display { $0.prompt = "Type a company name"; $0.text = "app" }.showsPrompt)
        #expect(!display { $0.text = "app" }.showsPrompt)
    }

    // HIG (zh): the clear button appears once the user types and is hidden when the field is empty.
    @Test func clearButtonOnlyWithTextOrToken() {
        #expect(!display { _ in }.showsClearButton)
        #expect(display { $0.text = "x" }.showsClearButton)
        #expect(display { $0.tokens = [.term("x")] }.showsClearButton)
    }

    // HIG (zh): the bookmark button is replaced by the clear button once text is entered.
    @Test func bookmarkButtonReplacedByClearButtonOnceTextIsEntered() {
        let empty = display { $0.showsBookmarkButton = true }
        #expect(empty.showsBookmarkButton && !empty.showsClearButton)
        let typed = display { $0.showsBookmarkButton = true; $0.text = "coffee" }
        #expect(!typed.showsBookmarkButton && typed.showsClearButton)
        let token = display { $0.showsBookmarkButton = true; $0.tokens = [.term("x")] }
        #expect(!token.showsBookmarkButton && token.showsClearButton)
        #expect(!display { _ in }.showsBookmarkButton)
    }

    // UIKit guide: "you cannot display both of these buttons simultaneously; if both properties are
    // enabled, only the Search Results button is visible".
    @Test func resultsListButtonWinsOverBookmarkButton() {
        let both = display { $0.showsBookmarkButton = true; $0.showsResultsListButton = true }
        #expect(both.showsResultsListButton && !both.showsBookmarkButton)
        #expect(display { $0.showsResultsListButton = true; $0.text = "x" }.showsResultsListButton)
    }

    @Test func resultsListSelectedOnlyWhenShown() {
        #expect(display { $0.showsResultsListButton = true; $0.isResultsListSelected = true }.isResultsListSelected)
        #expect(!display { $0.isResultsListSelected = true }.isResultsListSelected)
    }

    // UISearchController automaticallyShowsCancelButton / UISearchBar showsCancelButton.
    @Test func cancelButtonPerPolicy() {
        #expect(!display { _ in }.showsCancelButton)
        #expect(display { $0.isActive = true }.showsCancelButton)
        #expect(display { $0.cancelButtonPolicy = .always }.showsCancelButton)
        #expect(!display { $0.cancelButtonPolicy = .never; $0.isActive = true }.showsCancelButton)
    }

    // UIKit guide: scope bar shown with Shows Scope Bar and titles; automatic: while active; never
    // with fewer than two titles.
    @Test func scopeBarPerPolicy() throws {
        #expect(!(try display { try $0.setScopeTitles(["All", "Mail"]) }).showsScopeBar)
        #expect(try display { try $0.setScopeTitles(["All", "Mail"]); $0.isActive = true }.showsScopeBar)
        #expect(try display { try $0.setScopeTitles(["All", "Mail"]); try $0.setScopeBarPolicy(.always) }.showsScopeBar)
        #expect(!(try display { try $0.setScopeTitles(["All", "Mail"]); try $0.setScopeBarPolicy(.never); $0.isActive = true }).showsScopeBar)
    }

    @Test func scopeBarHiddenWithFewerThanTwoTitles() throws {
        #expect(!(try display { try $0.setScopeTitles(["All"]); try $0.setScopeBarPolicy(.always) }).showsScopeBar)
        #expect(!(try display { try $0.setScopeBarPolicy(.always) }).showsScopeBar)
    }

    // Article: extra buttons appear beside the field while active; the cancel button is kept last.
    @Test func barItemsShownWhileActiveWithCancelLast() throws {
        let filter = BarItem(id: 7, title: "Filter")
        let sort = BarItem(id: 8, title: "Sort")
        let inactive = try display { try $0.setItems([filter], trailing: false); try $0.setItems([sort], trailing: true) }
        #expect(inactive.leadingItems.isEmpty && inactive.trailingItems.isEmpty)
        let active = try display {
            try $0.setItems([filter], trailing: false)
            try $0.setItems([sort], trailing: true)
            $0.isActive = true
            $0.cancelButtonTitle = "Annuler"
        }
        #expect(active.leadingItems == [filter])
        #expect(active.trailingItems.map(\.id) == [8, 0])
        #expect(active.trailingItems.last?.kind == .cancel)
        #expect(active.trailingItems.last?.title == "Annuler")
        let noCancel = try display { try $0.setItems([sort], trailing: true); $0.isActive = true; $0.cancelButtonPolicy = .never }
        #expect(noCancel.trailingItems == [sort])
    }

    @Test func hostCannotInsertACancelItem() {
        var state = SessionState()
        var cancel = BarItem(id: 1, title: "Cancel")
        cancel.kind = .cancel
        #expect(throws: SearchBarError.self) { try state.setItems([cancel], trailing: true) }
        let many = (0..<17).map { BarItem(id: UInt64($0), title: "i") }
        #expect(throws: SearchBarError.self) { try state.setItems(many, trailing: false) }
    }

    // UIKit guide: "setting a new style clears any custom tint color you have set. Similarly,
    // setting a custom tint color overrides any style you have set."
    @Test func settingAStyleClearsACustomTint() {
        var state = SessionState()
        state.setTint(0xFF0000FF)
        #expect(state.appearance == .tint(0xFF0000FF))
        state.setStyle(.minimal)
        #expect(state.appearance == .style(.minimal))
        #expect(state.appearance.tint == nil)
    }

    @Test func settingATintOverridesTheStyle() {
        var state = SessionState()
        state.setStyle(.minimal)
        state.setTint(0x336699FF)
        #expect(state.appearance.style == nil)
        #expect(SessionDisplay(state: state).appearance == .tint(0x336699FF))
    }

    // UISearchBar.Style: default (a new bar's, "currently prominent"), prominent, minimal.
    @Test func defaultStyleIsTheDefaultDrawnProminent() {
        #expect(SessionState().appearance == .style(.default))
        #expect(BarStyle.default.drawn == .prominent && BarStyle.minimal.drawn == .minimal)
    }

    // Seed 000: "Bars have two standard appearance styles: translucent white with dark text
    // (default) or translucent black with light text"; opaque: "black if the search bar has
    // UIBarStyleBlack style, white if UIBarStyleDefault, or the search bar's barTintColor".
    @Test func barTonesTranslucencyAndTheirColors() {
        var state = SessionState()
        var d = SessionDisplay(state: state)
        #expect(d.barTone == .default && d.isTranslucent && !d.colors.usesLightContent)
        #expect(d.colors.background == 0xFFFF_FFFF)
        state.setBarTone(.black)
        d = SessionDisplay(state: state)
        #expect(d.colors.usesLightContent && d.colors.background == 0x0000_00FF)
        state.setTint(0x1020_3080)
        state.isTranslucent = false
        d = SessionDisplay(state: state)
        #expect(d.colors.background == 0x1020_30FF, "opaque: the tint, without its transparency")
        #expect(d.colors.usesLightContent, "a dark tint")
        state.isTranslucent = true
        #expect(SessionDisplay(state: state).colors.background == 0x1020_3080)
        state.setTint(0xF0F0_E0FF)
        #expect(!SessionDisplay(state: state).colors.usesLightContent, "a light tint")
        // Seed 000: "setting a new style clears any custom tint color you have set".
        state.setStyle(.minimal)
        state.setTint(0x3366_99FF)
        state.setBarTone(.default)
        #expect(state.appearance == .style(.minimal), "the tone clears the tint, the last style comes back")
    }

    // Seed 000: keyboard layout, auto-correction; UITextInputTraits: spell checking, return key.
    @Test func textInputTraitsAndTheReturnKey() {
        var state = SessionState()
        #expect(state.textInputTraits == TextInputTraits())
        #expect(state.textInputTraits.returnKey == .search && state.textInputTraits.keyboardType == .default)
        #expect(!SessionDisplay(state: state).isReturnKeyEnabled, "disabled while empty")
        state.text = "tea"
        #expect(SessionDisplay(state: state).isReturnKeyEnabled)
        state.text = ""
        state.textInputTraits = TextInputTraits(
            keyboardType: .webSearch, autocorrection: .no, spellChecking: .yes, returnKey: .go,
            enablesReturnKeyAutomatically: false)
        let d = SessionDisplay(state: state)
        #expect(d.isReturnKeyEnabled)
        #expect(d.textInputTraits.keyboardType == .webSearch && d.textInputTraits.returnKey == .go)
        #expect(d.textInputTraits.autocorrection == .no && d.textInputTraits.spellChecking == .yes)
    }

    // Seed 001: searchResultsTitle, "The default value is nil. If the value is nil, the
    // controller uses the default title string."
    @Test func searchResultsTitle() throws {
        let session = try SearchSession(backend: nil, clock: ManualClock(), recentsDirectory: "/tmp/x")
        #expect(session.display.searchResultsTitle == nil)
        try session.setSearchResultsTitle("Résultats")
        #expect(session.display.searchResultsTitle == "Résultats")
        try session.setSearchResultsTitle(nil)
        #expect(session.display.searchResultsTitle == nil)
        #expect(throws: SearchBarError.self) { try session.setSearchResultsTitle(String(repeating: "x", count: 5000)) }
        try session.changeTextInputTraits { $0.keyboardType = .emailAddress }
        try session.setBarTone(.black, translucent: false)
        let d = session.display
        #expect(d.textInputTraits.keyboardType == .emailAddress && d.barTone == .black && !d.isTranslucent)
    }
}

/// The rules that tie state properties together.
@Suite struct SessionStateRuleTests {
    // UISearchDisplayController.active: "The default value is NO"; UIKit guide: "The no
    // capitalization scheme is selected by default"; UISearchBar defaults.
    @Test func defaults() {
        let state = SessionState()
        #expect(!state.isActive && !state.isEditing)
        #expect(state.autocapitalization == .none)
        #expect(state.selectedScope == 0 && state.scopeTitles.isEmpty)
        #expect(state.scopeBarPolicy == .automatic && state.cancelButtonPolicy == .automatic)
        #expect(state.placement == .content)
        #expect(!state.showsBookmarkButton && !state.showsResultsListButton)
        #expect(state.cancelButtonTitle == "Cancel")
    }

    // UISearchDisplayController: "A search bar displayed in a navigation bar cannot have a scope bar."
    @Test func scopeBarInNavigationBarPlacementIsAnError() throws {
        var state = SessionState()
        try state.setPlacement(.navigationBar)
        #expect(throws: SearchBarError.invalidArgument(
            "a search bar in a navigation bar cannot have a scope bar (set the scope bar policy to never, or place the bar in the content area)"
        )) { try state.setScopeTitles(["All", "Inbox"]) }
        #expect(state.scopeTitles.isEmpty)
        try state.setScopeTitles(["Only"])  // one title never shows a bar
        try state.setScopeBarPolicy(.never)
        try state.setScopeTitles(["All", "Inbox"])
        #expect(throws: SearchBarError.self) { try state.setScopeBarPolicy(.always) }
        #expect(state.scopeBarPolicy == .never)
    }

    @Test func movingABarWithScopesIntoANavigationBarIsAnError() throws {
        var state = SessionState()
        try state.setScopeTitles(["All", "Inbox"])
        #expect(throws: SearchBarError.self) { try state.setPlacement(.navigationBar) }
        #expect(state.placement == .content)
    }

    @Test func selectionResetWhenTitlesShrink() throws {
        var state = SessionState()
        try state.setScopeTitles(["A", "B", "C"])
        state.selectedScope = 2
        try state.setScopeTitles(["A", "B", "C", "D"])
        #expect(state.selectedScope == 2)
        try state.setScopeTitles(["A", "B"])
        #expect(state.selectedScope == 0)
        #expect(state.selectedScopeTitle == "A")
    }

    @Test func labelsAreBounded() {
        var state = SessionState()
        #expect(throws: SearchBarError.self) { try state.setScopeTitles([String(repeating: "x", count: 5000), "b"]) }
        #expect(throws: SearchBarError.self) { try state.setScopeTitles(Array(repeating: "x", count: 65)) }
    }
}
