/// An immutable array of fixed-width values whose memory is a Swift array's, anonymous pages of
/// its own (``PageBuffer``, for a large column built with ``filled(count:_:)``), or borrowed from
/// a read-only mapping of an index file (``FileMapping``), behind one interface: a segment built
/// in memory and a segment opened from a file are searched by the same code.
///
/// Reads go through a base pointer taken when the storage is set: an owned array changes only
/// through ``modify(_:)`` (which takes the pointer again; a segment's columns are `let`s and
/// never change), and a mapping is never unmapped while a column over it lives (the column
/// keeps it). An index out of range traps, as an array's does; the loader checks every offset
/// a file supplies before a column is read with it.
struct Column<Element: BitwiseCopyable>: RandomAccessCollection, ExpressibleByArrayLiteral, @unchecked Sendable {
    /// The values when they live in a Swift array (empty for a paged or borrowed column).
    private var owned: [Element]
    /// The pages holding the values of a paged column (nil otherwise).
    private var pages: PageBuffer?
    /// What keeps borrowed memory mapped (nil for an owned column).
    private var mapping: FileMapping?
    /// The first value (nil when there are none).
    private var base: UnsafePointer<Element>?
    /// The number of values.
    private(set) var count: Int
    /// True when ``pages`` also hold other columns' values (a ``ColumnSlab``'s): this column's
    /// ``byteSize`` counts only its own values, not the slab's whole pages.
    private var sharesPages = false

    /// The values of `array`.
    init(_ array: [Element]) {
        owned = array
        pages = nil
        mapping = nil
        count = array.count
        base = array.isEmpty ? nil : array.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// No values.
    init() { self.init([]) }

    init(arrayLiteral elements: Element...) { self.init(elements) }

    /// `count` values at `base`, inside `mapping`, which the column keeps mapped.
    init(borrowing base: UnsafePointer<Element>?, count: Int, from mapping: FileMapping) {
        owned = []
        pages = nil
        self.mapping = mapping
        self.base = count == 0 ? nil : base
        self.count = count
    }

    /// `count` values at `byteOffset` in `pages`, which the column keeps; `shared` when other
    /// columns hold the rest of the pages (a ``ColumnSlab``).
    init(count: Int, in pages: PageBuffer, at byteOffset: Int = 0, shared: Bool = false) {
        precondition(byteOffset >= 0 && byteOffset + count * MemoryLayout<Element>.stride <= pages.byteCount)
        owned = []
        self.pages = pages
        mapping = nil
        self.count = count
        base = count == 0 ? nil : UnsafePointer((pages.base + byteOffset).assumingMemoryBound(to: Element.self))
        sharesPages = shared
    }

    /// `count` values that `fill` initializes through a pointer (every value must be written;
    /// `fill` may hand the pointer to a parallel job that ends before it returns, and runs even
    /// for no values). Values of ``PageBuffer/minimumBytes`` or more go into pages of their own
    /// (outside the allocator's arenas), fewer into an array.
    static func filled(count: Int, _ fill: (SharedPointer<Element>) -> Void) -> Column {
        let bytes = count * MemoryLayout<Element>.stride
        guard bytes >= PageBuffer.minimumBytes, let pages = PageBuffer(byteCount: bytes) else {
            return Column([Element].filled(count: count, fill))
        }
        fill(SharedPointer(pages.base.bindMemory(to: Element.self, capacity: count)))
        return Column(count: count, in: pages)
    }

    /// At most `capacity` values that `fill` initializes through a pointer, returning how many
    /// it wrote (the first ones): in pages of their own when the room takes
    /// ``PageBuffer/minimumBytes`` or more (the pages past the values unmapped), else in an array
    /// of the exact size. For results whose size is known only once made (a merge's vocabulary
    /// and orders), which an array would put in the calling thread's allocator arena.
    static func uninitialized(capacity: Int, _ fill: (UnsafeMutablePointer<Element>) -> Int) -> Column {
        let bytes = capacity * MemoryLayout<Element>.stride
        guard bytes >= PageBuffer.minimumBytes, let pages = PageBuffer(byteCount: bytes) else {
            return Column([Element].uninitialized(capacity: capacity) { buffer, count in
                count = fill(buffer.baseAddress.unsafelyUnwrapped)
                precondition(count >= 0 && count <= capacity)
            }.exactCopy())
        }
        let count = fill(pages.base.bindMemory(to: Element.self, capacity: capacity))
        precondition(count >= 0 && count <= capacity)
        pages.shrink(toFit: count * MemoryLayout<Element>.stride)
        return Column(count: count, in: pages)
    }

    /// Columns of `counts[k]` values each, which `fill` initializes end to end through one
    /// pointer (every value must be written): all in one run of pages of their own, shared,
    /// when they take ``PageBuffer/minimumBytes`` or more together, else each in an array. For a
    /// merge's per-input maps, many small arrays that together would grow its thread's arena.
    static func split(counts: [Int], _ fill: (SharedPointer<Element>) -> Void) -> [Column] {
        let total = counts.reduce(0, +)
        let stride = MemoryLayout<Element>.stride
        if total * stride >= PageBuffer.minimumBytes, let pages = PageBuffer(byteCount: total * stride) {
            fill(SharedPointer(pages.base.bindMemory(to: Element.self, capacity: total)))
            var at = 0
            return counts.map { count in
                defer { at += count * stride }
                return Column(count: count, in: pages, at: at, shared: counts.count > 1)
            }
        }
        let values = [Element].filled(count: total, fill)
        var at = 0
        return counts.map { count in
            defer { at += count }
            return Column(Array(values[at..<at + count]))
        }
    }

    /// `count` values, value `i` made by `value(i)`, stored as ``filled(count:_:)`` stores them
    /// (a large column in pages of its own): for a merge's or a build's columns, which a
    /// `map` would put in the calling thread's allocator arena.
    static func generated(count: Int, _ value: (Int) -> Element) -> Column {
        filled(count: count) { values in
            for i in 0..<count { (values.base + i).initialize(to: value(i)) }
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Value `i`.
    @inline(__always) subscript(i: Int) -> Element {
        precondition(i >= 0 && i < count, "Column index out of range")
        return base.unsafelyUnwrapped[i]
    }

    /// Calls `body` with the values' memory (what lets `Array.append(contentsOf:)` and other
    /// generic copies of a column or its slices copy memory instead of reading value by value).
    @inline(__always) func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// True when the values are borrowed from a mapped file.
    var isBorrowed: Bool { mapping != nil }

    /// Calls `body` with the values' memory.
    @inline(__always) func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the values' bytes.
    @inline(__always) func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(UnsafeBufferPointer(start: base, count: count)))
    }

    /// True when the values live in pages of their own (``filled(count:_:)``).
    var isPaged: Bool { pages != nil }

    /// The values as an array (a copy for a paged or borrowed column).
    var array: [Element] {
        pages == nil && mapping == nil ? owned : Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes of the pages this column keeps mapped (nil for a column without pages of its
    /// own): what a shrink left, where ``byteSize`` counts the values.
    var mappedBytes: Int? { pages?.byteCount }

    /// Bytes of anonymous memory held (0 for a borrowed column: its pages are the file's; whole
    /// pages for a paged one).
    var byteSize: Int {
        if pages != nil {
            let bytes = count * MemoryLayout<Element>.stride
            return sharesPages ? bytes : PageBuffer.roundedToPages(bytes)
        }
        return mapping == nil ? owned.capacity * MemoryLayout<Element>.stride : 0
    }

    /// Calls `body` with the values as a mutable array (a paged or borrowed column is copied
    /// into one first and owns it from then on), then takes the base pointer again. For columns
    /// being built; a segment's columns never change.
    @inline(__always) mutating func modify<R>(_ body: (inout [Element]) -> R) -> R {
        if pages == nil && mapping == nil {
            // An owned column grows its array in place: no copy of the reference to drop.
            defer {
                count = owned.count
                base = owned.isEmpty ? nil : owned.withUnsafeBufferPointer { $0.baseAddress }
            }
            return body(&owned)
        }
        var values = array
        // Drop this column's reference so `values` is uniquely referenced and grows in place.
        owned = []
        pages = nil
        mapping = nil
        sharesPages = false
        defer {
            owned = values
            count = values.count
            base = values.isEmpty ? nil : values.withUnsafeBufferPointer { $0.baseAddress }
        }
        return body(&values)
    }

    /// Appends a value (for columns being built).
    mutating func append(_ value: Element) { modify { $0.append(value) } }

    /// Appends values (for columns being built).
    mutating func append<S: Sequence<Element>>(contentsOf values: S) { modify { $0.append(contentsOf: values) } }

    /// Reserves room for `capacity` values in all.
    mutating func reserveCapacity(_ capacity: Int) { modify { $0.reserveCapacity(capacity) } }

    /// This column without spare capacity, a large one copied into pages of its own (a paged or
    /// borrowed column is returned as it is): what a merge or build keeps stays out of the
    /// allocator's arenas, as ``filled(count:_:)`` keeps it.
    func exactCopy() -> Column {
        guard pages == nil && mapping == nil else { return self }
        if count * MemoryLayout<Element>.stride >= PageBuffer.minimumBytes, let base {
            return Column.filled(count: count) { $0.base.initialize(from: base, count: count) }
        }
        return Column(owned.exactCopy())
    }
}

extension Column: Equatable where Element: Equatable {
    static func == (a: Column, b: Column) -> Bool { a.elementsEqual(b) }
}
