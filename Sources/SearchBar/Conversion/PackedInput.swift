import CSearchBar
import SearchBarCore

/// Validates packed text columns (one UTF-8 buffer plus `count + 1` offsets) without copying
/// them, so that a batch of millions of items can be checked before anything is added and
/// then decoded item by item on the executor's threads.
struct PackedColumn: @unchecked Sendable {
    /// The first byte (nil for an empty column).
    let bytes: UnsafePointer<UInt8>?
    /// `count + 1` offsets (nil for an empty column).
    let offsets: UnsafePointer<UInt>?
    /// Bytes from the first text's start to the last text's end.
    let totalBytes: Int

    /// The empty column.
    static let empty = PackedColumn(bytes: nil, offsets: nil, totalBytes: 0)

    private init(bytes: UnsafePointer<UInt8>?, offsets: UnsafePointer<UInt>?, totalBytes: Int) {
        self.bytes = bytes
        self.offsets = offsets
        self.totalBytes = totalBytes
    }

    /// Checks a column of `count` texts named `name` (the message of an error names the column,
    /// and the item where it can): offsets non-decreasing, each text at most 64 MiB, the bytes
    /// valid UTF-8 with every text starting and ending on a character boundary.
    init(_ pointer: UnsafePointer<CChar>?, _ offsets: UnsafePointer<UInt>?, count: Int, name: String,
         offsetsName: String) throws(SearchBarError)
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
        if !UTF8Codec.isValid(base + Int(start), Int(total)) {
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

    /// Text `i` (validated by the initializer).
    @inline(__always) func text(_ i: Int) -> String {
        guard let bytes, let offsets else { return "" }
        let start = Int(offsets[i])
        let length = Int(offsets[i + 1]) - start
        guard length > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self)
    }
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

    /// Validates `c` (nil for count 0, which adds nothing).
    init?(_ c: sb_packed_items) throws(SearchBarError) {
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
        titles = try PackedColumn(c.titles, Self.unsigned(c.title_offsets), count: n, name: "items.titles", offsetsName: "items.title_offsets")
        subtitles = try PackedColumn(
            c.subtitles, Self.unsigned(c.subtitle_offsets), count: n, name: "items.subtitles", offsetsName: "items.subtitle_offsets")
        keywords = try PackedColumn(
            c.keywords, Self.unsigned(c.keyword_offsets), count: n, name: "items.keywords", offsetsName: "items.keyword_offsets")
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

    /// True when the ids ascend strictly (so no id repeats within the batch).
    var idsAscend: Bool {
        for i in 1..<max(count, 1) where ids[i - 1] >= ids[i] { return false }
        return true
    }

    /// The largest text column in bytes (segments keep each column under 1 GiB).
    var largestColumn: Int { max(titles.totalBytes, subtitles.totalBytes, keywords.totalBytes) }
}
