import Testing

@testable import SearchBarCore

@Suite("Sample dataset: names weighted by their reach")
struct SampleWeightTests {
    static let zones = SampleDataset.items(scopes: [.timeZones], locales: ["da", "de", "en", "es", "fr", "nl"])

    @Test("a name's weight counts the locales that give the same thing that name")
    func weightIsTheReachOfTheName() {
        func weights(_ title: String) -> Set<Double> {
            Set(Self.zones.filter { $0.title == title && $0.subtitle.contains("Europe/Zurich") }.map(\.weight))
        }
        // da, de and nl say Zürich; en and fr say Zurich; es says Zúrich.
        #expect(weights("Zürich") == [3])
        #expect(weights("Zurich") == [2])
        #expect(weights("Zúrich") == [1])
    }

    @Test("the more widely used spelling ranks first among equal hits")
    func widerReachRanksFirst() throws {
        let index = try SearchIndex()
        index.add(Self.zones)
        let hits = try index.search("zur", options: SearchOptions(limit: 3)).hits
        let titles = hits.map { hit in Self.zones.first { $0.id == hit.id }!.title }
        #expect(titles == ["Zürich", "Zürich", "Zürich"])
    }

    @Test("characters and emoji carry no weight")
    func charactersAreUnweighted() {
        let characters = SampleDataset.items(scopes: [.emoji], locales: ["en"])
        #expect(!characters.isEmpty && characters.allSatisfy { $0.weight == 0 })
    }
}
