import Synchronization

/// Recent searches of an index: an exact repeat on the same snapshot is answered from here
/// (backspace is instant), and a query that extends a recent one re-examines only that one's
/// matches, segment by segment (segments added since are searched in full).
///
/// Searches of one or two characters are also kept apart, longer. They are the first
/// keystrokes of every search, the most expensive ones (the most items match), and few: a
/// user who starts another search with the same letter gets its hits at once while the index
/// has not changed, and after writes from a patch of the kept selection (``Depth``), which
/// searches only the segments added since and the kept items still live.
final class ResultCache: Sendable {
    /// One remembered search.
    struct Entry: Sendable {
        /// The compiled query.
        var query: CompiledQuery
        /// The snapshot it ran on.
        var version: UInt64
        /// Its hits.
        var hits: [SearchHit]
        /// Each hit's texts.
        var texts: [HitTexts]
        /// Per segment serial, every match (nil when there were too many to keep).
        var matches: [UInt64: [UInt32]]?
        /// The number of matches (see ``HitsWithTexts/total``).
        var total: Int
        /// True when ``total`` is exact.
        var totalIsExact: Bool
        /// A short search's deeper selection, for answering it again after writes.
        var depth: Depth? = nil
    }

    /// Recent searches remembered.
    let capacity: Int
    /// Hits kept in the short-query entries, in all (bounds their memory whatever the limits).
    let shortHitBudget: Int
    /// Queries whose folded text has at most this many characters are short.
    static let shortQueryLength = 2

    private struct State {
        /// Recent searches, least recently used first.
        var recent: [Entry] = []
        /// Short searches without their matches, least recently used first.
        var short: [Entry] = []
    }

    private let state = Mutex(State())
    private let patches = Atomic<Int>(0)

    /// Searches answered by a ``Patch`` so far (tests).
    var patchedSearches: Int { patches.load(ordering: .relaxed) }

    /// Counts a search answered by a ``Patch``.
    func notePatched() { patches.add(1, ordering: .relaxed) }

    /// A cache of `capacity` recent searches and of short searches holding up to
    /// `shortHitBudget` hits.
    init(capacity: Int = 16, shortHitBudget: Int = 8192) {
        self.capacity = capacity
        self.shortHitBudget = shortHitBudget
    }

    /// Forgets every search (tests compare fresh searches made different ways).
    func removeAll() { state.withLock { $0 = State() } }

    /// The hits of an identical search on the same snapshot, with their texts.
    func hits(for query: CompiledQuery, version: UInt64) -> Entry? {
        state.withLock { state in
            let entry = Self.use(query, version, in: &state.recent)
                ?? (Self.isShort(query) ? Self.use(query, version, in: &state.short) : nil)
            return entry
        }
    }

    /// The entry of `query` on snapshot `version` in `list`, made its most recently used.
    /// (Any snapshot's when `version` is nil.)
    private static func use(_ query: CompiledQuery, _ version: UInt64?, in list: inout [Entry]) -> Entry? {
        guard let index = list.lastIndex(where: { (version == nil || $0.version == version) && $0.query == query })
        else { return nil }
        let entry = list.remove(at: index)
        list.append(entry)
        return entry
    }

    /// The short search `query` kept with its ``Depth``, when it last ran on a snapshot older
    /// than `version`. (Never a newer one: an item removed since that snapshot is live in an
    /// older one but may be missing from the kept hits.)
    func deepShort(for query: CompiledQuery, before version: UInt64) -> Depth? {
        guard Self.isShort(query) else { return nil }
        return state.withLock { state in
            guard let entry = Self.use(query, nil, in: &state.short), entry.version < version else { return nil }
            return entry.depth
        }
    }

    /// The most specific remembered search that `query` refines and whose matches were kept.
    func base(for query: CompiledQuery) -> [UInt64: [UInt32]]? {
        state.withLock { state in
            var best: Int? = nil
            for k in state.recent.indices where state.recent[k].matches != nil && query.refines(state.recent[k].query) {
                if let current = best, state.recent[k].query.folded.count < state.recent[current].query.folded.count {
                    continue
                }
                best = k
            }
            return best.map { state.recent[$0].matches } ?? nil
        }
    }

    /// Remembers a search, forgetting the least recently used beyond capacity; a short one is
    /// also kept, without its matches, among the short searches (one entry per query, the
    /// latest snapshot's), which forget the least recently used beyond the hit budget.
    func store(_ entry: Entry) {
        state.withLock { state in
            state.recent.removeAll { $0.version == entry.version && $0.query == entry.query }
            state.recent.append(entry)
            if state.recent.count > capacity { state.recent.removeFirst(state.recent.count - capacity) }

            guard Self.isShort(entry.query), entry.hits.count <= shortHitBudget else { return }
            state.short.removeAll { $0.query == entry.query }
            var kept = entry
            kept.matches = nil
            if (kept.depth?.ids.count ?? 0) > Self.maxKeptIDs { kept.depth = nil }
            state.short.append(kept)
            var hits = state.short.reduce(0) { $0 + $1.hits.count }
            while hits > shortHitBudget { hits -= state.short.removeFirst().hits.count }
        }
    }

    /// The most ids a short entry's ``Depth`` keeps (a selection whose last run of ties is
    /// longer keeps none). An id costs 8 bytes, a hit with its texts a hundred or more, so the
    /// ids are not counted against the hit budget: a user's first keystrokes, one or two
    /// characters, are about a hundred queries, and counting the ids would halve how many
    /// are kept.
    static let maxKeptIDs = 4096

    /// The short searches kept (tests).
    var shortCount: Int { state.withLock { $0.short.count } }

    /// True when `query`'s folded text is one or two characters.
    static func isShort(_ query: CompiledQuery) -> Bool {
        guard !query.folded.isEmpty else { return false }
        var characters = 0
        for byte in query.folded where !UTF8Codec.isContinuation(byte) {
            characters += 1
            if characters > shortQueryLength { return false }
        }
        return true
    }
}
