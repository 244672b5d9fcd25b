import Testing

@testable import SearchBarCore

/// Contains mode takes its candidates from the vocabulary (``ContainsCandidates``), relying on
/// every word run of an item lying inside one of its tokens except for the items listed in
/// ``Segment/runExceptions``. Both only skip work: the answers must equal a scan of every item.
/// Fuzzy mode uses the same candidates to rule out substring matches and to examine the items
/// that may hold them first.
@Suite("Engine: contains candidates from the vocabulary give the plain scan's answers", .serialized, .slow)
struct ContainsCandidatesTests {
    /// Texts where runs of word characters meet script changes, digits, joiners, marks,
    /// apostrophes and no-space scripts with no space between them.
    static let glued = [
        "abcДЕФ", "fooカタカナbar", "x86_64", "l'été", "don’t", "日本語text", "ไทยabc", "e\u{301}cole",
        "a\u{200D}b", "a\u{00AD}b", "ǅungla", "mañana-2024", "Straße", "ﬁnance", "Ⅻ12", "١٢٣abc", "श्री", "한국어abc",
        "abc١٢٣", "🙂abc", "a.b.c", "3.14abc", "İstanbul", "ﾊﾝｶｸ", "x²y", "o'neill", "foo_bar_baz",
    ]

    /// Random multilingual items (the segment builder tests' words, hyphenated and glued runs).
    static func items(_ count: Int, seed: UInt64) -> [IndexItem] {
        var random = SplitMix(seed: seed)
        return SegmentBuilderTests.items(count, seed: seed).map { item in
            var copy = item
            if random.next(below: 3) == 0 {
                let glue = glued[random.next(below: glued.count)]
                copy = IndexItem(
                    id: item.id, title: random.next(below: 2) == 0 ? item.title + glue : glue + " " + item.title,
                    subtitle: item.subtitle, keywords: item.keywords, scope: item.scope, weight: 0)
            }
            return copy
        }
    }

    /// Substrings of the items' texts (cut at code points), with a few typos and two words.
    static func queries(_ items: [IndexItem], seed: UInt64, count: Int) -> [String] {
        var random = SplitMix(seed: seed)
        var result: [String] = []
        while result.count < count {
            let item = items[random.next(below: items.count)]
            let scalars = Array([item.title, item.subtitle, item.keywords][random.next(below: 3)].unicodeScalars)
            guard scalars.count >= 2 else { continue }
            let start = random.next(below: scalars.count - 1)
            let length = 1 + random.next(below: min(9, scalars.count - start))
            var piece = String(String.UnicodeScalarView(scalars[start..<(start + length)]))
            switch random.next(below: 6) {
            case 0: piece += " " + (glued[random.next(below: glued.count)].split(separator: "_").first.map(String.init) ?? "")
            case 1 where piece.unicodeScalars.count >= 5:
                var chars = Array(piece)
                chars.swapAt(1, 2)
                piece = String(chars)
            default: break
            }
            if !piece.trimmingWhitespace().isEmpty { result.append(piece) }
        }
        return result + glued + glued.map { String($0.dropFirst()) } + ["ab", "cд", "86_6", "tete", "ecol", "nanc"]
    }

    /// The word runs of `segment`'s items that none of the item's own terms holds, with the
    /// item (only exceptions should have any).
    static func uncoveredRuns(_ segment: Segment) -> [(item: Int, run: [UInt8])] {
        var result: [(item: Int, run: [UInt8])] = []
        for i in 0..<segment.count {
            var terms: [[UInt8]] = []
            for k in Int(segment.forwardOffsets[i])..<Int(segment.forwardOffsets[i + 1]) {
                terms.append(segment.vocabulary.array(Int(segment.forward[k] & Segment.termMask)))
            }
            for field in SearchField.allCases {
                let text = Array(segment.foldedBytes(field, i))
                for run in WordRuns.runs(text) where !terms.contains(where: { $0.firstRange(of: text[run]) != nil }) {
                    result.append((i, Array(text[run])))
                }
            }
        }
        return result
    }

    /// A search with the narrowing on or off; each index keeps its own result cache, so a
    /// narrowed index and a plain one refine only their own searches.
    static func search(_ index: SearchIndex, _ query: String, _ options: SearchOptions, narrowed: Bool) throws
        -> [SearchHit]
    {
        index.tuning.narrowsContains = narrowed
        defer { index.tuning.narrowsContains = true }
        return try index.search(query, options: options).hits
    }

    @Test func narrowedSearchesMatchPlainScan() throws {
        let items = Self.items(6000, seed: 11)
        let (index, plainIndex) = (try SearchIndex(threads: 2), try SearchIndex(threads: 2))
        for index in [index, plainIndex] {
            index.add(Array(items[..<3000]))
            index.add(Array(items[3000...]))
            index.remove(ids: items.indices.filter { $0 % 11 == 0 }.map { items[$0].id })
        }
        // Runs the tokenizer split or left out (only the exceptions can find them).
        let segment = SegmentBuilder.buildSerially(items.sorted { $0.id < $1.id }, analysis: SegmentBuilderTests.analysis)
        let uncovered = Set(Self.uncoveredRuns(segment).map { String(decoding: $0.run, as: UTF8.self) })
        #expect(uncovered.count >= 10)
        var compared = 0
        for query in Self.queries(items, seed: 5, count: 100) + uncovered.sorted().prefix(60) {
            for options in [
                SearchOptions(mode: .contains, limit: 100),
                SearchOptions(mode: .contains, limit: 20, scopes: [1], typos: false),
                // Fuzzy mode narrows which items can hold the words as substrings the same way.
                SearchOptions(mode: .fuzzy, limit: 30),
            ] {
                let fast = try Self.search(index, query, options, narrowed: true)
                let plain = try Self.search(plainIndex, query, options, narrowed: false)
                #expect(fast.map(\.score) == plain.map(\.score), "scores of \(query.debugDescription)")
                #expect(fast.map(\.id) == plain.map(\.id), "items of \(query.debugDescription)")
                compared += plain.count
            }
        }
        #expect(compared > 2000)
    }

    @Test func typingForwardMatchesPlainScan() throws {
        let items = Self.items(4000, seed: 3)
        let (index, plainIndex) = (try SearchIndex(threads: 2), try SearchIndex(threads: 2))
        index.add(items)
        plainIndex.add(items)
        for query in ["medecin", "straße", "x86_64 li", "l'ete", "日本語te", "abcде", "foo_bar", "istanbu"] {
            var typed = ""
            for character in query {
                typed.append(character)
                for mode in [MatchMode.contains, .fuzzy] {
                    let options = SearchOptions(mode: mode, limit: mode == .fuzzy ? 40 : 200)
                    let fast = try Self.search(index, typed, options, narrowed: true)
                    let plain = try Self.search(plainIndex, typed, options, narrowed: false)
                    #expect(fast.map(\.id) == plain.map(\.id), "\(mode) items of \(typed.debugDescription)")
                    #expect(fast.map(\.score) == plain.map(\.score), "\(mode) scores of \(typed.debugDescription)")
                }
            }
        }
    }

    /// What ``ContainsCandidates`` relies on, checked on the stored segment: outside the
    /// exceptions, every word run of every folded field is a substring of one of the item's terms.
    @Test func runsOutsideExceptionsLieInsideTerms() throws {
        let items = Self.items(3000, seed: 21).sorted { $0.id < $1.id }
        let segment = SegmentBuilder.buildSerially(items, analysis: SegmentBuilderTests.analysis)
        let exceptions = Set(segment.runExceptions)
        let uncovered = Self.uncoveredRuns(segment)
        for (item, run) in uncovered {
            #expect(exceptions.contains(UInt32(item)), "item \(item): \(String(decoding: run, as: UTF8.self))")
        }
        // Exceptions exist (split or untokenized runs) but stay few.
        #expect(!uncovered.isEmpty)
        #expect(segment.runExceptions.count < segment.count / 10)
    }

    /// The candidates really are narrowed for a selective word, and are complete.
    @Test func selectiveWordNarrowsCandidates() throws {
        let items = Self.items(3000, seed: 8).sorted { $0.id < $1.id }
        let segment = SegmentBuilder.buildSerially(items, analysis: SegmentBuilderTests.analysis)
        let word = QueryWord(key: Array("ДЕФ".lowercased().utf8), kind: .word, isPrefix: false, typos: false)
        let list = try #require(ContainsCandidates.items(words: [word], typoItems: [nil], segment: segment))
        let holders = (0..<segment.count).filter { i in
            SearchField.allCases.contains { Array(segment.foldedBytes($0, i)).firstRange(of: word.key) != nil }
        }
        #expect(!holders.isEmpty)
        #expect(Set(holders.map(UInt32.init)).isSubset(of: Set(list)))
        #expect(list.count < segment.count / 10)
    }

    @Test func wordRunsSplitAtNonWordCharacters() {
        func runs(_ text: String) -> [String] {
            let bytes = Array(text.utf8)
            return WordRuns.runs(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        #expect(runs("x86_64 linux") == ["x86", "64", "linux"])
        #expect(runs("médecin-été") == ["médecin", "été"])
        #expect(runs("abc猫def") == ["abc", "def"])
        #expect(runs("e\u{301}a") == ["e\u{301}a"])
        #expect(runs("१२३ abc") == ["१२३", "abc"])
        #expect(runs("🙂") == [])
        #expect(runs("") == [])
    }
}
