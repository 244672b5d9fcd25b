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
        self.codePoints = UTF8Codec.codePoints(key)
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
