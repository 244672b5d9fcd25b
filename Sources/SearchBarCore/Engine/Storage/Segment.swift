import Glibc
import Synchronization

/// An immutable block of items with its own inverted index. Searches read segments without
/// locks; adding items makes new segments, removing them marks tombstones in the snapshot.
///
/// Items are stored in ascending id order (local index `i`), column by column:
/// - texts: per field, the folded match key in one ``ByteArena``, and the original UTF-8 as
///   edits of it (``FoldPatch``) in another;
/// - the forward index: per item, its tokens' term ids in field and word order, each entry
///   `termID | field << 30`;
/// - the inverted index: a vocabulary of folded word keys sorted by bytes, and per term the
///   ascending local indices of the items holding it (postings).
final class Segment: Sendable {
    /// Bits of a forward entry that hold the term id.
    static let termMask: UInt32 = (1 << 30) - 1
    /// Shift of the field number in a forward entry.
    static let fieldShift: UInt32 = 30

    /// A process-unique number naming this segment (result caches key on it).
    let serial: UInt64
    /// Item ids, ascending and unique.
    let ids: ItemIDs
    /// Item scopes (empty when every scope is 0).
    let scopes: Column<UInt32>
    /// Item weights as order-preserving 32-bit keys (empty when every weight is 0).
    let weightKeys: Column<UInt32>
    /// The first bytes of each title's collation sort key, big-endian (coded when built here,
    /// see ``RankKeyColumn``).
    let rankKeys: RankKeyColumn
    /// Per field (indexed by `SearchField.rawValue`), each item's ``FoldPatch``, which turns its
    /// folded text back into the original (blank when every text folds to itself).
    let originalPatches: [ByteArena]
    /// Folded text per field.
    let folded: [ByteArena]
    /// Per item, the start of its forward entries, plus the end (packed in blocks when built
    /// here, see ``AscendingOffsets``).
    let forwardOffsets: AscendingOffsets
    /// Forward entries of all items (as few bits as the greatest needs).
    let forward: NarrowArray
    /// Distinct folded word keys, sorted by bytes (offsets in blocks when built here, see
    /// ``BlockedOffsets``).
    let vocabulary: ByteArena
    /// Per term, the ascending local indices of the items holding it.
    let postings: PostingLists
    /// True when the segment was read from an index file and borrows its arrays from the
    /// file's read-only mapping (the postings are borrowed whenever anything is; a file's
    /// segment borrows every large array: texts, ids, keys, offsets, orders and postings).
    var isMapped: Bool { postings.bytes.isBorrowed }
    /// Filterable attributes.
    let attributes: AttributeTable
    /// Per item, the ``PresenceMask`` of its folded fields (computed here from ``folded``;
    /// compact when built here, see ``PresenceColumn``).
    let presence: PresenceColumn
    /// Items by the characters of no-space scripts in their folded fields (computed here).
    let charPostings: CharPostings
    /// Items with a word run no single token of theirs covers, ascending (see ``RunExceptions``).
    let runExceptions: [UInt32]
    /// How often each byte value occurs in ``vocabulary`` (computed here): a substring search of
    /// the vocabulary scans for the needle's rarest byte.
    let vocabularyByteCounts: [UInt32]
    /// Which blocks of the vocabulary can hold a byte string (computed here).
    let vocabularyTrigrams: VocabularyTrigrams
    /// The vocabulary's ``PunctuatedTerms`` (computed here).
    let punctuatedTerms: [UInt32]
    /// Items grouped by the first word of their title (computed here).
    let titleLeads: TitleLeadOrder
    /// Items sorted by their folded title (computed here).
    let titleBytes: TitleByteOrder
    /// The first items in the order their hits rank on equal match scores (computed here).
    let rankOrder: RankOrder
    /// Every item in rank-key order, for the ties of a selection's last hit (computed here).
    let rankKeyOrder: RankKeyOrder
    /// Raw views of ``folded`` per field (see ``RawArena``), a tuple so reads count no references.
    private let rawFolded: (RawArena, RawArena, RawArena)
    /// Raw views of ``originalPatches`` per field.
    private let rawPatches: (RawArena, RawArena, RawArena)
    /// Reference-count-free view of ``vocabulary``.
    private let rawVocabulary: RawArena
    /// Reference-count-free view of ``vocabulary``'s offsets.
    var vocabularyOffsets: ArenaOffsets { rawVocabulary.offsets }
    /// Reference-count-free view of ``forwardOffsets``.
    private let rawForwardOffsets: AscendingOffsets.Reader

    private static let serials = Atomic<UInt64>(1)

    /// Segments of at least this many items derive their search structures on two threads.
    static let parallelDerivationThreshold = 8192

    /// A value one thread sets and another reads after joining it.
    private final class DerivedBox<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// The search structures a segment derives from its columns, when they are known (an index
    /// file stores them; ``IndexFileWriter`` and ``SegmentDecoder``).
    struct Derived {
        var presence: Column<UInt64>
        var charPostings: CharPostings
        var titleLeads: TitleLeadOrder
        var vocabularyByteCounts: [UInt32]
        var vocabularyTrigrams: VocabularyTrigrams
        var punctuatedTerms: [UInt32]
        var titleBytes: TitleByteOrder
        var rankOrder: RankOrder
        var rankKeyOrder: RankKeyOrder
    }

    /// The search structures of this segment, as ``Derived`` values (for an index file, which
    /// keeps the 64-bit presence masks: compact ones are made again from the folded texts).
    var derived: Derived {
        Derived(
            presence: presence.isCompact ? PresenceMask.items(folded, count: count) : presence.plainMasks, charPostings: charPostings, titleLeads: titleLeads,
            vocabularyByteCounts: vocabularyByteCounts, vocabularyTrigrams: vocabularyTrigrams,
            punctuatedTerms: punctuatedTerms, titleBytes: titleBytes, rankOrder: rankOrder, rankKeyOrder: rankKeyOrder)
    }

    /// A segment over ready columns and index; derives the search structures. With a `pool`,
    /// the title sort of a large segment runs on it (``ByteOrder/sortedIndices(_:count:pool:)``).
    /// `sortedOrders` are the title byte order and rank-key order of these columns when they are
    /// known, which skips both sorts; `derived` are all the search structures when they are known
    /// (an index file stores them), which skips every derivation; `carried` are the presence
    /// masks, character postings and punctuated terms when they are known (a merge carries its
    /// inputs' over, the presence masks in compact form, ``PresenceMask/compact(_:)``).
    /// `forwardIsNarrowest`: `forward` is in as few bits as its greatest value
    /// needs already (a builder that knew the width), so it is not narrowed.
    init(
        ids: ItemIDs, scopes: Column<UInt32>, weightKeys: Column<UInt32>, rankKeys: Column<UInt64>,
        originalPatches: [ByteArena], folded: [ByteArena], forwardOffsets: NarrowArray, forward: NarrowArray,
        forwardIsNarrowest: Bool = false, vocabulary: ByteArena, postings: PostingLists, attributes: AttributeTable,
        runExceptions: [UInt32],
        pool: ThreadPool? = nil, sortedOrders: (titles: Column<UInt32>, rankKeys: Column<UInt32>)? = nil, derived known: Derived? = nil,
        carried: (presence: Column<UInt64>, charPostings: CharPostings, punctuatedTerms: [UInt32])? = nil
    ) {
        serial = Self.serials.wrappingAdd(1, ordering: .relaxed).oldValue
        self.ids = ids
        self.scopes = scopes
        self.weightKeys = weightKeys
        // Item texts keep their offsets in blocks (an index file's stay borrowed as they are).
        self.originalPatches = originalPatches.map { $0.blocked() }
        self.folded = folded.map { $0.blocked() }
        self.forwardOffsets = AscendingOffsets(forwardOffsets)
        // A file's forward entries are stored as narrow as they go.
        let forward = known == nil && !forwardIsNarrowest ? forward.narrowed() : forward
        self.forward = forward
        // The terms keep their offsets in blocks too (an index file's stay borrowed).
        self.vocabulary = vocabulary.blocked()
        rawVocabulary = RawArena(self.vocabulary)
        self.postings = postings
        self.attributes = attributes
        self.runExceptions = runExceptions
        let count = ids.count
        if let known {
            (presence, charPostings, titleLeads, vocabularyByteCounts, vocabularyTrigrams, punctuatedTerms) = (
                PresenceColumn(known.presence), known.charPostings, known.titleLeads, known.vocabularyByteCounts,
                known.vocabularyTrigrams, known.punctuatedTerms
            )
            (titleBytes, rankOrder, rankKeyOrder) = (known.titleBytes, known.rankOrder, known.rankKeyOrder)
            self.rankKeys = RankKeyColumn(rankKeys)
            (rawFolded, rawForwardOffsets) = Self.rawViews(self.folded, self.forwardOffsets)
            rawPatches = Self.rawViews(self.originalPatches)
            return
        }
        // The derived search structures; the title sort (the largest) on a second thread, and
        // when the sorted orders are known (a merge), the vocabulary's filters there instead.
        let sorted = DerivedBox<(TitleByteOrder, RankOrder, RankKeyOrder, RankKeyColumn)>()
        let filters = DerivedBox<([UInt32], VocabularyTrigrams)>()
        let filtersBesideSort = sortedOrders != nil
        let buildFilters: @Sendable () -> Void = { filters.value = (Self.byteCounts(vocabulary.bytes), VocabularyTrigrams(vocabulary)) }
        let sortTitles: @Sendable () -> Void = {
            if filtersBesideSort { buildFilters() }
            let titles = folded.first ?? ByteArena()
            let order = sortedOrders.map(\.titles)
                ?? pool.map { ByteOrder.sortedIndices(titles, count: count, pool: $0) }
                ?? Column(ByteOrder.sortedIndices(titles, count: count))
            let rankKeyOrder = sortedOrders.map { RankKeyOrder(order: NarrowArray($0.rankKeys)) } ?? RankKeyOrder(rankKeys: rankKeys)
            sorted.value = (
                TitleByteOrder(order: order, rankKeys: rankKeys, weightKeys: weightKeys),
                // Without weights the rank order is the rank-key order's first items.
                weightKeys.isEmpty
                    ? RankOrder(unweighted: rankKeyOrder)
                    : RankOrder(rankKeys: rankKeys, weightKeys: weightKeys, first: RankOrder.keptItems),
                rankKeyOrder, RankKeyColumn(rankKeys, order: rankKeyOrder.order)
            )
        }
        var derived: (PresenceColumn, CharPostings, TitleLeadOrder, [UInt32])?
        let buildOthers = {
            if !filtersBesideSort { buildFilters() }
            derived = (
                PresenceColumn(compacting: carried?.presence ?? PresenceMask.items(folded, count: count), compacted: carried != nil),
                carried?.charPostings ?? CharPostings(folded, count: count),
                TitleLeadOrder(
                    forward: forward, forwardOffsets: forwardOffsets, count: count, termCount: vocabulary.count,
                    rankKeys: rankKeys, weightKeys: weightKeys,
                    ownTitleWords: Self.ownTitleWords(folded, forward, forwardOffsets, vocabulary)),
                carried?.punctuatedTerms ?? PunctuatedTerms.ids(vocabulary)
            )
        }
        if count >= Self.parallelDerivationThreshold {
            runInParallel(sortTitles, buildOthers)
        } else {
            sortTitles()
            buildOthers()
        }
        (presence, charPostings, titleLeads, punctuatedTerms) = derived ?? (PresenceColumn(), CharPostings(), TitleLeadOrder(), [])
        (vocabularyByteCounts, vocabularyTrigrams) = filters.value ?? ([UInt32](repeating: 0, count: 256), VocabularyTrigrams())
        (titleBytes, rankOrder, rankKeyOrder, self.rankKeys) =
            sorted.value ?? (TitleByteOrder(), RankOrder(), RankKeyOrder(), RankKeyColumn(rankKeys))
        (rawFolded, rawForwardOffsets) = Self.rawViews(self.folded, self.forwardOffsets)
        rawPatches = Self.rawViews(self.originalPatches)
    }

    /// Raw views of three arenas, one per field (a missing one blank).
    private static func rawViews(_ arenas: [ByteArena]) -> (RawArena, RawArena, RawArena) {
        let raw = arenas.map(RawArena.init)
        return (
            raw.count > 0 ? raw[0] : RawArena(ByteArena()), raw.count > 1 ? raw[1] : RawArena(ByteArena()),
            raw.count > 2 ? raw[2] : RawArena(ByteArena()))
    }

    /// The raw views of a segment's folded texts and forward offsets (the arrays are the
    /// segment's own `let`s, so the pointers stay valid while it lives).
    private static func rawViews(_ folded: [ByteArena], _ forwardOffsets: AscendingOffsets)
        -> ((RawArena, RawArena, RawArena), AscendingOffsets.Reader)
    {
        (rawViews(folded), forwardOffsets.reader)
    }

    /// The number of times each byte value occurs in `bytes`.
    private static func byteCounts(_ bytes: Column<UInt8>) -> [UInt32] {
        var counts = [UInt32](repeating: 0, count: 256)
        counts.withUnsafeMutableBufferPointer { counts in
            bytes.withUnsafeBufferPointer { bytes in
                for b in bytes { counts[Int(b)] &+= 1 }
            }
        }
        return counts
    }

    /// The number of items (live or not).
    @inline(__always) var count: Int { ids.count }

    /// The number of distinct terms.
    var termCount: Int { vocabulary.count }

    /// The scope of item `i`.
    @inline(__always) func scope(_ i: Int) -> UInt32 { scopes.isEmpty ? 0 : scopes[i] }

    /// The weight key of item `i`.
    @inline(__always) func weightKey(_ i: Int) -> UInt32 { weightKeys.isEmpty ? WeightKey.zero : weightKeys[i] }

    /// The local index of `id`, or nil.
    func localIndex(of id: UInt64) -> Int? { ids.localIndex(of: id) }

    /// The original text of `field` for item `i`.
    func originalText(_ field: SearchField, _ i: Int) -> String {
        let f = Int(field.rawValue)
        return folded[f].bytes.withUnsafeBytes { folded in
            originalPatches[f].bytes.withUnsafeBytes { patches in
                FoldPatch.string(
                    UnsafeRawBufferPointer(rebasing: patches[originalPatches[f].range(i)]),
                    folded: UnsafeRawBufferPointer(rebasing: folded[self.folded[f].range(i)]))
            }
        }
    }

    /// Item `i` as it was added: its texts as given (a field not stored is ""), its scope, its
    /// weight at `Float` precision (as it ranks), and its attributes with text values folded.
    func item(_ i: Int) -> IndexItem {
        IndexItem(
            id: ids[i], title: originalText(.title, i), subtitle: originalText(.subtitle, i),
            keywords: originalText(.keywords, i), scope: scope(i), weight: WeightKey.weight(weightKey(i)),
            attributes: attributes.entries(of: i).map { entry in
                ItemAttribute(attributes.names[Int(entry.name)], entry.text.map(AttributeValue.text) ?? .number(entry.number))
            })
    }

    /// Calls `body` with how item `i`'s folded `field` lines up with `original`, its original
    /// text (as ``originalText(_:_:)`` gives it), confirmed by `tables` (nil: `body` gets nil);
    /// the alignment is valid only inside `body`.
    func withFoldAlignment<R>(
        _ field: SearchField, _ i: Int, original: UnsafeBufferPointer<UInt8>, tables: FoldTables?,
        _ body: (FoldAlignment?) -> R
    ) -> R {
        guard let tables else { return body(nil) }
        let f = Int(field.rawValue)
        return folded[f].bytes.withUnsafeBytes { folded in
            originalPatches[f].bytes.withUnsafeBytes { patches in
                body(FoldAlignment(
                    patch: UnsafeRawBufferPointer(rebasing: patches[originalPatches[f].range(i)]),
                    folded: UnsafeRawBufferPointer(rebasing: folded[self.folded[f].range(i)]), original: original,
                    tables: tables))
            }
        }
    }

    /// The ``FoldPatch``es of `field` (a raw value; an item's is empty when its text folds to
    /// itself), valid while the segment lives, read without reference counting.
    @inline(__always) func rawPatches(_ field: UInt32) -> RawArena {
        switch field {
        case 0: rawPatches.0
        case 1: rawPatches.1
        default: rawPatches.2
        }
    }

    /// The folded text of `field` (a raw value) for item `i`, valid while the segment lives.
    @inline(__always) func rawFolded(_ field: UInt32, _ i: Int) -> UnsafeBufferPointer<UInt8> {
        switch field {
        case 0: rawFolded.0.text(i)
        case 1: rawFolded.1.text(i)
        default: rawFolded.2.text(i)
        }
    }

    /// The first forward entry of item `i` (nil when it has no tokens).
    @inline(__always) func firstForwardEntry(_ i: Int) -> UInt32? {
        guard i >= 0 && i < ids.count && i + 1 < rawForwardOffsets.count else { return nil }
        let start = Int(rawForwardOffsets[i])
        return start < Int(rawForwardOffsets[i + 1]) ? forward[start] : nil
    }

    /// The ``PresenceMask`` of item `i`'s folded fields in ``presence``'s form: compare it
    /// with masks put in that form (``PresenceColumn/form(_:)``).
    @inline(__always) func presenceKey(_ i: Int) -> UInt64 { presence.key(i) }

    /// True when the folded title of item `i` starts with `key` (within its own text: a
    /// reading never continues it, ``ownFolded(_:_:)``).
    @inline(__always) func titleStarts(with key: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let text = rawFolded.0.text(i)
        guard text.count >= key.count else { return false }
        guard key.count > 0, let a = text.baseAddress, let b = key.baseAddress else { return true }
        // Most titles differ at the first byte: no call for them.
        // A mark ending the own text before `key.count` lies within the first `key.count + 3`
        // bytes: only those are looked at, not the whole title.
        return a[0] == b[0] && memcmp(a, b, key.count) == 0
            && Transliteration.ownLength(of: UnsafeBufferPointer(rebasing: text[..<min(text.count, key.count + 3)]))
                >= key.count
    }

    /// The folded text of `field` for item `i`, as bytes valid while the segment lives.
    @inline(__always) func foldedBytes(_ field: SearchField, _ i: Int) -> UnsafeBufferPointer<UInt8> {
        rawFolded(field.rawValue, i)
    }

    /// The range of terms that start with `prefix` (all terms for an empty prefix).
    func termRange(prefix: [UInt8]) -> Range<Int> {
        vocabulary.bytes.withUnsafeBufferPointer { bytes in
            VocabularySearch.prefixRange(bytes, vocabularyOffsets, prefix)
        }
    }

    /// The bytes of term `t` (empty when out of range), valid while the segment lives.
    @inline(__always) func termBytes(_ t: Int) -> UnsafeBufferPointer<UInt8> { rawVocabulary.text(t) }

    /// The term equal to `key`, or nil.
    func term(equalTo key: [UInt8]) -> Int? {
        let range = termRange(prefix: key)
        guard !range.isEmpty, vocabulary.length(range.lowerBound) == key.count else { return nil }
        return range.lowerBound
    }

    /// Adds the items holding a term of `terms` to `bits`; returns how many were not in it.
    @discardableResult
    func insertHolders(of terms: Range<Int>, into bits: inout Bitset) -> Int {
        guard !terms.isEmpty else { return 0 }
        var added = 0
        for t in terms {
            postings.forEach(t) { item in
                if bits.insert(Int(item)) { added += 1 }
            }
        }
        return added
    }

    /// The number of postings of the terms in `range`.
    @inline(__always) func postingCount(_ range: Range<Int>) -> Int {
        postings.count(range)
    }

    /// Bytes held per structure, by name, in allocated capacity (for diagnostics: `searchbar
    /// filter --stats`). Text arenas, the forward index, the postings and the title orders are
    /// split into their parts (bytes and offsets, values and positions).
    var storageBreakdown: [(name: String, bytes: Int)] {
        func size<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
        func size<T: BitwiseCopyable>(_ column: Column<T>) -> Int { column.byteSize }
        func size(_ narrow: NarrowArray) -> Int { narrow.byteSize }
        func bytes(_ arenas: [ByteArena]) -> Int { arenas.reduce(0) { $0 + $1.bytes.byteSize } }
        func offsets(_ arenas: [ByteArena]) -> Int { arenas.reduce(0) { $0 + $1.offsetBytes } }
        let leadParts = titleLeads.byteSizes
        let byteParts = titleBytes.byteSizes
        return [
            ("ids", ids.byteSize), ("scopes", size(scopes)), ("weight keys", size(weightKeys)),
            ("rank keys", rankKeys.byteSize), ("original text edits", bytes(originalPatches)),
            ("original text edit offsets", offsets(originalPatches)), ("folded text", bytes(folded)),
            ("folded text offsets", offsets(folded)), ("forward entries", forward.byteSize),
            ("forward offsets", forwardOffsets.byteSize), ("vocabulary", bytes([vocabulary])),
            ("vocabulary offsets", offsets([vocabulary])), ("vocabulary trigram filter", vocabularyTrigrams.byteSize),
            ("punctuated terms", size(punctuatedTerms)), ("postings", postings.bytes.byteSize),
            ("posting offsets", postings.offsets.byteSize),
            ("posting starts", postings.starts.byteSize), ("presence masks", presence.byteSize),
            ("character postings", charPostings.byteSize), ("title lead order", leadParts.order),
            ("title lead starts", leadParts.starts), ("title lead rank key minimums", leadParts.rankKeyMinimums),
            ("title lead word counts", leadParts.titleWordCounts), ("title lead weight keys", leadParts.weightKeys),
            ("title byte order", byteParts.order), ("title byte rank key minimums", byteParts.rankKeyMinimums),
            ("title byte weight keys", byteParts.weightKeys), ("rank order", rankOrder.byteSize),
            ("rank key order", rankKeyOrder.byteSize), ("run exceptions", size(runExceptions)),
        ]
    }
}
