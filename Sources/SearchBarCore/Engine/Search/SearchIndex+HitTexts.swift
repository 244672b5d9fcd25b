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

/// Hits with their texts, both from the one snapshot a search ran on.
public struct HitsWithTexts: Sendable, Equatable {
    /// The hits, best first.
    public var hits: [SearchHit]
    /// The texts of each hit, in the same order.
    public var texts: [HitTexts]

    /// Pairs hits with their texts.
    public init(hits: [SearchHit], texts: [HitTexts]) {
        self.hits = hits
        self.texts = texts
    }
}

extension SearchIndex {
    /// Searches like ``search(_:options:cancellation:)`` and also returns, for each hit, its
    /// title and matched field's original text, read from the snapshot the search ran on: a
    /// batch a writer publishes meanwhile (which may replace a hit's item) changes neither, so
    /// the highlight ranges always index the text they were computed on.
    /// - Throws: what ``search(_:options:cancellation:)`` throws.
    public func searchWithTexts(
        _ query: String, options: SearchOptions = SearchOptions(), cancellation: CancellationFlag? = nil
    ) throws(SearchBarError) -> HitsWithTexts {
        try search(query, options: options, cancellation: cancellation, on: snapshot, texts: true)
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

    static func texts(of hits: [SearchHit], in snapshot: Snapshot) -> [HitTexts] {
        hits.map { hit in
            guard let (s, local) = snapshot.locate(hit.id) else { return HitTexts(title: "", text: "") }
            let segment = snapshot.segments[s].segment
            let title = segment.originalText(.title, local)
            return HitTexts(title: title, text: hit.field == .title ? title : segment.originalText(hit.field, local))
        }
    }
}
