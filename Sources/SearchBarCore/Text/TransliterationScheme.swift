internal import CICU

/// The scripts a transliterating index also indexes in Latin letters, each with the ICU
/// transform that gives what a user types on a Latin keyboard (before the index's own fold
/// removes the diacritics that are left: UNGEGN's "Athí̱na" is found as `athina`).
enum TransliterationScheme: Int, CaseIterable, Sendable {
    case cyrillic, greek, armenian, georgian, hebrew, arabic, hangul, kana, devanagari
    /// Han as pinyin without tones: only under a `zh` locale (Japanese kanji read otherwise).
    case han

    /// The ICU transform ID for text of this script under a locale of `language`. Cyrillic
    /// follows the language's BGN/PCGN romanization (Russian's when the locale names none),
    /// with ICU's plain Cyrillic-Latin after it for the letters that one leaves.
    func transformID(language: String) -> String {
        switch self {
        case .cyrillic:
            let national = switch language {
            case "uk": "Ukrainian-Latin/BGN"
            case "bg": "Bulgarian-Latin/BGN"
            case "sr": "Serbian-Latin/BGN"
            case "mk": "Macedonian-Latin/BGN"
            case "be": "Belarusian-Latin/BGN"
            default: "Russian-Latin/BGN"
            }
            return national + ";Cyrillic-Latin"
        case .greek: return "Greek-Latin/UNGEGN"
        case .armenian: return "Armenian-Latin/BGN"
        case .georgian: return "Georgian-Latin/BGN"
        case .hebrew: return "Hebrew-Latin"
        case .arabic: return "Arabic-Latin"
        case .hangul: return "Hangul-Latin"
        case .kana: return "Hiragana-Latin;Katakana-Latin"
        case .devanagari: return "Devanagari-Latin"
        case .han: return "Han-Latin;Hiragana-Latin;Katakana-Latin"
        }
    }

    /// The scheme of the first letter of `word` that has one (`pinyin`: Han counts), or nil
    /// when the word has no letter of these scripts.
    static func of<S: Sequence<Unicode.Scalar>>(_ word: S, pinyin: Bool) -> TransliterationScheme? {
        for scalar in word {
            // Below Greek: Latin, digits, punctuation and combining marks.
            guard scalar.value >= 0x370 else { continue }
            if let scheme = of(scalar), scheme != .han || pinyin { return scheme }
        }
        return nil
    }

    /// The scheme of one code point's script, nil for other scripts (Han included here).
    static func of(_ scalar: Unicode.Scalar) -> TransliterationScheme? {
        var status = U_ZERO_ERROR
        let script = sbicu_uscript_getScript(UChar32(bitPattern: scalar.value), &status)
        guard sbicu_failure(status) == 0 else { return nil }
        switch script {
        case USCRIPT_CYRILLIC: return .cyrillic
        case USCRIPT_GREEK: return .greek
        case USCRIPT_ARMENIAN: return .armenian
        case USCRIPT_GEORGIAN: return .georgian
        case USCRIPT_HEBREW: return .hebrew
        case USCRIPT_ARABIC: return .arabic
        case USCRIPT_HANGUL: return .hangul
        case USCRIPT_HIRAGANA, USCRIPT_KATAKANA, USCRIPT_KATAKANA_OR_HIRAGANA: return .kana
        case USCRIPT_DEVANAGARI: return .devanagari
        case USCRIPT_HAN: return .han
        default: return nil
        }
    }
}
