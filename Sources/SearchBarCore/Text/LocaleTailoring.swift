internal import CICU
import Synchronization

/// What folding keeps or adds for one locale, derived from ICU at first use and cached.
///
/// The rule behind it: a locale's users keep the letters CLDR's search collation keeps distinct.
/// For every candidate precomposed letter (Latin including the extended blocks, Greek,
/// Cyrillic, plus the table letters ø æ œ đ ł þ ð ħ) whose no-locale fold differs from the
/// letter, `ucol_open("<lang>@collation=search")` at primary strength decides: when the letter
/// and its fold are primary-different, the letter is *protected* and kept as is in the key.
/// Languages whose search collation is the root one (ICU falls back; `en`, `fr`, `hu`, `cs`,
/// `vi`, …) protect nothing, so they fold like no locale.
///
/// Exceptions (policy): German protects nothing and instead folds ä/ae→a, ö/oe→o, ü/ue→u
/// (`GermanFilter`). Turkish and Azerbaijani protect nothing although their search collation
/// keeps ç ğ ö ş ü apart: Turkish is widely typed on keyboards without those letters, and
/// "ışık" must be found by "isik" (dotted and dotless i all fold to i); ı is never protected.
/// Traditional→Simplified Chinese folding applies to no locale and to every `zh` locale
/// (`zh-Hant` included, so Traditional and Simplified spellings find each other); other
/// languages that write Han (ja, ko) keep their character forms.
struct LocaleTailoring: Sendable {
    /// Lower-case letters kept as they are (marks and table mapping not applied).
    let protected: Set<UInt32>
    /// German ae/oe/ue folding.
    let german: Bool
    /// Traditional→Simplified Chinese.
    let traditionalToSimplified: Bool

    /// No locale: fold everything.
    static let none = LocaleTailoring(protected: [], german: false, traditionalToSimplified: true)

    private static let cache = Mutex<[String: LocaleTailoring]>([:])

    /// The tailoring of a locale (computed once per language).
    static func forLocale(_ locale: SearchLocale) -> LocaleTailoring {
        let language = locale.language
        if language.isEmpty { return .none }
        if let cached = cache.withLock({ $0[language] }) { return cached }
        let computed = compute(language: language)
        cache.withLock { $0[language] = computed }
        return computed
    }

    private static func compute(language: String) -> LocaleTailoring {
        if language == "de" || language == "gsw" {
            return LocaleTailoring(protected: [], german: true, traditionalToSimplified: false)
        }
        let ts = language == "zh"
        if language == "tr" || language == "az" {
            return LocaleTailoring(protected: [], german: false, traditionalToSimplified: false)
        }
        var status = U_ZERO_ERROR
        let collator = ICU.withCString("\(language)@collation=search") { sbicu_ucol_open($0, &status) }
        guard let collator, sbicu_failure(status) == 0 else {
            if let collator { sbicu_ucol_close(collator) }
            return LocaleTailoring(protected: [], german: false, traditionalToSimplified: ts)
        }
        defer { sbicu_ucol_close(collator) }
        // ICU falls back to the root search collation when the language has no search
        // tailoring (status U_USING_DEFAULT_WARNING): then nothing is protected.
        if status == U_USING_DEFAULT_WARNING {
            return LocaleTailoring(protected: [], german: false, traditionalToSimplified: ts)
        }
        sbicu_ucol_setStrength(collator, UCOL_PRIMARY)
        var protected: Set<UInt32> = []
        for c in candidates {
            let folded = FoldTables.noLocale.foldScalars([c])
            if folded == [c] { continue }
            let a = UTF8Codec.utf16(ofScalars: [c])
            let b = UTF8Codec.utf16(ofScalars: folded)
            let order = a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    sbicu_ucol_strcoll(collator, pa.baseAddress, Int32(pa.count), pb.baseAddress, Int32(pb.count))
                }
            }
            if order != UCOL_EQUAL { protected.insert(c) }
        }
        return LocaleTailoring(protected: protected, german: false, traditionalToSimplified: ts)
    }

    /// Lower-case precomposed candidate letters (their own NFKC_Casefold form).
    static let candidates: [UInt32] = {
        var out: [UInt32] = []
        let ranges: [ClosedRange<UInt32>] = [
            0x00C0...0x024F, 0x1E00...0x1EFF, 0x0370...0x03FF, 0x1F00...0x1FFF, 0x0400...0x052F,
        ]
        for range in ranges {
            for c in range where c != 0x0131 {
                let u = UTF8Codec.utf16(ofScalars: [c])
                guard ICU.normalize(ICU.nfkcCasefold, u) == u else { continue }
                let gc = ICU.category(c)
                guard gc == Int32(U_LOWERCASE_LETTER.rawValue) || gc == Int32(U_OTHER_LETTER.rawValue) else { continue }
                let decomposes = ICU.normalize(ICU.nfd, u) != u
                if decomposes || LetterTable.explicit[c] != nil || LetterTable.latinWithStroke[c] != nil {
                    out.append(c)
                }
            }
        }
        return out
    }()
}

/// German folding of the key, as Lucene's `GermanNormalizationFilter`: "ae" and "oe" become
/// "a" and "o", "ue" becomes "u" unless it follows a vowel or q (Mauer, Quelle, Feuer keep
/// their e). ä ö ü and ß are already a o u and ss in the key. Runs over the key bytes as they are
/// emitted, so it sees text across segments; any non-letter resets it.
struct GermanFilter {
    private var state: UInt8 = 0  // 0 none, 1 after a vowel, 2 after a/o/u that takes an e

    /// Feeds one key byte; returns false when the byte is dropped.
    @inline(__always)
    mutating func accept(_ b: UInt8) -> Bool {
        switch b {
        case 0x61, 0x6F:  // a o
            state = 2
        case 0x75:  // u
            state = state == 0 ? 2 : 1
        case 0x65:  // e
            if state == 2 {
                state = 1
                return false
            }
            state = 1
        case 0x69, 0x71, 0x79:  // i q y
            state = 1
        default:
            state = 0
        }
        return true
    }
}
