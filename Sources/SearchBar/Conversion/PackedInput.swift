import CSearchBar
import SearchBarCore

/// Validates packed text columns (one UTF-8 buffer plus `count + 1` offsets, or texts separated
/// by NUL bytes) without copying them, so that a batch of millions of items can be checked
/// before anything is added and then decoded item by item on the executor's threads.
struct PackedColumn: @unchecked Sendable {
    /// The first byte (nil for an empty column).
    let bytes: UnsafePointer<UInt8>?
    /// `count + 1` offsets (nil for an empty column): text i starts at offsets[i] and ends
    /// `gap` bytes before offsets[i + 1].
    let offsets: UnsafePointer<UInt>?
    /// Bytes from the first text's start to the last text's end.
    let totalBytes: Int
    /// 1 when a NUL separates the texts, else 0.
    private let gap: Int
    /// The offsets the library computed for NUL-separated texts (kept alive with the column).
    private let starts: TextStarts?

    /// The empty column.
    static let empty = PackedColumn(bytes: nil, offsets: nil, totalBytes: 0)

    private init(bytes: UnsafePointer<UInt8>?, offsets: UnsafePointer<UInt>?, totalBytes: Int, gap: Int = 0,
                 starts: TextStarts? = nil)
    {
        self.bytes = bytes
        self.offsets = offsets
        self.totalBytes = totalBytes
        self.gap = gap
        self.starts = starts
    }

    /// Checks a column of `count` texts named `name` that are `length` bytes at `pointer`,
    /// separated by single NUL bytes: valid UTF-8, exactly `count - 1` NULs, each text at most
    /// 64 MiB; `index` scans the bytes on its pool's threads.
    init(separated pointer: UnsafePointer<CChar>, length: Int, count: Int, name: String, index: SearchIndex)
        throws(SearchBarError)
    {
        let address = UInt(bitPattern: pointer)
        guard length <= Int.max - 1, UInt(length) <= UInt.max - address else {
            throw .invalidArgument("\(name) is \(length) bytes long, past the end of the address space")
        }
        let base = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
        switch index.separatedTextStarts(base, length, texts: count) {
        case .invalidUTF8(let item):
            throw .invalidArgument(item.map { "\(name) of item \($0) is not valid UTF-8" } ?? "\(name) is not valid UTF-8")
        case .changed:
            throw .invalidArgument("\(name) changed while the library read it")
        case .separators(let found):
            throw .invalidArgument(
                "\(name) holds \(found) NUL separators; \(count) texts take \(count - 1) (a text cannot hold NUL)")
        case .starts(let starts):
            let offsets = UnsafePointer(starts.base)
            for i in 0..<count where Int(offsets[i + 1] - offsets[i]) - 1 > CInput.maxTextBytes {
                throw SearchBarError(
                    .tooBig, "\(name) of item \(i) is \(offsets[i + 1] - offsets[i] - 1) bytes; the limit is \(CInput.maxTextBytes)")
            }
            self.init(
                bytes: length > 0 ? base : nil, offsets: length > 0 ? offsets : nil, totalBytes: length, gap: 1,
                starts: starts)
        }
    }

    /// Checks a column of `count` texts named `name` (the message of an error names the column,
    /// and the item where it can): offsets non-decreasing, each text at most 64 MiB, the bytes
    /// valid UTF-8 (as `isValid` checks the whole buffer) with every text starting and ending on
    /// a character boundary.
    init(_ pointer: UnsafePointer<CChar>?, _ offsets: UnsafePointer<UInt>?, count: Int, name: String,
         offsetsName: String, isValid: (UnsafePointer<UInt8>, Int) -> Bool = UTF8Codec.isValid) throws(SearchBarError)
    {
        guard count > 0, let offsets else {
            guard pointer == nil || count == 0 else {
                throw .invalidArgument("\(name) is set but \(offsetsName) is NULL")
            }
            self.init(bytes: nil, offsets: nil, totalBytes: 0)
            return
        }
        let start = offsets[0]
        var previous = start
        for i in 0..<count {
            let next = offsets[i + 1]
            guard next >= previous else {
                throw .invalidArgument("\(offsetsName)[\(i + 1)] is \(next), less than \(offsetsName)[\(i)] (\(previous))")
            }
            guard next - previous <= UInt(CInput.maxTextBytes) else {
                throw SearchBarError(
                    .tooBig, "\(name) of item \(i) is \(next - previous) bytes; the limit is \(CInput.maxTextBytes)")
            }
            previous = next
        }
        let total = previous - start
        guard total > 0 else {
            self.init(bytes: nil, offsets: nil, totalBytes: 0)
            return
        }
        guard let pointer else { throw .invalidArgument("\(name) is NULL but its offsets span \(total) bytes") }
        // Offsets are size_t: the bytes they name must lie in the address space after `pointer`
        // (a pointer offset is a signed Int, so past Int.max it would trap).
        let address = UInt(bitPattern: pointer)
        guard start <= UInt(Int.max), total <= UInt(Int.max) - start, start + total <= UInt.max - address else {
            throw .invalidArgument(
                "\(offsetsName) name bytes [\(start), \(previous)) of \(name), past the end of the address space")
        }
        let base = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
        if !isValid(base + Int(start), Int(total)) {
            // Name the first bad item.
            for i in 0..<count where !UTF8Codec.isValid(base + Int(offsets[i]), Int(offsets[i + 1] - offsets[i])) {
                throw .invalidArgument("\(name) of item \(i) is not valid UTF-8")
            }
            throw .invalidArgument("\(name) is not valid UTF-8")
        }
        // Valid as a whole: each text is valid when it starts and ends on a character boundary.
        for i in 0...count {
            let offset = offsets[i]
            if offset - start < total && UTF8Codec.isContinuation(base[Int(offset)]) {
                let item = i == count ? count - 1 : i
                throw .invalidArgument("\(name) of item \(item) is not valid UTF-8 (an offset splits a character)")
            }
        }
        self.init(bytes: base, offsets: offsets, totalBytes: Int(total))
    }

    /// The bytes of text `i` (validated by the initializer), read in place.
    @inline(__always) func utf8(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        guard let bytes, let offsets else { return UnsafeBufferPointer(start: nil, count: 0) }
        let start = Int(offsets[i])
        let length = Int(offsets[i + 1]) - gap - start
        guard length > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes + start, count: length)
    }

    /// Text `i` (validated by the initializer).
    @inline(__always) func text(_ i: Int) -> String { String(decoding: utf8(i), as: UTF8.self) }
}

/// The validated columns of one sb_index_add_packed() batch.
struct PackedItems: @unchecked Sendable {
    let count: Int
    let ids: UnsafePointer<UInt64>
    let titles: PackedColumn
    let subtitles: PackedColumn
    let keywords: PackedColumn
    let scopes: UnsafePointer<UInt32>?
    let weights: UnsafePointer<Double>?

    /// Validates `c` (nil for count 0, which adds nothing), scanning large text buffers on
    /// `index`'s threads.
    init?(_ c: sb_packed_items, index: SearchIndex) throws(SearchBarError) {
        // size_t, which Swift imports as Int in a struct: read it unsigned, or a count past
        // 2^63 would look negative and add nothing with SB_OK.
        let requested = UInt(bitPattern: c.count)
        guard requested > 0 else { return nil }
        guard requested <= UInt(IndexInput.maxBatch) else {
            throw SearchBarError(.tooBig, "items.count is \(requested); one batch takes at most \(IndexInput.maxBatch) items")
        }
        let n = Int(requested)
        guard let ids = c.ids else { throw .invalidArgument("items.ids is NULL but items.count is \(n)") }
        count = n
        self.ids = ids
        let separated = try SessionCInput.flag(c.nul_separated, "items.nul_separated")
        let lengths = [c.titles_length, c.subtitles_length, c.keywords_length].map { UInt(bitPattern: $0) }
        if !separated, let set = lengths.firstIndex(where: { $0 != 0 }) {
            let name = ["titles", "subtitles", "keywords"][set]
            throw .invalidArgument("items.\(name)_length is \(lengths[set]) but items.nul_separated is 0")
        }
        func column(_ bytes: UnsafePointer<CChar>?, _ offsets: UnsafePointer<Int>?, _ length: UInt, _ name: String,
                    _ offsetsName: String) throws(SearchBarError) -> PackedColumn
        {
            guard separated, offsets == nil else {
                if length != 0 {
                    throw .invalidArgument("\(name)_length is \(length) but \(offsetsName) is set (a column has one or the other)")
                }
                return try PackedColumn(
                    bytes, Self.unsigned(offsets), count: n, name: name, offsetsName: offsetsName,
                    isValid: index.isValidUTF8)
            }
            guard let bytes else {
                guard length == 0 else { throw .invalidArgument("\(name) is NULL but its length is \(length)") }
                return .empty
            }
            guard length <= UInt(Int.max) else { throw .invalidArgument("\(name)'s length \(length) is too large") }
            return try PackedColumn(separated: bytes, length: Int(length), count: n, name: name, index: index)
        }
        titles = try column(c.titles, c.title_offsets, lengths[0], "items.titles", "items.title_offsets")
        subtitles = try column(c.subtitles, c.subtitle_offsets, lengths[1], "items.subtitles", "items.subtitle_offsets")
        keywords = try column(c.keywords, c.keyword_offsets, lengths[2], "items.keywords", "items.keyword_offsets")
        scopes = c.scopes
        weights = c.weights
        if let weights {
            for i in 0..<n where weights[i].isNaN { throw .invalidArgument("items.weights[\(i)] is NaN") }
        }
    }

    /// A `size_t` column as C declares it (Swift imports struct fields of type size_t as Int).
    private static func unsigned(_ p: UnsafePointer<Int>?) -> UnsafePointer<UInt>? {
        p.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt.self) }
    }

    /// Item `i`.
    @inline(__always) func item(_ i: Int) -> IndexItem {
        IndexItem(
            id: ids[i], title: titles.text(i), subtitle: subtitles.text(i), keywords: keywords.text(i),
            scope: scopes?[i] ?? 0, weight: weights?[i] ?? 0)
    }

    /// Item `i` with its texts read in place.
    @inline(__always) func utf8Item(_ i: Int) -> UTF8Item {
        UTF8Item(
            id: ids[i], title: titles.utf8(i), subtitle: subtitles.utf8(i), keywords: keywords.utf8(i),
            scope: scopes?[i] ?? 0, weight: weights?[i] ?? 0)
    }

    /// True when the ids ascend strictly (so no id repeats within the batch).
    var idsAscend: Bool {
        for i in 1..<max(count, 1) where ids[i - 1] >= ids[i] { return false }
        return true
    }

    /// The largest text column in bytes (segments keep each column under 1 GiB).
    var largestColumn: Int { max(titles.totalBytes, subtitles.totalBytes, keywords.totalBytes) }
}
