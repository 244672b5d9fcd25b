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

/// One change to the recent searches: what the journal of a recents file records, and what is
/// replayed to merge the changes of other sessions and processes sharing the file.
enum RecentsChange: Sendable, Equatable {
    /// `text` (already trimmed) searched at `time` on list `list`.
    case add(list: String, text: String, time: Int64)
    /// The entry of list `list` that folds like `text` was removed.
    case remove(list: String, text: String)
    /// Every entry of every list was removed.
    case clear
}

/// The recent-search lists of a session: deduplicated on folded text (case- and
/// diacritic-insensitive), newest first, limited and expired by a ``RecentsPolicy``, and
/// bounded in size so that their file always stays readable (see ``storedBytesBudget``).
struct RecentSearches: Sendable, Equatable {
    /// An entry with its folded text (folded once, when it is added or loaded) and an upper
    /// bound of its size in the file.
    struct Entry: Sendable, Equatable {
        var search: RecentSearch
        var folded: String
        var bytes: Int
    }

    /// The longest text recorded, in UTF-8 bytes: a longer search is not remembered.
    static let maximumTextBytes = SessionState.maximumLabelBytes
    /// The most the lists may take in their file (half the reader's limit, so the file stays
    /// readable with room to spare): when an addition would pass it, the oldest entries of all
    /// lists are dropped until the lists fit.
    static let storedBytesBudget = RecentsFile.maximumFileBytes / 2

    /// Entries by list key ("" for the session-wide list, else a scope title), newest first.
    private(set) var entries: [String: [Entry]] = [:]

    init() {}

    /// Lists as read from a file; each text is folded once here.
    init(lists: [String: [RecentSearch]], fold: (String) -> String) {
        for (key, list) in lists where !list.isEmpty {
            entries[key] = list.map { Self.entry($0, fold: fold) }
        }
    }

    /// The lists, for writing.
    var lists: [String: [RecentSearch]] { entries.mapValues { $0.map(\.search) } }

    /// The list for `key`, newest first.
    func list(_ key: String) -> [RecentSearch] {
        (entries[key] ?? []).map(\.search)
    }

    /// True when no list has an entry.
    var isEmpty: Bool { entries.isEmpty }

    /// Applies a change: the same change gives the same lists in every session that applies
    /// it. Returns false when it changed nothing.
    @discardableResult
    mutating func apply(_ change: RecentsChange, policy: RecentsPolicy, fold: (String) -> String) -> Bool {
        switch change {
        case .add(let key, let text, let time): add(text, key: key, time: time, policy: policy, fold: fold) != nil
        case .remove(let key, let text): remove(folded: fold(text), key: key)
        case .clear: removeAll()
        }
    }

    /// Records `text` at the front of list `key`, replacing an entry that folds the same, then
    /// keeps the lists within the limit and the size budget. Returns the change made, nil when
    /// nothing changed (blank or over-long text, a zero limit).
    mutating func add(
        _ text: String, key: String, time: Int64, policy: RecentsPolicy, fold: (String) -> String
    ) -> RecentsChange? {
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty, trimmed.utf8.count <= Self.maximumTextBytes, policy.limit > 0 else { return nil }
        let entry = Self.entry(RecentSearch(text: trimmed, time: time), fold: fold)
        var list = entries[key] ?? []
        list.removeAll { $0.folded == entry.folded }
        list.insert(entry, at: 0)
        if list.count > policy.limit { list.removeLast(list.count - policy.limit) }
        entries[key] = list
        fitBudget()
        return .add(list: key, text: trimmed, time: time)
    }

    /// Removes entry `index` of list `key`; returns the change, nil when out of range.
    mutating func remove(at index: Int, key: String) -> RecentsChange? {
        guard let list = entries[key], list.indices.contains(index) else { return nil }
        let text = list[index].search.text
        _ = remove(folded: list[index].folded, key: key)
        return .remove(list: key, text: text)
    }

    /// Removes the entry of list `key` that folds to `folded`; false when there is none.
    mutating func remove(folded: String, key: String) -> Bool {
        guard var list = entries[key], let index = list.firstIndex(where: { $0.folded == folded }) else { return false }
        list.remove(at: index)
        entries[key] = list.isEmpty ? nil : list
        return true
    }

    /// Forgets every entry of every list; false when there was none.
    @discardableResult
    mutating func removeAll() -> Bool {
        defer { entries.removeAll() }
        return !entries.isEmpty
    }

    /// Drops expired entries and trims lists to the limit; true when something was dropped.
    mutating func prune(now: Int64, policy: RecentsPolicy) -> Bool {
        var changed = false
        for (key, list) in entries {
            var kept = list
            if let expiry = policy.expiryMilliseconds {
                let cutoff = now.subtractingSaturated(expiry)
                kept.removeAll { $0.search.time < cutoff }
            }
            if kept.count > policy.limit { kept.removeLast(kept.count - policy.limit) }
            if kept.count != list.count {
                changed = true
                entries[key] = kept.isEmpty ? nil : kept
            }
        }
        return changed
    }

    /// An upper bound of the size of the lists' file (``RecentsFile/encode(_:)``).
    var storedBytes: Int {
        var total = 64  // {"format":"searchbar-recents","version":1,"lists":{ ... }}\n
        for (key, list) in entries {
            total += Self.encodedLength(key) + 4  // "key":[...],
            for entry in list { total += entry.bytes }
        }
        return total
    }

    /// Drops the oldest entries until the lists fit ``storedBytesBudget``: each time the last
    /// (oldest) entry of the list whose last entry is oldest, the first key among equal times.
    mutating func fitBudget() {
        var total = storedBytes
        while total > Self.storedBytesBudget {
            var oldest: (time: Int64, key: String)?
            for (key, list) in entries {
                guard let last = list.last else { continue }
                let candidate = (time: last.search.time, key: key)
                if oldest.map({ candidate < $0 }) ?? true { oldest = candidate }
            }
            guard let oldest, var list = entries[oldest.key], let dropped = list.popLast() else { return }
            total -= dropped.bytes
            if list.isEmpty {
                total -= Self.encodedLength(oldest.key) + 4
                entries[oldest.key] = nil
            } else {
                entries[oldest.key] = list
            }
        }
    }

    /// `text` without leading and trailing whitespace.
    static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }

    private static func entry(_ search: RecentSearch, fold: (String) -> String) -> Entry {
        // {"text":<text>,"time":<at most 20 characters>},
        Entry(search: search, folded: fold(search.text), bytes: encodedLength(search.text) + 38)
    }

    /// The length of `text` as a JSON string with its quotes (``JSONValue/encodeString``).
    static func encodedLength(_ text: String) -> Int {
        var length = 2
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}": length += 2
            case "\u{2028}", "\u{2029}": length += 6
            default: length += scalar.value < 0x20 ? 6 : UTF8.width(scalar)
            }
        }
        return length
    }
}
