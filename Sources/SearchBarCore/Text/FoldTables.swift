internal import CICU
import Synchronization

/// The fold of one normalization segment: its NFKC_Casefold form (UTF-16, the text ICU's word
/// break runs on) and its match key (UTF-8), split into clusters (a starter and its marks) so
/// positions inside an expansion such as ㈱ → (株) can be mapped.
struct SegmentFold {
    /// NFKC_Casefold form, UTF-16.
    var nfkc: [UInt16] = []
    /// Match key, UTF-8.
    var key: [UInt8] = []
    /// Per cluster: `(nfkc UTF-16 length << 16) | key UTF-8 length`.
    var clusters: [UInt32] = []
}

/// One 256-code-point page of the fold memo: the fold of each code point as a segment of its
/// own, plus its normalization-boundary flag. Immutable once published; plain memory (no
/// reference counting on the hot path), freed with its ``FoldTables``.
struct FoldPage {
    struct Entry {
        var keyStart: UInt32 = 0
        var nfkcStart: UInt32 = 0
        var clusterStart: UInt32 = 0
        var keyLength: UInt16 = 0
        var nfkcLength: UInt16 = 0
        var clusterCount: UInt16 = 0
        var flags: UInt16 = 0
    }
    /// The code point has an NFKC_Casefold boundary before it.
    static let boundaryBefore: UInt16 = 1
    /// The code point's NFKC_Casefold form is empty (a default ignorable such as ZWJ or VS16).
    static let ignorable: UInt16 = 2
    /// The fold is one cluster holding all of the key and NFKC text (its cluster value is
    /// `nfkcLength << 16 | keyLength`), so the cluster table need not be read.
    static let singleCluster: UInt16 = 4

    let entries: UnsafeMutablePointer<Entry>
    let keys: UnsafeMutablePointer<UInt8>
    let nfkc: UnsafeMutablePointer<UInt16>
    let clusters: UnsafeMutablePointer<UInt32>

    /// Builds the page of code points `first ..< first + 256`.
    static func build(first: UInt32, tables: FoldTables) -> UnsafeMutablePointer<FoldPage> {
        var entries = [Entry](repeating: Entry(), count: 256)
        var keys: [UInt8] = []
        var nfkc: [UInt16] = []
        var clusters: [UInt32] = []
        for k in 0..<256 {
            let c = first + UInt32(k)
            var e = Entry()
            if (c >= 0xD800 && c < 0xE000) || c > 0x10FFFF {
                e.flags = Self.boundaryBefore
                entries[k] = e
                continue
            }
            let fold = tables.foldCodePoint(c)
            e.keyStart = UInt32(keys.count)
            e.nfkcStart = UInt32(nfkc.count)
            e.clusterStart = UInt32(clusters.count)
            e.keyLength = UInt16(clamping: fold.key.count)
            e.nfkcLength = UInt16(clamping: fold.nfkc.count)
            e.clusterCount = UInt16(clamping: fold.clusters.count)
            keys += fold.key.prefix(Int(e.keyLength))
            nfkc += fold.nfkc.prefix(Int(e.nfkcLength))
            clusters += fold.clusters.prefix(Int(e.clusterCount))
            if ICU.hasBoundaryBefore(ICU.nfkcCasefold, c) { e.flags |= Self.boundaryBefore }
            if fold.nfkc.isEmpty { e.flags |= Self.ignorable }
            if fold.clusters.count == 1 && fold.clusters[0] == UInt32(e.nfkcLength) << 16 | UInt32(e.keyLength) {
                e.flags |= Self.singleCluster
            }
            entries[k] = e
        }
        func copy<T>(_ a: [T]) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(a.count, 1))
            a.withUnsafeBufferPointer { b in
                if let base = b.baseAddress { p.initialize(from: base, count: b.count) }
            }
            return p
        }
        let page = UnsafeMutablePointer<FoldPage>.allocate(capacity: 1)
        page.initialize(
            to: FoldPage(entries: copy(entries), keys: copy(keys), nfkc: copy(nfkc), clusters: copy(clusters)))
        return page
    }

    /// Frees a page made by ``build(first:tables:)`` (its element types are trivial).
    static func free(_ page: UnsafeMutablePointer<FoldPage>) {
        page.pointee.entries.deallocate()
        page.pointee.keys.deallocate()
        page.pointee.nfkc.deallocate()
        page.pointee.clusters.deallocate()
        page.deinitialize(count: 1)
        page.deallocate()
    }
}

/// The folding rules of one locale and the lazily built per-code-point memo of their results.
///
/// The memo holds, for every code point, its fold as a segment of its own; pages of 256 code
/// points are built on first use and published with an atomic compare-exchange of the page's
/// address (acquire/release), so lookups are lock-free and any number of threads can fold at
/// once (two threads may build the same page; one result wins, the other is freed). ICU runs only to build pages and for segments of several code points.
final class FoldTables: @unchecked Sendable {
    let tailoring: LocaleTailoring
    private let pages: UnsafeMutablePointer<Atomic<UInt>>
    static let pageCount = 0x110000 >> 8
    private let transliterator: Mutex<TransliteratorBox>

    /// Owns a `UTransliterator` (not thread-safe: used under a lock, only to build pages).
    final class TransliteratorBox: @unchecked Sendable {
        let handle: UnsafeMutablePointer<UTransliterator?>?
        /// The code points the transliterator may change (ICU's source set), nil when ICU gave
        /// none: it leaves any other code point as it is.
        let sourceSet: OpaquePointer?
        init(id: String?) {
            guard let id else {
                handle = nil
                sourceSet = nil
                return
            }
            var status = U_ZERO_ERROR
            var parse = UParseError()
            let u = Array(id.utf16)
            let h = u.withUnsafeBufferPointer {
                sbicu_utrans_openU($0.baseAddress, Int32($0.count), UTRANS_FORWARD, nil, 0, &parse, &status)
            }
            if sbicu_failure(status) != 0 {
                if let h { sbicu_utrans_close(h) }
                handle = nil
                sourceSet = nil
            } else {
                handle = h
                var setStatus = U_ZERO_ERROR
                let set = sbicu_utrans_getSourceSet(h, &setStatus)
                if sbicu_failure(setStatus) != 0 {
                    if let set { sbicu_uset_close(set) }
                    sourceSet = nil
                } else {
                    sourceSet = set
                }
            }
        }
        deinit {
            if let sourceSet { sbicu_uset_close(sourceSet) }
            if let handle { sbicu_utrans_close(handle) }
        }

        /// False when transliterating `c` alone certainly gives `c` back: there is no
        /// transliterator, or `c` is outside its source set.
        func mayChange(_ c: UInt32) -> Bool {
            guard handle != nil else { return false }
            guard let sourceSet else { return true }
            return sbicu_uset_contains(sourceSet, UChar32(bitPattern: c)) != 0
        }

        func transliterate(_ text: [UInt16]) -> [UInt16] {
            guard let handle, !text.isEmpty else { return text }
            var buffer = text + [UInt16](repeating: 0, count: text.count * 2 + 8)
            var length = Int32(text.count)
            var limit = length
            var status = U_ZERO_ERROR
            buffer.withUnsafeMutableBufferPointer { b in
                sbicu_utrans_transUChars(handle, b.baseAddress, &length, Int32(b.count), 0, &limit, &status)
            }
            guard sbicu_failure(status) == 0, length >= 0, Int(length) <= buffer.count else { return text }
            return Array(buffer[0..<Int(length)])
        }
    }

    init(tailoring: LocaleTailoring) {
        self.tailoring = tailoring
        pages = .allocate(capacity: Self.pageCount)
        for i in 0..<Self.pageCount { (pages + i).initialize(to: Atomic<UInt>(0)) }
        transliterator = Mutex(TransliteratorBox(id: tailoring.traditionalToSimplified ? "Traditional-Simplified" : nil))
    }

    deinit {
        for i in 0..<Self.pageCount {
            let address = pages[i].load(ordering: .acquiring)
            if let page = UnsafeMutablePointer<FoldPage>(bitPattern: address) { FoldPage.free(page) }
        }
        pages.deinitialize(count: Self.pageCount)
        pages.deallocate()
    }

    /// The rules with no locale.
    static let noLocale = FoldTables(tailoring: .none)

    private static let cache = Mutex<[String: FoldTables]>([:])

    /// The shared tables of a locale's language.
    static func forLocale(_ locale: SearchLocale) -> FoldTables {
        if locale.language.isEmpty { return noLocale }
        if let t = cache.withLock({ $0[locale.language] }) { return t }
        let made = FoldTables(tailoring: LocaleTailoring.forLocale(locale))
        return cache.withLock { table in
            if let t = table[locale.language] { return t }
            table[locale.language] = made
            return made
        }
    }

    /// The memo page holding `c` (built on first use).
    @inline(__always)
    func page(_ c: UInt32) -> UnsafeMutablePointer<FoldPage> {
        let index = Int(min(c, 0x10FFFF) >> 8)
        if let p = UnsafeMutablePointer<FoldPage>(bitPattern: pages[index].load(ordering: .acquiring)) { return p }
        return buildPage(index)
    }

    @inline(never)
    private func buildPage(_ index: Int) -> UnsafeMutablePointer<FoldPage> {
        let made = FoldPage.build(first: UInt32(index) << 8, tables: self)
        let (won, current) = pages[index].compareExchange(
            expected: 0, desired: UInt(bitPattern: made), ordering: .acquiringAndReleasing)
        if won { return made }
        FoldPage.free(made)
        return UnsafeMutablePointer<FoldPage>(bitPattern: current) ?? made
    }

    // MARK: - The pipeline on one segment (ICU)

    /// Folds one normalization segment given as UTF-16.
    func foldSegment(_ source: [UInt16]) -> SegmentFold {
        var result = SegmentFold()
        // Canonical order first: ICU's NFKC_Casefold of a segment is not always the same for
        // canonically equivalent inputs (U+0345 among other marks becomes ι before reordering).
        let ordered = source.count > 1 ? ICU.normalize(ICU.nfc, source) : source
        let nfkc = ICU.normalize(ICU.nfkcCasefold, ordered)
        result.nfkc = nfkc
        let scalars = UTF8Codec.scalars(ofUTF16: nfkc)
        var i = 0
        var mapped: [UInt32] = []
        while i < scalars.count {
            var j = i + 1
            while j < scalars.count && !ICU.hasBoundaryBefore(ICU.nfd, scalars[j]) { j += 1 }
            mapped.removeAll(keepingCapacity: true)
            foldCluster(scalars[i..<j], into: &mapped)
            let before = result.key.count
            for c in mapped { UTF8Codec.append(c, to: &result.key) }
            var units = 0
            for c in scalars[i..<j] { units += c >= 0x10000 ? 2 : 1 }
            result.clusters.append(UInt32(min(units, 0xFFFF)) << 16 | UInt32(min(result.key.count - before, 0xFFFF)))
            i = j
        }
        return result
    }

    /// ``foldSegment(_:)`` of code point `c` alone, without ICU's normalizers when they would
    /// leave it as it is (NFKC_Casefold does not change it, it is its own NFD, and it is not a
    /// dropped mark), or when it is a precomposed Hangul syllable (its NFD is its jamo, none of
    /// them dropped, so the cluster stays the syllable, which ``mapScalar(_:into:)`` maps to the
    /// same jamo): then its fold is one cluster, `c` through ``mapScalar(_:into:)``. Pages are
    /// built from it (most code points of a page take that way).
    func foldCodePoint(_ c: UInt32) -> SegmentFold {
        let isSyllable = c >= 0xAC00 && c <= 0xD7A3
        guard !ICU.has(c, UCHAR_CHANGES_WHEN_NFKC_CASEFOLDED),
            isSyllable
                || sbicu_u_getIntPropertyValue(UChar32(bitPattern: c), UCHAR_NFD_QUICK_CHECK) == Int32(UNORM_YES.rawValue),
            !LetterTable.isDropped(c)
        else { return foldSegment(UTF8Codec.utf16(ofScalars: [c])) }
        var result = SegmentFold()
        result.nfkc = UTF8Codec.utf16(ofScalars: [c])
        var mapped: [UInt32] = []
        mapScalar(c, into: &mapped)
        for m in mapped { UTF8Codec.append(m, to: &result.key) }
        result.clusters = [UInt32(result.nfkc.count) << 16 | UInt32(min(result.key.count, 0xFFFF))]
        return result
    }

    /// The key scalars of a scalar sequence (the whole pipeline, no segmentation shortcuts).
    func foldScalars(_ scalars: [UInt32]) -> [UInt32] {
        UTF8Codec.string(foldSegment(UTF8Codec.utf16(ofScalars: scalars)).key).unicodeScalars.map(\.value)
    }

    private func isKept(_ c: UInt32) -> Bool {
        LetterTable.isAlwaysKept(c)
            || (!tailoring.protected.isEmpty && tailoring.protected.contains(c))
    }

    /// Folds one cluster of NFKC_Casefold output (a starter and the marks after it).
    private func foldCluster(_ cluster: ArraySlice<UInt32>, into out: inout [UInt32]) {
        guard let first = cluster.first else { return }
        var base: [UInt32]
        if isKept(first) {
            base = [first]
            for c in cluster.dropFirst() where !LetterTable.isDropped(c) { base.append(c) }
        } else {
            let d = UTF8Codec.scalars(ofUTF16: ICU.normalize(ICU.nfd, UTF8Codec.utf16(ofScalars: Array(cluster))))
            let kept = d.filter { !LetterTable.isDropped($0) }
            if kept.count == d.count {
                base = Array(cluster)
            } else {
                base = UTF8Codec.scalars(ofUTF16: ICU.normalize(ICU.nfc, UTF8Codec.utf16(ofScalars: kept)))
            }
        }
        for c in base { mapScalar(c, into: &out) }
    }

    /// Traditional→Simplified of one ideograph, followed to a fixed point. ICU's data has a few
    /// cycles (苧 → 苎 → 苧); for those the smallest member of the cycle is the key, so the
    /// result is always a fixed point and folding stays idempotent.
    func simplified(_ c: UInt32) -> [UInt32] {
        // A code point the transliterator leaves alone is its own fixed point (most Han).
        guard transliterator.withLock({ $0.mayChange(c) }) else { return [c] }
        return simplifiedByTransliteration(c)
    }

    /// ``simplified(_:)`` without its shortcut: the transliterator followed to a fixed point.
    func simplifiedByTransliteration(_ c: UInt32) -> [UInt32] {
        var seen: [[UInt32]] = [[c]]
        for _ in 0..<8 {
            let last = seen[seen.count - 1]
            let next = UTF8Codec.scalars(
                ofUTF16: transliterator.withLock { $0.transliterate(UTF8Codec.utf16(ofScalars: last)) })
            if next == last { return last }
            if let start = seen.firstIndex(of: next) {
                return seen[start...].min { $0.lexicographicallyPrecedes($1) } ?? next
            }
            seen.append(next)
        }
        return seen[seen.count - 1]
    }

    /// The per-code-point steps after diacritics: letter table, digits, kana,
    /// Traditional→Simplified, Hangul jamo.
    private func mapScalar(_ c: UInt32, into out: inout [UInt32]) {
        if c < 0x80 {
            out.append(c)
            return
        }
        if isKept(c) {
            out.append(c)
            return
        }
        if let e = LetterTable.explicitLetters(c) {
            out += e
            return
        }
        if let l = LetterTable.strokeBase(c) {
            out.append(l)
            return
        }
        if let d = LetterTable.asciiDigit(c) {
            out.append(d)
            return
        }
        if let h = LetterTable.hiragana(c) {
            out.append(h)
            return
        }
        if tailoring.traditionalToSimplified, LetterTable.isHan(c) {
            out += simplified(c)
            return
        }
        if LetterTable.appendJamo(c, to: &out) { return }
        out.append(c)
    }
}
