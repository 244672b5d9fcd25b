import Glibc

/// A memo of ICU's word break segments of short space-free chunks of text (see
/// ``ChunkedWordBreak``), keyed by their UTF-16 code units: the words of Thai, Khmer, Lao,
/// Burmese, Chinese and Japanese titles recur from title to title, and ICU's dictionary break
/// of each costs microseconds. The segments are kept relative to the chunk's start. When it is
/// full the memo starts over, so it follows the words of the texts it sees last.
struct BreakMemo {
    /// One chunk's entry.
    struct Slot {
        /// The chunk's hash (see ``hash(_:_:)``).
        var hash: UInt64 = 0
        /// Where the chunk's code units start in ``texts``.
        var textStart: Int32 = 0
        /// The chunk's length in code units; 0 for an empty slot (a chunk is never empty).
        var length: Int32 = 0
        /// Where the chunk's segments start in ``segments``.
        var segmentStart: Int32 = 0
        /// The chunk's number of segments.
        var segmentCount: Int32 = 0
    }

    /// Slots of the hash table (a power of two): room for the distinct chunks a pool thread
    /// meets in a large multilingual build, so the memo does not start over in the middle of it.
    static let slotCount = 1 << 17
    /// Chunks kept before the memo starts over (half the slots: probes stay short).
    static let maxEntries = slotCount / 2
    /// Longest chunk kept, in UTF-16 code units.
    static let maxUnits = 64

    /// The pages of the hash table (3 MB), mapped on first use (texts that ICU never breaks
    /// never need it) and outside the allocator's arenas: a memo is made on a pool thread and
    /// freed when a stream pauses, and in that thread's arena its pages could stay resident.
    private var table: PageBuffer?
    /// The hash table's slots, in ``table``.
    private var slots: UnsafeMutablePointer<Slot>?
    /// The code units of the chunks kept, end to end.
    private var texts = RawBuffer<UInt16>(capacity: 16)
    /// The segments of the chunks kept, offsets relative to each chunk's start.
    private var segments = RawBuffer<BreakSegment>(capacity: 16)
    /// The number of chunks kept.
    private var entries = 0

    /// An empty memo (its table is made at the first chunk kept).
    init() {}

    /// The number of chunks kept.
    var count: Int { entries }

    /// Frees the memory (once, by the owner; the table's pages go with the memo's last copy).
    func free() {
        texts.free()
        segments.free()
    }

    /// The hash of `count` code units at `text`.
    @inline(__always)
    static func hash(_ text: UnsafePointer<UInt16>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(count)
        for k in 0..<count { h = (h ^ UInt64(text[k])) &* 0x0000_0100_0000_01B3 }
        h ^= h >> 29
        return h
    }

    /// Appends the memo's segments of the chunk `text[range]` to `out`, shifted to the chunk's
    /// start, and returns true; false (nothing appended) when the chunk is not in the memo.
    /// `hash` is the chunk's ``hash(_:_:)``.
    @inline(__always)
    func append(_ text: UnsafePointer<UInt16>, _ range: Range<Int>, hash: UInt64, to out: inout RawBuffer<BreakSegment>)
        -> Bool
    {
        guard let slots else { return false }
        let length = Int32(truncatingIfNeeded: range.count)
        var index = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
        while true {
            let slot = slots[index]
            if slot.length == 0 { return false }
            if slot.hash == hash && slot.length == length
                && memcmp(texts.base + Int(slot.textStart), text + range.lowerBound, range.count * 2) == 0
            {
                let shift = Int32(truncatingIfNeeded: range.lowerBound)
                out.reserve(Int(slot.segmentCount))
                for k in Int(slot.segmentStart)..<Int(slot.segmentStart + slot.segmentCount) {
                    let segment = segments[k]
                    out.append(BreakSegment(start: segment.start + shift, end: segment.end + shift, status: segment.status))
                }
                return true
            }
            index = (index + 1) & (Self.slotCount - 1)
        }
    }

    /// Keeps the segments `found` (offsets counted from `text`'s start) of the chunk
    /// `text[range]`, which is not in the memo yet and at most ``maxUnits`` long.
    mutating func insert(
        _ text: UnsafePointer<UInt16>, _ range: Range<Int>, hash: UInt64, segments found: UnsafeBufferPointer<BreakSegment>
    ) {
        let slots: UnsafeMutablePointer<Slot>
        if let made = self.slots, entries < Self.maxEntries {
            slots = made
        } else {
            if let made = self.slots {
                slots = made
                slots.initialize(repeating: Slot(), count: Self.slotCount)
            } else {
                // Fresh pages are zeroed: every slot is empty (`Slot()` is all zero bits).
                guard let pages = PageBuffer(byteCount: Self.slotCount * MemoryLayout<Slot>.stride) else { return }
                table = pages
                slots = pages.base.bindMemory(to: Slot.self, capacity: Self.slotCount)
            }
            self.slots = slots
            texts.count = 0
            segments.count = 0
            entries = 0
        }
        var index = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
        while slots[index].length != 0 { index = (index + 1) & (Self.slotCount - 1) }
        slots[index] = Slot(
            hash: hash, textStart: Int32(truncatingIfNeeded: texts.count), length: Int32(truncatingIfNeeded: range.count),
            segmentStart: Int32(truncatingIfNeeded: segments.count), segmentCount: Int32(truncatingIfNeeded: found.count))
        texts.append(text + range.lowerBound, count: range.count)
        let shift = Int32(truncatingIfNeeded: range.lowerBound)
        segments.reserve(found.count)
        for segment in found {
            segments.append(BreakSegment(start: segment.start - shift, end: segment.end - shift, status: segment.status))
        }
        entries += 1
    }
}
