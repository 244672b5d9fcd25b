/// Finds the items with a ``WordRuns`` run that no single token of theirs covers: text where
/// the tokenizer split a run of word characters (a script change with no space in between, a
/// word character it left out of every token). For every other item, a string of word
/// characters found in a folded field lies inside one token, so it is a substring of one of the
/// item's terms, which is what ``ContainsCandidates`` relies on; a segment lists these items
/// (``Segment/runExceptions``) and they are always candidates.
enum RunExceptions {
    /// True when some word run of `key` (a folded field) is not inside one of `tokens` (its
    /// token spans, in text order, with the extra ``TokenKind/part`` tokens inside the one
    /// before them). Reads only the bytes between tokens and the characters at their edges.
    static func isException<Tokens: Collection<TokenSpan>>(key: UnsafeRawBufferPointer, tokens: Tokens) -> Bool {
        let bytes = key.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress else { return false }
        let end = bytes.count
        var covered = 0  // end of the last top-level token
        var lastEndsInWord = false  // the last top-level token ends with a word character
        for token in tokens {
            let start = Int(token.keyStart)
            let stop = Int(token.keyEnd)
            guard start >= 0, stop <= end, start <= stop else { return true }
            if stop <= covered && start < covered { continue }  // a part inside the token before it
            if start < covered { return true }  // overlapping tokens: not a shape this check knows
            if start == stop { continue }
            // Between the tokens: no word character, and no run flowing from one into the next.
            if start == covered {
                if lastEndsInWord && startsWithWordCharacter(base, start, end) { return true }
            } else if containsWordCharacter(base, covered, start) {
                return true
            }
            covered = stop
            lastEndsInWord = endsWithWordCharacter(base, stop)
        }
        return containsWordCharacter(base, covered, end)
    }

    private static func containsWordCharacter(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        var k = from
        while k < to {
            let b = base[k]
            if b < 0x80 {
                if WordRuns.isASCIIWordByte(b) { return true }
                k += 1
            } else {
                let (c, n) = UTF8Codec.decode(base, k, to)
                if WordRuns.isWordCharacter(c) { return true }
                k += n
            }
        }
        return false
    }

    @inline(__always)
    private static func startsWithWordCharacter(_ base: UnsafePointer<UInt8>, _ k: Int, _ end: Int) -> Bool {
        guard k < end else { return false }
        if base[k] < 0x80 { return WordRuns.isASCIIWordByte(base[k]) }
        return WordRuns.isWordCharacter(UTF8Codec.decode(base, k, end).0)
    }

    @inline(__always)
    private static func endsWithWordCharacter(_ base: UnsafePointer<UInt8>, _ end: Int) -> Bool {
        guard end > 0 else { return false }
        if base[end - 1] < 0x80 { return WordRuns.isASCIIWordByte(base[end - 1]) }
        var start = end - 1
        while start > 0 && end - start < 4 && UTF8Codec.isContinuation(base[start]) { start -= 1 }
        return WordRuns.isWordCharacter(UTF8Codec.decode(base, start, end).0)
    }

    /// True when the ascending list `exceptions` holds item `i` (binary search).
    static func contains(_ exceptions: [UInt32], _ i: Int) -> Bool {
        let low = lowerBound(in: 0..<exceptions.count) { Int(exceptions[$0]) < i }
        return low < exceptions.count && Int(exceptions[low]) == i
    }
}
