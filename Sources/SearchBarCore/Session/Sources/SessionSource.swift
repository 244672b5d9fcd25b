/// One source of a session's sections: where its items come from and how it is asked.
///
/// A session with sources asks each of them for every query it issues (the same generation for
/// all), after the source's own delay and once the text is as long as its minimum; each answer
/// becomes the source's section (see ``SourceSection``), shown in the order the sources were
/// added. An answer of an older generation is never delivered.
public struct SessionSource: Sendable {
    /// Where a source's items come from.
    public enum Kind: Sendable {
        /// A local index, searched through its session backend (``IndexSessionBackend``).
        case local(any SessionSearchBackend)
        /// The session's recent searches that contain the text (folded).
        case recents
        /// The host's suggestions (``SearchSession/setHostSuggestions(_:beforeTyping:)``) that
        /// contain the text (folded).
        case suggestions
        /// A source the host answers: a ``SessionEventKind/sourceRequest`` event asks it, and
        /// ``SearchSession/answerSource(_:generation:items:)`` or
        /// ``SearchSession/failSource(_:generation:message:)`` answers.
        case remote
    }

    /// Where the items come from.
    public var kind: Kind
    /// The section's title ("Contacts", "On the server").
    public var title: String
    /// The most items the section shows (1...``maximumLimit``).
    public var limit: Int
    /// Decides which section keeps an item found by several sources when the session dedupes
    /// by id: the highest priority keeps it (the earlier source on a tie).
    public var priority: Int
    /// How long the source may take, from its request, before its section shows as failed
    /// with ``SearchBarError/Code/timedOut`` (nanoseconds on the session's clock; 0: no limit).
    public var timeoutNanoseconds: UInt64
    /// The fewest characters (grapheme clusters) the text must have for the source to be asked;
    /// a shorter text leaves the section idle and empty. Tokens do not count.
    public var minimumQueryLength: Int
    /// How long after the session issues a query the source is asked (nanoseconds on the
    /// session's clock; 0: at once). A newer query before then means it is never asked.
    public var delayNanoseconds: UInt64

    /// The largest ``limit``.
    public static let maximumLimit = 1000

    /// Creates a source.
    public init(
        kind: Kind, title: String, limit: Int = 20, priority: Int = 0, timeoutNanoseconds: UInt64 = 0,
        minimumQueryLength: Int = 0, delayNanoseconds: UInt64 = 0
    ) {
        self.kind = kind
        self.title = title
        self.limit = limit
        self.priority = priority
        self.timeoutNanoseconds = timeoutNanoseconds
        self.minimumQueryLength = minimumQueryLength
        self.delayNanoseconds = delayNanoseconds
    }

    /// True for a source the host answers.
    public var isRemote: Bool {
        if case .remote = kind { return true }
        return false
    }

    /// Checks the values a host chose.
    func validate() throws(SearchBarError) {
        guard (1...Self.maximumLimit).contains(limit) else {
            throw .invalidArgument("a source's limit must be between 1 and \(Self.maximumLimit), not \(limit)")
        }
        guard minimumQueryLength >= 0 else {
            throw .invalidArgument("a source's minimum query length must not be negative")
        }
    }
}
