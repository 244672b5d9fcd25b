/// One word of a query, folded like item text.
struct QueryWord: Sendable, Equatable {
    /// The folded key bytes.
    var key: [UInt8]
    /// The key's code points (what typo distances count).
    var codePoints: [UInt32]
    /// What the word is made of.
    var kind: TokenKind
    /// True for the word being typed (the last, with no space after it): it matches as a prefix.
    var isPrefix: Bool
    /// Typos this word may have.
    var typoBudget: Int
    /// Typos already spent making this word (1 for a concatenation of two query words).
    var baseCost: Int

    /// A word from a folded key.
    init(key: [UInt8], kind: TokenKind, isPrefix: Bool, typos: Bool, baseCost: Int = 0) {
        self.key = key
        self.codePoints = UTF8Decoding.codePoints(key)
        self.kind = kind
        self.isPrefix = isPrefix
        self.baseCost = baseCost
        self.typoBudget = typos ? TypoPolicy.budget(codePoints: codePoints.count, kind: kind) - baseCost : 0
        if typoBudget < 0 { typoBudget = 0 }
    }

    /// The word without its typo budget: it matches only as typed.
    var asTyped: QueryWord {
        var word = self
        word.typoBudget = 0
        return word
    }

    /// True for words of scripts written without spaces: they match as substrings.
    var matchesAsSubstring: Bool { kind == .noSpaceScript }
}

/// The typo rules of the matching policy (`shared/i18n/README.md`).
enum TypoPolicy {
    /// Words shorter than this get no typo.
    static let oneTypoLength = 5
    /// Words at least this long get two typos.
    static let twoTyposLength = 9
    /// What a wrong first letter costs.
    static let firstLetterCost = 2
    /// Longest word (in code points) typo matching handles; longer words match exactly.
    static let maxLength = 48

    /// The typo budget of a word: 0 under 5 code points, 1 for 5–8, 2 for 9 and more; none on
    /// numbers, emoji or scripts without spaces.
    static func budget(codePoints: Int, kind: TokenKind) -> Int {
        guard kind == .word || kind == .part, codePoints <= maxLength else { return 0 }
        if codePoints >= twoTyposLength { return 2 }
        if codePoints >= oneTypoLength { return 1 }
        return 0
    }
}

/// UTF-8 decoding helpers for folded keys (always valid UTF-8).
enum UTF8Decoding {
    /// The code points of valid UTF-8 bytes.
    static func codePoints<C: Collection<UInt8>>(_ bytes: C) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { result.append(scalar.value) }
        return result
    }

    /// Decodes the code point starting at `p[i]` (valid UTF-8 assumed; a stray byte decodes as
    /// itself); returns the code point and its length in bytes.
    @inline(__always)
    static func decode(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> (UInt32, Int) {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 >= 0xF0, i + 3 < end {
            return ((b0 & 0x07) << 18 | (UInt32(p[i + 1]) & 0x3F) << 12 | (UInt32(p[i + 2]) & 0x3F) << 6
                | (UInt32(p[i + 3]) & 0x3F), 4)
        }
        if b0 >= 0xE0, i + 2 < end {
            return ((b0 & 0x0F) << 12 | (UInt32(p[i + 1]) & 0x3F) << 6 | (UInt32(p[i + 2]) & 0x3F), 3)
        }
        if b0 >= 0xC0, i + 1 < end { return ((b0 & 0x1F) << 6 | (UInt32(p[i + 1]) & 0x3F), 2) }
        return (b0, 1)
    }

    /// The UTF-8 encoding of one code point.
    static func encode(_ c: UInt32, into out: inout [UInt8]) {
        if c < 0x80 {
            out.append(UInt8(c))
        } else if c < 0x800 {
            out.append(UInt8(0xC0 | c >> 6)); out.append(UInt8(0x80 | c & 0x3F))
        } else if c < 0x10000 {
            out.append(UInt8(0xE0 | c >> 12)); out.append(UInt8(0x80 | (c >> 6) & 0x3F))
            out.append(UInt8(0x80 | c & 0x3F))
        } else {
            out.append(UInt8(0xF0 | c >> 18)); out.append(UInt8(0x80 | (c >> 12) & 0x3F))
            out.append(UInt8(0x80 | (c >> 6) & 0x3F)); out.append(UInt8(0x80 | c & 0x3F))
        }
    }
}
