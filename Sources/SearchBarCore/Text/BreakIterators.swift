internal import CICU
import Synchronization

/// A pool of ICU break iterators of one type and locale.
///
/// `UBreakIterator` is not thread-safe, so each use takes an iterator out of the pool (or clones
/// the template when the pool is empty) and gives it back afterwards; at most `capacity` idle
/// iterators are kept.
final class BreakIteratorPool: @unchecked Sendable {
    private let template: OpaquePointer?
    private let idle = Mutex<[Handle]>([])

    /// A break iterator owned by the pool (moved between threads under its lock).
    private struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }
    private let capacity = 16

    init(type: UBreakIteratorType, locale: String) {
        var status = U_ZERO_ERROR
        let t = ICU.withCString(locale) { sbicu_ubrk_open(type, $0, nil, 0, &status) }
        if sbicu_failure(status) != 0 {
            if let t { sbicu_ubrk_close(t) }
            template = nil
        } else {
            template = t
        }
    }

    deinit {
        for bi in idle.withLock({ $0 }) { sbicu_ubrk_close(bi.pointer) }
        if let template { sbicu_ubrk_close(template) }
    }

    /// A new iterator of the pool's type and locale, owned by the caller (who closes it with
    /// `ubrk_close`); nil when ICU cannot make one.
    func makeIterator() -> OpaquePointer? {
        guard let template else { return nil }
        var status = U_ZERO_ERROR
        let bi = sbicu_ubrk_clone(template, &status)
        if sbicu_failure(status) != 0 {
            if let bi { sbicu_ubrk_close(bi) }
            return nil
        }
        return bi
    }

    /// Runs `body` with an iterator set to `text`; nil when ICU cannot provide one.
    func with<R>(text: UnsafeBufferPointer<UInt16>, _ body: (OpaquePointer) -> R) -> R? {
        guard text.count < Int(Int32.max), let iterator = take() else { return nil }
        var status = U_ZERO_ERROR
        sbicu_ubrk_setText(iterator, text.baseAddress, Int32(text.count), &status)
        guard sbicu_failure(status) == 0 else {
            sbicu_ubrk_close(iterator)
            return nil
        }
        let result = body(iterator)
        giveBack(iterator)
        return result
    }

    /// Runs `body` with an iterator set to the UTF-8 `text` itself (no UTF-16 copy; offsets
    /// are UTF-8 byte offsets of `text`); nil when ICU cannot provide one.
    func with<R>(utf8 text: UnsafeBufferPointer<UInt8>, _ body: (OpaquePointer) -> R) -> R? {
        guard text.count < Int(Int32.max), let iterator = take() else { return nil }
        var status = U_ZERO_ERROR
        let base = UnsafeRawPointer(text.baseAddress ?? UnsafePointer(bitPattern: 1)!)
        let ut = sbicu_utext_openUTF8(nil, base.assumingMemoryBound(to: CChar.self), Int64(text.count), &status)
        if sbicu_failure(status) == 0 { sbicu_ubrk_setUText(iterator, ut, &status) }
        guard sbicu_failure(status) == 0 else {
            if let ut { sbicu_utext_close(ut) }
            sbicu_ubrk_close(iterator)
            return nil
        }
        let result = body(iterator)
        giveBack(iterator)
        sbicu_utext_close(ut)
        return result
    }

    /// An idle iterator, or a new clone of the template; nil when ICU cannot make one.
    private func take() -> OpaquePointer? {
        if let handle = idle.withLock({ $0.popLast() }) { return handle.pointer }
        return makeIterator()
    }

    /// Detaches the caller's text from `iterator` and keeps it for the next use (or closes it
    /// when the pool is full).
    private func giveBack(_ iterator: OpaquePointer) {
        var detach = U_ZERO_ERROR
        sbicu_ubrk_setText(iterator, nil, 0, &detach)
        let handle = Handle(pointer: iterator)
        let pooled = idle.withLock { list -> Bool in
            guard list.count < capacity else { return false }
            list.append(handle)
            return true
        }
        if !pooled { sbicu_ubrk_close(iterator) }
    }
}

/// Grapheme-cluster widening of UTF-8 byte ranges with ICU's character break iterator.
enum Graphemes {
    /// The character break iterators (root rules; grapheme clusters are not tailored).
    static let pool = BreakIteratorPool(type: UBRK_CHARACTER, locale: "")

    /// True when `offset` is a grapheme boundary that can be seen from the bytes alone: the
    /// text ends, two ASCII bytes other than CR LF meet, an ASCII character follows a code point
    /// other than a Prepend or a ZWJ, a Hangul jamo or syllable follows a code point of break
    /// class Other, Control or LF, or a code point that never joins what precedes it follows
    /// one that never joins what follows it. False means "ask ICU", never "not a boundary".
    @inline(__always)
    static func isTrivialBoundary(_ p: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
        if offset <= 0 || offset >= p.count { return true }
        let a = p[offset - 1]
        let b = p[offset]
        if a < 0x80 && b < 0x80 { return !(a == 0x0D && b == 0x0A) }
        guard !UTF8Codec.isContinuation(b) else { return false }
        var start = offset - 1
        while start > 0 && UTF8Codec.isContinuation(p[start]) { start -= 1 }
        let previous = UTF8Codec.decode(p, at: start).scalar
        let previousClass = sbicu_u_getIntPropertyValue(UChar32(bitPattern: previous), UCHAR_GRAPHEME_CLUSTER_BREAK)
        if b < 0x80 {
            // Every rule of UAX #29 (and ICU's) that joins a code point to an ASCII one after it
            // needs a Prepend before it (GB9b); ZWJ is kept out as well (GB11). So an Indic
            // word ending in a mark (Extend) before a space breaks there.
            return previousClass != Int32(U_GCB_PREPEND.rawValue) && previousClass != Int32(U_GCB_ZWJ.rawValue)
        }
        let next = UTF8Codec.decode(p, at: offset).scalar
        let nextClass = sbicu_u_getIntPropertyValue(UChar32(bitPattern: next), UCHAR_GRAPHEME_CLUSTER_BREAK)
        if nextClass == Int32(U_GCB_L.rawValue) || nextClass == Int32(U_GCB_V.rawValue)
            || nextClass == Int32(U_GCB_T.rawValue) || nextClass == Int32(U_GCB_LV.rawValue)
            || nextClass == Int32(U_GCB_LVT.rawValue)
        {
            // Hangul joins only Hangul before it (GB6-GB8), a Prepend (GB9b) or, in ICU's
            // rules, nothing else: a syllable after a space or a letter of another script breaks.
            return previousClass == Int32(U_GCB_OTHER.rawValue) || previousClass == Int32(U_GCB_CONTROL.rawValue)
                || previousClass == Int32(U_GCB_LF.rawValue)
        }
        // A code point of break class Other/Control/LF never joins what precedes it unless
        // that is a Prepend, a ZWJ (before an emoji) or CR (UAX #29 GB3, GB9b, GB11), or an
        // Extend: a virama joins the next linking consonant into one Indic conjunct (ICU's
        // rule, GB9c since Unicode 15.1), and Extend holds nukta and other marks between them.
        guard nextClass == Int32(U_GCB_OTHER.rawValue) || nextClass == Int32(U_GCB_CONTROL.rawValue)
            || nextClass == Int32(U_GCB_LF.rawValue)
        else { return false }
        return previousClass != Int32(U_GCB_PREPEND.rawValue) && previousClass != Int32(U_GCB_ZWJ.rawValue)
            && previousClass != Int32(U_GCB_CR.rawValue) && previousClass != Int32(U_GCB_EXTEND.rawValue)
    }

    /// `range` widened so that both ends are grapheme-cluster boundaries of `text`.
    static func widen(_ range: Range<Int>, in text: String) -> Range<Int> {
        var copy = text
        return copy.withUTF8 { widen(range, bytes: $0) }
    }

    /// `range` widened so that both ends are grapheme-cluster boundaries of the UTF-8 `p`
    /// (one range; to widen several ranges of one text, use one ``GraphemeWidener``).
    static func widen(_ range: Range<Int>, bytes p: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var widener = GraphemeWidener(p)
        return widener.widen(range)
    }
}
