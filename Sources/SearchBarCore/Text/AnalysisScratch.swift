internal import CICU

/// A growable array of trivial values in manually managed memory: appends check only the
/// capacity (no uniqueness or exclusivity checks). A copy shares the memory, so exactly one copy
/// may grow it and that copy must be stored back; the owner calls ``free()`` once.
struct RawBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// The number of values.
    var count = 0

    /// An empty buffer with room for `capacity` values.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory (the values must be trivial).
    func free() { base.deallocate() }

    /// Makes room for `extra` more values.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    @inline(never)
    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let made = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        made.moveInitialize(from: base, count: count)
        base.deallocate()
        base = made
        capacity = newCapacity
    }

    /// Appends one value.
    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { grow(count + 1) }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Appends `n` values from `source`.
    @inline(__always)
    mutating func append(_ source: UnsafePointer<Element>, count n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (base + count).initialize(from: source, count: n)
        count += n
    }

    /// Value `i` (no bounds check beyond the caller's).
    @inline(__always)
    subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    /// The values as a buffer pointer.
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}

/// One unit of the map between the original text, the case-folded UTF-16 text and the key (see
/// ``MappedSink``): an ASCII run (`linear`) or one cluster of a normalization segment.
struct FoldUnit {
    var origStart: Int32
    var origEnd: Int32
    var textStart: Int32
    var keyStart: Int32
    var linear: Bool
}

/// The buffers one analysis fills (key, case-folded text, unit map, break segments, tokens) and
/// the memo of multi-code-point segment folds. Plain memory, reused from text to text.
struct FoldState {
    var key = RawBuffer<UInt8>(capacity: 256)
    var text = RawBuffer<UInt16>(capacity: 256)
    var units = RawBuffer<FoldUnit>(capacity: 128)
    var segments = RawBuffer<BreakSegment>(capacity: 64)
    var raws = RawBuffer<TokenBuilder.Raw>(capacity: 32)
    var tokens = RawBuffer<TokenSpan>(capacity: 32)
    var memo = SegmentMemo()

    /// Empties the per-text buffers (the memo stays).
    mutating func reset() {
        key.count = 0
        text.count = 0
        units.count = 0
        segments.count = 0
        raws.count = 0
        tokens.count = 0
    }

    func free() {
        key.free()
        text.free()
        units.free()
        segments.free()
        raws.free()
        tokens.free()
        memo.free()
    }
}

/// Scratch space for analysing many texts on one thread: the buffers of ``FoldState`` and a word
/// break iterator of its own. Used by one thread at a time (taken from and given back to a
/// ``TextAnalyzer``'s pool).
final class AnalysisScratch: @unchecked Sendable {
    var state = FoldState()
    /// The word break iterator (cloned from the analyzer's template), nil until first needed or
    /// when ICU could not make one.
    var iterator: OpaquePointer?

    init() {}

    /// True when a very long text grew the buffers past what is worth keeping in a pool.
    var isOversized: Bool {
        let s = state
        let bytes =
            s.key.capacity + 2 * s.text.capacity + MemoryLayout<FoldUnit>.stride * s.units.capacity
            + MemoryLayout<BreakSegment>.stride * s.segments.capacity
            + MemoryLayout<TokenBuilder.Raw>.stride * s.raws.capacity
            + MemoryLayout<TokenSpan>.stride * s.tokens.capacity
        return bytes > 4 << 20
    }

    deinit {
        state.free()
        if let iterator { sbicu_ubrk_close(iterator) }
    }
}

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
