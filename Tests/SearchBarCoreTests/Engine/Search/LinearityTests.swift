import Glibc
import Testing

@testable import SearchBarCore

/// Tokenizing, adding and searching a text cost time linear in its length, on the texts where
/// the bytes alone show no grapheme boundary: runs of flags (regional indicator pairs, and an
/// odd run of single indicators), emoji with skin tones, black flags with tag sequences.
///
/// Each check times a text of `n` bytes and one of `8n`: a linear path takes about 8 times
/// as long (up to about 16 in a debug build, whose larger texts leave the caches), a quadratic
/// one 64 times. The bound, 32, holds on a loaded machine (each time is the best of several
/// runs) and the quadratic paths this suite guards exceeded it (49 to 77 times before they
/// were made linear).
@Suite("Text paths grow linearly with the text", .serialized, .slow)
struct LinearityTests {
    /// The repeated units: a flag, a lone regional indicator, a thumbs up with a skin tone,
    /// the flag of Scotland (black flag, tag letters, cancel tag), a family ZWJ sequence, and
    /// words with accents between flags.
    static let units: [(name: String, unit: String)] = [
        ("flags", "🇫🇷"), ("regional indicators", "🇫"), ("skin tones", "👍🏽"),
        ("black flag and tags", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"), ("ZWJ sequences", "👨‍👩‍👧"),
        ("accented words and flags", "Café naïve 🇫🇷 "),
    ]

    static let n = 8192
    static let bound = 32.0

    /// `unit` repeated to about `bytes` UTF-8 bytes.
    static func text(_ unit: String, bytes: Int) -> String {
        String(repeating: unit, count: max(1, bytes / unit.utf8.count))
    }

    /// The CPU time of one run of `body` on the calling thread, in seconds. Not the wall
    /// clock: on a busy 2-core machine it also counts the time other processes (and the
    /// suites running beside this one) held the cores, which put linear paths at 32 to 38
    /// times under load. The indexes here have one thread, so their work runs on the caller.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = threadCPUTime()
        try body()
        return threadCPUTime() - start
    }

    /// CPU seconds the calling thread has used.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// The time of `work(8n)` over that of `work(n)`, each at its best of three runs taken in
    /// turn (so a busy spell of the machine slows both), and of three more when the ratio is
    /// not yet within the bound.
    static func growth(_ work: (Int) throws -> Void) rethrows -> Double {
        try work(n)  // warm up (tables, iterators, memo)
        var small = Double.infinity
        var large = Double.infinity
        for round in 0..<6 {
            if round == 3 && large / small < bound { break }
            small = min(small, try seconds { try work(n) })
            large = min(large, try seconds { try work(8 * n) })
        }
        return large / max(small, 1e-6)
    }

    @Test("tokenizing", arguments: units.map(\.name))
    func tokenizing(_ name: String) {
        let unit = Self.units.first { $0.name == name }!.unit
        let analyzer = TextAnalyzer(locale: .none)
        let ratio = Self.growth { bytes in
            let tokens = analyzer.tokenize(Self.text(unit, bytes: bytes))
            #expect(!tokens.isEmpty)
        }
        #expect(ratio < Self.bound, "\(name): 8n took \(ratio) times as long as n")
    }

    @Test("adding", arguments: units.map(\.name))
    func adding(_ name: String) throws {
        let unit = Self.units.first { $0.name == name }!.unit
        let ratio = try Self.growth { bytes in
            let index = try SearchIndex(locale: .none, mode: .prefix, threads: 1)
            index.add([IndexItem(id: 1, title: Self.text(unit, bytes: bytes))])
            #expect(index.count == 1)
        }
        #expect(ratio < Self.bound, "\(name): 8n took \(ratio) times as long as n")
    }

    @Test("searching and highlighting", arguments: [MatchMode.prefix, .contains, .fuzzy])
    func searching(_ mode: MatchMode) throws {
        for (name, unit) in Self.units where name != "accented words and flags" {
            try Self.expectLinearSearch(unit, mode: mode, name)
        }
    }

    /// Searching for `unit` in an index holding it and a title of `unit` repeated grows
    /// linearly with the title.
    static func expectLinearSearch(_ unit: String, mode: MatchMode, _ name: String) throws {
        var indexes: [Int: SearchIndex] = [:]
        for bytes in [n, 8 * n] {
            let index = try SearchIndex(locale: .none, mode: mode, threads: 1)
            index.add([IndexItem(id: 1, title: text(unit, bytes: bytes)), IndexItem(id: 2, title: unit)])
            indexes[bytes] = index
        }
        let query = String(unit.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        let ratio = try growth { bytes in
            let index = indexes[bytes]!
            index.cache.removeAll()
            let hits = try index.search(query)
            #expect(hits.contains { $0.id == 1 && !$0.highlights.isEmpty })
        }
        #expect(ratio < bound, "\(name), \(mode): 8n took \(ratio) times as long as n")
    }

    /// Contains mode highlights every occurrence of each word, mapped through the item's fold
    /// patch; the accents make a patch edit between any two occurrences.
    @Test("highlighting every occurrence in an accented text", arguments: [MatchMode.prefix, .contains, .fuzzy])
    func highlightingAccentedText(_ mode: MatchMode) throws {
        try Self.expectLinearSearch("Café naïve 🇫🇷 ", mode: mode, "accented words and flags")
    }
}
