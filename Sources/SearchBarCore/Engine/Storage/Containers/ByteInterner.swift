import Glibc

/// Gives each distinct byte string a dense id (0, 1, 2, ...), in first-seen order.
/// An open-addressing hash table over the strings stored back to back in plain arrays (read
/// through raw pointers: every token of a build is interned), handed out as a ``ByteArena``:
/// no object per string, no Unicode normalisation on compare (keys are compared as bytes).
struct ByteInterner {
    /// The distinct strings' bytes, by id, back to back.
    private var bytes: [UInt8] = []
    /// Each string's start in ``bytes``, plus the end of the last.
    private var offsets: [UInt32] = [0]
    /// The hash (``hash(_:)``) of each string, by id.
    private(set) var hashes: [UInt64] = []
    private var slots: [Int32]
    private var mask: Int

    /// An empty interner sized for about `expected` strings.
    init(expected: Int = 1024) {
        var capacity = 16
        while capacity < expected * 2 { capacity <<= 1 }
        slots = [Int32](repeating: -1, count: capacity)
        mask = capacity - 1
    }

    /// The distinct strings, by id.
    var arena: ByteArena { ByteArena(bytes: bytes, offsets: offsets) }

    /// The number of distinct strings.
    var count: Int { hashes.count }

    /// The id of `key`, adding it when new.
    mutating func intern(_ key: UnsafeRawBufferPointer) -> Int {
        intern(key, hash: Self.hash(key))
    }

    /// The id of `key`, whose ``hash(_:)`` is `hash`, adding it when new.
    mutating func intern(_ key: UnsafeRawBufferPointer, hash: UInt64) -> Int {
        let (found, slot) = lookup(key, hash: hash)
        if let found { return found }
        let id = hashes.count
        bytes.append(contentsOf: key.bindMemory(to: UInt8.self))
        offsets.append(UInt32(truncatingIfNeeded: bytes.count))
        hashes.append(hash)
        slots[slot] = Int32(truncatingIfNeeded: id)
        if hashes.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `key`, or nil when it was never interned.
    func find(_ key: UnsafeRawBufferPointer) -> Int? {
        lookup(key, hash: Self.hash(key)).id
    }

    /// The id of `key` (hash `hash`) when interned, else nil and the empty slot where it goes.
    @inline(__always)
    private func lookup(_ key: UnsafeRawBufferPointer, hash: UInt64) -> (id: Int?, slot: Int) {
        slots.withUnsafeBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                offsets.withUnsafeBufferPointer { offsets in
                    bytes.withUnsafeBufferPointer { bytes in
                        var slot = Int(truncatingIfNeeded: hash) & mask
                        while true {
                            let id = Int(slots[slot])
                            if id < 0 { return (nil, slot) }
                            if hashes[id] == hash {
                                let start = Int(offsets[id])
                                if Int(offsets[id + 1]) - start == key.count
                                    && (key.count == 0 || memcmp(bytes.baseAddress! + start, key.baseAddress!, key.count) == 0)
                                {
                                    return (id, slot)
                                }
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        slots = [Int32](repeating: -1, count: capacity)
        mask = capacity - 1
        for id in 0..<hashes.count {
            var slot = Int(truncatingIfNeeded: hashes[id]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: id)
        }
    }

    /// A 64-bit hash of the bytes, eight at a time (each step a multiply and a shift), with
    /// the length mixed in and a final mix: terms are hashed once per token of a build. The
    /// bytes are read with whole loads that never pass the key's end (the last eight bytes
    /// overlap the ones before; a key of fewer than eight in two overlapping 4-byte loads or,
    /// below four, its first, middle and last byte).
    static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        let n = key.count
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: n)
        if let base = key.baseAddress, n > 0 {
            if n >= 8 {
                var i = 0
                while i + 8 < n {
                    h = step(h, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    i += 8
                }
                h = step(h, base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
            } else if n >= 4 {
                let head = UInt64(base.loadUnaligned(as: UInt32.self))
                let tail = UInt64(base.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
                h = step(h, head << 32 | tail)
            } else {
                let bytes = base.assumingMemoryBound(to: UInt8.self)
                h = step(h, UInt64(bytes[0]) << 16 | UInt64(bytes[n >> 1]) << 8 | UInt64(bytes[n - 1]))
            }
        }
        h ^= h >> 29
        h = h &* 0xbf58_476d_1ce4_e5b9
        return h ^ (h >> 32)
    }

    /// One step of ``hash(_:)``: eight bytes into the state.
    @inline(__always)
    private static func step(_ h: UInt64, _ word: UInt64) -> UInt64 {
        let x = (h ^ word) &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }
}
