import Glibc

/// Gives each distinct byte string a dense id (0, 1, 2, ...), in first-seen order.
/// An open-addressing hash table over a ``ByteArena``: no object per string, no Unicode
/// normalisation on compare (keys are compared as bytes).
struct ByteInterner {
    /// The distinct strings, by id.
    private(set) var arena = ByteArena()
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

    /// The number of distinct strings.
    var count: Int { arena.count }

    /// The id of `key`, adding it when new.
    mutating func intern(_ key: UnsafeRawBufferPointer) -> Int {
        intern(key, hash: Self.hash(key))
    }

    /// The id of `key`, whose ``hash(_:)`` is `hash`, adding it when new.
    mutating func intern(_ key: UnsafeRawBufferPointer, hash: UInt64) -> Int {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = Int(slots[slot])
            if id < 0 { break }
            if hashes[id] == hash, equals(id, key) { return id }
            slot = (slot + 1) & mask
        }
        let id = arena.count
        arena.append(key.bindMemory(to: UInt8.self))
        hashes.append(hash)
        slots[slot] = Int32(truncatingIfNeeded: id)
        if arena.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `key`, or nil when it was never interned.
    func find(_ key: UnsafeRawBufferPointer) -> Int? {
        let hash = Self.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = Int(slots[slot])
            if id < 0 { return nil }
            if hashes[id] == hash, equals(id, key) { return id }
            slot = (slot + 1) & mask
        }
    }

    private func equals(_ id: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let range = arena.range(id)
        guard range.count == key.count else { return false }
        return arena.bytes.withUnsafeBufferPointer { stored in
            memoryEquals(stored.baseAddress! + range.lowerBound, key.baseAddress, key.count)
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

    /// A 64-bit FNV-1a-style hash with a final mix.
    static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        h ^= h >> 29
        h = h &* 0xbf58_476d_1ce4_e5b9
        return h ^ (h >> 32)
    }
}

/// Byte equality of two buffers of `count` bytes (`memcmp` without Foundation).
@inline(__always)
func memoryEquals(_ a: UnsafePointer<UInt8>, _ b: UnsafeRawPointer?, _ count: Int) -> Bool {
    guard count > 0, let b else { return true }
    return memcmp(a, b, count) == 0
}
