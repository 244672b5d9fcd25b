/// One ``PageBuffer`` that holds the values of several columns end to end, each read as a
/// ``Column`` sharing its pages; the pages are unmapped when the last of those columns goes.
///
/// A chunk of a build (``SegmentPart``) is analysed into growing arrays on a pool thread, and
/// the chunk's arrays then wait for the whole build to finish. Kept in the thread's glibc arena,
/// the arrays of hundreds of chunks made it grow to hundreds of MiB, of which glibc kept MiBs
/// resident after the build (a thread arena's top is trimmed only above a threshold that
/// `malloc_trim` does not lower). Copied into a slab, the arrays are freed at once, so the arena
/// serves the next chunk from the same memory and stays the size of one chunk's arrays.
struct ColumnSlab {
    /// The pages (nil when the columns stay in the allocator: see ``init(byteCount:)``).
    private let pages: PageBuffer?
    /// The bytes placed so far.
    private var used = 0

    /// Alignment of every column placed (the widest value a column holds).
    private static let alignment = 8

    /// The bytes ``place(_:)`` takes for `count` values of `T`, alignment included: sum these to
    /// size a slab.
    static func bytes<T>(_ type: T.Type, count: Int) -> Int {
        (count * MemoryLayout<T>.stride + alignment - 1) & ~(alignment - 1)
    }

    /// A slab of `byteCount` bytes (a sum of ``bytes(_:count:)``), in pages of its own when it
    /// takes ``PageBuffer/minimumBytes`` or more; below that (a small build), or when the kernel
    /// refuses the mapping, the columns placed keep arrays of their own.
    init(byteCount: Int) {
        pages = byteCount >= PageBuffer.minimumBytes ? PageBuffer(byteCount: byteCount) : nil
    }

    /// A column holding a copy of `values`, in the slab's pages when it has them (they must have
    /// room for it: the slab was sized with ``bytes(_:count:)`` for every column placed).
    mutating func place<T: BitwiseCopyable>(_ values: UnsafeBufferPointer<T>) -> Column<T> {
        guard let pages else { return Column(Array(values)) }
        let offset = used
        used += Self.bytes(T.self, count: values.count)
        precondition(used <= pages.byteCount && MemoryLayout<T>.alignment <= Self.alignment)
        if let source = values.baseAddress, !values.isEmpty {
            (pages.base + offset).bindMemory(to: T.self, capacity: values.count).initialize(from: source, count: values.count)
        }
        return Column(count: values.count, in: pages, at: offset, shared: true)
    }

    /// A column holding a copy of `values`, as the other `place` does.
    mutating func place<C: RandomAccessCollection>(_ values: C) -> Column<C.Element> where C.Element: BitwiseCopyable {
        if let column = values.withContiguousStorageIfAvailable({ place($0) }) { return column }
        return Array(values).withUnsafeBufferPointer { place($0) }
    }
}
