/// One analysis chunk of a segment being built: its items' columns and a forward index over a
/// chunk-local vocabulary (ids in first-seen order), with what ``VocabularyMerge`` needs to
/// merge the chunks' vocabularies in parallel: each term's hash and item count.
struct SegmentPart {
    /// The chunk's distinct terms (local term id = position).
    var terms = ByteArena()
    /// Each term's ``ByteInterner/hash(_:)``.
    var hashes: [UInt64] = []
    /// Per term, the number of the chunk's items that hold it.
    var termItems: [UInt32] = []
    /// Forward entries of the chunk's items: local term id | field << ``Segment/fieldShift``.
    var forward: [UInt32] = []
    /// Per item, its number of forward entries.
    var forwardCounts: [UInt32] = []
    /// Per field (indexed by `SearchField.rawValue`), each item's ``FoldPatch``.
    var originalPatches = [ByteArena](repeating: ByteArena(), count: 3)
    /// Folded text per field.
    var folded = [ByteArena](repeating: ByteArena(), count: 3)
    /// Per item, the collation rank key of its title.
    var rankKeys: [UInt64] = []
    /// Per item, its id.
    var ids: [UInt64] = []
    /// Per item, its scope.
    var scopes: [UInt32] = []
    /// Per item, its weight key.
    var weights: [UInt32] = []
    /// The part's items (local indices, ascending) listed in ``Segment/runExceptions``.
    var runExceptions: [UInt32] = []
    /// Per item, its attributes (text values folded).
    var attributes: [[(name: String, text: String?, number: Double)]] = []

    /// The number of items.
    var count: Int { ids.count }

    /// Analyses `items` into a part.
    static func analyze<S: Sequence>(_ items: S, _ config: ItemAnalysis) -> SegmentPart where S.Element: AnalyzableItem {
        var part = SegmentPart()
        var interner = ByteInterner(expected: 4096)
        let scratch = config.analyzer.takeScratch()
        scratch.memoizesBreaks = true
        defer {
            scratch.memoizesBreaks = false
            config.analyzer.recycle(scratch)
        }
        let worker = config.takeWorker()
        defer { config.recycle(worker) }
        for item in items {
            var entries = 0
            var isException = false
            for field in SearchField.allCases where config.fields.includes(field) {
                item.withUTF8(field) { text in
                    if text.isEmpty {
                        // What analysing "" gives (no key, no tokens), without the call.
                        part.originalPatches[Int(field.rawValue)].append(EmptyCollection<UInt8>())
                        part.folded[Int(field.rawValue)].append(EmptyCollection<UInt8>())
                        return
                    }
                    config.analyze(utf8: text, scratch: scratch, worker: worker)
                    // The key and tokens in the scratch's buffers (valid until its next use).
                    let key = UnsafeRawBufferPointer(scratch.state.key.buffer)
                    let tokens = scratch.state.tokens.buffer
                    part.originalPatches[Int(field.rawValue)].append(original: UnsafeRawBufferPointer(text), folded: key)
                    part.folded[Int(field.rawValue)].append(key)
                    let fieldBits = field.rawValue << Segment.fieldShift
                    for token in tokens {
                        let lower = min(max(Int(token.keyStart), 0), key.count)
                        let upper = min(max(Int(token.keyEnd), lower), key.count)
                        let id = interner.intern(UnsafeRawBufferPointer(rebasing: key[lower..<upper]))
                        part.forward.append(UInt32(truncatingIfNeeded: id) | fieldBits)
                    }
                    entries += tokens.count
                    if !isException { isException = RunExceptions.isException(key: key, tokens: tokens) }
                }
            }
            if isException { part.runExceptions.append(UInt32(truncatingIfNeeded: part.ids.count)) }
            part.forwardCounts.append(UInt32(truncatingIfNeeded: entries))
            part.rankKeys.append(item.withUTF8(.title) { config.rankKey(utf8: $0) })
            part.ids.append(item.id)
            part.scopes.append(item.scope)
            part.weights.append(WeightKey.key(item.weight))
            part.attributes.append(item.attributes.map { attribute in
                switch attribute.value {
                case .text(let text): (attribute.name, config.foldValue(text), 0)
                case .number(let number): (attribute.name, nil, number)
                }
            })
        }
        part.terms = interner.arena
        part.hashes = interner.hashes
        part.countItems()
        return part
    }

    /// Fills ``termItems`` from ``forward``.
    private mutating func countItems() {
        var items = [UInt32](repeating: 0, count: terms.count)
        var last = [Int32](repeating: -1, count: terms.count)
        var k = 0
        for (i, entries) in forwardCounts.enumerated() {
            for _ in 0..<Int(entries) {
                let t = Int(forward[k] & Segment.termMask)
                if last[t] != Int32(truncatingIfNeeded: i) {
                    last[t] = Int32(truncatingIfNeeded: i)
                    items[t] &+= 1
                }
                k += 1
            }
        }
        termItems = items
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
