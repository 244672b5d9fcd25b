@testable import SearchBarCore

/// Helpers for the engine tests.
enum EngineTestSupport {
    /// An index over titles, ids 1, 2, 3... in order.
    static func index(
        _ titles: [String], locale: String? = nil, mode: MatchMode = .prefix, threads: Int = 2
    ) throws -> SearchIndex {
        let index = try SearchIndex(locale: try SearchLocale(locale), mode: mode, threads: threads)
        index.add(titles.enumerated().map { IndexItem(id: UInt64($0.offset + 1), title: $0.element) })
        return index
    }

    /// The hits of `query` searched afresh (the result cache emptied, so the same query is not
    /// answered from it) with the index's tuning switch `phase` set to `on`, then back to true.
    static func freshSearch(
        _ index: SearchIndex, _ query: String, _ options: SearchOptions, phase: WritableKeyPath<SearchTuning, Bool>,
        on: Bool
    ) throws -> [SearchHit] {
        index.tuning[keyPath: phase] = on
        defer { index.tuning[keyPath: phase] = true }
        index.cache.removeAll()
        return try index.search(query, options: options).hits
    }

    /// The ids a search returns, best first.
    static func ids(_ index: SearchIndex, _ query: String, _ options: SearchOptions = SearchOptions()) throws -> [UInt64] {
        try index.search(query, options: options).map(\.id)
    }

    /// The highlighted substrings of a hit's field text.
    static func highlighted(_ hit: SearchHit, in text: String) -> [String] {
        let bytes = Array(text.utf8)
        return hit.highlights.map { String(decoding: bytes[$0], as: UTF8.self) }
    }
}
