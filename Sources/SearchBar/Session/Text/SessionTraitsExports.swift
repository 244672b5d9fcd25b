import CSearchBar
import SearchBarCore

// The text-input traits the host applies to its field; sb_session_display() reports each. These
// raise no events. Thread safety of each: any thread; inside the session's callbacks it is queued
// (see sb_session_set_callbacks()).

/// Sets how typed text is capitalized (an sb_autocapitalization).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE.
@c public func sb_session_set_autocapitalization(_ session: sb_session_ref?, _ value: UInt32) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        try object.setAutocapitalization(try SessionCInput.enumeration(Autocapitalization.self, value, "value"))
        return SB_OK
    }
}

/// Sets the keyboard the host's field shows (an sb_keyboard_type; default SB_KEYBOARD_DEFAULT).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
@c public func sb_session_set_keyboard_type(_ session: sb_session_ref?, _ type: UInt32) -> sb_status {
    changeTrait(session, type, "type") { (traits, value: TextInputTraits.KeyboardType) in traits.keyboardType = value }
}

/// Sets autocorrection for the host's field (an sb_text_trait; default SB_TRAIT_DEFAULT).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
@c public func sb_session_set_autocorrection(_ session: sb_session_ref?, _ value: UInt32) -> sb_status {
    changeTrait(session, value, "value") { (traits, value: TextInputTraits.Switch) in traits.autocorrection = value }
}

/// Sets spell checking for the host's field (an sb_text_trait; default SB_TRAIT_DEFAULT).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
@c public func sb_session_set_spell_checking(_ session: sb_session_ref?, _ value: UInt32) -> sb_status {
    changeTrait(session, value, "value") { (traits, value: TextInputTraits.Switch) in traits.spellChecking = value }
}

/// Sets the return key's title (an sb_return_key_type; default SB_RETURN_KEY_SEARCH).
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
@c public func sb_session_set_return_key_type(_ session: sb_session_ref?, _ type: UInt32) -> sb_status {
    changeTrait(session, type, "type") { (traits, value: TextInputTraits.ReturnKey) in traits.returnKey = value }
}

/// Disables the return key while the field has no text and no token (1, the default) or
/// never (0); sb_display.return_key_enabled says whether it can be pressed now.
/// Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
/// Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE (closed session).
@c public func sb_session_set_enables_return_key_automatically(_ session: sb_session_ref?, _ enables: Int32)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        let flag = try SessionCInput.flag(enables, "enables")
        try object.changeTextInputTraits { $0.enablesReturnKeyAutomatically = flag }
        return SB_OK
    }
}

/// Validates `raw` as an `E` named `name`, then sets it into the session's traits with `apply`.
private func changeTrait<E: RawRepresentable & CaseIterable & Sendable>(
    _ session: sb_session_ref?, _ raw: UInt32, _ name: String,
    _ apply: @escaping @Sendable (inout TextInputTraits, E) -> Void
) -> sb_status where E.RawValue == UInt32 {
    guarded { () throws(SearchBarError) in
        let object = try SessionCInput.session(session)
        let value = try SessionCInput.enumeration(E.self, raw, name)
        try object.changeTextInputTraits { apply(&$0, value) }
        return SB_OK
    }
}
