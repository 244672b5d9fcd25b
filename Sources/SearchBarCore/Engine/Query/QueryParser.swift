/// A term of the extended syntax that acts as a condition on the folded text.
struct ExtendedTerm: Sendable, Equatable, Hashable {
    /// Where the term must stand in a field.
    enum Anchor: Sendable, Equatable, Hashable {
        /// Anywhere (`'word`, or a plain word inside an `a | b` group).
        case anywhere
        /// At the start of a field (`^word`).
        case start
        /// At the end of a field (`word$`).
        case end
        /// The whole field (`^word$`).
        case whole
    }

    /// The folded text.
    var key: [UInt8]
    /// Where it must match.
    var anchor: Anchor
    /// True for `!word`: the item must not contain it.
    var negated: Bool
}

/// A query split into what the match mode handles and what acts as conditions.
struct ParsedQuery: Sendable, Equatable {
    /// The text the match mode matches (plain words, in order).
    var plain: String
    /// Conditions: every group must hold; a group holds when one of its terms does.
    var groups: [[ExtendedTerm]]
    /// Attribute filters taken from filter tokens.
    var filters: [AttributeFilter]
    /// Scopes taken from `scope:N` tokens.
    var scopes: [UInt32]
}

/// Parses fzf-like extended syntax: `'exact`, `^prefix`, `suffix$`, `^exact$`, `!not`, `a | b`,
/// `\ ` for a space inside a term, and filter tokens `scope:N`, `name:value`, `name>=N`, `name<=N`, `name>N`, `name<N`, `name=N` (names
/// the index has as attributes; anything else stays a word).
enum QueryParser {
    /// Splits `query` when `extended` is on; otherwise the whole query is plain text.
    static func parse(
        _ query: String, extended: Bool, fold: (String) -> String, isAttribute: (String) -> Bool
    ) -> ParsedQuery {
        guard extended else { return ParsedQuery(plain: query, groups: [], filters: [], scopes: []) }
        // `\ ` is a space inside a term: held as a private-use character while splitting.
        let pieces = query.replacing("\\ ", with: String(escapedSpace)).split(whereSeparator: { $0.isWhitespace })
            .map(String.init)
        var plainWords: [String] = []
        var groups: [[ExtendedTerm]] = []
        var filters: [AttributeFilter] = []
        var scopes: [UInt32] = []
        var i = 0
        while i < pieces.count {
            // Gather an OR group: term (| term)*.
            var alternatives = [pieces[i]]
            while i + 2 < pieces.count, pieces[i + 1] == "|" {
                alternatives.append(pieces[i + 2])
                i += 2
            }
            i += 1
            if alternatives.count == 1 {
                let piece = alternatives[0]
                if piece == "|" { continue }
                if let scope = scopeToken(piece) {
                    scopes.append(scope)
                    continue
                }
                if let filter = filterToken(piece, fold: fold, isAttribute: isAttribute) {
                    filters.append(filter)
                    continue
                }
                // A word with an escaped space matches as one phrase, anywhere.
                if let term = operatorTerm(piece, fold: fold, inGroup: piece.contains(escapedSpace)) {
                    groups.append([term])
                } else {
                    plainWords.append(piece)
                }
            } else {
                let terms = alternatives.compactMap { operatorTerm($0, fold: fold, inGroup: true) }
                if !terms.isEmpty { groups.append(terms) }
            }
        }
        var plain = plainWords.joined(separator: " ")
        if let last = query.last, last.isWhitespace, !plain.isEmpty { plain += " " }
        return ParsedQuery(plain: plain, groups: groups, filters: filters, scopes: scopes)
    }

    /// A term with an operator (or any term of an OR group), or nil for a plain word.
    static func operatorTerm(_ piece: String, fold: (String) -> String, inGroup: Bool) -> ExtendedTerm? {
        var text = Substring(piece)
        var negated = false
        if text.first == "!" {
            negated = true
            text = text.dropFirst()
        }
        var anchor = ExtendedTerm.Anchor.anywhere
        var hasOperator = negated
        if text.first == "'" {
            text = text.dropFirst()
            hasOperator = true
        } else {
            let starts = text.first == "^"
            let ends = text.count > 1 && text.last == "$"
            if starts { text = text.dropFirst() }
            if ends { text = text.dropLast() }
            if starts || ends {
                anchor = starts && ends ? .whole : (starts ? .start : .end)
                hasOperator = true
            }
        }
        guard hasOperator || inGroup else { return nil }
        let key = Array(fold(String(text).replacing(String(escapedSpace), with: " ")).utf8)
        guard !key.isEmpty else { return nil }
        return ExtendedTerm(key: key, anchor: anchor, negated: negated)
    }

    /// Stands for an escaped space (`\ `) while the query is split at blanks.
    static let escapedSpace: Character = "\u{E000}"

    /// `scope:N`.
    static func scopeToken(_ piece: String) -> UInt32? {
        guard piece.hasPrefix("scope:") else { return nil }
        return UInt32(piece.dropFirst(6))
    }

    /// `name:value`, `name=N`, `name>=N`, `name<=N`, `name>N`, `name<N` for a known attribute.
    static func filterToken(_ piece: String, fold: (String) -> String, isAttribute: (String) -> Bool)
        -> AttributeFilter?
    {
        for op in [">=", "<=", ":", "=", ">", "<"] {
            guard let range = piece.firstRange(of: op) else { continue }
            let name = String(piece[..<range.lowerBound])
            let value = String(piece[range.upperBound...])
            guard !name.isEmpty, !value.isEmpty, isAttribute(name) else { continue }
            let number = Double(value)
            switch op {
            case ":":
                return .equals(name: name, text: value)
            case "=":
                if let number { return .range(name: name, min: number, max: number) }
                return .equals(name: name, text: value)
            case ">=":
                if let number { return .range(name: name, min: number, max: .infinity) }
            case "<=":
                if let number { return .range(name: name, min: -.infinity, max: number) }
            case ">":
                if let number { return .range(name: name, min: number.nextUp, max: .infinity) }
            case "<":
                if let number { return .range(name: name, min: -.infinity, max: number.nextDown) }
            default: break
            }
        }
        return nil
    }
}
