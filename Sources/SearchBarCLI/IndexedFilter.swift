import SearchBarCore

/// The index path of `searchbar filter`, kept for measuring the engine: `--keystrokes` types
/// the query (and `--queries`) one keystroke at a time against a ``SearchIndex`` built from
/// standard input and prints per-keystroke latency; `--stats` prints the index's bytes per
/// structure. The lines printed are the engine's hits for the query (at most
/// ``SearchOptions/maxLimit``), best first.
struct IndexedFilter {
    var query: String
    var mode: MatchMode
    var locale: SearchLocale
    var limit: Int
    var threads: Int
    var extended: Bool
    var typos: Bool
    var keystrokes: Bool
    var queries: String?
    var rounds: Int
    var timing: Bool
    var stats: Bool
    var transliterate = false
    /// The fields indexed (only the title holds text; the others are empty for every line).
    var fields: SearchFields = .title

    /// Runs it; returns the number of lines printed.
    func run() throws -> Int {
        let lines = StandardInput.read()
        var clock = Stopwatch()
        if threads > 0 { try ProcessPool.configure(threads: threads) }
        let index = try SearchIndex(locale: locale, mode: mode, fields: fields, transliterate: transliterate)
        try index.add(count: lines.count) { n in IndexItem(id: UInt64(n), title: lines.line(n)) }
        let buildTime = clock.lap()
        let options = SearchOptions(
            mode: mode, limit: min(limit, SearchOptions.maxLimit), extendedSyntax: extended, typos: typos)
        if keystrokes {
            var typedQueries = [query]
            if let queries {
                guard let text = StandardInput.readFile(queries) else {
                    throw FilterError("cannot read --queries file \(queries)")
                }
                typedQueries += text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            }
            var latencies: [Double] = []
            for _ in 0..<rounds {
                for typedQuery in typedQueries {
                    var typed = ""
                    var perQuery: [Double] = []
                    for character in typedQuery {
                        typed.append(character)
                        _ = clock.lap()
                        _ = try index.search(typed, options: options)
                        perQuery.append(clock.lap())
                    }
                    latencies += perQuery
                    printError("per keystroke of \(typedQuery): " + perQuery.map { Stopwatch.format($0) }.joined(separator: ", "))
                }
            }
            printError(Stopwatch.summary("keystrokes", latencies))
        }
        _ = clock.lap()
        let hits = try index.search(query, options: options)
        let searchTime = clock.lap()
        var out = BufferedOutput()
        for hit in hits where hit.id < UInt64(lines.count) {
            out.write(lines.line(Int(hit.id)))
            out.write("\n")
        }
        out.flush()
        if stats {
            let parts = index.storageBreakdown()
            let total = parts.reduce(0) { $0 + $1.bytes }
            for part in parts + [("total", total)] {
                printError("\(part.name): \(part.bytes / 1024) KiB")
            }
        }
        if timing {
            printError("lines \(lines.count)  build \(Stopwatch.format(buildTime))  search \(Stopwatch.format(searchTime))  hits \(hits.count)  rss \(StandardInput.residentMegabytes()) MB")
        }
        return hits.count
    }
}
