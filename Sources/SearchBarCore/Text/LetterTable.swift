internal import CICU

/// The per-code-point rules of the folding pipeline that ICU has no ready-made call for:
/// which marks are dropped, the explicit letter table, digits, kana and Hangul.
///
/// All functions take code points that are already NFKC_Casefold-normalized and lower-case.
enum LetterTable {
    /// Explicit mappings for letters without a decomposition (Lucene's UTR #30
    /// `DiacriticFolding.txt` and charabia): Latin letters with strokes and ligatures, Arabic and
    /// Persian letter variants, and apostrophes. Applied after diacritics are dropped.
    static let explicit: [UInt32: [UInt32]] = [
        0x00F8: [0x6F],  // ø → o
        0x0142: [0x6C],  // ł → l
        0x0111: [0x64],  // đ → d
        0x00F0: [0x64],  // ð → d
        0x0131: [0x69],  // ı → i
        0x00E6: [0x61, 0x65],  // æ → ae
        0x0153: [0x6F, 0x65],  // œ → oe
        0x00FE: [0x74, 0x68],  // þ → th
        0x0127: [0x68],  // ħ → h
        0x0671: [0x0627],  // ٱ → ا
        0x0649: [0x064A],  // ى → ي
        0x0629: [0x0647],  // ة → ه
        0x06A9: [0x0643],  // ک → ك
        0x06CC: [0x064A],  // ی → ي
        0x2019: [0x27],  // ’ → '
        0x2018: [0x27],  // ‘ → '
        0x201B: [0x27],  // ‛ → '
        0x02BC: [0x27],  // ʼ → '
    ]

    /// Latin letters that have no decomposition but whose Unicode name is
    /// "LATIN SMALL LETTER <x> WITH <something>" (ƀ, ɨ, ŧ, ƶ, ɗ, …) fold to <x>, the class the
    /// explicit ø ł đ ħ entries belong to. Derived once from ICU's character names.
    static let latinWithStroke: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [:]
        let ranges: [ClosedRange<UInt32>] = [
            0x0080...0x024F, 0x0250...0x02AF, 0x1D00...0x1DBF, 0x1E00...0x1EFF,
            0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F,
        ]
        let prefix = Array("LATIN SMALL LETTER ".utf8)
        let with = Array(" WITH ".utf8)
        for range in ranges {
            for c in range {
                guard ICU.normalize(ICU.nfd, UTF8Codec.utf16(ofScalars: [c])) == UTF8Codec.utf16(ofScalars: [c]),
                    ICU.normalize(ICU.nfkcCasefold, UTF8Codec.utf16(ofScalars: [c])) == UTF8Codec.utf16(ofScalars: [c])
                else { continue }
                let name = Array(ICU.name(c).utf8)
                guard name.count > prefix.count + 1 + with.count, name.starts(with: prefix) else { continue }
                let letter = name[prefix.count]
                guard letter >= 0x41 && letter <= 0x5A, name[(prefix.count + 1)...].starts(with: with) else { continue }
                table[c] = UInt32(letter) + 0x20
            }
        }
        return table
    }()

    /// Letters that always keep their mark: Cyrillic й ў ї are letters of their own in every
    /// language that uses them (the breve and diaeresis on them are not accents).
    static let alwaysKept: Set<UInt32> = [0x0439, 0x045E, 0x0457]

    /// Per 256-code-point page, true when the page holds a key of ``explicit``,
    /// ``latinWithStroke`` or ``alwaysKept``: the fold memo's pages are built from every code
    /// point of a page, and most pages (Han, Hangul, most scripts) hold none, so their code points
    /// need not be hashed into those tables.
    static let mappedPages: [Bool] = {
        var pages = [Bool](repeating: false, count: 0x110000 >> 8)
        for c in explicit.keys { pages[Int(c >> 8)] = true }
        for c in latinWithStroke.keys { pages[Int(c >> 8)] = true }
        for c in alwaysKept { pages[Int(c >> 8)] = true }
        return pages
    }()

    /// False when `c` is certainly no key of ``explicit``, ``latinWithStroke`` or ``alwaysKept``.
    @inline(__always)
    private static func mayBeMapped(_ c: UInt32) -> Bool {
        c <= 0x10FFFF && mappedPages[Int(c >> 8)]
    }

    /// ``explicit``'s letters for `c` (nil for most code points, found by their page alone).
    @inline(__always)
    static func explicitLetters(_ c: UInt32) -> [UInt32]? { mayBeMapped(c) ? explicit[c] : nil }

    /// ``latinWithStroke``'s base letter for `c` (nil for most code points, found by their page
    /// alone).
    @inline(__always)
    static func strokeBase(_ c: UInt32) -> UInt32? { mayBeMapped(c) ? latinWithStroke[c] : nil }

    /// True when `c` is in ``alwaysKept``.
    @inline(__always)
    static func isAlwaysKept(_ c: UInt32) -> Bool { mayBeMapped(c) && alwaysKept.contains(c) }

    /// True when `c` is removed from the match key: a diacritic mark (`UCHAR_DIACRITIC` with
    /// general category Mn, Mc, Me or Lm) or one of the Arabic marks UTR #30 adds
    /// (tatweel U+0640, U+0653–0655, U+0670).
    ///
    /// Letters of the explicit table (ʼ) are mapped, not dropped.
    /// Kept on purpose: ー (U+30FC, U+FF70), the prolonged sound mark, is a letter of its own;
    /// viramas (combining class 9) change which consonants join, so dropping them changes the
    /// word; spacing symbols such as ^ and ` (category Sk) are symbols, not marks on a letter.
    static func isDropped(_ c: UInt32) -> Bool {
        if c == 0x0640 || (c >= 0x0653 && c <= 0x0655) || c == 0x0670 { return true }
        if c < 0x00B7 { return false }
        if c == 0x30FC || c == 0xFF70 || explicitLetters(c) != nil { return false }
        guard ICU.has(c, UCHAR_DIACRITIC) else { return false }
        let gc = ICU.category(c)
        guard gc == Int32(U_NON_SPACING_MARK.rawValue) || gc == Int32(U_COMBINING_SPACING_MARK.rawValue)
            || gc == Int32(U_ENCLOSING_MARK.rawValue) || gc == Int32(U_MODIFIER_LETTER.rawValue)
        else { return false }
        return ICU.combiningClass(c) != 9
    }

    /// The ASCII digit of a decimal digit (`Nd`) in any script, or nil.
    static func asciiDigit(_ c: UInt32) -> UInt32? {
        guard c >= 0x80, ICU.category(c) == Int32(U_DECIMAL_DIGIT_NUMBER.rawValue) else { return nil }
        let v = sbicu_u_charDigitValue(UChar32(bitPattern: c))
        guard v >= 0 && v <= 9 else { return nil }
        return 0x30 + UInt32(v)
    }

    /// Katakana → hiragana (ァ–ヶ and the iteration marks ヽ ヾ); nil for anything else.
    /// ー has no hiragana form and stays.
    static func hiragana(_ c: UInt32) -> UInt32? {
        if c >= 0x30A1 && c <= 0x30F6 { return c - 0x60 }
        if c == 0x30FD || c == 0x30FE { return c - 0x60 }
        return nil
    }

    /// Appends the conjoining jamo of a precomposed Hangul syllable; false when `c` is not one.
    static func appendJamo(_ c: UInt32, to out: inout [UInt32]) -> Bool {
        guard c >= 0xAC00 && c <= 0xD7A3 else { return false }
        let s = c - 0xAC00
        out.append(0x1100 + s / 588)
        out.append(0x1161 + (s % 588) / 28)
        if s % 28 != 0 { out.append(0x11A7 + s % 28) }
        return true
    }

    /// True for the scripts written without spaces between words, whose query words the engine
    /// matches as substrings: Han, Hiragana, Katakana, Hangul, Thai, Lao, Khmer, Myanmar.
    static func isNoSpaceScript(_ c: UInt32) -> Bool {
        if c < 0x0E00 { return false }
        if c >= 0x1100 && c <= 0x11FF { return true }  // conjoining jamo (keys)
        switch ICU.script(c) {
        case USCRIPT_HAN, USCRIPT_HIRAGANA, USCRIPT_KATAKANA, USCRIPT_HANGUL, USCRIPT_THAI, USCRIPT_LAO,
            USCRIPT_KHMER, USCRIPT_MYANMAR, USCRIPT_KATAKANA_OR_HIRAGANA:
            return true
        default:
            return false
        }
    }

    /// True for ideographs (Han), the input of Traditional→Simplified.
    static func isHan(_ c: UInt32) -> Bool {
        c >= 0x2E80 && ICU.script(c) == USCRIPT_HAN
    }
}
