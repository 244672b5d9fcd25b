extension SegmentBuilder {
    /// The segment of `items` (ascending, unique ids) built the straightforward way on the
    /// calling thread: one interner for all terms, the vocabulary sorted at the end, the forward
    /// index renumbered, postings by counting. The reference that tests hold ``build(count:item:analysis:pool:chunkSize:)``
    /// to, byte for byte.
    static func buildSerially(_ items: [IndexItem], analysis config: ItemAnalysis) -> Segment {
        var interner = ByteInterner()
        var forward: [UInt32] = []
        var forwardOffsets: [UInt32] = [0]
        var originalPatches = [ByteArena](repeating: ByteArena(), count: 3)
        var folded = [ByteArena](repeating: ByteArena(), count: 3)
        var rankKeys: [UInt64] = []
        var scopes: [UInt32] = []
        var weights: [UInt32] = []
        var attributes = AttributeTable()
        var analysis = Analysis()
        var buffer: [UInt8] = []
        var runExceptions: [UInt32] = []
        for (i, item) in items.enumerated() {
            var isException = false
            for field in SearchField.allCases where config.fields.includes(field) {
                let text = item.text(of: field)
                config.analyze(text, into: &analysis)
                analysis.key.withUnsafeBytes { originalPatches[Int(field.rawValue)].append(original: text, folded: $0) }
                folded[Int(field.rawValue)].append(analysis.key)
                for token in analysis.tokens {
                    let lower = min(max(Int(token.keyStart), 0), analysis.key.count)
                    let upper = min(max(Int(token.keyEnd), lower), analysis.key.count)
                    let id = analysis.key[lower..<upper].withUnsafeBytes { interner.intern($0) }
                    forward.append(UInt32(truncatingIfNeeded: id) | field.rawValue << Segment.fieldShift)
                }
                isException = isException
                    || analysis.key.withUnsafeBytes { RunExceptions.isException(key: $0, tokens: analysis.tokens) }
            }
            if isException { runExceptions.append(UInt32(truncatingIfNeeded: i)) }
            forwardOffsets.append(UInt32(truncatingIfNeeded: forward.count))
            rankKeys.append(config.rankKey(item.title, buffer: &buffer))
            scopes.append(item.scope)
            weights.append(WeightKey.key(item.weight))
            attributes.append(item.attributes.map { attribute in
                switch attribute.value {
                case .text(let text): (attribute.name, config.foldValue(text), 0)
                case .number(let number): (attribute.name, nil, number)
                }
            })
        }
        let (vocabulary, rank) = sortedVocabulary(interner.arena)
        for k in forward.indices {
            forward[k] = rank[Int(forward[k] & Segment.termMask)] | (forward[k] & ~Segment.termMask)
        }
        let (postingOffsets, postings) = SegmentMerger.buildPostings(forward, forwardOffsets, termCount: vocabulary.count)
        return Segment(
            ids: ItemIDs(items.map(\.id)), scopes: Column(scopes.contains { $0 != 0 } ? scopes : []),
            weightKeys: Column(weights.contains { $0 != WeightKey.zero } ? weights : []), rankKeys: Column(rankKeys),
            originalPatches: originalPatches.map { $0.blankIfEmpty() }, folded: folded.map { $0.blankIfEmpty() },
            forwardOffsets: NarrowArray(forwardOffsets), forward: NarrowArray(forward), vocabulary: vocabulary,
            postingOffsets: NarrowArray(postingOffsets, byteAligned: true),
            postings: NarrowArray(postings, byteAligned: true), attributes: attributes,
            runExceptions: runExceptions)
    }

    /// The arena's strings sorted by bytes, and for each original id its rank in that order,
    /// appended one by one: the reference that ``VocabularyMerge/sortedTerms(_:)`` is held to.
    static func sortedVocabulary(_ arena: ByteArena) -> (ByteArena, [UInt32]) {
        let count = arena.count
        let order = ByteOrder.sortedIndices(arena)
        var sorted = ByteArena()
        sorted.reserve(strings: count, bytes: arena.bytes.count)
        var rank = [UInt32](repeating: 0, count: count)
        for (position, id) in order.enumerated() {
            rank[Int(id)] = UInt32(truncatingIfNeeded: position)
            sorted.append(arena.bytes[arena.range(Int(id))])
        }
        return (sorted, rank)
    }
}
