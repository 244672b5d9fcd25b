extension SearchIndex {
    /// Most terms examined per segment for one ``vocabulary(prefix:limit:)`` call (a one-letter
    /// prefix on a big index stays bounded).
    static let maximumVocabularyTermsScanned = 50_000
    /// Items sampled per word to find its most common original spelling.
    static let spellingSamples = 8

    /// `text` folded the way the index folds items and queries (its locale's match key).
    public func fold(_ text: String) -> String { analysis.analyzer.fold(text) }

    /// The most frequent indexed words starting with `prefix` (folded for the index's locale),
    /// most frequent first (ties in byte order of the folded word), each with the number of live
    /// items holding it and spelled as it is most often written in those items (`"Café"`, not
    /// the folded `"cafe"`, when that is how the items write it). With `scopes`, only the live
    /// items in one of those item scopes count (and give the spelling).
    public func vocabulary(prefix: String, limit: Int, scopes: Set<UInt32> = []) -> [(word: String, count: Int)] {
        guard limit > 0 else { return [] }
        let key = Array(analysis.analyzer.fold(prefix).utf8)
        guard !key.isEmpty else { return [] }
        let snapshot = self.snapshot
        // Live item counts per folded word, with where to find it.
        var counts: [[UInt8]: (count: Int, places: [(segment: Int, term: Int)])] = [:]
        for (s, view) in snapshot.segments.enumerated() {
            let segment = view.segment
            for term in segment.termRange(prefix: key).prefix(Self.maximumVocabularyTermsScanned) {
                let live = Self.liveCount(term, in: view, scopes: scopes)
                guard live > 0 else { continue }
                counts[segment.vocabulary.array(term), default: (0, [])].count += live
                counts[segment.vocabulary.array(term), default: (0, [])].places.append((s, term))
            }
        }
        let best = counts.sorted { a, b in
            a.value.count != b.value.count ? a.value.count > b.value.count : a.key.lexicographicallyPrecedes(b.key)
        }.prefix(limit)
        return best.map { entry in
            (spelling(of: entry.key, places: entry.value.places, snapshot: snapshot, scopes: scopes), entry.value.count)
        }
    }

    /// The live items of `view` holding term `t` (in one of `scopes`, when not empty).
    private static func liveCount(_ t: Int, in view: SegmentView, scopes: Set<UInt32>) -> Int {
        let segment = view.segment
        guard view.deleted != nil || !scopes.isEmpty else { return segment.postingCount(t..<(t + 1)) }
        var live = 0
        segment.postings.forEach(t) { item in
            if isCounted(Int(item), in: view, scopes: scopes) { live += 1 }
        }
        return live
    }

    /// True when item `i` of `view` is live and in one of `scopes` (any scope when empty).
    private static func isCounted(_ i: Int, in view: SegmentView, scopes: Set<UInt32>) -> Bool {
        view.isLive(i) && (scopes.isEmpty || scopes.contains(view.segment.scope(i)))
    }

    /// The most common original spelling of the folded word `key` in a sample of the items
    /// holding it (the folded word itself when none can be recovered).
    private func spelling(
        of key: [UInt8], places: [(segment: Int, term: Int)], snapshot: Snapshot, scopes: Set<UInt32>
    ) -> String {
        var seen: [String: Int] = [:]
        var sampled = 0
        for place in places where sampled < Self.spellingSamples {
            let view = snapshot.segments[place.segment]
            let segment = view.segment
            var holders = segment.postings.cursor(place.term)
            while sampled < Self.spellingSamples, let item = holders.next() {
                let i = Int(item)
                guard Self.isCounted(i, in: view, scopes: scopes), let found = originalWord(term: place.term, item: i, in: segment) else { continue }
                seen[found, default: 0] += 1
                sampled += 1
            }
        }
        let folded = String(decoding: key, as: UTF8.self)
        // Most seen; on a tie a spelling that differs from the folded word (it carries case or
        // diacritics), then the smaller string.
        return seen.max { a, b in
            if a.value != b.value { return a.value < b.value }
            if (a.key == folded) != (b.key == folded) { return a.key != folded }
            return a.key > b.key
        }?.key ?? folded
    }

    /// The original text of the first token of item `i` whose term is `term`.
    private func originalWord(term: Int, item i: Int, in segment: Segment) -> String? {
        var field: UInt32 = .max
        var position = 0
        for k in Int(segment.forwardOffsets[i])..<Int(segment.forwardOffsets[i + 1]) {
            let entry = segment.forward[k]
            let f = entry >> Segment.fieldShift
            if f != field {
                field = f
                position = 0
            }
            if Int(entry & Segment.termMask) == term, let searchField = SearchField(rawValue: f) {
                let original = segment.originalText(searchField, i)
                let ranges = Highlighter.ranges(
                    [.token(position: position, prefixBytes: nil)], original: original, analyzer: analysis.analyzer,
                    transliteration: analysis.transliteration)
                guard let range = ranges.first else { return nil }
                let utf8 = Array(original.utf8)
                guard range.lowerBound >= 0 && range.upperBound <= utf8.count else { return nil }
                return String(decoding: utf8[range], as: UTF8.self)
            }
            position += 1
        }
        return nil
    }
}
