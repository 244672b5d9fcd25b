/// The text-input traits of the search field (UITextInputTraits), which the host applies to
/// its own field: the keyboard to show, autocorrection, spell checking and the return key.
/// The session only keeps them (with the state, the display and snapshots); autocapitalization,
/// which changes the typed text, is ``Autocapitalization``.
public struct TextInputTraits: Sendable, Equatable {
    /// The keyboard to show (UIKeyboardType; the raw values are UIKit's and mirror
    /// `sb_keyboard_type`).
    public enum KeyboardType: UInt32, Sendable, CaseIterable {
        /// The default keyboard for the current input method.
        case `default` = 0
        /// Only ASCII characters.
        case asciiCapable = 1
        /// Numbers and punctuation.
        case numbersAndPunctuation = 2
        /// For URLs ("." "/" ".com").
        case url = 3
        /// A numeric keypad (0-9).
        case numberPad = 4
        /// A telephone keypad (0-9, *, #).
        case phonePad = 5
        /// A telephone keypad that also types names.
        case namePhonePad = 6
        /// For e-mail addresses ("@" ".").
        case emailAddress = 7
        /// Numbers with a decimal point.
        case decimalPad = 8
        /// For social posts ("@" "#").
        case twitter = 9
        /// For web search terms and URLs (a "Go" key).
        case webSearch = 10
        /// A numeric keypad typing ASCII digits only.
        case asciiCapableNumberPad = 11
    }

    /// On, off, or the platform's choice (UITextAutocorrectionType, UITextSpellCheckingType;
    /// raw values mirror `sb_text_trait`).
    public enum Switch: UInt32, Sendable, CaseIterable {
        /// The platform decides (usually from the user's settings).
        case `default` = 0
        /// Off.
        case no = 1
        /// On.
        case yes = 2
    }

    /// The title of the keyboard's return key (UIReturnKeyType; raw values are UIKit's and
    /// mirror `sb_return_key_type`).
    public enum ReturnKey: UInt32, Sendable, CaseIterable {
        /// "Return".
        case `default` = 0
        /// "Go".
        case go = 1
        /// "Google".
        case google = 2
        /// "Join".
        case join = 3
        /// "Next".
        case next = 4
        /// "Route".
        case route = 5
        /// "Search" (a search bar's default).
        case search = 6
        /// "Send".
        case send = 7
        /// "Yahoo".
        case yahoo = 8
        /// "Done".
        case done = 9
        /// "Emergency Call".
        case emergencyCall = 10
        /// "Continue".
        case `continue` = 11
    }

    /// The keyboard. Default ``KeyboardType/default``.
    public var keyboardType: KeyboardType = .default
    /// Autocorrection (the seed's "Correction" field). Default ``Switch/default``.
    public var autocorrection: Switch = .default
    /// Spell checking. Default ``Switch/default``.
    public var spellChecking: Switch = .default
    /// The return key. Default ``ReturnKey/search``, as a search bar's.
    public var returnKey: ReturnKey = .search
    /// The return key is disabled while the field has no text and no token (UIKit's
    /// `enablesReturnKeyAutomatically`, on in a search bar). Default true.
    public var enablesReturnKeyAutomatically = true

    /// The search bar's defaults.
    public init() {}

    /// Creates traits; see the properties for the defaults.
    public init(
        keyboardType: KeyboardType = .default, autocorrection: Switch = .default, spellChecking: Switch = .default,
        returnKey: ReturnKey = .search, enablesReturnKeyAutomatically: Bool = true
    ) {
        self.keyboardType = keyboardType
        self.autocorrection = autocorrection
        self.spellChecking = spellChecking
        self.returnKey = returnKey
        self.enablesReturnKeyAutomatically = enablesReturnKeyAutomatically
    }
}
