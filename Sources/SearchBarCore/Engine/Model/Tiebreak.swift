/// What orders fuzzy-mode hits of equal match quality (tier, score and field), by fzf's names
/// (`--tiebreak`); the hits' weights, the collation of their titles and their ids come after.
public enum Tiebreak: UInt32, Sendable, Equatable, Hashable, CaseIterable {
    /// The shorter text first (counted in folded UTF-8 bytes of the field the hit is reported
    /// in, up to 255): fzf's and nucleo's default, and ours.
    case length = 0
    /// The match that begins nearer the start of the text first.
    case begin = 1
    /// The match that ends nearer the end of the text first.
    case end = 2
    /// No tiebreak of the match: equal hits keep the index's own order (weight, then the
    /// collation of their titles, then id), as fzf's `index` keeps the input order.
    case index = 3

    /// fzf's name of the tiebreak (`length`, `begin`, `end`, `index`).
    public var name: String {
        switch self {
        case .length: "length"
        case .begin: "begin"
        case .end: "end"
        case .index: "index"
        }
    }

    /// The tiebreak named `name` as fzf names it, or nil.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    /// The 8-bit rank (higher first) of a hit whose reported text is `length` bytes long with
    /// its match at bytes `begin..<end` (the first matched byte to one past the last).
    @inline(__always)
    func rank(length: Int, begin: Int, end: Int) -> Int {
        switch self {
        case .length: 255 - min(length, 255)
        case .begin: 255 - min(begin, 255)
        case .end: 255 - min(max(length - end, 0), 255)
        case .index: 255
        }
    }
}
