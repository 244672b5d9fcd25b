import Testing

@testable import SearchBarCore

/// State restoration through JSON.
@Suite struct SavedSessionStateTests {
    private func configured() throws -> Harness {
        let h = try Harness()
        let s = h.session
        try s.setPlaceholder("Artists, Songs, Lyrics")
        try s.setPrompt("Search the \"catalogue\"\n")
        try s.setScopeTitles(["All", "Songs", "Albums"])
        try s.setSelectedScope(2)
        try s.setScopeBarPolicy(.always)
        try s.setCancelButtonPolicy(.always)
        try s.setCancelButtonTitle("Fertig")
        try s.setShowsBookmarkButton(true)
        try s.setShowsResultsListButton(true)
        try s.setResultsListSelected(true)
        try s.setItems([BarItem(id: 1, title: "Filter")], trailing: false)
        try s.setItems([BarItem(id: UInt64.max, title: "Sort")], trailing: true)
        try s.setAutocapitalization(.sentences)
        try s.setBarTone(.black, translucent: false)
        try s.setTint(0x11223344)
        try s.setTextInputTraits(
            TextInputTraits(keyboardType: .webSearch, autocorrection: .no, spellChecking: .yes, returnKey: .done,
                            enablesReturnKeyAutomatically: false))
        try s.setSearchResultsTitle("Treffer")
        try s.setTiming(SearchTiming(trigger: .asYouType, delay: .milliseconds(90), shrinkingDelay: .webKit, minimumCharacters: 2, stallThreshold: .milliseconds(500)))
        try s.setRecentsPolicy(RecentsPolicy(limit: 20, perScope: true, expiry: .seconds(86400), isPrivate: false))
        try s.beginEditing()
        try s.insertToken(SearchToken(kind: .attribute, label: "Year ≥ 2000", field: "year", value: "2000", hostValue: UInt64.max))
        try s.setText("blue ☃ \u{1}")
        return h
    }

    @Test func roundTrip() throws {
        let source = try configured()
        let json = source.session.snapshot()
        let target = try Harness()
        try target.session.restore(fromSnapshot: json)
        #expect(target.session.state == source.session.state)
        #expect(target.session.timing == source.session.timing)
        #expect(target.session.recentsPolicy == source.session.recentsPolicy)
        #expect(target.session.snapshot() == json)
    }

    @Test func restoringAnActiveSessionSearchesAtOnceWithoutDelegateEvents() throws {
        let json = try configured().session.snapshot()
        let target = try Harness()
        try target.session.restore(fromSnapshot: json)
        #expect(target.log.kinds == [.updateSearchResults])
        #expect(target.backend.queries.last?.text == "blue ☃ \u{1}")
        #expect(target.backend.queries.last?.scopeTitle == "Albums")
    }

    // "bar", "text_input" and "results_title" joined the format later: a snapshot without
    // them restores with their defaults.
    @Test func snapshotWithoutTheLaterMembersRestoresTheirDefaults() throws {
        let source = try configured()
        let h = try Harness()
        try h.session.setSearchResultsTitle("old")
        let old = #"{"format":"searchbar-session","version":1,"text":"","placeholder":"","prompt":"","scope_titles":[],"selected_scope":0,"scope_bar":"automatic","placement":"content","cancel_button":"automatic","cancel_title":"Cancel","bookmark_button":false,"results_list_button":false,"results_list_selected":false,"active":false,"editing":false,"tokens":[],"leading_items":[],"trailing_items":[],"autocapitalization":"none","appearance":{"style":"prominent"},"timing":{"trigger":"as_you_type","delay_ns":150000000,"shrinking_delay":null,"minimum_characters":0,"immediate_on_clear":true,"stall_ns":300000000},"recents":{"name":null,"limit":10,"per_scope":false,"expiry_ns":null,"private":false}}"#
        try h.session.restore(fromSnapshot: old)
        let state = h.session.state
        #expect(state.textInputTraits == TextInputTraits() && state.searchResultsTitle == nil)
        #expect(state.barTone == .default && state.isTranslucent && state.appearance == .style(.prominent))
        let json = source.session.snapshot()
        #expect(json.contains(#""bar":{"tone":"black","translucent":false}"#))
        #expect(json.contains(#""keyboard":"web_search""#) && json.contains(#""results_title":"Treffer""#))
        let bad = json.replacingOccurrences(#""keyboard":"web_search""#, #""keyboard":"hex""#)
        #expect(throws: SearchBarError.self) { try h.session.restore(fromSnapshot: bad) }
    }

    @Test func snapshotIsJSONWithTheDocumentedFields() throws {
        let value = try JSONParser.parse(try configured().session.snapshot())
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.0) == [
            "format", "version", "text", "placeholder", "prompt", "scope_titles", "selected_scope", "scope_bar",
            "placement", "cancel_button", "cancel_title", "bookmark_button", "results_list_button",
            "results_list_selected", "active", "editing", "tokens", "leading_items", "trailing_items",
            "autocapitalization", "appearance", "bar", "text_input", "results_title", "timing", "recents",
        ])
    }

    @Test func malformedSnapshotsChangeNothing() throws {
        let good = try configured().session.snapshot()
        let target = try Harness()
        try target.session.setText("keep me")
        let before = target.session.state
        let bad = [
            "", "{}", "[]", good.replacingOccurrences("\"version\":1", "\"version\":2"),
            good.replacingOccurrences("\"selected_scope\":2", "\"selected_scope\":7"),
            good.replacingOccurrences("\"scope_bar\":\"always\"", "\"scope_bar\":\"sometimes\""),
            good.replacingOccurrences("\"format\":", "\"extra\":0,\"format\":"),
            good.replacingOccurrences("\"placement\":\"content\"", "\"placement\":\"navigation_bar\""),
            good.replacingOccurrences("\"delay_ns\":90000000", "\"delay_ns\":90000000000"),
            good.replacingOccurrences("\"limit\":20", "\"limit\":255"),
            good.replacingOccurrences("\"kind\":\"attribute\"", "\"kind\":\"term\""),
            String(good.dropLast()),
        ]
        for json in bad {
            #expect(throws: SearchBarError.self, "\(json.prefix(60))") { try target.session.restore(fromSnapshot: json) }
        }
        #expect(target.session.state == before)
    }

    @Test func navigationBarWithScopeTitlesIsRejectedOnRestore() throws {
        let source = try configured()
        let json = source.session.snapshot().replacingOccurrences("\"placement\":\"content\"", "\"placement\":\"navigation_bar\"")
        let target = try Harness()
        do throws(SearchBarError) {
            try target.session.restore(fromSnapshot: json)
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test func recentsReferenceIsRestoredFromItsFile() throws {
        let directory = makeTemporaryDirectory()
        let a = try Harness(recentsDirectory: directory)
        try a.session.setRecentsName("shared")
        try a.session.addRecent("remembered")
        let json = a.session.snapshot()
        let b = try Harness(recentsDirectory: directory)
        try b.session.restore(fromSnapshot: json)
        #expect(b.session.recentsName == "shared")
        #expect(b.session.recents.map(\.text) == ["remembered"])
    }
}

extension String {
    /// `self` with every `target` replaced (no Foundation in tests either).
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
