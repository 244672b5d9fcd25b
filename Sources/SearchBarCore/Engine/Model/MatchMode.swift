/// How query words match item text. The raw values mirror `sb_match_mode` (0 there means
/// "the index's default", which Swift spells as a `nil` mode).
public enum MatchMode: UInt32, Sendable, CaseIterable {
    /// Every query word matches the start of an item word, the last one as a prefix; scripts
    /// written without spaces match as substrings. Typo tolerant. The default.
    case prefix = 1
    /// Every query word matches anywhere in the folded text (`localizedStandardContains`);
    /// typo-tolerant on whole words.
    case contains = 2
    /// Every query word matches as an in-order subsequence, ranked with fzf-style bonuses.
    case fuzzy = 3

    /// Parses `prefix`, `contains` or `fuzzy`.
    public init?(name: String) {
        switch name {
        case "prefix": self = .prefix
        case "contains": self = .contains
        case "fuzzy": self = .fuzzy
        default: return nil
        }
    }
}
