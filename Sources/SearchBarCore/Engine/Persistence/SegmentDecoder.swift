/// Turns the sections of one segment of an index file back into a ``SegmentView``, checking
/// every invariant the search code relies on, so a crafted file whose checksums match still
/// gives an error, never an out-of-bounds read or a trap: lengths agree with the item and term
/// counts, offsets ascend inside their arrays, texts are well-formed UTF-8 cut at character
/// boundaries, term ids and item numbers are in range, the vocabulary and the stored orders
/// are sorted, and each term's postings ascend. The search structures derived from these arrays
/// are stored too (format version 2) and read back with their bounds checked, not rebuilt.
struct SegmentDecoder {
    let reader: IndexFileReader
    let segment: Int
    /// The index's fields (the others have blank text arenas).
    let fields: SearchFields

    private func corrupt(_ what: String) -> SearchBarError {
        SearchBarError(.corrupt, "index file \(reader.path): segment \(segment): \(what)")
    }

    /// The segment and its removed items. (`pool` is not used: nothing is derived.)
    func decode(pool: ThreadPool) throws(SearchBarError) -> SegmentView {
        typealias S = IndexFileLayout.Section
        let info = try reader.array(segment, .info, of: UInt64.self)
        guard info.count == 8 else { throw corrupt("info section of \(info.count) values") }
        let limit = UInt64(Int32.max)
        guard info.allSatisfy({ $0 <= limit }) else { throw corrupt("counts out of range") }
        let count = Int(info[0]), termCount = Int(info[1])
        guard count > 0 else { throw corrupt("no items") }

        let ids = try reader.array(segment, .ids, of: UInt64.self)
        guard ids.count == count else { throw corrupt("\(ids.count) ids for \(count) items") }
        for k in 1..<count where ids[k - 1] >= ids[k] { throw corrupt("ids do not ascend at item \(k)") }
        let scopes = try reader.array(segment, .scopes, of: UInt32.self)
        let weightKeys = try reader.array(segment, .weightKeys, of: UInt32.self)
        let rankKeys = try reader.array(segment, .rankKeys, of: UInt64.self)
        guard scopes.isEmpty || scopes.count == count, weightKeys.isEmpty || weightKeys.count == count,
            rankKeys.count == count
        else { throw corrupt("scope, weight or rank columns do not have one value per item") }

        var folded: [ByteArena] = []
        var patches: [ByteArena] = []
        let foldedKinds: [(S, S)] = [
            (.titleFolded, .titleFoldedOffsets), (.subtitleFolded, .subtitleFoldedOffsets),
            (.keywordsFolded, .keywordsFoldedOffsets),
        ]
        let patchKinds: [(S, S)] = [
            (.titlePatches, .titlePatchOffsets), (.subtitlePatches, .subtitlePatchOffsets),
            (.keywordsPatches, .keywordsPatchOffsets),
        ]
        for field in SearchField.allCases {
            let f = Int(field.rawValue)
            let stored = fields.includes(field)
            folded.append(try arena(foldedKinds[f], count: count, blank: !stored, utf8: true, what: "folded \(field)"))
            patches.append(try arena(patchKinds[f], count: count, blank: true, utf8: false, what: "\(field) edits"))
            if !stored && !patches[f].isBlank { throw corrupt("edits for the unstored \(field)") }
        }

        // Vocabulary: well-formed terms, sorted by bytes, distinct.
        let vocabulary = try arena((.vocabulary, .vocabularyOffsets), count: termCount, blank: false, utf8: true, what: "vocabulary")
        try checkSorted(vocabulary)

        // Forward index.
        let forwardOffsets = try reader.array(segment, .forwardOffsets, of: UInt32.self)
        try checkOffsets(forwardOffsets, count: count, end: Int(info[2]), what: "forward offsets")
        guard let forward = NarrowArray.restored(
            storage: try reader.column(segment, .forward, of: UInt8.self), width: Int(info[3]), count: Int(info[2]))
        else { throw corrupt("forward index does not hold \(info[2]) values of \(info[3]) bytes") }

        // Postings: exactly the items of each term, ascending, once each.
        let postingOffsets = try reader.array(segment, .postingOffsets, of: UInt32.self)
        try checkOffsets(postingOffsets, count: termCount, end: Int(info[4]), what: "posting offsets")
        guard let postings = NarrowArray.restored(
            storage: try reader.column(segment, .postings, of: UInt8.self), width: Int(info[5]), count: Int(info[4]))
        else { throw corrupt("postings do not hold \(info[4]) values of \(info[5]) bytes") }

        let runExceptions = try reader.array(segment, .runExceptions, of: UInt32.self)
        for k in runExceptions.indices where Int(runExceptions[k]) >= count || (k > 0 && runExceptions[k - 1] >= runExceptions[k]) {
            throw corrupt("run exceptions do not ascend below the item count")
        }
        let deletedWords = try reader.array(segment, .deleted, of: UInt64.self)
        var deleted: Bitset?
        if !deletedWords.isEmpty {
            guard let bits = Bitset.restored(words: deletedWords, count: count) else {
                throw corrupt("the removed-items set does not match the item count")
            }
            deleted = bits.population > 0 ? bits : nil
        }
        let attributes = try attributeTable(count: count)
        let titleOrder = try reader.array(segment, .titleOrder, of: UInt32.self)
        let rankKeyOrder = try reader.column(segment, .rankKeyOrder, of: UInt32.self)
        let derived = try derivedStructures(
            count: count, termCount: termCount, leadWidth: Int(info[6]), titleOrder: titleOrder,
            rankKeyOrder: rankKeyOrder, hasWeights: !weightKeys.isEmpty)

        // The two largest checks side by side: the inverted index on a second thread, the
        // sort orders here.
        let inverse = InverseCheck(
            forward: forward.reader, forwardOffsets: forwardOffsets, postings: postings.reader,
            postingOffsets: postingOffsets, count: count, fieldMask: fields.rawValue)
        let inverseFailure = FailureBox()
        var orderFailure: SearchBarError?
        runInParallel({ inverseFailure.message = inverse.failure() }) {
            do throws(SearchBarError) {
                try checkPermutation(titleOrder, count: count, what: "title order")
                try checkPermutation(rankKeyOrder, count: count, what: "rank key order")
                try checkPermutation(derived.titleLeads.order, count: count, what: "title lead order")
                try checkDistinctItems(derived.rankOrder.order, count: count, what: "rank order")
                try checkTitleOrder(titleOrder, folded[0])
                for k in 1..<count {
                    let a = rankKeys[Int(rankKeyOrder[k - 1])], b = rankKeys[Int(rankKeyOrder[k])]
                    guard a < b || (a == b && rankKeyOrder[k - 1] < rankKeyOrder[k]) else {
                        throw corrupt("the rank key order is not sorted at \(k)")
                    }
                }
            } catch {
                orderFailure = error
            }
        }
        if let message = inverseFailure.message { throw corrupt(message) }
        if let orderFailure { throw orderFailure }

        let segment = Segment(
            ids: ids, scopes: scopes, weightKeys: weightKeys, rankKeys: rankKeys, originalPatches: patches,
            folded: folded, forwardOffsets: forwardOffsets, forward: forward, vocabulary: vocabulary,
            postingOffsets: postingOffsets, postings: postings, attributes: attributes, runExceptions: runExceptions,
            pool: pool, derived: derived)
        return SegmentView(segment, deleted: deleted)
    }

    /// The stored search structures, with the bounds the search code relies on checked (the
    /// title lead order's and the rank order's items are checked with the other orders).
    private func derivedStructures(
        count: Int, termCount: Int, leadWidth: Int, titleOrder: [UInt32], rankKeyOrder: Column<UInt32>, hasWeights: Bool
    ) throws(SearchBarError) -> Segment.Derived {
        func column<T: FixedWidthInteger>(_ kind: IndexFileLayout.Section, _ type: T.Type, optional: Bool)
            throws(SearchBarError) -> Column<T>
        {
            let values = try reader.column(segment, kind, of: T.self)
            guard values.count == count || (optional && values.isEmpty) else {
                throw corrupt("\(kind) has \(values.count) values for \(count) items")
            }
            return values
        }
        let presence = try column(.presence, UInt64.self, optional: false)
        guard let chars = CharPostings(
            keys: try reader.array(segment, .charKeys, of: UInt32.self),
            offsets: try reader.array(segment, .charOffsets, of: UInt32.self),
            postings: try reader.array(segment, .charPostings, of: UInt32.self)),
            chars.parts.postings.allSatisfy({ Int($0) < count })
        else { throw corrupt("the character postings are inconsistent") }
        guard let leadOrder = NarrowArray.restored(
            storage: try reader.column(segment, .leadOrder, of: UInt8.self), width: leadWidth, count: count)
        else { throw corrupt("the title lead order does not hold \(count) values of \(leadWidth) bytes") }
        let leadStarts = try reader.array(segment, .leadStarts, of: UInt32.self)
        let leadWeights = try column(.leadWeightKeys, UInt32.self, optional: true)
        let titleWeights = try column(.titleWeightKeys, UInt32.self, optional: true)
        guard leadStarts.count == termCount + 1, leadWeights.isEmpty != hasWeights, titleWeights.isEmpty != hasWeights,
            let leads = TitleLeadOrder(
                order: leadOrder, starts: leadStarts, rankKeyHighs: try column(.leadRankKeyHighs, UInt32.self, optional: false),
                titleWordCounts: try column(.leadTitleWordCounts, UInt8.self, optional: false), weightKeys: leadWeights)
        else { throw corrupt("the title lead order is inconsistent") }
        let titleBytes = TitleByteOrder(
            order: titleOrder, rankKeyHighs: try column(.titleRankKeyHighs, UInt32.self, optional: false),
            weightKeys: titleWeights)
        let rankOrder = try reader.array(segment, .rankOrder, of: UInt32.self)
        guard rankOrder.count == min(count, RankOrder.keptItems) else {
            throw corrupt("the rank order holds \(rankOrder.count) items")
        }
        let byteCounts = try reader.array(segment, .vocabularyByteCounts, of: UInt32.self)
        guard byteCounts.count == 256 else { throw corrupt("\(byteCounts.count) vocabulary byte counts") }
        guard let trigrams = VocabularyTrigrams(
            bits: try reader.array(segment, .vocabularyTrigrams, of: UInt64.self), termCount: termCount)
        else { throw corrupt("the vocabulary's trigram filter does not match its terms") }
        let punctuated = try reader.array(segment, .punctuatedTerms, of: UInt32.self)
        for k in punctuated.indices where Int(punctuated[k]) >= termCount || (k > 0 && punctuated[k - 1] >= punctuated[k]) {
            throw corrupt("the punctuated terms do not ascend below the term count")
        }
        return Segment.Derived(
            presence: presence, charPostings: chars, titleLeads: leads, vocabularyByteCounts: byteCounts,
            vocabularyTrigrams: trigrams, punctuatedTerms: punctuated, titleBytes: titleBytes,
            rankOrder: RankOrder(order: rankOrder), rankKeyOrder: RankKeyOrder(order: rankKeyOrder))
    }

    /// Checks that `items` are distinct items below `count`.
    private func checkDistinctItems(_ items: [UInt32], count: Int, what: String) throws(SearchBarError) {
        var seen = Bitset(count: count)
        for i in items where Int(i) >= count || !seen.insert(Int(i)) { throw corrupt("\(what) holds a wrong item") }
    }

    /// An arena from its bytes and offsets sections: `count` strings (or blank, when `blank`
    /// allows it), offsets ascending from 0 to the byte count, with `utf8` every string
    /// well-formed.
    private func arena(_ kinds: (IndexFileLayout.Section, IndexFileLayout.Section), count: Int, blank: Bool, utf8: Bool, what: String)
        throws(SearchBarError) -> ByteArena
    {
        let bytes = try reader.array(segment, kinds.0, of: UInt8.self)
        let offsets = try reader.array(segment, kinds.1, of: UInt32.self)
        if blank && offsets == [0] && bytes.isEmpty { return ByteArena() }
        try checkOffsets(offsets, count: count, end: bytes.count, what: what)
        if utf8 {
            let valid = bytes.withUnsafeBufferPointer { b in
                guard let base = b.baseAddress else { return true }
                guard UTF8Codec.isValid(base, b.count) else { return false }
                // Every string starts on a character: with the whole buffer well-formed, each
                // string is then well-formed on its own.
                for o in offsets where Int(o) < b.count && UTF8Codec.isContinuation(base[Int(o)]) { return false }
                return true
            }
            guard valid else { throw corrupt("\(what) is not well-formed UTF-8") }
        }
        return ByteArena(bytes: bytes, offsets: offsets)
    }

    /// Checks `count + 1` offsets ascending from 0 to `end`.
    private func checkOffsets(_ offsets: [UInt32], count: Int, end: Int, what: String) throws(SearchBarError) {
        guard offsets.count == count + 1, offsets.first == 0, Int(offsets[count]) == end else {
            throw corrupt("\(what): \(offsets.count) offsets for \(count) entries of \(end)")
        }
        for k in 1..<offsets.count where offsets[k - 1] > offsets[k] { throw corrupt("\(what) do not ascend at \(k)") }
    }

    /// Checks that `order` holds each of `0..<count` once.
    private func checkPermutation<C: Collection<UInt32>>(_ order: C, count: Int, what: String) throws(SearchBarError) {
        guard order.count == count else { throw corrupt("\(what) has \(order.count) items, not \(count)") }
        var seen = Bitset(count: count)
        for i in order where Int(i) >= count || !seen.insert(Int(i)) {
            throw corrupt("\(what) is not a permutation of the items")
        }
    }

    /// Checks that `order` sorts the folded titles by bytes, ties by index (as ``ByteOrder``).
    private func checkTitleOrder(_ order: [UInt32], _ titles: ByteArena) throws(SearchBarError) {
        if titles.isBlank {
            // Every title empty: the order is by index.
            for k in 1..<max(order.count, 1) where order[k - 1] >= order[k] { throw corrupt("the title order is not sorted") }
            return
        }
        let sorted = titles.bytes.withUnsafeBufferPointer { bytes in
            titles.offsets.withUnsafeBufferPointer { offsets in
                (1..<order.count).allSatisfy { k in
                    let a = Int(order[k - 1]), b = Int(order[k])
                    let start = Int(offsets[b])
                    let title = UnsafeBufferPointer(rebasing: bytes[start..<Int(offsets[b + 1])])
                    let c = VocabularySearch.compare(bytes, offsets, a, title, prefixOnly: false)
                    return c < 0 || (c == 0 && a < b)
                }
            }
        }
        guard sorted else { throw corrupt("the title order is not sorted") }
    }

    /// Checks that the terms are distinct and sorted by bytes.
    private func checkSorted(_ vocabulary: ByteArena) throws(SearchBarError) {
        guard vocabulary.count > 1 else { return }
        let sorted = vocabulary.bytes.withUnsafeBufferPointer { bytes in
            vocabulary.offsets.withUnsafeBufferPointer { offsets in
                (1..<vocabulary.count).allSatisfy { t in
                    let start = Int(offsets[t])
                    let term = UnsafeBufferPointer(rebasing: bytes[start..<Int(offsets[t + 1])])
                    return VocabularySearch.compare(bytes, offsets, t - 1, term, prefixOnly: false) < 0
                }
            }
        }
        guard sorted else { throw corrupt("the vocabulary is not sorted") }
    }

    /// The attribute table: names, per-item runs of entries, text values.
    private func attributeTable(count: Int) throws(SearchBarError) -> AttributeTable {
        let names = try arena((.attributeNames, .attributeNameOffsets), count: -1, blankOrAny: true, what: "attribute names")
        let texts = try arena((.attributeTexts, .attributeTextOffsets), count: -1, blankOrAny: true, what: "attribute texts")
        let offsets = try reader.array(segment, .attributeOffsets, of: UInt32.self)
        let entries = try reader.array(segment, .attributeEntries, of: UInt8.self)
        guard entries.count % 16 == 0 else { throw corrupt("attribute entries of \(entries.count) bytes") }
        let entryCount = entries.count / 16
        var table = AttributeTable()
        if offsets == [0] && entryCount == 0 {
            for _ in 0..<count { table.append([]) }
            return table
        }
        try checkOffsets(offsets, count: count, end: entryCount, what: "attribute offsets")
        let nameStrings = (0..<names.count).map(names.string)
        for i in 0..<count {
            var values: [(name: String, text: String?, number: Double)] = []
            for k in Int(offsets[i])..<Int(offsets[i + 1]) {
                let name = Int(entries.load(UInt32.self, at: 16 * k)!)
                let text = entries.load(UInt32.self, at: 16 * k + 4)!
                let number = Double(bitPattern: entries.load(UInt64.self, at: 16 * k + 8)!)
                guard name < nameStrings.count, text == UInt32.max || Int(text) < texts.count else {
                    throw corrupt("attribute entry \(k) names a missing name or text")
                }
                values.append((nameStrings[name], text == UInt32.max ? nil : texts.string(Int(text)), text == UInt32.max ? number : 0))
            }
            table.append(values)
        }
        return table
    }

    /// An arena of any number of well-formed strings.
    private func arena(_ kinds: (IndexFileLayout.Section, IndexFileLayout.Section), count: Int, blankOrAny: Bool, what: String)
        throws(SearchBarError) -> ByteArena
    {
        let offsets = try reader.array(segment, kinds.1, of: UInt32.self)
        guard !offsets.isEmpty else { throw corrupt("\(what): no offsets") }
        return try arena(kinds, count: offsets.count - 1, blank: true, utf8: true, what: what)
    }
}

/// What one thread of ``SegmentDecoder`` reports.
private final class FailureBox: @unchecked Sendable {
    var message: String?
}

/// Checks a segment's forward index and postings in two sequential passes: every forward entry
/// names a term of the vocabulary and a stored field, and each term's postings are items of the
/// segment, strictly ascending. These are the bounds the search code relies on. That the
/// postings are exactly the inverse of the forward index is not checked (a random access per
/// entry, the largest cost of an open): a crafted file whose checksums match but whose postings
/// disagree with its forward index gives wrong results, never an out-of-range read.
private struct InverseCheck: Sendable {
    let forward: NarrowArray.Reader
    let forwardOffsets: [UInt32]
    let postings: NarrowArray.Reader
    let postingOffsets: [UInt32]
    let count: Int
    let fieldMask: UInt32

    /// nil when the checks pass, else what is wrong.
    func failure() -> String? {
        let terms = UInt32(truncatingIfNeeded: postingOffsets.count - 1)
        for k in 0..<forward.count {
            let entry = forward[k]
            guard entry & Segment.termMask < terms, fieldMask & (1 << (entry >> Segment.fieldShift)) != 0 else {
                return "forward entry \(k) names term \(entry & Segment.termMask) of field \(entry >> Segment.fieldShift)"
            }
        }
        let items = UInt32(truncatingIfNeeded: count)
        return postingOffsets.withUnsafeBufferPointer { starts -> String? in
            for t in 0..<Int(terms) {
                var previous: UInt32? = nil
                for k in Int(starts[t])..<Int(starts[t + 1]) {
                    let item = postings[k]
                    guard item < items, previous.map({ $0 < item }) ?? true else {
                        return "the postings of term \(t) are not ascending items of the segment"
                    }
                    previous = item
                }
            }
            return nil
        }
    }
}
