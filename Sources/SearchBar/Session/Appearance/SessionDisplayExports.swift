import CSearchBar
import SearchBarCore

// What the host draws, in one answer.

/// Computes everything to draw (visibility of placeholder, prompt, clear, bookmark,
/// results-list and Cancel buttons and scope bar; tokens; items with Cancel last; style or
/// tint, tone, translucency and the resolved colours; the text-input traits and whether the
/// return key is enabled; the results' title; search progress) in one call.
/// On success `*out_display` receives one block holding the struct, its arrays and strings.
/// Ownership: the caller releases `*out_display` with one sb_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_display); SB_ENOMEM.
@c public func sb_session_display(
    _ session: sb_session_ref?, _ out_display: UnsafeMutablePointer<UnsafeMutablePointer<sb_display>?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_display, "out_display")
        out.pointee = nil
        let d = try SessionCInput.session(session).display
        out.pointee = try CBlock.one(sb_display.self) { b throws(SearchBarError) in
            let text = try b.string(d.text)
            let placeholder = try b.string(d.placeholder)
            let prompt = try b.string(d.prompt)
            let tokens = try b.tokens(d.tokens)
            let titles = try b.array(UnsafePointer<CChar>?.self, d.scopeTitles.count)
            let lengths = try b.array(Int.self, d.scopeTitles.count)
            for (i, title) in d.scopeTitles.enumerated() {
                let copy = try b.string(title)
                (titles.map { $0 + i })?.initialize(to: copy)
                (lengths.map { $0 + i })?.initialize(to: title.utf8.count)
            }
            let leading = try b.items(d.leadingItems)
            let trailing = try b.items(d.trailingItems)
            let resultsTitle = try d.searchResultsTitle.map { t throws(SearchBarError) in try b.string(t) } ?? nil
            return sb_display(
                text: text, text_len: d.text.utf8.count, placeholder: placeholder, placeholder_len: d.placeholder.utf8.count,
                prompt: prompt, prompt_len: d.prompt.utf8.count, tokens: tokens, token_count: d.tokens.count,
                scope_titles: titles.map { UnsafePointer($0) }, scope_title_lens: lengths.map { UnsafePointer($0) },
                scope_count: d.scopeTitles.count, selected_scope: Int64(d.selectedScope), leading_items: leading,
                leading_count: d.leadingItems.count, trailing_items: trailing, trailing_count: d.trailingItems.count,
                generation: d.generation, result_count: UInt64(d.resultCount), placement: d.placement.rawValue,
                style: (d.appearance.style ?? .prominent).rawValue, has_tint: d.appearance.tint == nil ? 0 : 1,
                tint_rgba: d.appearance.tint ?? 0, shows_placeholder: bit(d.showsPlaceholder), shows_prompt: bit(d.showsPrompt),
                shows_clear_button: bit(d.showsClearButton), shows_bookmark_button: bit(d.showsBookmarkButton),
                shows_results_list_button: bit(d.showsResultsListButton), results_list_selected: bit(d.isResultsListSelected),
                shows_cancel_button: bit(d.showsCancelButton), shows_scope_bar: bit(d.showsScopeBar),
                is_active: bit(d.isActive), is_editing: bit(d.isEditing), is_searching: bit(d.isSearching),
                is_stalled: bit(d.isStalled), bar_tone: d.barTone.rawValue, background_rgba: d.colors.background,
                keyboard_type: d.textInputTraits.keyboardType.rawValue,
                autocorrection: d.textInputTraits.autocorrection.rawValue,
                spell_checking: d.textInputTraits.spellChecking.rawValue,
                return_key_type: d.textInputTraits.returnKey.rawValue, results_title: resultsTitle,
                results_title_len: d.searchResultsTitle?.utf8.count ?? 0, is_translucent: bit(d.isTranslucent),
                uses_light_content: bit(d.colors.usesLightContent),
                enables_return_key_automatically: bit(d.textInputTraits.enablesReturnKeyAutomatically),
                return_key_enabled: bit(d.isReturnKeyEnabled), has_marked_text: bit(d.markedRange != nil),
                marked_start: d.markedRange?.lowerBound ?? 0, marked_end: d.markedRange?.upperBound ?? 0)
        }
        return SB_OK
    }
}
