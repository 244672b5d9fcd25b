import Glibc

/// Builds a ``Segment`` from items (ascending, unique ids): items are analysed in parallel
/// chunks, each with its own term table; the tables are then merged into one sorted vocabulary,
/// and the postings are laid out by counting.
enum SegmentBuilder {
    /// Items per analysis chunk.
    static let chunkSize = 2048

    /// One chunk's analysed items with chunk-local term ids.
    private struct Part {
        var terms = ByteInterner(expected: 4096)
        var forward: [UInt32] = []
        var forwardCounts: [UInt32] = []
        var original = [ByteArena](repeating: ByteArena(), count: 3)
        var folded = [ByteArena](repeating: ByteArena(), count: 3)
        var rankKeys: [UInt64] = []
        var ids: [UInt64] = []
        var scopes: [UInt32] = []
        var weights: [UInt32] = []
        var attributes: [[(name: String, text: String?, number: Double)]] = []
    }

    /// Builds a segment from `items`, which must be sorted by ascending, unique id.
    static func build(_ items: [IndexItem], analysis: ItemAnalysis, pool: ThreadPool) -> Segment {
        build(count: items.count, item: { items[$0] }, analysis: analysis, pool: pool)
    }

    /// Builds a segment from `count` items made on demand (from several threads at once) by
    /// `item`, whose ids must ascend strictly.
    static func build(
        count: Int, item: @escaping @Sendable (Int) -> IndexItem, analysis: ItemAnalysis, pool: ThreadPool
    ) -> Segment {
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let parts = SlotArray<Part>(count: chunkCount)
        let job = ParallelJob(taskCount: chunkCount, maxParticipants: pool.threadCount, cancellation: nil) { _, task in
            let range = task * chunkSize..<min(count, (task + 1) * chunkSize)
            parts[task] = analyze(range.lazy.map(item), analysis)
        }
        pool.run(job)
        return assemble(parts.take(), analysis.fields)
    }

    private static func analyze<S: Sequence<IndexItem>>(_ items: S, _ config: ItemAnalysis) -> Part {
        var part = Part()
        let scratch = config.analyzer.takeScratch()
        defer { config.analyzer.recycle(scratch) }
        for item in items {
            var entries = 0
            for field in SearchField.allCases where config.fields.includes(field) {
                let text = item.text(of: field)
                config.analyze(text, scratch: scratch)
                // The key and tokens in the scratch's buffers (valid until its next use).
                let key = UnsafeRawBufferPointer(scratch.state.key.buffer)
                let tokens = scratch.state.tokens.buffer
                part.original[Int(field.rawValue)].append(text)
                part.folded[Int(field.rawValue)].append(key)
                let fieldBits = field.rawValue << Segment.fieldShift
                for token in tokens {
                    let lower = min(max(Int(token.keyStart), 0), key.count)
                    let upper = min(max(Int(token.keyEnd), lower), key.count)
                    let id = part.terms.intern(UnsafeRawBufferPointer(rebasing: key[lower..<upper]))
                    part.forward.append(UInt32(truncatingIfNeeded: id) | fieldBits)
                }
                entries += tokens.count
            }
            part.forwardCounts.append(UInt32(truncatingIfNeeded: entries))
            part.rankKeys.append(config.rankKey(item.title, scratch: scratch))
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
        return part
    }

    private static func assemble(_ input: [Part], _ fields: SearchFields) -> Segment {
        var parts = input
        // 1. One vocabulary: intern every chunk's terms, then sort the distinct terms by bytes.
        var global = ByteInterner(expected: parts.reduce(0) { $0 + $1.terms.count })
        var localToGlobal: [[UInt32]] = []
        for part in parts {
            let arena = part.terms.arena
            var map = [UInt32](repeating: 0, count: arena.count)
            arena.bytes.withUnsafeBytes { bytes in
                for local in 0..<arena.count {
                    let range = arena.range(local)
                    let key = UnsafeRawBufferPointer(rebasing: bytes[range])
                    map[local] = UInt32(truncatingIfNeeded: global.intern(key))
                }
            }
            localToGlobal.append(map)
        }
        let (vocabulary, rankOfTerm) = sortedVocabulary(global.arena)
        global = ByteInterner(expected: 0)

        // 2. Forward index with sorted term ids, then postings from it.
        var forwardOffsets = [UInt32]()
        forwardOffsets.reserveCapacity(parts.reduce(0) { $0 + $1.ids.count } + 1)
        forwardOffsets.append(0)
        var forward = [UInt32]()
        forward.reserveCapacity(parts.reduce(0) { $0 + $1.forward.count })
        for (p, part) in parts.enumerated() {
            let map = localToGlobal[p]
            var cursor = 0
            for count in part.forwardCounts {
                for k in cursor..<cursor + Int(count) {
                    let entry = part.forward[k]
                    let term = rankOfTerm[Int(map[Int(entry & Segment.termMask)])]
                    forward.append(term | (entry & ~Segment.termMask))
                }
                cursor += Int(count)
                forwardOffsets.append(UInt32(truncatingIfNeeded: forward.count))
            }
        }
        for k in parts.indices {
            parts[k].forward = []
            parts[k].terms = ByteInterner(expected: 0)
        }
        localToGlobal = []
        let (postingOffsets, postings) = SegmentMerger.buildPostings(
            forward, forwardOffsets, termCount: vocabulary.count)

        // 4. Columns.
        var original = [ByteArena](repeating: ByteArena(), count: 3)
        var folded = [ByteArena](repeating: ByteArena(), count: 3)
        for field in SearchField.allCases where fields.includes(field) {
            let f = Int(field.rawValue)
            original[f] = concatenate(parts.map { $0.original[f] })
            for k in parts.indices { parts[k].original[f] = ByteArena() }
            folded[f] = concatenate(parts.map { $0.folded[f] })
            for k in parts.indices { parts[k].folded[f] = ByteArena() }
        }
        var attributes = AttributeTable()
        for part in parts { for values in part.attributes { attributes.append(values) } }
        let scopes = parts.contains { $0.scopes.contains { $0 != 0 } } ? parts.flatMap(\.scopes) : []
        let weights = parts.contains { $0.weights.contains { $0 != WeightKey.zero } } ? parts.flatMap(\.weights) : []
        return Segment(
            ids: parts.flatMap(\.ids), scopes: scopes, weightKeys: weights, rankKeys: parts.flatMap(\.rankKeys),
            original: original, folded: folded, forwardOffsets: forwardOffsets, forward: forward,
            vocabulary: vocabulary, postingOffsets: postingOffsets, postings: postings, attributes: attributes)
    }

    /// The arena's strings sorted by bytes, and for each original id its rank in that order.
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

    /// Joins arenas end to end.
    static func concatenate(_ arenas: [ByteArena]) -> ByteArena {
        let totalBytes = arenas.reduce(0) { $0 + $1.bytes.count }
        let totalStrings = arenas.reduce(0) { $0 + $1.count }
        var bytes = [UInt8]()
        bytes.reserveCapacity(totalBytes)
        var offsets = [UInt32]()
        offsets.reserveCapacity(totalStrings + 1)
        offsets.append(0)
        for arena in arenas {
            let base = UInt32(truncatingIfNeeded: bytes.count)
            bytes.append(contentsOf: arena.bytes)
            for k in 1..<arena.offsets.count { offsets.append(base &+ arena.offsets[k]) }
        }
        return ByteArena(bytes: bytes, offsets: offsets)
    }
}

/// A fixed array whose slots distinct threads fill (each task writes only its own slot), read
/// by one thread after the job has finished. Raw storage, so concurrent writes to different
/// slots involve no shared Swift access.
final class SlotArray<Element>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Element?>
    /// The number of slots.
    let count: Int

    /// `count` empty slots.
    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: max(count, 1))
        storage.initialize(repeating: nil, count: count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Slot `i`; written by one task only.
    subscript(i: Int) -> Element? {
        get { storage[i] }
        set { storage[i] = newValue }
    }

    /// The filled values, in slot order.
    func take() -> [Element] { (0..<count).compactMap { storage[$0] } }

    /// Moves slot `i`'s value out, leaving it empty (no copy-on-write when it is put back).
    func remove(_ i: Int) -> Element? {
        let value = storage[i]
        storage[i] = nil
        return value
    }
}
