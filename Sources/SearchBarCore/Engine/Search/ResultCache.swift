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
        /// Each hit's texts, when the search read them.
        var texts: [HitTexts]?
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

    /// The hits of an identical search on the same snapshot, with their texts when that search
    /// read them.
    func hits(for query: CompiledQuery, version: UInt64) -> (hits: [SearchHit], texts: [HitTexts]?)? {
        entries.withLock { entries in
            guard let index = entries.lastIndex(where: { $0.version == version && $0.query == query }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return (entry.hits, entry.texts)
        }
    }

    /// The most specific remembered search that `query` refines and whose matches were kept.
    func base(for query: CompiledQuery) -> [UInt64: [UInt32]]? {
        entries.withLock { entries in
            var best: Int? = nil
            for k in entries.indices where entries[k].matches != nil && query.refines(entries[k].query) {
                if let current = best, entries[k].query.folded.count < entries[current].query.folded.count { continue }
                best = k
            }
            return best.map { entries[$0].matches } ?? nil
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
