/// A memo of the folds of normalization segments of several code points (a letter with marks,
/// an Indic consonant with its vowel sign), keyed by their UTF-8 bytes (at most 16). The value is
/// exactly what ``FoldTables/foldSegment(_:)`` returns for those code points.
struct SegmentMemo {
    struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        /// Key length in bytes; 0 for an empty slot.
        var length: Int32 = 0
        var keyStart: Int32 = 0
        var keyLength: Int32 = 0
        var nfkcStart: Int32 = 0
        var nfkcLength: Int32 = 0
        var clusterStart: Int32 = 0
        var clusterCount: Int32 = 0
    }

    static let slotCount = 1 << 14
    static let maxEntries = slotCount / 2
    /// Longest segment (UTF-8 bytes) kept in the memo.
    static let maxBytes = 16

    /// The hash table (768 KB), made on first use: texts without such segments never need it.
    var slots: UnsafeMutablePointer<Slot>?
    var keys = RawBuffer<UInt8>(capacity: 16)
    var nfkc = RawBuffer<UInt16>(capacity: 16)
    var clusters = RawBuffer<UInt32>(capacity: 16)
    var entries = 0

    init() {}

    func free() {
        slots?.deallocate()
        keys.free()
        nfkc.free()
        clusters.free()
    }

    /// The memo slot of the segment `p[start..<end]` (`end - start` in 1...16), made with
    /// `tables` when missing; nil when the memo is full and the segment is not in it.
    @inline(__always)
    mutating func slot(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, tables: FoldTables) -> Slot? {
        let slots: UnsafeMutablePointer<Slot>
        if let made = self.slots {
            slots = made
        } else {
            slots = .allocate(capacity: Self.slotCount)
            slots.initialize(repeating: Slot(), count: Self.slotCount)
            self.slots = slots
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        var k = start
        while k < end && k < start + 8 {
            low |= UInt64(p[k]) << (8 * UInt64(k - start))
            k += 1
        }
        while k < end {
            high |= UInt64(p[k]) << (8 * UInt64(k - start - 8))
            k += 1
        }
        let length = Int32(end - start)
        var h = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
        h ^= h >> 31
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        var index = Int(truncatingIfNeeded: h) & (Self.slotCount - 1)
        while true {
            let s = slots[index]
            if s.length == 0 { break }
            if s.length == length && s.low == low && s.high == high { return s }
            index = (index + 1) & (Self.slotCount - 1)
        }
        guard entries < Self.maxEntries else { return nil }
        let fold = tables.foldSegment(UTF8Codec.utf16(of: p, start, end))
        var made = Slot(low: low, high: high, length: length)
        made.keyStart = Int32(keys.count)
        made.keyLength = Int32(fold.key.count)
        made.nfkcStart = Int32(nfkc.count)
        made.nfkcLength = Int32(fold.nfkc.count)
        made.clusterStart = Int32(clusters.count)
        made.clusterCount = Int32(fold.clusters.count)
        fold.key.withUnsafeBufferPointer { if let b = $0.baseAddress { keys.append(b, count: $0.count) } }
        fold.nfkc.withUnsafeBufferPointer { if let b = $0.baseAddress { nfkc.append(b, count: $0.count) } }
        fold.clusters.withUnsafeBufferPointer { if let b = $0.baseAddress { clusters.append(b, count: $0.count) } }
        slots[index] = made
        entries += 1
        return made
    }
}
