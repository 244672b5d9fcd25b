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
        let (hit, shorter) = entries.withLock { entries in
            (entries.first { $0.serial == serial && $0.word == word }?.plan,
             entries.filter { $0.serial == serial && extends(word, $0.word) }
                .max { $0.word.codePoints.count < $1.word.codePoints.count }?.plan)
        }
        if let hit { return hit }
        let plan = WordPlan(word, segment: segment, within: shorter?.ranges)
        entries.withLock { entries in
            entries.removeAll { $0.serial == serial && $0.word == word }
            entries.append(Entry(serial: serial, word: word, plan: plan))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return plan
    }

    /// True when `word` is `shorter` typed further: both prefix words with the same typo budget,
    /// `shorter`'s code points a proper prefix of `word`'s. Then every term `word` matches is
    /// one `shorter` matches (see ``TypoWalk/walkDomain(_:sameFirst:)``), so the typo walk of
    /// `word` visits only `shorter`'s terms: typing a long word forward walks the vocabulary once
    /// per budget, not once per letter.
    static func extends(_ word: QueryWord, _ shorter: QueryWord) -> Bool {
        word.isPrefix && shorter.isPrefix && word.typoBudget == shorter.typoBudget
            && !shorter.matchesAsSubstring && shorter.codePoints.count < word.codePoints.count
            && word.codePoints.starts(with: shorter.codePoints)
    }
}
