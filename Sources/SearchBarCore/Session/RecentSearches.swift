/// One remembered search.
public struct RecentSearch: Sendable, Equatable {
    /// The search text as the user last typed it.
    public var text: String
    /// When it was last searched, in milliseconds since the Unix epoch.
    public var time: Int64

    /// Creates an entry.
    public init(text: String, time: Int64) {
        self.text = text
        self.time = time
    }
}

/// How recent searches are kept (NSSearchField's `maximumRecents`, Safari's private browsing).
public struct RecentsPolicy: Sendable, Equatable {
    /// The largest ``limit`` (NSSearchField's maximum).
    public static let maximumLimit = 254

    /// At most this many searches per list, newest first. Default 10; 0 keeps none.
    public var limit: Int = 10
    /// Keep one list per scope title instead of one for the whole session.
    public var perScope: Bool = false
    /// Searches older than this are forgotten; nil keeps them forever.
    public var expiry: Duration? = nil
    /// Record nothing (existing entries stay and are still offered).
    public var isPrivate: Bool = false

    /// The default policy.
    public init() {}

    /// Creates a policy; see the properties for the defaults.
    public init(limit: Int = 10, perScope: Bool = false, expiry: Duration? = nil, isPrivate: Bool = false) {
        self.limit = limit
        self.perScope = perScope
        self.expiry = expiry
        self.isPrivate = isPrivate
    }

    /// Throws ``SearchBarError/Code/invalidArgument`` for a limit outside 0...254 or a
    /// non-positive expiry.
    public func validate() throws(SearchBarError) {
        guard (0...Self.maximumLimit).contains(limit) else {
            throw .invalidArgument("the recent-search limit must be between 0 and \(Self.maximumLimit)")
        }
        if let expiry, expiry <= .zero {
            throw .invalidArgument("the recent-search expiry must be positive (or none)")
        }
    }

    /// The expiry in milliseconds, if any.
    var expiryMilliseconds: Int64? {
        expiry.map { Int64(clamping: $0.saturatingNanoseconds / 1_000_000) }
    }
}

/// The recent-search lists of a session: deduplicated on folded text (case- and
/// diacritic-insensitive), newest first, limited and expired by a ``RecentsPolicy``.
struct RecentSearches: Sendable, Equatable {
    /// Lists by key: "" for the session-wide list, else a scope title.
    private(set) var lists: [String: [RecentSearch]] = [:]

    init(lists: [String: [RecentSearch]] = [:]) {
        self.lists = lists.filter { !$0.value.isEmpty }
    }

    /// The list for `key`, newest first.
    func list(_ key: String) -> [RecentSearch] {
        lists[key] ?? []
    }

    /// True when no list has an entry.
    var isEmpty: Bool { lists.isEmpty }

    /// Records `text` at the front of list `key`, replacing an entry that folds the same.
    /// Returns false when nothing changed (blank text or a zero limit).
    mutating func add(
        _ text: String, key: String, time: Int64, policy: RecentsPolicy, fold: (String) -> String
    ) -> Bool {
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty, policy.limit > 0 else { return false }
        let folded = fold(trimmed)
        var list = lists[key] ?? []
        list.removeAll { fold($0.text) == folded }
        list.insert(RecentSearch(text: trimmed, time: time), at: 0)
        if list.count > policy.limit { list.removeLast(list.count - policy.limit) }
        lists[key] = list
        return true
    }

    /// Removes entry `index` of list `key`; false when out of range.
    mutating func remove(at index: Int, key: String) -> Bool {
        guard var list = lists[key], list.indices.contains(index) else { return false }
        list.remove(at: index)
        lists[key] = list.isEmpty ? nil : list
        return true
    }

    /// Forgets every entry of every list.
    mutating func removeAll() {
        lists.removeAll()
    }

    /// Drops expired entries and trims lists to the limit; true when something was dropped.
    mutating func prune(now: Int64, policy: RecentsPolicy) -> Bool {
        var changed = false
        for (key, list) in lists {
            var kept = list
            if let expiry = policy.expiryMilliseconds {
                let cutoff = now.subtractingSaturated(expiry)
                kept.removeAll { $0.time < cutoff }
            }
            if kept.count > policy.limit { kept.removeLast(kept.count - policy.limit) }
            if kept.count != list.count {
                changed = true
                lists[key] = kept.isEmpty ? nil : kept
            }
        }
        return changed
    }

    /// `text` without leading and trailing whitespace.
    static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
