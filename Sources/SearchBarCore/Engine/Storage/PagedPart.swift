/// A ``SegmentPart`` whose columns were copied into one buffer of pages of its own
/// (``PageBuffer``), as soon as its chunk was analysed.
///
/// A segment's parts all live until it is assembled: a million items' parts take about 190 MB
/// in many arrays of tens of kilobytes, which the allocator would serve from the analysing pool
/// threads' arenas. Once freed, glibc keeps the top of such an arena (below a trim threshold
/// that a host's large frees raise up to 64 MiB) resident, and `malloc_trim` does not return it.
/// Moved into pages, a thread's arena only ever holds the part it is analysing, and the parts'
/// memory goes back to the system whole when the part is dropped.
struct PagedPart {
    /// The chunk's distinct terms (local term id = position).
    var terms: ByteArena
    /// Each term's ``ByteInterner/hash(_:)``.
    var hashes: Column<UInt64>
    /// Per term, the number of the chunk's items that hold it.
    var termItems: Column<UInt32>
    /// Forward entries of the chunk's items: local term id | field << ``Segment/fieldShift``.
    var forward: Column<UInt32>
    /// Per item, its number of forward entries.
    var forwardCounts: Column<UInt32>
    /// Per field (indexed by `SearchField.rawValue`), each item's ``FoldPatch``.
    var originalPatches: [ByteArena]
    /// Folded text per field.
    var folded: [ByteArena]
    /// Per item, the collation rank key of its title.
    var rankKeys: Column<UInt64>
    /// Per item, its id.
    var ids: Column<UInt64>
    /// Per item, its scope.
    var scopes: Column<UInt32>
    /// Per item, its weight key.
    var weights: Column<UInt32>
    /// The part's items (local indices, ascending) listed in ``Segment/runExceptions``.
    var runExceptions: Column<UInt32>
    /// Per item, its attributes (text values folded).
    var attributes: [[(name: String, text: String?, number: Double)]]

    /// The number of items.
    var count: Int { ids.count }

    /// The columns of `part`, in one buffer of pages when they take ``PageBuffer/minimumBytes``
    /// or more in all, else in arrays.
    init(_ part: SegmentPart) {
        var sizes = Sizes()
        for arena in [part.terms] + part.originalPatches + part.folded { sizes.add(arena) }
        sizes.add(part.hashes)
        sizes.add(part.termItems)
        sizes.add(part.forward)
        sizes.add(part.forwardCounts)
        sizes.add(part.rankKeys)
        sizes.add(part.ids)
        sizes.add(part.scopes)
        sizes.add(part.weights)
        sizes.add(part.runExceptions)
        var block = Block(pages: sizes.total >= PageBuffer.minimumBytes ? PageBuffer(byteCount: sizes.total) : nil)
        terms = block.arena(part.terms)
        originalPatches = part.originalPatches.map { block.arena($0) }
        folded = part.folded.map { block.arena($0) }
        hashes = block.column(part.hashes)
        termItems = block.column(part.termItems)
        forward = block.column(part.forward)
        forwardCounts = block.column(part.forwardCounts)
        rankKeys = block.column(part.rankKeys)
        ids = block.column(part.ids)
        scopes = block.column(part.scopes)
        weights = block.column(part.weights)
        runExceptions = block.column(part.runExceptions)
        attributes = part.attributes
    }

    /// The bytes that columns copied one after another, each at an 8-byte boundary, take.
    private struct Sizes {
        var total = 0

        mutating func add<C: Collection>(_ values: C) where C.Element: BitwiseCopyable {
            total += (values.count * MemoryLayout<C.Element>.stride + 7) & ~7
        }

        mutating func add(_ arena: ByteArena) {
            add(arena.bytes)
            add(arena.offsets)
        }
    }

    /// Copies columns one after another into `pages` (or, without pages, into arrays).
    private struct Block {
        let pages: PageBuffer?
        var offset = 0

        mutating func column<T: BitwiseCopyable>(_ values: [T]) -> Column<T> {
            guard let pages else { return Column(values) }
            let column = values.withUnsafeBufferPointer { Column(copying: $0, into: pages, at: offset) }
            offset += (values.count * MemoryLayout<T>.stride + 7) & ~7
            return column
        }

        mutating func column<T: BitwiseCopyable>(_ values: Column<T>) -> Column<T> {
            guard let pages else { return values }
            let column = values.withUnsafeBufferPointer { Column(copying: $0, into: pages, at: offset) }
            offset += (values.count * MemoryLayout<T>.stride + 7) & ~7
            return column
        }

        mutating func arena(_ arena: ByteArena) -> ByteArena {
            ByteArena(bytes: column(arena.bytes), offsets: column(arena.offsets))
        }
    }
}
