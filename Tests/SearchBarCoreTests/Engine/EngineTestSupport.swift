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
