/// The layout of a saved index file (docs/persistent-index.md describes it in full).
///
/// All numbers are little-endian. The file is a fixed header, a section table, and the
/// sections, each starting at a multiple of ``alignment``:
/// - the header holds the magic, the format version, the file's length, the index's locale,
///   default mode and fields, the ICU and collator versions its keys were made with, the number
///   of sections and segments, and a checksum of itself and the table;
/// - each table entry names a section (its ``Section`` kind and segment), where it is, how long
///   it is and the XXH64 of its bytes;
/// - each segment of the index is ``Section/allCases`` in order: the flat arrays of the
///   in-memory ``Segment``, byte for byte, then the search structures derived from them, so an
///   open derives nothing.
enum IndexFileLayout {
    /// The first 8 bytes: "\x89SBIDX\r\n" (a high byte and a line ending catch text-mode copies).
    static let magic: [UInt8] = [0x89, 0x53, 0x42, 0x49, 0x44, 0x58, 0x0D, 0x0A]
    /// The format this library writes and reads.
    static let formatVersion: UInt32 = 8
    /// Bytes of the header.
    static let headerSize = 320
    /// Bytes of one section table entry.
    static let entrySize = 32
    /// Sections start at multiples of this.
    static let alignment = 64
    /// The longest locale identifier stored.
    static let maxLocaleBytes = 256
    /// The most segments a file may hold.
    static let maxSegments = 1 << 16

    /// Byte offsets of the header's fields.
    enum Header {
        static let magic = 0
        static let formatVersion = 8
        static let headerSize = 12
        static let fileLength = 16
        static let sectionCount = 24
        static let segmentCount = 28
        static let mode = 32
        static let fields = 36
        static let icuVersion = 40
        static let collatorVersion = 44
        static let localeLength = 48
        /// Bits of ``Flags``; a reader refuses a file with a bit it does not know.
        static let flags = 52
        static let locale = 56
        /// XXH64 of the table, seeded with XXH64 of the header's bytes before this field.
        static let checksum = 312
    }

    /// The bits of the header's flags field.
    enum Flags {
        /// The index was made with `transliterate`: its folded texts hold the transliterated
        /// words (a file without the bit, as every file written before the option, has none).
        static let transliterated: UInt32 = 1
        /// Every bit this library knows.
        static let known: UInt32 = transliterated
    }

    /// The sections of one segment, in file order. Arrays of 32-bit and 64-bit values are stored
    /// as they are in memory; an arena is its bytes then its `count + 1` offsets (or the single
    /// offset 0 of a blank arena). A narrow array (``NarrowArray``: the forward and posting
    /// offsets and the posting starts, the title order, the rank key order, the title lead order
    /// and its term starts, the forward entries and the character postings) is its values packed
    /// the same number of bits each (1 to 32), then 7 bytes of padding whose last holds that
    /// number.
    enum Section: UInt32, CaseIterable {
        /// 8 UInt64: item count, term count, forward entry count, forward bits, posting count,
        /// bytes of the posting streams, title lead order bits, 0.
        case info = 1
        case ids, scopes, weightKeys, rankKeys
        case titleFolded, titleFoldedOffsets, subtitleFolded, subtitleFoldedOffsets
        case keywordsFolded, keywordsFoldedOffsets
        case titlePatches, titlePatchOffsets, subtitlePatches, subtitlePatchOffsets
        case keywordsPatches, keywordsPatchOffsets
        case forwardOffsets, forward
        case vocabulary, vocabularyOffsets
        /// ``PostingLists``: per term the running count of postings (a narrow array), then the
        /// terms' bit-packed streams followed by ``PostingLists/padding`` zero bytes (where each
        /// term's stream starts is ``postingStarts``).
        case postingOffsets, postings
        case runExceptions
        /// The removed items: a bitset of `(count + 63) / 64` UInt64 words, or empty.
        case deleted
        case attributeNames, attributeNameOffsets
        /// Per item, the start of its attribute entries, plus the end (or the single 0).
        case attributeOffsets
        /// 16 bytes per entry: UInt32 name, UInt32 text (or 0xFFFFFFFF for a number), Float64.
        case attributeEntries
        case attributeTexts, attributeTextOffsets
        /// Local item indices sorted by folded title bytes, ties by index (a narrow array).
        case titleOrder
        /// Local item indices sorted by rank key, ties by index (a narrow array).
        case rankKeyOrder
        /// Per item, the ``PresenceMask`` of its folded fields (UInt64).
        case presence
        /// ``CharPostings``: the indexed code points, their posting offsets (UInt32), the postings
        /// (a narrow array).
        case charKeys, charOffsets, charPostings
        /// ``TitleLeadOrder``: the order and the term starts (narrow arrays), then per
        /// position the title word count (UInt8) and the weight key (UInt32, or empty when every
        /// weight is 0).
        case leadOrder, leadStarts, leadTitleWordCounts, leadWeightKeys
        /// ``TitleByteOrder``'s weight keys in title order (UInt32, or empty).
        case titleWeightKeys
        /// ``RankOrder``: the first items in rank order (UInt32).
        case rankOrder
        /// The 256 byte counts of the vocabulary (UInt32).
        case vocabularyByteCounts
        /// ``VocabularyTrigrams``: the blocks' sets, word by word (UInt64).
        case vocabularyTrigrams
        /// ``PunctuatedTerms``: ascending term ids (UInt32).
        case punctuatedTerms
        /// ``RankKeyGroupMinimums`` of the title lead order and of the title order: per 64
        /// positions, the least high half of their items' rank keys (UInt32).
        case leadRankKeyMinimums, titleRankKeyMinimums
        /// ``PostingLists``: per term, the byte of ``postings`` where its stream starts, plus the
        /// end of the streams (a narrow array).
        case postingStarts
    }

    /// The number of sections a segment has.
    static let sectionsPerSegment = Section.allCases.count

    /// `value` rounded up to a multiple of ``alignment``.
    static func aligned(_ value: Int) -> Int { (value + alignment - 1) / alignment * alignment }

    /// The version of the ICU library loaded.
    static var icuVersion: [UInt8] { ICU.libraryVersion }

    /// A collator version string ("153.120.0.0") as its 4 bytes.
    static func versionBytes(_ version: String) -> [UInt8] {
        let parts = version.split(separator: ".").map { UInt8($0) ?? 0 }
        return (0..<4).map { $0 < parts.count ? parts[$0] : 0 }
    }
}
