import Synchronization

/// The last few typo-tolerant ``WordPlan``s, shared by all searches: while the user types
/// `alchemist m`, `alchemist ma`, … the typo walk for `alchemist` over a segment's vocabulary
/// runs once. Plans are keyed by segment serial (segments never change) and the whole word.
enum WordPlanCache {
    /// Plans kept (each holds up to one byte per vocabulary term).
    static let capacity = 8

    private struct Entry: @unchecked Sendable {
        var serial: UInt64
        var word: QueryWord
        var plan: WordPlan
    }

    private static let entries = Mutex<[Entry]>([])

    /// The plan of `word` on `segment`, from the cache when the word has a typo budget.
    static func plan(_ word: QueryWord, segment: Segment) -> WordPlan {
        guard word.typoBudget > 0 && !word.matchesAsSubstring else { return WordPlan(word, segment: segment) }
        let serial = segment.serial
        if let hit = entries.withLock({ $0.first { $0.serial == serial && $0.word == word }?.plan }) { return hit }
        let plan = WordPlan(word, segment: segment)
        entries.withLock { entries in
            entries.removeAll { $0.serial == serial && $0.word == word }
            entries.append(Entry(serial: serial, word: word, plan: plan))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return plan
    }
}
