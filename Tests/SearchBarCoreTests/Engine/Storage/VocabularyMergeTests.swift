@testable import SearchBarCore
import Testing

/// ``VocabularyMerge`` sorts each range's interned terms with ``VocabularyMerge/sortedTerms(_:)``,
/// which copies through raw pointers: it must give ``SegmentBuilder/sortedVocabulary(_:)``'s
/// arena and ranks.
@Suite("Vocabulary merge: sorted terms")
struct VocabularyMergeTests {
    @Test("sorted terms equal the plain sort's, on multilingual words, empty strings and none", arguments: [0, 1, 2, 500, 4000])
    func sortedTermsEqualPlainSort(count: Int) {
        let words = SegmentBuilderTests.items(count, seed: UInt64(count) + 3)
            .flatMap { $0.title.split(separator: " ", omittingEmptySubsequences: false).map(String.init) }
            .prefix(count)
        var arena = ByteArena()
        for word in words { arena.append(word) }
        let (sorted, rank) = VocabularyMerge.sortedTerms(arena)
        let (expected, expectedRank) = SegmentBuilder.sortedVocabulary(arena)
        #expect(sorted.count == expected.count)
        #expect(sorted.bytes == expected.bytes)
        #expect(sorted.expandedOffsets() == expected.expandedOffsets())
        #expect(rank == expectedRank)
    }
}
