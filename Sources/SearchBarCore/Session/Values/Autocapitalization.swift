/// How typed text is capitalized (UITextAutocapitalizationType): the session applies it to text
/// the user types or replaces, before the should-change-text veto sees it. Text set
/// programmatically is left alone. The raw values mirror `sb_autocapitalization`.
public enum Autocapitalization: UInt32, Sendable, CaseIterable {
    /// No automatic capitalization (the search bar default).
    case none = 0
    /// The first letter of every word.
    case words = 1
    /// The first letter of every sentence.
    case sentences = 2
    /// Every letter.
    case allCharacters = 3

    /// `inserted` as the keyboard would type it after `preceding` (the text before the
    /// insertion point).
    public func apply(to inserted: String, after preceding: Substring) -> String {
        switch self {
        case .none:
            return inserted
        case .allCharacters:
            return inserted.uppercased()
        case .words, .sentences:
            var scanner = CapitalizationScanner(sentences: self == .sentences)
            for character in preceding { _ = scanner.step(character) }
            var result = ""
            for character in inserted {
                if scanner.step(character) {
                    result += character.uppercased()
                } else {
                    result.append(character)
                }
            }
            return result
        }
    }
}

/// Tracks whether the next letter starts a word or a sentence.
private struct CapitalizationScanner {
    let sentences: Bool
    var capitalizeNext = true
    var afterTerminator = false

    init(sentences: Bool) {
        self.sentences = sentences
    }

    /// Consumes one character; true when it is a letter that should be capitalized.
    mutating func step(_ character: Character) -> Bool {
        if character.isWhitespace {
            if !sentences || afterTerminator { capitalizeNext = true }
            return false
        }
        if sentences && Self.terminators.contains(character) {
            afterTerminator = true
            capitalizeNext = false
            return false
        }
        let capitalize = capitalizeNext && character.isLetter
        capitalizeNext = false
        afterTerminator = false
        return capitalize
    }

    private static let terminators: Set<Character> = [".", "!", "?", "。", "！", "？"]
}
