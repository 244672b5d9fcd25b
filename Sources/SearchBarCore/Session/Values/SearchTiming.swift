/// When a session runs a search: the policy object of GTK's `search-delay`, WebKit's shrinking
/// delay, NSSearchField's `sendsWholeSearchString` and a minimum query length, in one place.
///
/// Every rule is a pure function of the text and the policy (``decision(text:hasTokens:)``);
/// the session measures the delay on its injectable ``SessionClock``.
public struct SearchTiming: Sendable, Equatable {
    /// What starts a search.
    public enum Trigger: UInt32, Sendable, CaseIterable {
        /// Search as the user types, after ``SearchTiming/delay`` (GtkSearchEntry, UISearchController).
        case asYouType = 0
        /// Search only when the user submits (NSSearchField `sendsWholeSearchString`): typing
        /// runs no search.
        case submitOnly = 1
    }

    /// A delay that shrinks as the text grows, as WebKit's `<input type=search incremental>`:
    /// `max(minimum, initial - step × length)`.
    public struct ShrinkingDelay: Sendable, Equatable {
        /// The delay for zero characters.
        public var initial: Duration
        /// Subtracted per character of text.
        public var step: Duration
        /// The delay never goes below this.
        public var minimum: Duration

        /// Creates a shrinking delay.
        public init(initial: Duration, step: Duration, minimum: Duration) {
            self.initial = initial
            self.step = step
            self.minimum = minimum
        }

        /// WebKit's values: 500 ms after the first character, then 400, 300, and 200 from the
        /// fourth on (`max(200 ms, 600 ms − 100 ms × length)`).
        public static let webKit = ShrinkingDelay(
            initial: .milliseconds(600), step: .milliseconds(100), minimum: .milliseconds(200))

        /// The delay in nanoseconds for a text of `length` characters.
        public func nanoseconds(forLength length: Int) -> UInt64 {
            let initial = self.initial.saturatingNanoseconds
            let (shrink, overflow) = step.saturatingNanoseconds.multipliedReportingOverflow(by: UInt64(max(length, 0)))
            let shrunk = overflow || shrink >= initial ? 0 : initial - shrink
            return max(shrunk, minimum.saturatingNanoseconds)
        }
    }

    /// What the session does after the text or tokens changed.
    public enum Decision: Sendable, Equatable {
        /// No search (submit-only mode, or the text is below the minimum length).
        case none
        /// Search at once.
        case now
        /// Search after this many nanoseconds without a further change.
        case after(UInt64)
    }

    /// The longest delay or stall threshold accepted (one minute).
    public static let maximumDelay: Duration = .seconds(60)
    /// The largest minimum character count accepted.
    public static let maximumMinimumCharacters = 1000

    /// What starts a search. Default ``Trigger/asYouType``.
    public var trigger: Trigger = .asYouType
    /// The fixed delay after the last keystroke. Default 150 ms, as GTK's `search-delay`;
    /// zero searches on every keystroke.
    public var delay: Duration = .milliseconds(150)
    /// When set, replaces ``delay`` with a delay that shrinks as the text grows.
    public var shrinkingDelay: ShrinkingDelay? = nil
    /// Typing searches only once the text has at least this many characters (an empty text
    /// still searches, see ``searchesImmediatelyOnClear``). Default 0.
    public var minimumCharacters: Int = 0
    /// Clearing the text (and tokens) searches at once, in either trigger mode, as GTK and
    /// WebKit do. Default true.
    public var searchesImmediatelyOnClear: Bool = true
    /// A search without results after this long raises `searchStalled` (for a spinner).
    /// Zero disables it. Default 300 ms.
    public var stallThreshold: Duration = .milliseconds(300)

    /// The default policy.
    public init() {}

    /// Creates a policy; see the properties for the meaning and defaults of each argument.
    public init(
        trigger: Trigger = .asYouType, delay: Duration = .milliseconds(150),
        shrinkingDelay: ShrinkingDelay? = nil, minimumCharacters: Int = 0,
        searchesImmediatelyOnClear: Bool = true, stallThreshold: Duration = .milliseconds(300)
    ) {
        self.trigger = trigger
        self.delay = delay
        self.shrinkingDelay = shrinkingDelay
        self.minimumCharacters = minimumCharacters
        self.searchesImmediatelyOnClear = searchesImmediatelyOnClear
        self.stallThreshold = stallThreshold
    }

    /// Throws ``SearchBarError/Code/invalidArgument`` for a negative or over-long duration or
    /// an out-of-range minimum character count.
    public func validate() throws(SearchBarError) {
        func check(_ value: Duration, _ name: String) throws(SearchBarError) {
            guard value >= .zero, value <= Self.maximumDelay else {
                throw .invalidArgument("\(name) must be between 0 and 60 s")
            }
        }
        try check(delay, "delay")
        try check(stallThreshold, "stall threshold")
        if let shrinkingDelay {
            try check(shrinkingDelay.initial, "shrinking delay initial")
            try check(shrinkingDelay.step, "shrinking delay step")
            try check(shrinkingDelay.minimum, "shrinking delay minimum")
        }
        guard (0...Self.maximumMinimumCharacters).contains(minimumCharacters) else {
            throw .invalidArgument("minimum characters must be between 0 and \(Self.maximumMinimumCharacters)")
        }
    }

    /// What to do after an edit left the field with `text` (and tokens when `hasTokens`).
    public func decision(text: String, hasTokens: Bool) -> Decision {
        if text.isEmpty && !hasTokens {
            if searchesImmediatelyOnClear { return .now }
            if trigger == .submitOnly { return .none }
        }
        if trigger == .submitOnly { return .none }
        let length = text.count
        if length > 0 && length < minimumCharacters { return .none }
        let wait = shrinkingDelay?.nanoseconds(forLength: length) ?? delay.saturatingNanoseconds
        return wait == 0 ? .now : .after(wait)
    }

    /// The stall threshold in nanoseconds (0: no stall events).
    var stallNanoseconds: UInt64 { stallThreshold.saturatingNanoseconds }
}
