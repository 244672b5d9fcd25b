/// How letter case is compared in a search.
public enum CaseMatching: Sendable, Equatable, Hashable {
    /// Case is folded (ß = ss, Σ = σ): what a search-bar user expects. The default.
    case folded
    /// Smart case, as fzf and nucleo do: a query word with an upper-case letter matches only
    /// text with those letters in upper case; the other words fold case.
    case smart
    /// Every query word matches only text with the same case.
    case sensitive
}
