import Testing

@testable import SearchBarCore

/// ``RankOrder`` and the search work it saves (``SearchRun``'s rank-order phase, and the passing
/// over of items on their ``RankOrderPlan/bound``) only skip work: the answers must
/// equal a search without them, hit for hit.
@Suite("Engine: the rank-order phase gives the plain scan's answers", .serialized, .slow)
struct RankOrderPhaseTests {

    @Test func rankOrderKeepsTheFirstItemsByWeightThenRankKeyThenIndex() {
        var random = SplitMix(seed: 11)
        for weighted in [false, true] {
            let count = 5000
            // Few distinct keys, so that ties on the rank key (and on the weight) are common.
            let rankKeys = (0..<count).map { _ in UInt64(random.next(below: 40)) &* 0x0101_0101_0101_0101 }
            let weightKeys = weighted ? (0..<count).map { _ in UInt32(random.next(below: 5)) &* 0x0101_0101 } : []
            let expected = (0..<count).sorted { a, b in
                let wa = weighted ? weightKeys[a] : 0
                let wb = weighted ? weightKeys[b] : 0
                if wa != wb { return wa > wb }
                if rankKeys[a] != rankKeys[b] { return rankKeys[a] < rankKeys[b] }
                return a < b
            }.map { UInt32($0) }
            for limit in [1, 2, 300, 4999, 5000, 9000] {
                let order = RankOrder(rankKeys: Column(rankKeys), weightKeys: Column(weightKeys), first: limit).order
                #expect(order == Array(expected.prefix(limit)), "weighted: \(weighted), first \(limit)")
            }
            // A segment without weight keys takes its rank-key order's first items: the same.
            if !weighted {
                let unweighted = RankOrder(unweighted: RankKeyOrder(rankKeys: Column(rankKeys))).order
                #expect(unweighted == Array(expected.prefix(RankOrder.keptItems)))
                #expect(unweighted.count == RankOrder.keptItems)
            }
        }
        #expect(RankOrder(rankKeys: [], weightKeys: [], first: 10).count == 0)
        #expect(RankOrder(rankKeys: [7], weightKeys: [], first: 10).order == [0])
        #expect(RankOrder(rankKeys: [3, 3, 3], weightKeys: [1, 1, 1], first: 2).order == [0, 1])
        #expect(RankOrder(unweighted: RankKeyOrder(rankKeys: [])).count == 0)
        #expect(RankOrder(unweighted: RankKeyOrder(rankKeys: [9, 2, 9, 2])).order == [1, 3, 0, 2])
    }

    /// Titles of common short words, so that most queries have thousands of hits at their best
    /// tier but few titles start with them; weights, subtitles, scopes, three segments with
    /// interleaved ids (an item of a later segment can win a tie on the rank key by its id) and
    /// tombstones.
    static func makeIndex() throws -> SearchIndex {
        var random = SplitMix(seed: 99)
        let words = ["lib", "share", "usr", "doc", "python", "icu", "zone", "info", "data", "local", "été", "Straße"]
        let index = try SearchIndex(threads: 2)
        // Each batch under half the one before, so that the three stay separate segments.
        for (segment, size) in [40_000, 15_000, 5_000].enumerated() {
            var batch: [IndexItem] = []
            for k in 0..<size {
                let id = UInt64(3 * k + segment)
                let title = (0..<(1 + random.next(below: 5))).map { _ in words[random.next(below: words.count)] }
                let subtitle = random.next(below: 4) == 0 ? words[random.next(below: words.count)] : ""
                batch.append(IndexItem(
                    id: id, title: "/" + title.joined(separator: "/"), subtitle: subtitle,
                    scope: UInt32(random.next(below: 3)), weight: [0, 0, 0, 1, 2.5][random.next(below: 5)]))
            }
            index.add(batch)
        }
        index.remove(ids: stride(from: UInt64(0), to: 120_000, by: 9).map { $0 })
        return index
    }

    /// Searches every query in `mode` (contains unless told) at several limits, a scope and
    /// without typos, with the phase on and off, and expects the same hits, scores and
    /// highlights; the number of hits compared.
    static func compareWithPhaseOff(
        _ index: SearchIndex, _ queries: [String], phase: WritableKeyPath<SearchTuning, Bool>, mode: MatchMode = .contains
    ) throws -> Int {
        var compared = 0
        for query in queries {
            for options in [
                SearchOptions(mode: mode, limit: 1), SearchOptions(mode: mode, limit: 20),
                SearchOptions(mode: mode, limit: 50), SearchOptions(mode: mode, limit: 500),
                SearchOptions(mode: mode, limit: 50, scopes: [1]),
                SearchOptions(mode: mode, limit: 50, typos: false),
            ] {
                let fast = try EngineTestSupport.freshSearch(index, query, options, phase: phase, on: true)
                let plain = try EngineTestSupport.freshSearch(index, query, options, phase: phase, on: false)
                #expect(fast.map(\.id) == plain.map(\.id), "ids of \(query) limit \(options.limit)")
                #expect(fast.map(\.score) == plain.map(\.score), "scores of \(query) limit \(options.limit)")
                #expect(fast.map(\.highlights) == plain.map(\.highlights), "highlights of \(query)")
                compared += plain.count
            }
        }
        return compared
    }

    @Test func rankOrderPhaseMatchesPlainScan() throws {
        let index = try Self.makeIndex()
        #expect(index.snapshot.segments.count == 3)
        let queries = [
            "l", "s", "i", "li", "sh", "share", "usr doc", "doc usr", "py", "zone info", "ete", "strasse", "ss", "o",
            "a", "hare", "/", "lib/share", "x", "info zone doc",
        ]
        let answeredBefore = index.statistics.rankOrderAnswers
        let compared = try Self.compareWithPhaseOff(index, queries, phase: \.rankOrderPhase)
        #expect(compared > 5000)
        // The phase must have answered searches, or this test compares nothing it is about.
        #expect(index.statistics.rankOrderAnswers - answeredBefore >= 5)
    }

    /// Titles where most hits of a query match inside a word and few at a word start, some of
    /// those inside a term after an apostrophe or a period (`l'ibis`, `3.14`), which only
    /// ``PunctuatedTerms`` finds: the rank-order phase's second walk, against the infix bound
    /// after the word-start items, must give the plain scan's answers.
    static func makeInfixIndex() throws -> SearchIndex {
        var random = SplitMix(seed: 5)
        let common = ["calibre", "glibc", "tribe", "vibe", "ribbon", "fibre", "bible", "gibbon", "nibble", "scribe"]
        let rare = ["ibis", "l'ibis", "d'ibiza", "o'brien", "3.14", "v2.0", "Íbice", "lib", "rock'n'roll", "be"]
        return try interleavedIndex(
            random: &random, sizes: [30_000, 10_000], weights: [0, 0, 1, 3], removeEvery: 7,
            title: { random in
                (0..<(1 + random.next(below: 4))).map { _ in
                    random.next(below: 40) == 0
                        ? rare[random.next(below: rare.count)] : common[random.next(below: common.count)]
                }.joined(separator: " ")
            },
            subtitle: { random in random.next(below: 8) == 0 ? rare[random.next(below: rare.count)] : "" })
    }

    /// Two segments of `sizes` items with interleaved ids (2k + segment), titles and subtitles
    /// from `title` and `subtitle`, scope 0 or 1 and one of `weights` at random, and every
    /// `removeEvery`-th id removed; a search runs on at most `threads` threads.
    static func interleavedIndex(
        random: inout SplitMix, sizes: [Int], weights: [Double], removeEvery: Int, threads: Int = 2,
        title: (inout SplitMix) -> String, subtitle: (inout SplitMix) -> String
    ) throws -> SearchIndex {
        let index = try SearchIndex(threads: threads)
        for (segment, size) in sizes.enumerated() {
            var batch: [IndexItem] = []
            for k in 0..<size {
                let title = title(&random)
                let subtitle = subtitle(&random)
                batch.append(IndexItem(
                    id: UInt64(2 * k + segment), title: title, subtitle: subtitle,
                    scope: UInt32(random.next(below: 2)), weight: weights[random.next(below: weights.count)]))
            }
            index.add(batch)
        }
        let upper = UInt64(2 * (sizes.max() ?? 0))
        index.remove(ids: stride(from: UInt64(0), to: upper, by: removeEvery).map { $0 })
        return index
    }

    @Test func wordStartItemsThenInfixBoundMatchPlainScan() throws {
        let index = try Self.makeInfixIndex()
        #expect(index.snapshot.segments.count == 2)
        let queries = [
            "ib", "ibi", "bi", "be", "ri", "ibb", "b", "i", "lib", "ibis", "ice", "14", "ib be", "be ib", "o'b",
            "brien", "2.0", "'i", "n'r", "ibe", "ibiz",
        ]
        let walksBefore = index.statistics.wordStartWalks
        let compared = try Self.compareWithPhaseOff(index, queries, phase: \.rankOrderPhase)
        #expect(compared > 3000)
        // The second walk must have answered searches, or this compares nothing it is about.
        #expect(index.statistics.wordStartWalks - walksBefore >= 10)
    }

    /// Words and their misspellings, in pairs.
    static let misspelledWords = [
        "python", "pyhton", "share", "shrae", "library", "libary", "zoneinfo", "zoneinof", "locale", "lcoale",
        "archive", "archvie", "Straße", "strase", "résumé", "resmue",
    ]

    /// Titles of one to four of `words` (pairs of a word and its misspelling, the misspelling
    /// one time in six, so that some queries have few hits as typed), some subtitles of one
    /// word, in two segments with weights and tombstones.
    static func misspellingsIndex(seed: UInt64, words: [String]) throws -> SearchIndex {
        var random = SplitMix(seed: seed)
        return try interleavedIndex(
            random: &random, sizes: [20_000, 6_000], weights: [0, 0, 1, 2], removeEvery: 11,
            title: { random in
                (0..<(1 + random.next(below: 4))).map { _ in
                    let w = 2 * random.next(below: words.count / 2)
                    return words[random.next(below: 6) == 0 ? w + 1 : w]
                }.joined(separator: " ")
            },
            subtitle: { random in random.next(below: 5) == 0 ? words[random.next(below: words.count)] : "" })
    }

    /// Titles of words and their misspellings: contains queries with a typo budget, some with
    /// enough hits as typed to fill the selection above the typo tier (the as-typed phase then
    /// answers without typo plans), some without; the answers must equal a search without that
    /// phase, hit for hit.
    @Test func asTypedPhaseMatchesPlainScan() throws {
        let index = try Self.misspellingsIndex(seed: 17, words: Self.misspelledWords)
        let queries = [
            "python", "pyhto", "libra", "libary", "zonei", "lcoal", "shrae", "pythn share", "librar zone", "archiv",
            "strasse", "resume", "resmu", "archvie python", "zoneinof", "xpython",
        ]
        let answeredBefore = index.statistics.asTypedAnswers
        let compared = try Self.compareWithPhaseOff(index, queries, phase: \.asTypedPhase)
        #expect(compared > 3000)
        // The phase must have answered searches, or this compares nothing it is about.
        #expect(index.statistics.asTypedAnswers - answeredBefore >= 10)
    }

    /// The as-typed phase in prefix mode, where it also spares the typo walk of the vocabulary:
    /// titles of the same words (and "data", "base"), the same queries, and queries of several
    /// words (their variants of joined words rank in the typo tier) must give a search without
    /// the phase's answers, hit for hit.
    @Test func asTypedPhaseMatchesPlainScanInPrefixMode() throws {
        let index = try Self.misspellingsIndex(seed: 23, words: Self.misspelledWords + ["data", "base"])
        let queries = [
            "pytho", "pyhto", "libra", "libary", "zonei", "lcoal", "shrae", "pythn share", "librar zone", "archiv",
            "strasse", "resume", "resmu", "archvie python", "zoneinof", "xpython", "data base", "database",
            "share pytho", "python ",
        ]
        let answeredBefore = index.statistics.asTypedAnswers
        let compared = try Self.compareWithPhaseOff(index, queries, phase: \.asTypedPhase, mode: .prefix)
        #expect(compared > 3000)
        #expect(index.statistics.asTypedAnswers - answeredBefore >= 10)
        try Self.expectTypingEqualsFresh(
            index, ["libarys", "python share", "zoneinfo", "strasse"], mode: .prefix, phase: \.asTypedPhase,
            whole: true)
    }

    /// Types each query keystroke by keystroke (the cache and refinement in play) and expects
    /// each keystroke's hits to equal a fresh search's with `phase` off: their ids, or with
    /// `whole` the hits themselves (scores and highlights too).
    static func expectTypingEqualsFresh(
        _ index: SearchIndex, _ queries: [String], mode: MatchMode, phase: WritableKeyPath<SearchTuning, Bool>, whole: Bool
    ) throws {
        for query in queries {
            var typed = ""
            for character in query {
                typed.append(character)
                let options = SearchOptions(mode: mode, limit: 30)
                let typedHits = try index.search(typed, options: options).hits
                let plain = try EngineTestSupport.freshSearch(index, typed, options, phase: phase, on: false)
                if whole {
                    #expect(typedHits == plain, "\(typed)")
                } else {
                    #expect(typedHits.map(\.id) == plain.map(\.id), "\(typed)")
                }
            }
        }
    }

    /// Typing forward after a search the rank-order phase answered keeps no matches to refine:
    /// the next keystroke must still find everything.
    @Test func typingForwardAfterARankOrderAnswer() throws {
        let index = try Self.makeIndex()
        try Self.expectTypingEqualsFresh(
            index, ["share", "python", "zone info", "strasse"], mode: .contains, phase: \.rankOrderPhase,
            whole: false)
    }

    /// A scan the index cannot narrow passes items over on their rank key once the selection
    /// is full at the rank-order bound, but an item that ties the worst kept hit's rank key
    /// still enters when its id is smaller. Here the walk of rank order gives up (thousands of
    /// titles sort before the hits and hold no `x`), so every item is scanned; the first
    /// segment's hits (large ids) fill the selection before the second segment's hits, which
    /// have the same title, so the same rank key, and smaller ids.
    @Test func denseScanPassesOverOnRankKeysOnlyItemsThatLose() throws {
        let index = try SearchIndex(threads: 1)
        // (The older segment several times bigger, so that the two are not merged.)
        for (firstID, fillers) in [(UInt64(100_000), 20_000), (UInt64(0), 2_000)] {
            var batch: [IndexItem] = []
            for k in 0..<300 { batch.append(IndexItem(id: firstID + UInt64(k), title: "b x")) }
            for k in 0..<fillers { batch.append(IndexItem(id: firstID + 1000 + UInt64(k), title: "aaaa \(k)")) }
            index.add(batch)
        }
        #expect(index.snapshot.segments.count == 2)
        let options = SearchOptions(mode: .contains, limit: 50)
        let hits = try EngineTestSupport.freshSearch(index, "x", options, phase: \.rankOrderPhase, on: true)
        #expect(hits.map(\.id) == (0..<50).map { UInt64($0) })
        let plain = try EngineTestSupport.freshSearch(index, "x", options, phase: \.rankOrderPhase, on: false)
        #expect(hits.map(\.id) == plain.map(\.id))
    }

    /// `fillers` titles without `x` (ids from 10,000) that come first in rank order and make its
    /// walk give up; `hits` titles holding `xq` (ids from 0) that share their rank key (the first
    /// 8 bytes of the sort key, as file paths share their directories); and `later` titles
    /// holding `xq` whose rank keys are greater (ids from 5,000).
    static func tiedRankKeyIndex(fillers: Int, hits: Int, later: Int) throws -> SearchIndex {
        var items = (0..<hits).map { IndexItem(id: UInt64($0), title: "bbbbbbbbbb xq\($0)") }
        items += (0..<later).map { IndexItem(id: 5_000 + UInt64($0), title: "cccccccccc xq\($0)") }
        items += (0..<fillers).map { IndexItem(id: 10_000 + UInt64($0), title: "aaaa \($0)") }
        let index = try SearchIndex(mode: .contains, threads: 1)
        index.add(items)
        return index
    }

    /// How many matches the search of `query` keeps for refining `next` (nil: none).
    static func keptMatches(_ index: SearchIndex, after query: String, for next: String) throws -> Int? {
        let options = SearchOptions(mode: .contains, limit: 50)
        index.cache.removeAll()
        _ = try index.search(query, options: options)
        let compiled = CompiledQuery(
            next, options: options, defaultMode: .prefix, analysis: index.analysis, isAttribute: { _ in false })
        return index.cache.base(for: compiled).map { $0.values.reduce(0) { $0 + $1.count } }
    }

    /// A scan of every item passes over, recorded as possible matches, the items that tie the
    /// worst kept hit's rank key with a greater id: the search keeps its matches, and the next
    /// keystroke refines them. (Passing them over unrecorded lost the refinement: typing forward
    /// after a dense one-letter query then searched afresh.)
    @Test func denseScanOfTiedRankKeysKeepsMatchesForRefinement() throws {
        let index = try Self.tiedRankKeyIndex(fillers: 6000, hits: 300, later: 0)
        #expect(try Self.keptMatches(index, after: "x", for: "xq") == 300)
        try Self.expectTypingEqualsFresh(index, ["xq"], mode: .contains, phase: \.rankOrderPhase, whole: true)
    }

    /// A list of candidates (the index narrowed `xq`) records every item it passes over on its
    /// rank key, also those whose rank key is greater than the worst kept hit's.
    @Test func candidateListPassesOverRecordingEveryItem() throws {
        let index = try Self.tiedRankKeyIndex(fillers: 6000, hits: 300, later: 300)
        #expect(try Self.keptMatches(index, after: "xq", for: "xqa") == 600)
        try Self.expectTypingEqualsFresh(index, ["xqa"], mode: .contains, phase: \.rankOrderPhase, whole: true)
    }
}
