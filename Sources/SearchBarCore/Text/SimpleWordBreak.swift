internal import CICU

/// Word segmentation of simple text without ICU's break iterator, for texts made only of the
/// classes below, where UAX #29 (and ICU's word rules built from the same Word_Break property)
/// leave nothing to decide:
/// - letters: Word_Break = ALetter, not in a dictionary script (Line_Break ≠ SA, not Han or
///   kana); a run of them is one word segment with rule status `UBRK_WORD_LETTER` (WB5);
/// - ASCII digits: a run is one number segment with status `UBRK_WORD_NUMBER` (WB8);
/// - U+0020: a run is one segment with status 0 (WB3d);
/// - Word_Break = Other: each is a segment of its own with status 0 (WB999);
/// - Word_Break = Extend (vowel signs, viramas, nuktas, combining marks) right after a letter
///   or another such mark: part of the letter run (WB4 ignores them there, so WB5 joins the
///   letters around them), which keeps Devanagari, Bengali, Tamil... off ICU's iterator.
/// Everything else (marks after anything but a letter, ZWJ, quotes, '.', ':', ',', '_', '@' (a letter in ICU's rules),
/// other digits, CR/LF, scripts from U+0E00 on other than Latin Extended Additional and Greek
/// Extended) and a run mixing letters and digits ("a1") make ``segment(_:into:)`` return
/// false: the caller then uses ICU.
/// `IndexingAnalysisTests` compares the results with ICU's on all test texts and every locale.
enum SimpleWordBreak {
    static let unsafe: UInt8 = 0
    static let letter: UInt8 = 1
    static let digit: UInt8 = 2
    static let space: UInt8 = 3
    static let other: UInt8 = 4
    static let extend: UInt8 = 5

    /// Code points below this have a class in ``classes``; above, all are unsafe.
    static let tableLimit: UInt32 = 0x2000

    /// The class of each code point below ``tableLimit``, from ICU's properties.
    nonisolated(unsafe) static let classes: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(tableLimit))
        for c in UInt32(0)..<tableLimit { table[Int(c)] = classify(c) }
        return table
    }()

    private static func classify(_ c: UInt32) -> UInt8 {
        // ICU's word rules add @ to ALetter (`$ALetter = [\p{Word_Break = ALetter} @]`).
        if (c >= 0x0E00 && c < 0x1E00) || c == 0x40 { return unsafe }
        if c == 0x20 { return space }
        if c >= 0x30 && c <= 0x39 { return digit }
        let wb = sbicu_u_getIntPropertyValue(UChar32(bitPattern: c), UCHAR_WORD_BREAK)
        if wb == Int32(U_WB_OTHER.rawValue) { return c < 0x20 || (c >= 0x7F && c < 0xA0) ? unsafe : other }
        if wb == Int32(U_WB_EXTEND.rawValue) { return extend }
        guard wb == Int32(U_WB_ALETTER.rawValue) else { return unsafe }
        let lb = sbicu_u_getIntPropertyValue(UChar32(bitPattern: c), UCHAR_LINE_BREAK)
        if lb == Int32(U_LB_COMPLEX_CONTEXT.rawValue) { return unsafe }
        switch ICU.script(c) {
        case USCRIPT_HAN, USCRIPT_HIRAGANA, USCRIPT_KATAKANA, USCRIPT_KATAKANA_OR_HIRAGANA: return unsafe
        default: return letter
        }
    }

    /// Appends the segments of `text` to `out` as (start, end, rule status); false (with `out`
    /// in any state) when the text holds anything but the simple classes.
    static func segment(_ text: RawBuffer<UInt16>, into out: inout RawBuffer<BreakSegment>) -> Bool {
        segment(UnsafePointer(text.base), 0..<text.count, into: &out)
    }

    /// ``segment(_:into:)`` of the code units `range` of `text` taken as a text of their own,
    /// the segments' offsets counted from `text`'s start.
    @inline(__always)
    static func segment(_ text: UnsafePointer<UInt16>, _ range: Range<Int>, into out: inout RawBuffer<BreakSegment>)
        -> Bool
    {
        let table = classes
        let n = range.upperBound
        var i = range.lowerBound
        while i < n {
            let u = UInt32(text[i])
            guard u < tableLimit else { return false }
            let k = table[Int(u)]
            var j = i + 1
            switch k {
            case letter, digit:
                while j < n, UInt32(text[j]) < tableLimit {
                    let kj = table[Int(text[j])]
                    if kj == k || (kj == extend && k == letter) {
                        j += 1
                    } else if kj == letter || kj == digit {
                        return false
                    } else {
                        break
                    }
                }
                let status = k == letter ? Int32(SBICU_WORD_LETTER) : Int32(SBICU_WORD_NUMBER)
                out.append(BreakSegment(start: Int32(i), end: Int32(j), status: status))
            case space:
                while j < n && text[j] == 0x20 { j += 1 }
                out.append(BreakSegment(start: Int32(i), end: Int32(j), status: 0))
            case other:
                out.append(BreakSegment(start: Int32(i), end: Int32(j), status: 0))
            default:
                return false
            }
            i = j
        }
        return true
    }
}

/// One word break segment: UTF-16 range of the text and ICU rule status.
struct BreakSegment {
    var start: Int32
    var end: Int32
    var status: Int32
}
