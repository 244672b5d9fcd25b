import Synchronization

/// Full collation sort keys of the titles an index returned lately.
///
/// Hits whose scores and rank keys tie are ordered by full collation of their titles (a rank
/// key is only a prefix of the sort key). While a user types, one keystroke's hits are mostly
/// the last one's, so their sort keys are kept here: ICU makes each title's key once instead of
/// on every keystroke. A title is named by its segment's serial and its index there; a
/// segment's texts never change and no serial is reused, so a kept key is never stale.
///
/// The table is direct-mapped: a title has one slot, and a newer key for another title in that
/// slot replaces it. Keys longer than ``maxKeyBytes`` are not kept, so the cache holds at most
/// `capacity` times that many bytes of keys.
final class SortKeyCache: Sendable {
    /// Where a title lives.
    struct Title: Equatable, Sendable {
        /// The serial of its segment (``Segment/serial``).
        var serial: UInt64
        /// Its item's index in that segment.
        var local: UInt32
    }

    /// Keys longer than this are made every time.
    static let maxKeyBytes = 256

    private struct Slot: Sendable {
        var title: Title
        var key: [UInt8]
    }

    /// Slots in the table.
    let capacity: Int
    /// Empty until the first key is kept, so an index whose hits never tie holds no table.
    private let slots = Mutex<[Slot?]>([])

    /// A cache of `capacity` slots (at least 1).
    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 1)
    }

    /// The sort key of each title's text: from the table where it holds one, else made by
    /// `collator` (and kept, when short enough). The table is locked twice, never while ICU
    /// makes a key.
    func keys(of titles: [(title: Title, text: String)], collator: Collator) -> [[UInt8]] {
        var keys = slots.withLock { slots in
            titles.map { entry -> [UInt8]? in
                guard !slots.isEmpty, let slot = slots[slotIndex(entry.title)], slot.title == entry.title else {
                    return nil
                }
                return slot.key
            }
        }
        var made: [(title: Title, key: [UInt8])] = []
        for k in keys.indices where keys[k] == nil {
            var key: [UInt8] = []
            collator.appendSortKey(titles[k].text, to: &key)
            keys[k] = key
            if key.count <= Self.maxKeyBytes { made.append((titles[k].title, key)) }
        }
        if !made.isEmpty {
            slots.withLock { slots in
                if slots.isEmpty { slots = [Slot?](repeating: nil, count: capacity) }
                for (title, key) in made { slots[slotIndex(title)] = Slot(title: title, key: key) }
            }
        }
        return keys.map { $0 ?? [] }
    }

    /// True when the table holds `title`'s key (a diagnostic for tests).
    func holds(_ title: Title) -> Bool {
        slots.withLock { slots in !slots.isEmpty && slots[slotIndex(title)]?.title == title }
    }

    /// The slot of `title`: its serial and index mixed (Fibonacci hashing), modulo the capacity.
    private func slotIndex(_ title: Title) -> Int {
        let mixed = (title.serial &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(title.local)
        return Int(((mixed &* 0xBF58_476D_1CE4_E5B9) >> 17) % UInt64(capacity))
    }
}
