/// How a term matches.
enum TermKind {
    /// The characters in order, gaps allowed (best alignment).
    case fuzzy
    /// A substring (`'word`, or every word with `--exact` / `--mode contains`).
    case exact
    /// At the start, after leading blanks (`^word`).
    case prefix
    /// At the end, before trailing blanks (`word$`).
    case suffix
    /// The whole text, blanks around it aside (`^word$`).
    case equal
    /// A substring that starts a word (every word with `--mode prefix`).
    case wordPrefix
}

/// How letter case is compared.
enum CaseMode: String {
    /// Case-sensitive when the term has an upper-case letter, folded otherwise (fzf's default).
    case smart
    /// Always folded (`-i`).
    case ignore
    /// Always case-sensitive (`+i`).
    case respect
}

/// One term of a query: what it matches and how.
struct FilterTerm {
    var kind: TermKind
    /// `!term`: the text must not match it.
    var inverse: Bool
    /// The folded code points.
    var units: [UInt32]
    /// How the text is folded for this term.
    var variant: FoldVariant
    /// The units as ASCII bytes (both cases listed when case is folded) when the byte-level
    /// prefilter can test them, else nil.
    var asciiBytes: [UInt8]?
}

/// A parsed query: every set must match; a set matches when one of its terms does (`a | b`).
/// Follows fzf's `parseTerms`: blank-separated terms, `\ ` for a literal space, `'` flips
/// exactness, `^` and `$` anchor, `!` negates (an exact match unless `!'`), `|` between terms
/// makes alternatives.
struct FilterPattern {
    var sets: [[FilterTerm]]
    /// Results can be ranked: some term is not negated.
    var sortable: Bool

    /// True when the query asks for nothing: every line matches, in input order.
    var isEmpty: Bool { sets.isEmpty }

    /// Parses `query`.
    /// - Parameters:
    ///   - plain: how a term without `'`, `^` or `$` matches (fuzzy, exact or word prefix).
    ///   - extended: parse operators (fzf's default); off, the whole query is one term.
    init(_ query: String, plain: TermKind, extended: Bool, caseMode: CaseMode, literal: Bool, folder: ScalarFolder) {
        func makeTerm(_ kind: TermKind, _ inverse: Bool, _ text: String) -> FilterTerm {
            let caseSensitive = caseMode == .respect || caseMode == .smart && text.hasUpperCase
            let variant = FoldVariant(caseSensitive: caseSensitive, literal: literal)
            let units = folder.foldTerm(text, variant)
            var ascii: [UInt8]? = nil
            if folder.asciiIsPlain, units.allSatisfy({ $0 < 0x80 }) {
                ascii = units.map { UInt8($0) }
            }
            return FilterTerm(kind: kind, inverse: inverse, units: units, variant: variant, asciiBytes: ascii)
        }
        guard extended else {
            sets = query.isEmpty ? [] : [[makeTerm(plain, false, query)]]
            sortable = true
            return
        }
        // fzf trims leading spaces and trailing spaces that are not escaped.
        var text = Substring(query)
        while text.first == " " { text = text.dropFirst() }
        while text.hasSuffix(" ") && !text.hasSuffix("\\ ") { text = text.dropLast() }
        let tokens = text.replacing("\\ ", with: "\t").split(separator: " ", omittingEmptySubsequences: true)
        var sets: [[FilterTerm]] = []
        var set: [FilterTerm] = []
        var switchSet = false
        var afterBar = false
        for token in tokens {
            var text = String(token.replacing("\t", with: " "))
            if !set.isEmpty && !afterBar && text == "|" {
                switchSet = false
                afterBar = true
                continue
            }
            afterBar = false
            var kind = plain
            var inverse = false
            if text.hasPrefix("!") {
                inverse = true
                kind = .exact
                text.removeFirst()
            }
            if text != "$" && text.hasSuffix("$") {
                kind = .suffix
                text.removeLast()
            }
            if text.hasPrefix("'") {
                // Flips exactness: fuzzy after ! and in exact mode, exact otherwise.
                kind = inverse || plain == .exact ? .fuzzy : .exact
                text.removeFirst()
            } else if text.hasPrefix("^") {
                kind = kind == .suffix ? .equal : .prefix
                text.removeFirst()
            }
            guard !text.isEmpty else { continue }
            if switchSet {
                sets.append(set)
                set = []
            }
            set.append(makeTerm(kind, inverse, text))
            switchSet = true
        }
        if !set.isEmpty { sets.append(set) }
        self.sets = sets
        sortable = sets.contains { $0.contains { !$0.inverse } }
    }
}
