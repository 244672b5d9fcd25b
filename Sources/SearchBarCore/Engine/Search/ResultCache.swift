import Synchronization

/// Recent searches of an index: an exact repeat on the same snapshot is answered from here
/// (backspace is instant), and a query that extends a recent one re-examines only that one's
/// matches, segment by segment (segments added since are searched in full).
final class ResultCache: Sendable {
    /// One remembered search.
    struct Entry: Sendable {
        /// The compiled query.
        var query: CompiledQuery
        /// The snapshot it ran on.
        var version: UInt64
        /// Its hits.
        var hits: [SearchHit]
        /// Per segment serial, every match (nil when there were too many to keep).
        var matches: [UInt64: [UInt32]]?
    }

    /// Searches remembered.
    let capacity: Int
    private let entries = Mutex<[Entry]>([])

    /// A cache of `capacity` searches.
    init(capacity: Int = 16) { self.capacity = capacity }

    /// Forgets every search (tests compare fresh searches made different ways).
    func removeAll() { entries.withLock { $0.removeAll() } }

    /// The hits of an identical search on the same snapshot.
    func hits(for query: CompiledQuery, version: UInt64) -> [SearchHit]? {
        entries.withLock { entries in
            guard let index = entries.lastIndex(where: { $0.version == version && $0.query == query }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.hits
        }
    }

    /// The most specific remembered search that `query` refines and whose matches were kept.
    func base(for query: CompiledQuery) -> [UInt64: [UInt32]]? {
        entries.withLock { entries in
            var best: Entry? = nil
            for entry in entries where entry.matches != nil && query.refines(entry.query) {
                if let current = best, entry.query.folded.count < current.query.folded.count { continue }
                best = entry
            }
            return best?.matches
        }
    }

    /// Remembers a search, forgetting the least recently used beyond capacity.
    func store(_ entry: Entry) {
        entries.withLock { entries in
            entries.removeAll { $0.version == entry.version && $0.query == entry.query }
            entries.append(entry)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }

    /// Forgets everything.
    func clear() { entries.withLock { $0.removeAll() } }
}
