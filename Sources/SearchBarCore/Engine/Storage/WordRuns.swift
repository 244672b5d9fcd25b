/// Word runs: the maximal runs of word characters in a folded text, where a word character is
/// a letter, mark or digit (general categories L, M, N) outside the scripts written without
/// spaces. A tokenizer never splits inside such a run for ordinary text ("médecin", "x86",
/// "ü"), which lets ``ContainsCandidates`` answer contains-mode words from the vocabulary:
/// a substring made of word characters lies inside one run of the text, and so inside one
/// term, unless the item is one of the few ``Segment/runExceptions``.
///
/// Characters of no-space scripts (Han, kana, Thai, …) are not word characters: dictionary
/// segmentation splits their runs anywhere, and ``CharPostings`` covers them instead.
enum WordRuns {
    /// True for a word character.
    @inline(__always) static func isWordCharacter(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIWordByte(UInt8(c)) }
        if c < 0x10000 { return bmpTable[Int(c >> 6)] & (1 << (c & 63)) != 0 }
        return classify(c)
    }

    /// The rule itself, asking ICU.
    private static func classify(_ c: UInt32) -> Bool {
        ICU.isLetterMarkOrNumber(c) && !LetterTable.isNoSpaceScript(c)
    }

    /// True for an ASCII digit or letter.
    @inline(__always) static func isASCIIWordByte(_ b: UInt8) -> Bool {
        b &- 0x30 < 10 || (b | 0x20) &- 0x61 < 26
    }

    /// One bit per code point of the Basic Multilingual Plane (8 KiB), computed once.
    private static let bmpTable: [UInt64] = {
        var table = [UInt64](repeating: 0, count: 1024)
        for c in UInt32(0x80)..<0x10000 where classify(c) { table[Int(c >> 6)] |= 1 << (c & 63) }
        return table
    }()

    /// Calls `body` with the byte range of every word run of `text` (valid UTF-8), in order,
    /// until it returns false; returns false when `body` stopped it.
    @inline(__always)
    @discardableResult
    static func forEach(in text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool) -> Bool {
        guard let base = text.baseAddress else { return true }
        let end = text.count
        var k = 0
        var runStart = -1
        while k < end {
            let isWord: Bool
            let length: Int
            let b = base[k]
            if b < 0x80 {
                isWord = isASCIIWordByte(b)
                length = 1
            } else {
                let (c, n) = UTF8Codec.decode(base, k, end)
                isWord = isWordCharacter(c)
                length = n
            }
            if isWord {
                if runStart < 0 { runStart = k }
            } else if runStart >= 0 {
                if !body(runStart..<k) { return false }
                runStart = -1
            }
            k += length
        }
        if runStart >= 0 { return body(runStart..<end) }
        return true
    }

    /// The word runs of `key`, as byte ranges.
    static func runs(_ key: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        _ = key.withUnsafeBufferPointer { text in
            forEach(in: text) { run in
                result.append(run)
                return true
            }
        }
        return result
    }
}
