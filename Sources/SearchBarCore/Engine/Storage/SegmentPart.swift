/// One analysis chunk of a segment being built: its items' columns and a forward index over a
/// chunk-local vocabulary (ids in first-seen order), with what ``VocabularyMerge`` needs to
/// merge the chunks' vocabularies in parallel: each term's hash and item count.
///
/// A chunk is analysed into growing arrays, which are then copied into one ``ColumnSlab`` of
/// their exact size and freed: the analysing thread's arena reuses them for its next chunk, and
/// the chunks waiting for the rest of the build hold pages of their own.
struct SegmentPart {
    /// The chunk's distinct terms (local term id = position).
    var terms = ByteArena()
    /// Each term's ``ByteInterner/hash(_:)``.
    var hashes: Column<UInt64> = []
    /// Per term, the number of the chunk's items that hold it.
    var termItems: Column<UInt32> = []
    /// Forward entries of the chunk's items: local term id | field << ``Segment/fieldShift``.
    var forward: Column<UInt32> = []
    /// Per item, its number of forward entries.
    var forwardCounts: Column<UInt32> = []
    /// The greatest field (`SearchField.rawValue`) of a forward entry: the field bits of the
    /// greatest entry, which with the term count give the width of the segment's forward index.
    var greatestField: UInt32 = 0
    /// Per field (indexed by `SearchField.rawValue`), each item's ``FoldPatch``.
    var originalPatches = [ByteArena](repeating: ByteArena(), count: 3)
    /// Folded text per field.
    var folded = [ByteArena](repeating: ByteArena(), count: 3)
    /// Per item, the collation rank key of its title.
    var rankKeys: Column<UInt64> = []
    /// Per item, its id.
    var ids: Column<UInt64> = []
    /// Per item, its scope.
    var scopes: Column<UInt32> = []
    /// Per item, its weight key.
    var weights: Column<UInt32> = []
    /// The part's items (local indices, ascending) listed in ``Segment/runExceptions``.
    var runExceptions: Column<UInt32> = []
    /// Per item, its attributes (text values folded); empty when no item of the part has any.
    var attributes: [[(name: String, text: String?, number: Double)]] = []

    /// The number of items.
    var count: Int { ids.count }

    /// Analyses `items` into a part.
    static func analyze<S: Sequence>(_ items: S, _ config: ItemAnalysis) -> SegmentPart where S.Element: AnalyzableItem {
        var originalPatches = [ByteArenaBuilder](repeating: ByteArenaBuilder(), count: 3)
        var folded = [ByteArenaBuilder](repeating: ByteArenaBuilder(), count: 3)
        // The per-item and per-token columns in raw buffers (appends check only the capacity),
        // freed once placed in the slab.
        var forward = RawBuffer<UInt32>(capacity: 8192)
        var forwardCounts = RawBuffer<UInt32>(capacity: 1024)
        var rankKeys = RawBuffer<UInt64>(capacity: 1024)
        var ids = RawBuffer<UInt64>(capacity: 1024)
        var scopes = RawBuffer<UInt32>(capacity: 1024)
        var weights = RawBuffer<UInt32>(capacity: 1024)
        var runExceptions = RawBuffer<UInt32>(capacity: 16)
        defer {
            forward.free()
            forwardCounts.free()
            rankKeys.free()
            ids.free()
            scopes.free()
            weights.free()
            runExceptions.free()
        }
        var attributes: [[(name: String, text: String?, number: Double)]] = []
        var interner = ByteInterner(expected: 4096)
        let scratch = config.analyzer.takeScratch()
        scratch.memoizesBreaks = true
        defer {
            scratch.memoizesBreaks = false
            config.analyzer.recycle(scratch)
        }
        let worker = config.takeWorker()
        defer { config.recycle(worker) }
        // The fields once (`allCases` makes an array per use).
        let fields = SearchField.allCases.filter { config.fields.includes($0) }
        for item in items {
            var entries = 0
            var isException = false
            for field in fields {
                item.withUTF8(field) { text in
                    if text.isEmpty {
                        // What analysing "" gives (no key, no tokens), without the call.
                        originalPatches[Int(field.rawValue)].appendEmpty()
                        folded[Int(field.rawValue)].appendEmpty()
                        return
                    }
                    config.analyze(utf8: text, scratch: scratch, worker: worker)
                    // The key and tokens in the scratch's buffers (valid until its next use).
                    let key = UnsafeRawBufferPointer(scratch.state.key.buffer)
                    let tokens = scratch.state.tokens.buffer
                    originalPatches[Int(field.rawValue)].append(original: UnsafeRawBufferPointer(text), folded: key)
                    folded[Int(field.rawValue)].append(key)
                    let fieldBits = field.rawValue << Segment.fieldShift
                    for token in tokens {
                        let lower = min(max(Int(token.keyStart), 0), key.count)
                        let upper = min(max(Int(token.keyEnd), lower), key.count)
                        let id = interner.intern(UnsafeRawBufferPointer(rebasing: key[lower..<upper]))
                        forward.append(UInt32(truncatingIfNeeded: id) | fieldBits)
                    }
                    entries += tokens.count
                    if !isException { isException = RunExceptions.isException(key: key, tokens: tokens) }
                }
            }
            if isException { runExceptions.append(UInt32(truncatingIfNeeded: ids.count)) }
            forwardCounts.append(UInt32(truncatingIfNeeded: entries))
            rankKeys.append(item.withUTF8(.title) { config.rankKey(utf8: $0) })
            ids.append(item.id)
            scopes.append(item.scope)
            weights.append(WeightKey.key(item.weight))
            let values = item.attributes
            if !values.isEmpty || !attributes.isEmpty {
                // Empty runs for the items before the first with attributes.
                if attributes.isEmpty { attributes = Array(repeating: [], count: ids.count - 1) }
                attributes.append(values.map { attribute in
                    switch attribute.value {
                    case .text(let text): (attribute.name, config.foldValue(text), 0)
                    case .number(let number): (attribute.name, nil, number)
                    }
                })
            }
        }
        let (termItems, greatestField) = countItems(
            forward: forward.buffer, forwardCounts: forwardCounts.buffer, termCount: interner.count)

        // Everything into one slab of its exact size.
        let terms = interner.arena
        var bytes = terms.slabBytes + ColumnSlab.bytes(UInt64.self, count: interner.hashes.count)
        for count in [termItems.count, forward.count, forwardCounts.count, scopes.count, weights.count, runExceptions.count] {
            bytes += ColumnSlab.bytes(UInt32.self, count: count)
        }
        bytes += ColumnSlab.bytes(UInt64.self, count: rankKeys.count) + ColumnSlab.bytes(UInt64.self, count: ids.count)
        for f in 0..<3 { bytes += originalPatches[f].slabBytes + folded[f].slabBytes }
        var slab = ColumnSlab(byteCount: bytes)
        var part = SegmentPart()
        part.terms = terms.placed(in: &slab)
        part.hashes = slab.place(interner.hashes)
        part.termItems = slab.place(termItems)
        part.forward = slab.place(forward.buffer)
        part.forwardCounts = slab.place(forwardCounts.buffer)
        part.greatestField = greatestField
        part.originalPatches = originalPatches.map { $0.placed(in: &slab) }
        part.folded = folded.map { $0.placed(in: &slab) }
        part.rankKeys = slab.place(rankKeys.buffer)
        part.ids = slab.place(ids.buffer)
        part.scopes = slab.place(scopes.buffer)
        part.weights = slab.place(weights.buffer)
        part.runExceptions = slab.place(runExceptions.buffer)
        part.attributes = attributes
        return part
    }

    /// Per term, the number of items whose forward entries hold it; and the greatest field bits
    /// of an entry.
    private static func countItems(
        forward: UnsafeBufferPointer<UInt32>, forwardCounts: UnsafeBufferPointer<UInt32>, termCount: Int
    )
        -> (items: [UInt32], greatestField: UInt32)
    {
        var items = [UInt32](repeating: 0, count: termCount)
        var last = [Int32](repeating: -1, count: termCount)
        var fields: UInt32 = 0
        var k = 0
        for (i, entries) in forwardCounts.enumerated() {
            for _ in 0..<Int(entries) {
                fields = max(fields, forward[k] >> Segment.fieldShift)
                let t = Int(forward[k] & Segment.termMask)
                if last[t] != Int32(truncatingIfNeeded: i) {
                    last[t] = Int32(truncatingIfNeeded: i)
                    items[t] &+= 1
                }
                k += 1
            }
        }
        return (items, fields)
    }
}

/// What ``SegmentPart/analyze(_:_:)`` reads of an item: its texts as UTF-8 read in place, so a
/// batch from packed columns is analysed without a `String` per text (``UTF8Item``), and an
/// ``IndexItem`` as before.
protocol AnalyzableItem {
    /// The host's identifier.
    var id: UInt64 { get }
    /// The item's scope.
    var scope: UInt32 { get }
    /// The item's weight.
    var weight: Double { get }
    /// The item's attributes.
    var attributes: [ItemAttribute] { get }
    /// Calls `body` with the valid UTF-8 of `field`'s text.
    func withUTF8<R>(_ field: SearchField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
}

extension IndexItem: AnalyzableItem {
    /// Calls `body` with the UTF-8 of `field`'s text.
    func withUTF8<R>(_ field: SearchField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var string = self.text(of: field)
        return string.withUTF8(body)
    }
}

extension UTF8Item: AnalyzableItem {
    /// No attributes (a packed batch has none).
    var attributes: [ItemAttribute] { [] }

    /// Calls `body` with `field`'s bytes.
    func withUTF8<R>(_ field: SearchField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch field {
        case .title: body(title)
        case .subtitle: body(subtitle)
        case .keywords: body(keywords)
        }
    }
}
