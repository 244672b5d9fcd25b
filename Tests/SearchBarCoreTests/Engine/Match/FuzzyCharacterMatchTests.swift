import Testing

@testable import SearchBarCore

/// Fuzzy matching is by characters, not bytes: a query character never "matches" the lead byte
/// of one text character and the continuation bytes of others. Each text below holds every
/// byte of the query character in order, but not the character (bytes worked out by hand).
@Suite("Engine: fuzzy matches whole characters")
struct FuzzyCharacterMatchTests {
    private let fuzzy = SearchOptions(mode: .fuzzy)

    /// (query, a text that holds the query's bytes in order but not its characters, a text
    /// that does hold them).
    static let cases: [(String, String, String)] = [
        // Cyrillic к = D0 BA; о = D0 BE, ƺ = C6 BA: D0 … BA.
        ("к", "оƺ", "оƺк"),
        // Greek λ = CE BB; ο = CE BF, ϻ = CF BB: CE … BB.
        ("λ", "οϻ", "οϻλ"),
        // CJK 中 = E4 B8 AD; 一 = E4 B8 80, 字 = E5 AD 97: E4 B8 … AD.
        ("中", "一字", "一字中"),
        // Emoji 😀 = F0 9F 98 80; 😈 = F0 9F 98 88, 🚀 = F0 9F 9A 80: F0 9F 98 … 80.
        ("😀", "😈🚀", "😈🚀😀"),
        // A character after an ASCII one: a, then к split over о and ƺ.
        ("aк", "a оƺ", "a оƺ к"),
        // Two characters, the second split: о (D0 BE) whole, then к over ж (D0 B6) and ƺ.
        ("ок", "ожƺ", "ожƺк"),
    ]

    @Test("a split character is no match", arguments: 0..<cases.count)
    func splitCharacterIsNoMatch(_ n: Int) throws {
        let (query, split, whole) = Self.cases[n]
        let index = try EngineTestSupport.index([split, whole], mode: .fuzzy)
        #expect(try EngineTestSupport.ids(index, query, fuzzy) == [2])
        let hit = try #require(try index.search(query, options: fuzzy).first)
        // The highlights cover whole characters of the query.
        #expect(EngineTestSupport.highlighted(hit, in: whole).joined() == query)
    }

    @Test("the greedy pass places whole characters", arguments: 0..<cases.count)
    func forwardPlacesWholeCharacters(_ n: Int) {
        let (query, split, whole) = Self.cases[n]
        let pattern = Array(query.utf8)
        pattern.withUnsafeBufferPointer { p in
            Array(split.utf8).withUnsafeBufferPointer { t in
                #expect(FuzzyScorer.window(p, in: t) == nil)
            }
            let text = Array(whole.utf8)
            text.withUnsafeBufferPointer { t in
                let window = FuzzyScorer.window(p, in: t)
                #expect(window != nil)
                guard let window else { return }
                var positions: [Int] = []
                _ = FuzzyScorer.score(p, in: t, window: window, positions: &positions)
                #expect(positions.map { text[$0] } == pattern)
                // Every placed character starts where a text character starts.
                #expect(positions.allSatisfy { text[$0] & 0xC0 != 0x80 || positions.contains($0 - 1) })
            }
        }
    }
}
