/// XXH64 (Yann Collet's xxHash, 64-bit variant), the checksum of the index file's sections and
/// header: fast enough to verify hundreds of megabytes at open, and a published algorithm, so
/// other tools can check a file (`xxhsum -H64`).
enum XXHash64 {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always) private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    @inline(__always) private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        rotl(acc &+ input &* p2, 31) &* p1
    }

    @inline(__always) private static func merge(_ acc: UInt64, _ value: UInt64) -> UInt64 {
        (acc ^ round(0, value)) &* p1 &+ p4
    }

    /// The XXH64 hash of `bytes` with `seed`.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return finish(seed &+ p5, base: nil, from: 0, count: 0) }
        @inline(__always) func load64(_ at: Int) -> UInt64 { UInt64(littleEndian: (base + at).loadUnaligned(as: UInt64.self)) }
        var p = 0
        var h: UInt64
        if count >= 32 {
            var v1 = seed &+ p1 &+ p2
            var v2 = seed &+ p2
            var v3 = seed
            var v4 = seed &- p1
            while p + 32 <= count {
                v1 = round(v1, load64(p))
                v2 = round(v2, load64(p + 8))
                v3 = round(v3, load64(p + 16))
                v4 = round(v4, load64(p + 24))
                p += 32
            }
            h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            h = merge(h, v1)
            h = merge(h, v2)
            h = merge(h, v3)
            h = merge(h, v4)
        } else {
            h = seed &+ p5
        }
        h &+= UInt64(count)
        return finish(h, base: base, from: p, count: count)
    }

    /// The hash of an array's bytes.
    static func hash<T>(_ array: [T], seed: UInt64 = 0) -> UInt64 {
        array.withUnsafeBytes { hash($0, seed: seed) }
    }

    /// Mixes in the last (fewer than 32) bytes and avalanches.
    @inline(__always) private static func finish(_ start: UInt64, base: UnsafeRawPointer?, from: Int, count: Int) -> UInt64 {
        var h = start
        var p = from
        if let base {
            while p + 8 <= count {
                h ^= round(0, UInt64(littleEndian: (base + p).loadUnaligned(as: UInt64.self)))
                h = rotl(h, 27) &* p1 &+ p4
                p += 8
            }
            if p + 4 <= count {
                h ^= UInt64(UInt32(littleEndian: (base + p).loadUnaligned(as: UInt32.self))) &* p1
                h = rotl(h, 23) &* p2 &+ p3
                p += 4
            }
            while p < count {
                h ^= UInt64(base.load(fromByteOffset: p, as: UInt8.self)) &* p5
                h = rotl(h, 11) &* p1
                p += 1
            }
        }
        h ^= h >> 33
        h &*= p2
        h ^= h >> 29
        h &*= p3
        h ^= h >> 32
        return h
    }
}
