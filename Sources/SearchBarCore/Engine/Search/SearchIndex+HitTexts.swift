/// The original texts a ``SearchHit`` refers to: its title and the text of its matched field,
/// as the item was added (highlight ranges are UTF-8 byte offsets into ``text``).
public struct HitTexts: Sendable, Equatable {
    /// The item's title.
    public var title: String
    /// The original text of the hit's ``SearchHit/field`` (the title again for a title hit).
    public var text: String

    /// Creates the texts of one hit.
    public init(title: String, text: String) {
        self.title = title
        self.text = text
    }
}

extension SearchIndex {
    /// Searches like ``search(_:options:cancellation:)`` and also returns, for each hit, its
    /// title and matched field's original text, read from the snapshot the search ran on: when
    /// a writer publishes a batch while the search runs, the search is repeated (at most 3
    /// times; after that the texts come from the newest snapshot, where a replaced item's text
    /// may no longer be the one its highlights were computed on).
    /// - Throws: what ``search(_:options:cancellation:)`` throws.
    public func searchWithTexts(
        _ query: String, options: SearchOptions = SearchOptions(), cancellation: CancellationFlag? = nil
    ) throws(SearchBarError) -> (hits: [SearchHit], texts: [HitTexts]) {
        var attempt = 0
        while true {
            let before = snapshot
            let hits = try search(query, options: options, cancellation: cancellation)
            let after = snapshot
            attempt += 1
            if before.version == after.version || attempt >= 3 {
                return (hits, Self.texts(of: hits, in: after))
            }
        }
    }

    /// The title and matched field's original text of each hit in the current snapshot (empty
    /// strings for an item no longer in the index).
    public func texts(of hits: [SearchHit]) -> [HitTexts] { Self.texts(of: hits, in: snapshot) }

    /// True when an item with one of these ids is in the index.
    public func containsAny(of ids: some Sequence<UInt64>) -> Bool {
        let snapshot = self.snapshot
        guard snapshot.liveCount > 0 else { return false }
        for id in ids where snapshot.locate(id) != nil { return true }
        return false
    }

    private static func texts(of hits: [SearchHit], in snapshot: Snapshot) -> [HitTexts] {
        hits.map { hit in
            guard let (s, local) = snapshot.locate(hit.id) else { return HitTexts(title: "", text: "") }
            let segment = snapshot.segments[s].segment
            let title = segment.originalText(.title, local)
            return HitTexts(title: title, text: hit.field == .title ? title : segment.originalText(hit.field, local))
        }
    }
}
