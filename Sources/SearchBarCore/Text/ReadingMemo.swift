import Glibc

/// The folded Latin readings of whole words a build thread has transliterated, by the words'
/// UTF-8 bytes: what makes a transliterating build cheap, since titles repeat words heavily.
///
/// A lookup touches two places in memory: an 8-byte slot of an open-addressing table (a hash
/// tag and the entry's offset) and the entry, which holds the word's bytes and its reading
/// side by side in one byte array. (A `Dictionary` of byte arrays, or an interner with the
/// readings apart, reads four or five scattered places: with the ~140,000 distinct
/// transliterated words of titles-1m, a memo outgrows the caches and a lookup costs its cache
/// misses.) Not thread-safe: one per ``TransliterationWorker``.
struct ReadingMemo {
    /// 0: empty; otherwise the word's hash tag (high 32 bits) and its entry offset + 1.
    private var slots: [UInt64]
    private var mask: Int
    /// Entries: the word's length (2 bytes, little-endian), its bytes, the reading's length
    /// (2 bytes; ``noReading`` for a word without one) and the reading's bytes.
    private var entries: [UInt8] = []
    /// The number of words held.
    private(set) var count = 0

    /// The reading-length mark of a word that has no reading.
    private static let noReading = 0xFFFF
    /// Words (and readings) longer than this are not memoized.
    static let maxLength = 0xFFFE
    /// The memo is emptied when it holds this many words or entry bytes.
    static let maxWords = 1 << 18
    static let maxBytes = 1 << 24

    /// An empty memo.
    init() {
        slots = [UInt64](repeating: 0, count: 1 << 12)
        mask = slots.count - 1
    }

    /// What the memo knows of `word`.
    enum Lookup {
        /// Not memoized.
        case unknown
        /// Memoized without a reading.
        case none
        /// Memoized with its reading at this range of the entries (``withReading(_:_:)``).
        case reading(Range<Int>)
    }

    /// Looks `word` up.
    func lookup(_ word: UnsafeBufferPointer<UInt8>) -> Lookup {
        return find(word, hash: Self.hash(word)).found ?? .unknown
    }

    /// Calls `body` with the reading bytes at `range` (from ``lookup(_:)``).
    func withReading<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        entries.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Remembers `reading` (nil: none) as the reading of `word`, which the memo does not know.
    mutating func remember(_ word: UnsafeBufferPointer<UInt8>, reading: [UInt8]?) {
        guard word.count <= Self.maxLength, (reading?.count ?? 0) <= Self.maxLength else { return }
        if count >= Self.maxWords || entries.count >= Self.maxBytes { self = ReadingMemo() }
        let hash = Self.hash(word)
        let slot = find(word, hash: hash).slot
        slots[slot] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(entries.count + 1)
        Self.appendLength(word.count, to: &entries)
        entries.append(contentsOf: word)
        Self.appendLength(reading?.count ?? Self.noReading, to: &entries)
        if let reading { entries.append(contentsOf: reading) }
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// The entry of `word` if held, and the slot where it is or would go.
    private func find(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (found: Lookup?, slot: Int) {
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        return entries.withUnsafeBufferPointer { bytes in
            while true {
                let value = slots[slot]
                if value == 0 { return (nil, slot) }
                if value & 0xFFFF_FFFF_0000_0000 == tag {
                    let at = Int(value & 0xFFFF_FFFF) - 1
                    let length = Self.length(bytes, at)
                    if length == word.count, length == 0 || memcmp(bytes.baseAddress! + at + 2, word.baseAddress!, length) == 0 {
                        let readingAt = at + 2 + length
                        let readingLength = Self.length(bytes, readingAt)
                        if readingLength == Self.noReading { return (Lookup.none, slot) }
                        return (.reading(readingAt + 2..<readingAt + 2 + readingLength), slot)
                    }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        entries.withUnsafeBufferPointer { bytes in
            for value in old where value != 0 {
                let at = Int(value & 0xFFFF_FFFF) - 1
                let word = UnsafeBufferPointer(rebasing: bytes[at + 2..<at + 2 + Self.length(bytes, at)])
                var slot = Int(truncatingIfNeeded: Self.hash(word)) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = value
            }
        }
    }

    /// A 64-bit hash of `bytes`, eight at a time (a multiply-xorshift mix per word and at the
    /// end: the low bits pick the slot, the high 32 are the tag).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            i += 8
        }
        if i < bytes.count {
            var tail: UInt64 = 0
            for k in i..<bytes.count { tail |= UInt64(base[k]) << (8 * UInt64(k - i)) }
            h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
        }
        h ^= h >> 29
        h = h &* 0x94D0_49BB_1331_11EB
        return h ^ (h >> 32)
    }

    @inline(__always)
    private static func length(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    private static func appendLength(_ length: Int, to entries: inout [UInt8]) {
        entries.append(UInt8(truncatingIfNeeded: length))
        entries.append(UInt8(truncatingIfNeeded: length >> 8))
    }
}
