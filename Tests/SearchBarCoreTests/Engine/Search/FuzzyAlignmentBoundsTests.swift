import Testing

@testable import SearchBarCore

/// Fuzzy mode aligns a subsequence only as far as its score can still matter to the selection
/// (``SegmentMatcher/evaluate(_:toReach:)``, ``SearchTuning/boundsFuzzyAlignment``): the
/// answers must equal those of a search that aligns every candidate in full, hit for hit,
/// score for score, highlight for highlight.
@Suite("Engine: bounded fuzzy alignment gives the full alignment's answers", .serialized, .slow)
struct FuzzyAlignmentBoundsTests {
    /// Titles of words in three scripts, mixed case, joined by spaces and punctuation (word
    /// starts of every bonus); a third have a subtitle; weights, two segments, tombstones.
    static func makeIndex(threads: Int = 2) throws -> SearchIndex {
        var random = SplitMix(seed: 32)
        let words = [
            "garten", "Haus", "gartenhaus", "kirsche", "grand", "tarte", "medecin", "médecine", "mode", "cine",
            "кошка", "кошки", "окошко", "кот", "γάτα", "γατάκι", "αγάπη", "fooBar", "foo_bar", "foobar", "FB",
            "x86_64", "face", "with", "facet", "fiche",
        ]
        let separators = [" ", " ", " ", "/", "-", "_", ".", ""]
        func phrase(_ random: inout SplitMix, _ count: Int) -> String {
            var text = words[random.next(below: words.count)]
            for _ in 1..<count {
                text += separators[random.next(below: separators.count)] + words[random.next(below: words.count)]
            }
            return text
        }
        return try RankOrderPhaseTests.interleavedIndex(
            random: &random, sizes: [12_000, 4_000], weights: [0, 0, 0, 1, 2.5], removeEvery: 11, threads: threads,
            title: { random in phrase(&random, 1 + random.next(below: 5)) },
            subtitle: { random in random.next(below: 3) == 0 ? phrase(&random, 1 + random.next(below: 3)) : "" })
    }

    /// Queries as a user types them (each keystroke), and generated subsequences of titles:
    /// scattered letters, one or two words.
    static func queries() -> [String] {
        var random = SplitMix(seed: 33)
        var queries: [String] = []
        for typed in ["garten hau", "кошк", "γάτα", "medecin", "fb", "face with", "grte", "ktrs", "xfoo"] {
            var prefix = ""
            for character in typed {
                prefix.append(character)
                queries.append(prefix)
            }
        }
        let letters = Array("gartenhauskirschemdcinкошаотγάταπηfobrxwith")
        for _ in 0..<60 {
            let length = 2 + random.next(below: 6)
            var query = String((0..<length).map { _ in letters[random.next(below: letters.count)] })
            if random.next(below: 3) == 0 {
                query += " " + String((0..<(1 + random.next(below: 3))).map { _ in letters[random.next(below: letters.count)] })
            }
            queries.append(query)
        }
        return queries
    }

    @Test func boundedAlignmentMatchesTheFullOne() throws {
        let index = try Self.makeIndex()
        let compared = try RankOrderPhaseTests.compareWithPhaseOff(
            index, Self.queries(), phase: \.boundsFuzzyAlignment, mode: .fuzzy)
        #expect(compared > 10_000)
    }
}
