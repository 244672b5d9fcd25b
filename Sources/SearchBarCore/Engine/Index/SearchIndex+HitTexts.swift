/// The original texts a ``SearchHit`` refers to: every field of its item, as the item was
/// added (highlight ranges are UTF-8 byte offsets into them; ``text`` is the hit's own field).
public struct HitTexts: Sendable, Equatable {
    /// The item's title.
    public var title: String
    /// The original text of the hit's ``SearchHit/field`` (the title again for a title hit).
    public var text: String
    /// The item's subtitle ("" when it has none or the index does not store subtitles).
    public var subtitle: String
    /// The item's keywords ("" when it has none or the index does not store keywords).
    public var keywords: String

    /// Creates the texts of one hit.
    public init(title: String, text: String, subtitle: String = "", keywords: String = "") {
        self.title = title
        self.text = text
        self.subtitle = subtitle
        self.keywords = keywords
    }

    /// The original text of `field`.
    public func text(of field: SearchField) -> String {
        switch field {
        case .title: title
        case .subtitle: subtitle
        case .keywords: keywords
        }
    }
}

/// What a search found: hits with their texts, both from the one snapshot the search ran on,
/// and how many items matched in all. A collection of its hits, best first.
public struct HitsWithTexts: Sendable, Equatable {
    /// The hits, best first.
    public var hits: [SearchHit]
    /// The texts of each hit, in the same order.
    public var texts: [HitTexts]
    /// The number of items that match, the hits and those skipped (``SearchOptions/offset``)
    /// or beyond the limit included; a lower bound unless ``totalIsExact``.
    public var total: Int
    /// True when ``total`` is the exact number of matches: always with
    /// ``SearchOptions/exactTotal``; otherwise when the search selected fewer hits than it
    /// could take (every match is among them), or an empty query lists every item.
    /// Otherwise ``total`` is the number of hits selected (skipped and returned).
    public var totalIsExact: Bool

    /// Pairs hits with their texts; the total defaults to the hits given, exact.
    public init(hits: [SearchHit], texts: [HitTexts], total: Int? = nil, totalIsExact: Bool = true) {
        self.hits = hits
        self.texts = texts
        self.total = total ?? hits.count
        self.totalIsExact = totalIsExact
    }
}

extension HitsWithTexts: RandomAccessCollection {
    /// The position of the first hit (0).
    public var startIndex: Int { 0 }
    /// The position after the last hit.
    public var endIndex: Int { hits.count }
    /// The hit at `position` (its texts are ``texts``[`position`]).
    public subscript(position: Int) -> SearchHit { hits[position] }
}

extension SearchIndex {
    /// The title and matched field's original text of each hit in the current snapshot (empty
    /// strings for an item no longer in the index).
    public func texts(of hits: [SearchHit]) -> [HitTexts] { Self.texts(of: hits, in: snapshot) }

    /// True when an item with one of these ids is in the index.
    public func containsAny(of ids: some Collection<UInt64>) -> Bool {
        snapshot.firstLive(among: ids) != nil
    }

    /// True when an item with one of these ids is in the index (a single-pass sequence is
    /// gathered into an array first: the check reads the ids twice).
    public func containsAny(of ids: some Sequence<UInt64>) -> Bool {
        containsAny(of: Array(ids))
    }

    /// Every field's text of one item, with `field`'s as ``HitTexts/text``.
    static func texts(of hits: [SearchHit], in snapshot: Snapshot) -> [HitTexts] {
        hits.map { hit in
            guard let (s, local) = snapshot.locate(hit.id) else { return HitTexts(title: "", text: "") }
            let segment = snapshot.segments[s].segment
            return HitTexts(segment, local, field: hit.field)
        }
    }
}

extension HitTexts {
    /// The texts of item `local` of `segment`, with `field`'s as ``text``; `title`, when the
    /// caller has read it already.
    init(_ segment: Segment, _ local: Int, field: SearchField, title: String? = nil) {
        let title = title ?? segment.originalText(.title, local)
        let subtitle = segment.originalText(.subtitle, local)
        let keywords = segment.originalText(.keywords, local)
        let text = switch field {
        case .title: title
        case .subtitle: subtitle
        case .keywords: keywords
        }
        self.init(title: title, text: text, subtitle: subtitle, keywords: keywords)
    }
}
