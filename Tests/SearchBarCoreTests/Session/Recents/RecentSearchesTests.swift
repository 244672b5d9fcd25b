import Testing

@testable import SearchBarCore

/// The recent-search lists stay small enough for their file to be read back.
@Suite struct RecentSearchesTests {
    @Test func escapeHeavyEntriesStayWithinTheBudgetNewestKept() {
        var recents = RecentSearches()
        let policy = RecentsPolicy(limit: 254)
        let prefix = String(repeating: "\u{01}", count: 4090)  // 24 KiB once escaped
        for n in 0..<254 {
            _ = recents.add(prefix + String(n), key: "", time: Int64(n), policy: policy) { $0 }
        }
        let encoded = RecentsFile.encode(recents.lists).utf8.count
        #expect(encoded <= recents.storedBytes, "storedBytes is an upper bound of the file's size")
        #expect(recents.storedBytes <= RecentSearches.storedBytesBudget)
        #expect(RecentSearches.storedBytesBudget < RecentsFile.maximumFileBytes)
        let texts = recents.list("").map { $0.text }
        #expect(texts.count > 40)
        #expect(texts.enumerated().allSatisfy { $0.element == prefix + String(253 - $0.offset) }, "the newest, in order")
    }

    @Test func theOldestEntryOfAnyListGoesFirst() {
        var recents = RecentSearches()
        let policy = RecentsPolicy(limit: 254)
        let big = String(repeating: "\u{01}", count: 4000)
        _ = recents.add(big + "old", key: "Mail", time: 1, policy: policy) { $0 }
        for n in 0..<100 { _ = recents.add(big + String(n), key: "", time: Int64(10 + n), policy: policy) { $0 } }
        #expect(recents.list("Mail").isEmpty)
        #expect(recents.list("").first?.text == big + "99")
    }

    @Test func overLongSearchesAreNotRecorded() {
        var recents = RecentSearches()
        let long = String(repeating: "x", count: RecentSearches.maximumTextBytes + 1)
        #expect(recents.add(long, key: "", time: 0, policy: RecentsPolicy()) { $0 } == nil)
        #expect(recents.isEmpty)
        #expect(recents.add(String(long.dropFirst()), key: "", time: 0, policy: RecentsPolicy()) { $0 } != nil)
    }
}
