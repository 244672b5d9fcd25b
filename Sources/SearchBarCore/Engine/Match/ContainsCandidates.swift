/// Contains mode's candidates from the index instead of a scan of every item.
///
/// A query word's longest ``WordRuns`` run must occur inside one run of a matching item's
/// folded text, so inside one of its terms (``RunExceptions`` lists the items where that does
/// not hold). The vocabulary is far smaller than the texts: searching it for the run and
/// uniting the postings of the terms that hold it gives every item that can contain the word.
/// A word without a run (Han, kana, Thai, …) narrows through ``CharPostings``; a word with a
/// typo budget adds the items of its typo terms. The words' sets are intersected.
enum ContainsCandidates {
    /// Runs shorter than this many bytes do not narrow: one ASCII letter or digit has its own
    /// ``PresenceMask`` bit, which rejects items as well as the vocabulary could.
    static let minimumRunBytes = 2

    /// A refinement of previous matches up to this many examines them as they are, without
    /// asking the index (contains and fuzzy matchers).
    static let shortRefinement = 8192

    /// The items that can match every word, ascending; nil when no word narrows the search
    /// enough to be worth it (a word whose run is held by terms with more than a third of the
    /// segment's items in postings does not narrow).
    ///
    /// When no word narrows through the index and one has neither a run nor an indexed
    /// character (an emoji or symbol: `🍕`, `→`), the texts are searched for it in one pass
    /// (``itemsHoldingBytes(_:segment:)``) instead of item by item.
    /// - Parameter typoItems: per word, the items holding a term within its typo budget.
    static func items(words: [QueryWord], typoItems: [Bitset?], segment: Segment) -> [UInt32]? {
        var result: [UInt32]?
        for (w, word) in words.enumerated() {
            guard let list = items(word, typoItems: w < typoItems.count ? typoItems[w] : nil, segment: segment) else {
                continue
            }
            result = result.map { SortedIndices.intersection($0[...], list[...]) } ?? list
            if result?.isEmpty == true { break }
        }
        if result == nil {
            for (w, word) in words.enumerated() where w >= typoItems.count || typoItems[w] == nil {
                guard isSymbolWord(word, segment: segment) else { continue }
                if let list = itemsHoldingBytes(word.key, segment: segment) { return list }
            }
        }
        return result
    }

    /// True when `word` (matched as typed) holds a character of more than one byte and the index
    /// has nothing to narrow it with: no word run long enough, no character of ``CharPostings``.
    private static func isSymbolWord(_ word: QueryWord, segment: Segment) -> Bool {
        word.key.contains { $0 >= 0xC0 } && runBytes(word) == nil
            && segment.charPostings.candidates(for: word.key) == nil
    }

    /// The items whose folded fields hold `key`, ascending, found by one pass of
    /// ``RareByteFinder`` over each field's bytes (every item's text, end to end) rather than a
    /// search per item, whose calls cost more than the bytes they read; nil when they are more
    /// than a third of the segment's items. Dead items may be among them.
    static func itemsHoldingBytes(_ key: [UInt8], segment: Segment) -> [UInt32]? {
        guard !key.isEmpty else { return nil }
        let budget = max(segment.count / 3, 1)
        var bits = Bitset(count: segment.count)
        var found = 0
        for arena in segment.folded where !arena.isBlank {
            // The offsets through a raw view (the segment keeps the arena alive).
            let offsets = RawArena(arena)
            let withinBudget = arena.bytes.withUnsafeBufferPointer { bytes -> Bool in
                key.withUnsafeBufferPointer { key -> Bool in
                    let finder = RareByteFinder(key, counts: segment.vocabularyByteCounts)
                    let count = min(segment.count, offsets.count)
                    var from = 0
                    while let hit = finder.next(in: bytes, from: from) {
                        // The item whose text holds byte `hit`: the last starting at or before it.
                        let item = lowerBound(in: 0..<count) { offsets.offset($0 + 1) <= hit }
                        guard item < count else { break }
                        let end = offsets.offset(item + 1)
                        // (A hit across two items' texts is no hit.)
                        guard hit + key.count <= end else {
                            from = hit + 1
                            continue
                        }
                        if !bits.contains(item) {
                            bits.insert(item)
                            found += 1
                            if found > budget { return false }
                        }
                        from = end
                    }
                    return true
                }
            }
            guard withinBudget else { return nil }
        }
        return bits.members(expectedCount: found)
    }

    /// The items that can contain `word`, or nil when the index cannot narrow them cheaply.
    private static func items(_ word: QueryWord, typoItems: Bitset?, segment: Segment) -> [UInt32]? {
        let run = runBytes(word)
        if typoItems == nil, run == nil, let list = segment.charPostings.candidates(for: word.key) {
            return list
        }
        return bits(word, run: run, typoItems: typoItems, segment: segment)?.members()
    }

    /// The same items as ``items(words:typoItems:segment:)`` gives for the one word `word`, as
    /// a set over the segment's items.
    static func bits(_ word: QueryWord, typoItems: Bitset?, segment: Segment) -> Bitset? {
        return bits(word, run: runBytes(word), typoItems: typoItems, segment: segment)
    }

    /// ``bits(_:typoItems:segment:)`` with the word's narrowing run (``runBytes(_:)``) found.
    private static func bits(_ word: QueryWord, run: [UInt8]?, typoItems: Bitset?, segment: Segment) -> Bitset? {
        var bits: Bitset
        if let run {
            guard let held = itemsHolding(run, segment: segment) else { return nil }
            bits = held
            for i in segment.runExceptions { bits.insert(Int(i)) }
        } else if let list = segment.charPostings.candidates(for: word.key) {
            bits = Bitset(count: segment.count)
            for i in list { bits.insert(Int(i)) }
        } else {
            return nil
        }
        if let typoItems { bits.formUnion(typoItems) }
        return bits
    }

    /// The bytes of the longest run of `word` when it is long enough to narrow, else nil.
    private static func runBytes(_ word: QueryWord) -> [UInt8]? {
        guard let longest = WordRuns.runs(word.key).max(by: { $0.count < $1.count }), longest.count >= minimumRunBytes
        else { return nil }
        return Array(word.key[longest])
    }

    /// The items holding a term that contains `piece`, or nil when those terms' postings
    /// exceed a third of the segment's items (counted before any posting is read).
    static func itemsHolding(_ piece: [UInt8], segment: Segment) -> Bitset? {
        guard let terms = terms(holding: piece, segment: segment) else { return nil }
        var bits = Bitset(count: segment.count)
        for t in terms { segment.insertHolders(of: Int(t)..<Int(t) + 1, into: &bits) }
        return bits
    }

    /// The terms that contain `piece`, ascending, or nil when their postings exceed a third of
    /// the segment's items. Typing forward, the terms of an earlier run that `piece` contains
    /// (``RunTermsCache``) are filtered instead of searching the whole vocabulary again.
    static func terms(holding piece: [UInt8], segment: Segment) -> [UInt32]? {
        if let earlier = RunTermsCache.terms(within: piece, segment: segment) {
            if earlier.run == piece { return earlier.terms }
            let terms = piece.withUnsafeBufferPointer { piece in
                earlier.terms.filter { t in ByteSearch.find(piece, in: segment.termBytes(Int(t)), from: 0) != nil }
            }
            RunTermsCache.store(piece, terms: terms, segment: segment)
            return terms
        }
        let budget = max(segment.count / 3, 1)
        var terms: [UInt32] = []
        var total = 0
        let withinBudget = segment.vocabulary.bytes.withUnsafeBufferPointer { bytes -> Bool in
            let offsets = segment.vocabularyOffsets
            return piece.withUnsafeBufferPointer { piece -> Bool in
                let finder = RareByteFinder(piece, counts: segment.vocabularyByteCounts)
                // Only the vocabulary's blocks that can hold the piece are read.
                let ranges = segment.vocabularyTrigrams.termRanges(holding: piece) ?? [0..<segment.termCount]
                for range in ranges where !range.isEmpty {
                    let low = Int(offsets[range.lowerBound])
                    let blockBytes = UnsafeBufferPointer(rebasing: bytes[low..<Int(offsets[range.upperBound])])
                    var from = 0
                    while let found = finder.next(in: blockBytes, from: from) {
                        let hit = low + found
                        let t = term(at: hit, offsets, within: range)
                        let end = Int(offsets[t + 1])
                        guard hit + piece.count <= end else {
                            from = found + 1
                            continue
                        }
                        terms.append(UInt32(truncatingIfNeeded: t))
                        total += segment.postingCount(t..<(t + 1))
                        if total > budget { return false }
                        from = end - low
                    }
                }
                return true
            }
        }
        guard withinBudget else { return nil }
        RunTermsCache.store(piece, terms: terms, segment: segment)
        return terms
    }

    /// The items of `segment` where `key` (a query word's folded key) may occur at a word start
    /// (``ByteSearch/isWordStart(_:_:)``), ascending: those holding a term that starts with it,
    /// or that holds it right after an ASCII byte other than a letter or digit (the only word
    /// starts inside a term, see ``PunctuatedTerms``), and the ``Segment/runExceptions``.
    ///
    /// Nil when `key` is not one run of word characters (``WordRuns``: only such a run lies
    /// inside one term), or when those terms have more than `limit` postings.
    static func itemsWithWordStart(_ key: [UInt8], segment: Segment, limit: Int) -> [UInt32]? {
        guard !key.isEmpty, WordRuns.runs(key) == [key.indices] else { return nil }
        let starting = segment.termRange(prefix: key)
        var total = segment.postingCount(starting)
        guard total <= limit else { return nil }
        var inside: [Int] = []
        key.withUnsafeBufferPointer { key in
            for t in segment.punctuatedTerms {
                let term = segment.termBytes(Int(t))
                var from = 1
                while let hit = ByteSearch.find(key, in: term, from: from) {
                    if PunctuatedTerms.isPunctuation(term[hit - 1]) {
                        inside.append(Int(t))
                        total += segment.postingCount(Int(t)..<Int(t) + 1)
                        break
                    }
                    from = hit + 1
                }
            }
        }
        guard total <= limit else { return nil }
        var bits = Bitset(count: segment.count)
        _ = segment.insertHolders(of: starting, into: &bits)
        for t in inside { _ = segment.insertHolders(of: t..<(t + 1), into: &bits) }
        for i in segment.runExceptions { bits.insert(Int(i)) }
        return bits.members()
    }

    /// The term of `terms` whose bytes hold byte `offset` of the vocabulary.
    @inline(__always)
    private static func term(at offset: Int, _ offsets: ArenaOffsets, within terms: Range<Int>) -> Int {
        // The last term starting at or before `offset`.
        var low = terms.lowerBound
        var high = terms.upperBound
        while high - low > 1 {
            let mid = (low + high) >> 1
            if Int(offsets[mid]) <= offset { low = mid } else { high = mid }
        }
        return low
    }
}
