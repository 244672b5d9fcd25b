internal import CICU
import Glibc

/// Orders strings by a locale's standard collation with numeric ordering on
/// ("File1" < "file2" < "file10"), as CLDR and Apple recommend for user-visible sorting.
///
/// The search collation (`@collation=search`) is never used here: it must not order. Other
/// collation keywords of the locale (`de@collation=phonebook`, `de-u-co-phonebk`) are honoured.
///
/// Thread safety: the `UCollator` is configured once in `init`; afterwards only const ICU
/// functions run on it (`ucol_strcollUTF8`, `ucol_getSortKey`, `ucol_nextSortKeyPart` with a
/// state of the caller's own), which ICU documents as safe to
/// call from several threads on one instance (the C++ `Collator::compare` and `getSortKey` are
/// const and keep no per-call state). The test suite checks concurrent use against a
/// single-threaded baseline.
public final class Collator: @unchecked Sendable {
    /// The locale this collator orders for.
    public let locale: SearchLocale
    private let collator: OpaquePointer

    /// Creates a collator for a locale. Throws ``SearchBarError/Code/internal`` when ICU cannot
    /// open one.
    public init(locale: SearchLocale) throws(SearchBarError) {
        self.locale = locale
        let id = Self.standardID(locale.identifier)
        var status = U_ZERO_ERROR
        let opened = ICU.withCString(id) { sbicu_ucol_open($0, &status) }
        guard let opened, sbicu_failure(status) == 0 else {
            if let opened { sbicu_ucol_close(opened) }
            throw SearchBarError(.internal, "ICU cannot open a collator for \"\(id)\": status \(status.rawValue)")
        }
        sbicu_ucol_setAttribute(opened, UCOL_NUMERIC_COLLATION, UCOL_ON, &status)
        guard sbicu_failure(status) == 0 else {
            sbicu_ucol_close(opened)
            throw SearchBarError(.internal, "ICU cannot turn on numeric collation: status \(status.rawValue)")
        }
        collator = opened
    }

    deinit { sbicu_ucol_close(collator) }

    /// The locale id without a `collation=search` keyword.
    static func standardID(_ id: String) -> String {
        guard let at = id.firstIndex(of: "@") else { return id }
        let base = id[..<at]
        let keywords = id[id.index(after: at)...].split(separator: ";").filter {
            $0.lowercased() != "collation=search"
        }
        return keywords.isEmpty ? String(base) : base + "@" + keywords.joined(separator: ";")
    }

    /// The collator's version (`ucol_getVersion`, e.g. "153.120.0.0"): stored sort keys and
    /// ranks are valid only for the same version.
    public var version: String {
        var info: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &info) { raw in
            sbicu_ucol_getVersion(collator, raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return "\(info.0).\(info.1).\(info.2).\(info.3)"
    }

    /// Compares two strings: negative, zero or positive.
    public func compare(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { a in b.withUTF8 { b in compare(utf8: a, b) } }
    }

    /// ``compare(_:_:)`` of two valid UTF-8 texts read in place (no `String`s made): ICU skips
    /// their common start, so texts that differ late cost little more than those that differ
    /// early.
    func compare(utf8 a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var status = U_ZERO_ERROR
        let r = a.withMemoryRebound(to: CChar.self) { a in
            b.withMemoryRebound(to: CChar.self) { b in
                sbicu_ucol_strcollUTF8(
                    collator, a.baseAddress, Int32(clamping: a.count), b.baseAddress, Int32(clamping: b.count),
                    &status)
            }
        }
        if sbicu_failure(status) != 0 {
            let x = sortKey(String(decoding: a, as: UTF8.self))
            let y = sortKey(String(decoding: b, as: UTF8.self))
            return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
        }
        return r == UCOL_LESS ? -1 : (r == UCOL_EQUAL ? 0 : 1)
    }

    /// The sort key of a string: byte-wise comparison of keys (shorter first on a tie) equals
    /// ``compare(_:_:)``. Without ICU's trailing NUL.
    public func sortKey(_ s: String) -> [UInt8] {
        var key: [UInt8] = []
        appendSortKey(s, to: &key)
        return key
    }

    /// Appends the sort key of `s` to `buffer`; returns its length.
    @discardableResult
    public func appendSortKey(_ s: String, to buffer: inout [UInt8]) -> Int {
        let u = UTF8Codec.utf16(of: s)
        guard u.count < Int(Int32.max) / 4 else { return 0 }
        var capacity = u.count * 4 + 16
        for _ in 0..<3 {
            let start = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: capacity))
            let n = u.withUnsafeBufferPointer { pu in
                buffer.withUnsafeMutableBufferPointer { b in
                    sbicu_ucol_getSortKey(
                        collator, pu.baseAddress, Int32(pu.count), b.baseAddress! + start, Int32(capacity))
                }
            }
            if n <= 0 {
                buffer.removeSubrange(start...)
                return 0
            }
            if Int(n) <= capacity {
                // n counts the trailing NUL.
                buffer.removeSubrange((start + Int(n) - 1)...)
                return Int(n) - 1
            }
            buffer.removeSubrange(start...)
            capacity = Int(n)
        }
        return 0
    }

    /// The first 8 bytes of ``sortKey(_:)`` as a big-endian integer (zero-padded): the rank key
    /// of a title. ICU makes only as much of the key as those bytes need
    /// (`ucol_nextSortKeyPart`), usually from the first words alone, reading the UTF-8 in place.
    func sortKeyPrefix(_ s: String) -> UInt64 {
        var copy = s
        return copy.withUTF8 { sortKeyPrefix(utf8: $0) }
    }

    /// ``sortKeyPrefix(_:)`` of a valid UTF-8 text read in place.
    func sortKeyPrefix(utf8 p: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard p.count <= Int(Int32.max) else { return 0 }
        guard p.baseAddress != nil else {
            // An empty text without storage: ICU reads a text of no bytes, as of an empty String.
            var none: CChar = 0
            return withUnsafePointer(to: &none) { sbicu_ucol_sortKeyPrefix(collator, $0, 0) }
        }
        return p.withMemoryRebound(to: CChar.self) { p in
            sbicu_ucol_sortKeyPrefix(collator, p.baseAddress, Int32(p.count))
        }
    }

    /// The indices of `strings` in collation order (stable: equal strings keep their order).
    /// Sort keys are computed once and compared as bytes.
    public func sortedIndices(_ strings: [String]) -> [Int] {
        let keys = SortKeys(collator: self, strings: strings)
        return keys.order()
    }

    /// The collation rank of each string: `rank[i]` is the position of string `i` in collation
    /// order, and strings that compare equal get the same rank (the position of the first of
    /// them), so comparing ranks equals ``compare(_:_:)``.
    public func collationRanks(_ strings: [String]) -> [Int32] {
        let keys = SortKeys(collator: self, strings: strings)
        let order = keys.order()
        var ranks = [Int32](repeating: 0, count: strings.count)
        var rank = 0
        for (position, index) in order.enumerated() {
            if position > 0 && keys.compare(order[position - 1], index) != 0 { rank = position }
            ranks[index] = Int32(rank)
        }
        return ranks
    }
}

/// The sort keys of many strings in one buffer.
private struct SortKeys {
    var bytes: [UInt8] = []
    var starts: [Int] = [0]

    /// Below this many strings the keys are computed on the calling thread alone.
    static let parallelThreshold = 50_000

    init(collator: Collator, strings: [String]) {
        guard strings.count >= Self.parallelThreshold else {
            self.init(collator: collator, strings: strings[...])
            return
        }
        // Two halves on two cores (ucol_getSortKey is thread-safe on one collator), then joined.
        let middle = strings.count / 2
        final class Half: @unchecked Sendable { var keys = SortKeys() }
        let upper = Half()
        var lower = SortKeys()
        runInParallel(
            { upper.keys = SortKeys(collator: collator, strings: strings[middle...]) },
            { lower = SortKeys(collator: collator, strings: strings[..<middle]) })
        self = lower
        let offset = bytes.count
        bytes.append(contentsOf: upper.keys.bytes)
        starts.append(contentsOf: upper.keys.starts.dropFirst().map { $0 + offset })
    }

    private init() {}

    private init(collator: Collator, strings: ArraySlice<String>) {
        bytes.reserveCapacity(strings.count * 16)
        starts.reserveCapacity(strings.count + 1)
        for s in strings {
            collator.appendSortKey(s, to: &bytes)
            starts.append(bytes.count)
        }
    }

    /// memcmp order of keys `i` and `j`, shorter first on a tie.
    func compare(_ i: Int, _ j: Int) -> Int {
        let li = starts[i + 1] - starts[i]
        let lj = starts[j + 1] - starts[j]
        let r = bytes.withUnsafeBufferPointer { b -> Int32 in
            guard let base = b.baseAddress else { return 0 }
            return memcmp(base + starts[i], base + starts[j], min(li, lj))
        }
        if r != 0 { return Int(r) }
        return li - lj
    }

    /// The indices in key order, stable. Most comparisons are settled by the first 8 key bytes
    /// held inline as one big-endian integer (zero-padded, so a shorter key still sorts first);
    /// only equal prefixes fall back to comparing the whole keys.
    func order() -> [Int] {
        let count = starts.count - 1
        return bytes.withUnsafeBufferPointer { buffer -> [Int] in
            guard let base = buffer.baseAddress, count > 1 else { return Array(0..<max(count, 0)) }
            var entries: [(prefix: UInt64, index: Int)] = []
            entries.reserveCapacity(count)
            for i in 0..<count {
                let start = starts[i]
                let length = starts[i + 1] - start
                var prefix: UInt64 = 0
                for k in 0..<8 {
                    prefix = prefix << 8 | UInt64(k < length ? base[start + k] : 0)
                }
                entries.append((prefix, i))
            }
            entries.sort { a, b in
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                let la = starts[a.index + 1] - starts[a.index]
                let lb = starts[b.index + 1] - starts[b.index]
                let c = memcmp(base + starts[a.index], base + starts[b.index], min(la, lb))
                if c != 0 { return c < 0 }
                return la != lb ? la < lb : a.index < b.index
            }
            return entries.map(\.index)
        }
    }
}
