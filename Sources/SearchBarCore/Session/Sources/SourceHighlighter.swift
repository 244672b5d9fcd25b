/// Highlights items a source sent without highlights (a remote server's, the recents, the
/// host's suggestions) with the engine's own matching and folding, so they read the same as a
/// local index's: the items go into a small index of the session's locale, searched in
/// contains mode for the query, and each hit's title and subtitle ranges are kept.
enum SourceHighlighter {
    /// `items` with their title and subtitle highlights for `query` (its text and term tokens);
    /// an item the engine does not match keeps none. The order and the items are unchanged.
    static func highlight(_ items: [SourceItem], for query: SessionQuery, locale: SearchLocale) -> [SourceItem] {
        let terms = query.tokens.filter { $0.kind == .term && !$0.value.isEmpty }.map(\.value)
        guard !items.isEmpty, !query.text.isEmpty || !terms.isEmpty else { return items }
        guard let index = try? SearchIndex(locale: locale, mode: .contains, fields: .all) else { return items }
        // Positions as ids: the host's ids may repeat.
        index.add(items.enumerated().map { i, item in IndexItem(id: UInt64(i), title: item.title, subtitle: item.subtitle) })
        let options = SearchOptions(mode: .contains, limit: items.count, typos: true)
        guard let found = try? index.search(query.text, terms: terms, options: options) else { return items }
        var result = items
        for hit in found.hits where hit.id < UInt64(items.count) {
            let i = Int(hit.id)
            result[i].titleHighlights = hit.highlights(in: .title)
            result[i].subtitleHighlights = hit.highlights(in: .subtitle)
        }
        return result
    }

    /// The items of a local search: their texts and the engine's highlights.
    static func items(_ results: SessionResults, limit: Int) -> [SourceItem] {
        var items: [SourceItem] = []
        for (i, hit) in results.hits.prefix(limit).enumerated() {
            let texts = results.texts.flatMap { i < $0.count ? $0[i] : nil }
            items.append(
                SourceItem(
                    id: hit.id, title: texts?.title ?? "", subtitle: texts?.subtitle ?? "", score: Double(hit.score),
                    titleHighlights: hit.highlights(in: .title), subtitleHighlights: hit.highlights(in: .subtitle)))
        }
        return items
    }
}
