@testable import SearchBarCore
import Testing

/// A segment stores its ids in 0, 4 or 8 bytes each (``ItemIDs``); every form must give back the
/// ids it was made of and find each one.
@Suite("Item ids: compact forms give back every id")
struct ItemIDsTests {
    static let cases: [(name: String, ids: [UInt64], bytesPerId: Int)] = [
        ("empty", [], 0),
        ("one", [42], 0),
        ("consecutive", Array(1000..<3000), 0),
        ("consecutive at the top", Array((UInt64.max - 10)...UInt64.max), 0),
        ("spread under 2^32", (0..<2000).map { 7 + UInt64($0) * 1_000_003 }, 4),
        ("spread over 2^32", (0..<2000).map { UInt64($0) << 40 | 5 }, 8),
        ("not ascending", [5, 3, 9, 1], 4),
        ("below the first", [UInt64.max, 0, 1], 8),
    ]

    @Test("every form gives back its ids and finds them", arguments: cases.indices)
    func roundTrip(_ c: Int) {
        let (name, ids, bytesPerId) = Self.cases[c]
        let stored = ItemIDs(ids)
        #expect(Array(stored) == ids, "\(name)")
        #expect(stored.byteSize <= ids.count * bytesPerId + 64, "\(name): \(stored.byteSize) bytes")
        guard ids == ids.sorted(), Set(ids).count == ids.count else { return }
        for (k, id) in ids.enumerated() { #expect(stored.localIndex(of: id) == k, "\(name): \(id)") }
        for id in ids where id < UInt64.max && !ids.contains(id + 1) { #expect(stored.localIndex(of: id + 1) == nil) }
        if let first = ids.first, first > 0 { #expect(stored.localIndex(of: first - 1) == nil) }
    }
}
