import SearchBarCore

/// fzf's character classes, in fzf's order: the classes after `nonWord` are word characters.
enum CharacterClass: UInt8 {
    case white = 0, nonWord, delimiter, lower, upper, letter, number

    /// The class of a code point, as fzf's `charClassOf` (delimiters: `/ , : ; |`).
    static func of(_ value: UInt32) -> CharacterClass {
        if value < 0x80 { return ascii[Int(value)] }
        guard let scalar = Unicode.Scalar(value) else { return .nonWord }
        let properties = scalar.properties
        if properties.isLowercase { return .lower }
        if properties.isUppercase { return .upper }
        if properties.numericType != nil { return .number }
        if properties.isAlphabetic { return .letter }
        if properties.isWhitespace { return .white }
        return .nonWord
    }

    /// The raw classes of the ASCII range.
    static let asciiRaw: [UInt8] = ascii.map(\.rawValue)

    /// The classes of the ASCII range.
    static let ascii: [CharacterClass] = (0..<128).map { (b: Int) -> CharacterClass in
        switch UInt8(b) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): .lower
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): .upper
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        case 0x20, 0x09...0x0D: .white
        case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"): .delimiter
        default: .nonWord
        }
    }
}

/// fzf's scoring constants (algo.go, scheme "default").
enum FilterScore {
    static let match: Int16 = 16
    static let gapStart: Int16 = -3
    static let gapExtension: Int16 = -1
    static let boundary: Int16 = match / 2
    static let nonWord: Int16 = match / 2
    static let camel123: Int16 = boundary + gapExtension
    static let consecutive: Int16 = -(gapStart + gapExtension)
    static let firstCharMultiplier: Int16 = 2
    static let boundaryWhite: Int16 = boundary + 2
    static let boundaryDelimiter: Int16 = boundary + 1

    /// The bonus of a character of class `current` after one of class `previous` (fzf's `bonusFor`).
    static func bonus(_ previous: CharacterClass, _ current: CharacterClass) -> Int16 {
        if current.rawValue > CharacterClass.nonWord.rawValue {
            switch previous {
            case .white: return boundaryWhite
            case .delimiter: return boundaryDelimiter
            case .nonWord: return boundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number { return camel123 }
        if current == .nonWord { return nonWord }
        if current == .white { return boundaryWhite }
        return 0
    }

    /// `bonus(previous, current)` for every pair, indexed `previous * 8 + current`.
    static let table: [Int16] = (0..<64).map { i in
        guard let p = CharacterClass(rawValue: UInt8(i / 8)), let c = CharacterClass(rawValue: UInt8(i % 8)) else { return 0 }
        return bonus(p, c)
    }
}

/// How text and query are compared: case folded or not, diacritics folded or not.
struct FoldVariant: Hashable {
    /// Upper and lower case are distinct.
    var caseSensitive: Bool
    /// Diacritics and compatibility forms are distinct (fzf's `--literal`).
    var literal: Bool

    /// A small index for per-variant tables (0...3).
    var slot: Int { (caseSensitive ? 1 : 0) | (literal ? 2 : 0) }
}

/// Folds code points one at a time for each ``FoldVariant``, with the locale's analyzer
/// (ICU folding: case, diacritics, compatibility forms, the locale's letters) behind a memo.
/// The analyzer is loaded only when a code point outside ASCII (or a tailored locale) needs it.
final class ScalarFolder {
    private let locale: SearchLocale
    private var analyzerStorage: TextAnalyzer?
    private var memo: [[UInt32: [UInt32]]] = Array(repeating: [:], count: 4)
    /// Per variant slot: what each ASCII byte folds to (one code point).
    private(set) var asciiTables: [[UInt32]]
    /// True when folding ASCII is at most ASCII lower-casing in every variant (no locale tailors
    /// it), so the byte-level prefilter is exact.
    let asciiIsPlain: Bool

    init(locale: SearchLocale) {
        self.locale = locale
        let lower: [UInt32] = (0..<128).map { b in (0x41...0x5A).contains(b) ? UInt32(b + 0x20) : UInt32(b) }
        let identity: [UInt32] = (0..<128).map { UInt32($0) }
        var folded = lower
        var plain = true
        if !locale.identifier.isEmpty {
            let analyzer = AnalyzerCache.shared.analyzer(for: locale)
            analyzerStorage = analyzer
            for b in 0..<128 {
                let scalars = Array(analyzer.fold(String(UnicodeScalar(UInt8(b)))).unicodeScalars)
                if scalars.count == 1, scalars[0].value != lower[b] {
                    folded[b] = scalars[0].value
                    plain = false
                }
            }
        }
        // Slots: 0 fold case, 1 case-sensitive, 2 literal fold case, 3 literal case-sensitive.
        asciiTables = [folded, identity, lower, identity]
        asciiIsPlain = plain
    }

    private var analyzer: TextAnalyzer {
        if let analyzerStorage { return analyzerStorage }
        let created = AnalyzerCache.shared.analyzer(for: locale)
        analyzerStorage = created
        return created
    }

    /// What a code point at or above 0x80 folds to under `variant` (possibly nothing: a
    /// combining diacritic folds away).
    func fold(_ value: UInt32, _ variant: FoldVariant) -> [UInt32] {
        if let known = memo[variant.slot][value] { return known }
        let result = computeFold(value, variant)
        memo[variant.slot][value] = result
        return result
    }

    private func computeFold(_ value: UInt32, _ variant: FoldVariant) -> [UInt32] {
        guard let scalar = Unicode.Scalar(value) else { return [value] }
        return LiteralFolder(caseSensitive: variant.caseSensitive, diacriticsSensitive: variant.literal, analyzer: analyzer)
            .fold(scalar).map(\.value)
    }

    /// The folded code points of a query term (folded like the text it is compared with).
    func foldTerm(_ text: String, _ variant: FoldVariant) -> [UInt32] {
        var out: [UInt32] = []
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                out.append(asciiTables[variant.slot][Int(scalar.value)])
            } else {
                out += fold(scalar.value, variant)
            }
        }
        return out
    }
}
