/// Turns the sections of one segment of an index file back into a ``SegmentView``. Every large
/// section is borrowed from the file's mapping (``IndexFileReader/column(_:_:of:)``), so
/// nothing is copied or derived; what the file supplies is checked so that a crafted file
/// gives an error, never an out-of-bounds read or a trap.
///
/// The checks come in two kinds:
/// - **bounds**, always: lengths agree with the item and term counts; offsets run from 0 to
///   the end of their array and (but for the texts', below) ascend; term ids, fields and item
///   numbers are in range; the stored orders are permutations of the items. These are what the
///   search code relies on for memory safety. O(1) ones run here, the passes over sections are
///   collected in ``SectionChecks`` and run on every thread. The texts (folded texts, edits,
///   vocabulary and attribute bytes) are not read: their readers clamp a text's offsets to its
///   arena (``ByteArena/range(_:)``, ``RawArena/text(_:)``) and the UTF-8 decoders neither
///   read past a text's end nor give a code point past U+10FFFF, and texts handed out are
///   decoded with repair, so nothing at open is proportional to the bytes of text; nor are the
///   posting streams: a ``PostingLists/Cursor`` stays inside its term's bytes and ends a list at
///   a value that would not ascend or would pass the item count;
/// - **integrity**, with `verify` (``SearchIndex/open(path:mode:threads:verify:)``): the XXH64
///   of every borrowed section, the texts' offsets ascending and their bytes well-formed UTF-8
///   cut at character boundaries, and the invariants only the correctness of results depends on:
///   ids strictly ascending, a vocabulary sorted and distinct, each term's posting stream whole,
///   the title and rank key orders sorted. Without `verify` a file damaged inside a large
///   section (a flipped bit) or crafted to break these opens, and gives wrong results, never
///   an unsafe read. Small sections (read into arrays) are always checksummed.
struct SegmentDecoder {
    let reader: IndexFileReader
    let segment: Int
    /// The index's fields (the others have blank text arenas).
    let fields: SearchFields
    /// Also check the integrity of the file (see above).
    let verify: Bool
    /// The passes over sections, run at the end of ``decode(pool:)``.
    private let checks = SectionChecks()

    init(reader: IndexFileReader, segment: Int, fields: SearchFields, verify: Bool) {
        self.reader = reader
        self.segment = segment
        self.fields = fields
        self.verify = verify
    }

    private func corrupt(_ what: String) -> SearchBarError {
        SearchBarError(.corrupt, "index file \(reader.path): segment \(segment): \(what)")
    }

    /// Section `kind` borrowed from the mapping; with `verify`, its checksum is checked with
    /// the other passes.
    private func borrow<T: FixedWidthInteger>(_ kind: IndexFileLayout.Section, _ type: T.Type) throws(SearchBarError) -> Column<T> {
        let column = try reader.column(segment, kind, of: T.self)
        if verify {
            let expected = reader.entry(segment, kind).checksum
            let name = "section \(kind) is damaged (checksum mismatch)"
            checks.add(integrity: true) { column.withUnsafeBytes { XXHash64.hash($0) } == expected ? nil : name }
        }
        return column
    }

    /// The segment and its removed items. The checks run on `pool`.
    func decode(pool: ThreadPool) throws(SearchBarError) -> SegmentView {
        typealias S = IndexFileLayout.Section
        let info = try reader.array(segment, .info, of: UInt64.self)
        guard info.count == 8 else { throw corrupt("info section of \(info.count) values") }
        let limit = UInt64(Int32.max)
        guard info.allSatisfy({ $0 <= limit }) else { throw corrupt("counts out of range") }
        let count = Int(info[0]), termCount = Int(info[1])
        guard count > 0 else { throw corrupt("no items") }

        let ids = try borrow(.ids, UInt64.self)
        guard ids.count == count else { throw corrupt("\(ids.count) ids for \(count) items") }
        if verify {
            checks.add(count: count, integrity: true) { range in
                for k in range where k > 0 && ids[k - 1] >= ids[k] { return "ids do not ascend at item \(k)" }
                return nil
            }
        }
        let scopes = try borrow(.scopes, UInt32.self)
        let weightKeys = try borrow(.weightKeys, UInt32.self)
        let rankKeys = try borrow(.rankKeys, UInt64.self)
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
            folded.append(try arena(foldedKinds[f], count: count, blank: true, what: "folded \(field)"))
            if !stored && !folded[f].isBlank { throw corrupt("folded texts for the unstored \(field)") }
            patches.append(try arena(patchKinds[f], count: count, blank: true, utf8: false, what: "\(field) edits"))
            if !stored && !patches[f].isBlank { throw corrupt("edits for the unstored \(field)") }
        }

        // Vocabulary: well-formed terms; with `verify`, sorted by bytes and distinct.
        let vocabulary = try arena((.vocabulary, .vocabularyOffsets), count: termCount, blank: false, what: "vocabulary")
        if verify { checkSorted(vocabulary) }

        // Forward index: offsets ascending, entries naming a term and a stored field.
        let forwardOffsets = try narrowOffsets(.forwardOffsets, count: count, end: Int(info[2]), what: "forward offsets")
        guard let forward = NarrowArray.restored(storage: try borrow(.forward, UInt8.self), count: Int(info[2])),
            forward.bits == info[3]
        else { throw corrupt("forward index does not hold \(info[2]) values of \(info[3]) bits") }
        let entries = forward.reader, terms = UInt32(truncatingIfNeeded: termCount), fieldMask = fields.rawValue
        checks.add(count: forward.count) { range in
            for k in range {
                let entry = entries[k]
                guard entry & Segment.termMask < terms, fieldMask & (1 << (entry >> Segment.fieldShift)) != 0 else {
                    return "forward entry \(k) names term \(entry & Segment.termMask) of field \(entry >> Segment.fieldShift)"
                }
            }
            return nil
        }

        // Postings: running counts and stream starts ascending, no term claiming more postings
        // than the items or its stream's bytes; the streams are not read (a cursor never reads
        // past its term's bytes nor gives a value past the items, and may end a damaged list
        // early); with `verify`, each term's stream holds its count of ascending items and ends
        // at its end.
        let postingOffsets = try narrowOffsets(.postingOffsets, count: termCount, end: Int(info[4]), what: "posting offsets")
        let postingStarts = try narrowOffsets(.postingStarts, count: termCount, end: Int(info[5]), what: "posting starts")
        guard let postings = PostingLists.restored(
            offsets: postingOffsets, starts: postingStarts, bytes: try borrow(.postings, UInt8.self), itemCount: count)
        else { throw corrupt("postings do not hold \(info[5]) bytes and the padding") }
        checks.add(count: termCount) { range in
            for t in range where !postings.countFitsItsStream(t) {
                return "term \(t) claims more postings than the items or its stream's bytes hold"
            }
            return nil
        }
        if verify {
            checks.add(count: termCount, integrity: true) { range in
                for t in range where !postings.isWellFormed(t) { return "the postings of term \(t) are malformed" }
                return nil
            }
        }

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
        let attributeParts = try attributeParts(count: count)

        // The stored orders: permutations of the items; with `verify`, sorted.
        guard let titleOrder = NarrowArray.restored(storage: try borrow(.titleOrder, UInt8.self), count: count)
        else { throw corrupt("the title order does not hold \(count) items") }
        guard let rankKeyOrder = NarrowArray.restored(storage: try borrow(.rankKeyOrder, UInt8.self), count: count)
        else { throw corrupt("the rank key order does not hold \(count) items") }
        checkPermutation(titleOrder.reader, count: count, what: "title order")
        checkPermutation(rankKeyOrder.reader, count: count, what: "rank key order")
        if verify {
            checkTitleOrder(titleOrder.reader, folded[0])
            checks.add(count: count, integrity: true) { range in
                for k in range where k > 0 {
                    let a = rankKeys[Int(rankKeyOrder[k - 1])], b = rankKeys[Int(rankKeyOrder[k])]
                    guard a < b || (a == b && rankKeyOrder[k - 1] < rankKeyOrder[k]) else {
                        return "the rank key order is not sorted at \(k)"
                    }
                }
                return nil
            }
        }
        let derived = try derivedStructures(
            count: count, termCount: termCount, leadWidth: Int(info[6]), titleOrder: titleOrder,
            rankKeyOrder: rankKeyOrder, hasWeights: !weightKeys.isEmpty)

        if let failure = checks.run(on: pool) { throw corrupt(failure) }
        let attributes = try attributeTable(attributeParts, count: count)

        let segment = Segment(
            ids: ItemIDs(saved: ids), scopes: scopes, weightKeys: weightKeys, rankKeys: rankKeys, originalPatches: patches,
            folded: folded, forwardOffsets: forwardOffsets, forward: forward, vocabulary: vocabulary,
            postings: postings, attributes: attributes, runExceptions: runExceptions,
            pool: pool, derived: derived)
        return SegmentView(segment, deleted: deleted)
    }

    /// The stored search structures, with the bounds the search code relies on checked.
    private func derivedStructures(
        count: Int, termCount: Int, leadWidth: Int, titleOrder: NarrowArray, rankKeyOrder: NarrowArray, hasWeights: Bool
    ) throws(SearchBarError) -> Segment.Derived {
        func column<T: FixedWidthInteger>(_ kind: IndexFileLayout.Section, _ type: T.Type, optional: Bool)
            throws(SearchBarError) -> Column<T>
        {
            let values = try borrow(kind, T.self)
            guard values.count == count || (optional && values.isEmpty) else {
                throw corrupt("\(kind) has \(values.count) values for \(count) items")
            }
            return values
        }
        let presence = try column(.presence, UInt64.self, optional: false)
        let charOffsets = try reader.array(segment, .charOffsets, of: UInt32.self)
        guard let charPostings = NarrowArray.restored(
                storage: try borrow(.charPostings, UInt8.self), count: Int(charOffsets.last ?? 0)),
            let chars = CharPostings(
                keys: Column(try reader.array(segment, .charKeys, of: UInt32.self)), offsets: Column(charOffsets),
                postings: charPostings)
        else { throw corrupt("the character postings are inconsistent") }
        checkItems(charPostings.reader, count: count, what: "character postings")
        guard let leadOrder = NarrowArray.restored(storage: try borrow(.leadOrder, UInt8.self), count: count),
            leadOrder.bits == leadWidth
        else { throw corrupt("the title lead order does not hold \(count) values of \(leadWidth) bits") }
        checkPermutation(leadOrder.reader, count: count, what: "title lead order")
        guard let leadStarts = NarrowArray.restored(storage: try borrow(.leadStarts, UInt8.self), count: termCount + 1)
        else { throw corrupt("the title lead order's term starts do not hold \(termCount + 1) values") }
        let leadWeights = try column(.leadWeightKeys, UInt32.self, optional: true)
        let titleWeights = try column(.titleWeightKeys, UInt32.self, optional: true)
        guard leadStarts.count == termCount + 1, leadWeights.isEmpty != hasWeights, titleWeights.isEmpty != hasWeights,
            let leadMinimums = RankKeyGroupMinimums(minimums: try borrow(.leadRankKeyMinimums, UInt32.self), count: count),
            let leads = TitleLeadOrder(
                order: leadOrder, starts: leadStarts, rankKeyMinimums: leadMinimums,
                titleWordCounts: try column(.leadTitleWordCounts, UInt8.self, optional: false), weightKeys: leadWeights)
        else { throw corrupt("the title lead order is inconsistent") }
        guard let titleMinimums = RankKeyGroupMinimums(minimums: try borrow(.titleRankKeyMinimums, UInt32.self), count: count)
        else { throw corrupt("the title order's rank key minimums do not match its positions") }
        let titleBytes = TitleByteOrder(order: titleOrder, rankKeyMinimums: titleMinimums, weightKeys: titleWeights)
        let rankOrder = try reader.array(segment, .rankOrder, of: UInt32.self)
        guard rankOrder.count == min(count, RankOrder.keptItems) else {
            throw corrupt("the rank order holds \(rankOrder.count) items")
        }
        var seen = Bitset(count: count)
        for i in rankOrder where Int(i) >= count || !seen.insert(Int(i)) { throw corrupt("rank order holds a wrong item") }
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

    /// An arena borrowed from its bytes and offsets sections: `count` strings (any number when
    /// nil; blank, when `blank` allows it), offsets from 0 to the byte count (checked here) and
    /// ascending (checked with the passes: 4 bytes an item, never the texts; strings that
    /// overlapped would let a crafted file make one text of the whole section for every item,
    /// which a scan or a merge would read item after item); with `utf8` and `verify`, every
    /// string well-formed. Without `verify` the texts
    /// are not validated: the decoders never read past a string's end nor give a code point
    /// past U+10FFFF, and a string handed out is decoded with repair (``ByteArena/string(_:)``,
    /// ``FoldPatch/string(_:folded:)``), so malformed bytes give U+FFFD, never a crash.
    private func arena(
        _ kinds: (IndexFileLayout.Section, IndexFileLayout.Section), count: Int?, blank: Bool, utf8: Bool = true,
        what: String
    ) throws(SearchBarError) -> ByteArena {
        let bytes = try borrow(kinds.0, UInt8.self)
        let stored = try borrow(kinds.1, UInt32.self)
        if blank && stored.count == 1 && stored[0] == 0 && bytes.isEmpty { return ByteArena() }
        guard stored.count >= 1 else { throw corrupt("\(what): no offsets") }
        let offsets = try offsets(
            stored, count: count ?? stored.count - 1, end: bytes.count, what: what)
        if utf8 && verify {
            let size = bytes.count
            checks.add(count: size) { range in
                bytes.withUnsafeBufferPointer { b -> String? in
                    guard let base = b.baseAddress else { return nil }
                    // Chunks are cut at character starts (a run of continuation bytes belongs
                    // to the chunk before it), so each is well-formed when the whole is.
                    func cut(_ at: Int) -> Int {
                        var k = at
                        while k < size && k < at + 4 && UTF8Codec.isContinuation(base[k]) { k += 1 }
                        return k
                    }
                    let start = range.lowerBound == 0 ? 0 : cut(range.lowerBound)
                    let end = range.upperBound == size ? size : cut(range.upperBound)
                    return start >= end || UTF8Codec.isValid(base + start, end - start) ? nil : "\(what) is not well-formed UTF-8"
                }
            }
            // Every string starts on a character: with the whole buffer well-formed, each
            // string is then well-formed on its own.
            checks.add(count: offsets.count) { range in
                bytes.withUnsafeBufferPointer { b -> String? in
                    guard let base = b.baseAddress else { return nil }
                    for k in range where Int(offsets[k]) < b.count && UTF8Codec.isContinuation(base[Int(offsets[k])]) {
                        return "\(what) is not well-formed UTF-8 (string \(k) starts inside a character)"
                    }
                    return nil
                }
            }
        }
        return ByteArena(bytes: bytes, offsets: offsets)
    }

    /// Offsets section `kind`, checked as ``offsets(_:count:end:what:)`` does.
    private func offsets(_ kind: IndexFileLayout.Section, count: Int, end: Int, what: String) throws(SearchBarError) -> Column<UInt32> {
        try offsets(try borrow(kind, UInt32.self), count: count, end: end, what: what)
    }

    /// Narrow offsets section `kind` (see ``NarrowArray/restored(storage:count:)``): `count + 1`
    /// offsets from 0 to `end` (checked here), ascending (checked with the passes).
    private func narrowOffsets(_ kind: IndexFileLayout.Section, count: Int, end: Int, what: String)
        throws(SearchBarError) -> NarrowArray
    {
        guard count >= 0, let offsets = NarrowArray.restored(storage: try borrow(kind, UInt8.self), count: count + 1),
            offsets[0] == 0, Int(offsets[count]) == end
        else { throw corrupt("\(what): not \(count + 1) offsets from 0 to \(end)") }
        checkAscending(offsets.reader, what: what)
        return offsets
    }

    /// `count + 1` offsets from 0 to `end` (checked here), ascending (checked with the passes).
    private func offsets(_ offsets: Column<UInt32>, count: Int, end: Int, what: String)
        throws(SearchBarError) -> Column<UInt32>
    {
        guard count >= 0, offsets.count == count + 1, offsets[0] == 0, Int(offsets[count]) == end else {
            throw corrupt("\(what): \(offsets.count) offsets for \(count) entries of \(end)")
        }
        checkAscending(offsets, what: what)
        return offsets
    }

    /// Checks that `values` ascend (each at least the one before it).
    private func checkAscending<C: RandomAccessCollection<UInt32> & Sendable>(_ values: C, what: String)
    where C.Index == Int {
        checks.add(count: values.count) { range in
            for k in range where k > 0 && values[k - 1] > values[k] { return "\(what) do not ascend at \(k)" }
            return nil
        }
    }

    /// Checks that every value of `items` is below `count`.
    private func checkItems<C: RandomAccessCollection<UInt32> & Sendable>(_ items: C, count: Int, what: String) where C.Index == Int {
        let limit = UInt32(truncatingIfNeeded: count)
        checks.add(count: items.count) { range in
            for k in range where items[k] >= limit { return "\(what): value \(k) is not an item of the segment" }
            return nil
        }
    }

    /// Checks that `order` holds each of `0..<count` once (one pass, with a bitset).
    private func checkPermutation<C: RandomAccessCollection<UInt32> & Sendable>(_ order: C, count: Int, what: String) where C.Index == Int {
        let corruptMessage = "\(what) is not a permutation of the items"
        checks.add {
            guard order.count == count else { return "\(what) has \(order.count) items, not \(count)" }
            var seen = Bitset(count: count)
            for k in 0..<order.count where Int(order[k]) >= count || !seen.insert(Int(order[k])) { return corruptMessage }
            return nil
        }
    }

    /// Checks that `order` sorts the folded titles by bytes, ties by index (as ``ByteOrder``).
    private func checkTitleOrder(_ order: NarrowArray.Reader, _ titles: ByteArena) {
        if titles.isBlank {
            // Every title empty: the order is by index.
            checks.add(count: order.count, integrity: true) { range in
                for k in range where k > 0 && order[k - 1] >= order[k] { return "the title order is not sorted" }
                return nil
            }
            return
        }
        checks.add(count: order.count, integrity: true) { range in
            titles.bytes.withUnsafeBufferPointer { bytes in
                titles.expandedOffsets().withUnsafeBufferPointer { offsets in
                    range.allSatisfy { k in
                        guard k > 0 else { return true }
                        let a = Int(order[k - 1]), b = Int(order[k])
                        let start = Int(offsets[b])
                        let title = UnsafeBufferPointer(rebasing: bytes[start..<Int(offsets[b + 1])])
                        let c = VocabularySearch.compare(bytes, ArenaOffsets(offsets), a, title, prefixOnly: false)
                        return c < 0 || (c == 0 && a < b)
                    }
                }
            } ? nil : "the title order is not sorted"
        }
    }

    /// Checks that the terms are distinct and sorted by bytes.
    private func checkSorted(_ vocabulary: ByteArena) {
        checks.add(count: vocabulary.count, integrity: true) { range in
            vocabulary.bytes.withUnsafeBufferPointer { bytes in
                vocabulary.expandedOffsets().withUnsafeBufferPointer { offsets in
                    range.allSatisfy { t in
                        guard t > 0 else { return true }
                        let start = Int(offsets[t])
                        let term = UnsafeBufferPointer(rebasing: bytes[start..<Int(offsets[t + 1])])
                        return VocabularySearch.compare(bytes, ArenaOffsets(offsets), t - 1, term, prefixOnly: false) < 0
                    }
                }
            } ? nil : "the vocabulary is not sorted"
        }
    }

    /// The attribute sections: names, per-item entry offsets (nil when no item has
    /// attributes), entries, text values. Their contents are read after the passes ran.
    private func attributeParts(count: Int) throws(SearchBarError)
        -> (names: ByteArena, offsets: Column<UInt32>?, entries: [UInt8], texts: ByteArena)
    {
        let names = try arena((.attributeNames, .attributeNameOffsets), count: nil, blank: true, what: "attribute names")
        let texts = try arena((.attributeTexts, .attributeTextOffsets), count: nil, blank: true, what: "attribute texts")
        let stored = try borrow(.attributeOffsets, UInt32.self)
        let entries = try reader.array(segment, .attributeEntries, of: UInt8.self)
        guard entries.count % 16 == 0 else { throw corrupt("attribute entries of \(entries.count) bytes") }
        if stored.count == 1 && stored[0] == 0 && entries.isEmpty { return (names, nil, entries, texts) }
        let offsets = try offsets(stored, count: count, end: entries.count / 16, what: "attribute offsets")
        return (names, offsets, entries, texts)
    }

    /// The attribute table of checked ``attributeParts(count:)``.
    private func attributeTable(
        _ parts: (names: ByteArena, offsets: Column<UInt32>?, entries: [UInt8], texts: ByteArena), count: Int
    ) throws(SearchBarError) -> AttributeTable {
        guard let offsets = parts.offsets else { return AttributeTable(itemCount: count) }
        let (names, entries, texts) = (parts.names, parts.entries, parts.texts)
        var table = AttributeTable()
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
}
