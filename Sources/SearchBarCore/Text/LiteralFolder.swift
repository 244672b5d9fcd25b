/// Folds text one code point at a time while keeping letter case, diacritics or both distinct:
/// the comparison behind case-sensitive, smart-case and diacritics-sensitive matching (and the
/// `searchbar filter` tool's). The variant that folds both is the analyzer's own folding.
public struct LiteralFolder: Sendable {
    /// Upper and lower case stay distinct.
    public var caseSensitive: Bool
    /// Diacritics and compatibility forms stay distinct (é ≠ e, ﬁ ≠ fi).
    public var diacriticsSensitive: Bool
    /// The analyzer whose folding applies to what is folded.
    public let analyzer: TextAnalyzer

    /// A folder for the variant.
    public init(caseSensitive: Bool, diacriticsSensitive: Bool, analyzer: TextAnalyzer) {
        self.caseSensitive = caseSensitive
        self.diacriticsSensitive = diacriticsSensitive
        self.analyzer = analyzer
    }

    /// What one code point folds to (possibly nothing: a combining diacritic folds away when
    /// diacritics are folded). ASCII needs no analyzer.
    public func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let value = scalar.value
        if value < 0x80 && !analyzer.tables.tailoring.german {
            if caseSensitive { return [scalar] }
            return [(0x41...0x5A).contains(value) ? Unicode.Scalar(value + 0x20)! : scalar]
        }
        switch (caseSensitive, diacriticsSensitive) {
        case (true, true):
            return [scalar]
        case (false, true):
            return Array(scalar.properties.lowercaseMapping.unicodeScalars)
        case (false, false):
            return Array(analyzer.fold(String(scalar)).unicodeScalars)
        case (true, false):
            // Diacritics folded, case kept: fold, then upper case again when it was upper.
            let folded = analyzer.fold(String(scalar))
            return Array((scalar.properties.changesWhenLowercased ? folded.uppercased() : folded).unicodeScalars)
        }
    }

    /// The folded code points of `text`, each with the index of the code point it came from.
    public func fold(_ text: String) -> (scalars: [Unicode.Scalar], origins: [Int]) {
        var scalars: [Unicode.Scalar] = []
        var origins: [Int] = []
        scalars.reserveCapacity(text.utf8.count)
        for (index, scalar) in text.unicodeScalars.enumerated() {
            for folded in fold(scalar) {
                scalars.append(folded)
                origins.append(index)
            }
        }
        return (scalars, origins)
    }
}

extension String {
    /// True when some character of the text is upper case (smart case matches such a query
    /// word case-sensitively).
    public var hasUpperCase: Bool { unicodeScalars.contains { $0.properties.changesWhenLowercased } }
}
