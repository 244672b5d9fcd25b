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
    static func analyze<S: Sequence<IndexItem>>(_ items: S, _ config: ItemAnalysis) -> SegmentPart {
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
                let text = item.text(of: field)
                if text.isEmpty {
                    // What analysing "" gives (no key, no tokens), without the call.
                    part.originalPatches[Int(field.rawValue)].append(EmptyCollection<UInt8>())
                    part.folded[Int(field.rawValue)].append(EmptyCollection<UInt8>())
                    continue
                }
                config.analyze(text, scratch: scratch, worker: worker)
                // The key and tokens in the scratch's buffers (valid until its next use).
                let key = UnsafeRawBufferPointer(scratch.state.key.buffer)
                let tokens = scratch.state.tokens.buffer
                part.originalPatches[Int(field.rawValue)].append(original: text, folded: key)
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
            if isException { part.runExceptions.append(UInt32(truncatingIfNeeded: part.ids.count)) }
            part.forwardCounts.append(UInt32(truncatingIfNeeded: entries))
            part.rankKeys.append(config.rankKey(item.title))
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
