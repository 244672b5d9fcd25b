import Glibc
import Testing

@testable import SearchBarCore

/// Reads, edits and rewrites index files for the hostile-file tests: a section's bytes can be
/// changed with its checksum (and the header's) made to match again, so the checks behind the
/// checksums are reached.
struct IndexFileSurgeon {
    var bytes: [UInt8]

    init(path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw SearchBarError(.io, "cannot open \(path)") }
        defer { _ = close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            result += chunk[0..<n]
        }
        bytes = result
    }

    func write(to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw SearchBarError(.io, "cannot create \(path)") }
        defer { _ = close(fd) }
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard n == bytes.count else { throw SearchBarError(.io, "short write") }
    }

    var sectionCount: Int { Int(bytes.load(UInt32.self, at: IndexFileLayout.Header.sectionCount)!) }

    /// Offset and length of table entry `k`.
    func section(_ k: Int) -> (offset: Int, length: Int) {
        let at = IndexFileLayout.headerSize + k * IndexFileLayout.entrySize
        return (Int(bytes.load(UInt64.self, at: at + 8)!), Int(bytes.load(UInt64.self, at: at + 16)!))
    }

    /// The table entry index of section `kind` of segment `segment`.
    func entryIndex(_ segment: Int, _ kind: IndexFileLayout.Section) -> Int {
        segment * IndexFileLayout.sectionsPerSegment + Int(kind.rawValue - 1)
    }

    /// Recomputes section `k`'s checksum, then the header's.
    mutating func resealSection(_ k: Int) {
        let (offset, length) = section(k)
        let checksum = bytes.withUnsafeBytes { XXHash64.hash(UnsafeRawBufferPointer(rebasing: $0[offset..<offset + length])) }
        bytes.store(checksum, at: IndexFileLayout.headerSize + k * IndexFileLayout.entrySize + 24)
        resealHeader()
    }

    /// Recomputes the header's checksum.
    mutating func resealHeader() {
        let tableEnd = IndexFileLayout.headerSize + sectionCount * IndexFileLayout.entrySize
        let header = Array(bytes[0..<IndexFileLayout.headerSize])
        let table = Array(bytes[IndexFileLayout.headerSize..<tableEnd])
        bytes.store(IndexFileLayout.headerChecksum(header: header, table: table), at: IndexFileLayout.Header.checksum)
    }

    /// Stores `value` at header offset `at` and reseals the header.
    mutating func setHeader<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        bytes.store(value, at: offset)
        resealHeader()
    }

    /// Stores `value` at byte `field` of table entry `k` (0 kind, 8 offset, 16 length) and
    /// reseals the header.
    mutating func setEntry<T: FixedWidthInteger>(_ k: Int, field: Int, _ value: T) {
        setHeader(value, at: IndexFileLayout.headerSize + k * IndexFileLayout.entrySize + field)
    }

    /// The 32-bit value `index` of a section.
    func word32(_ segment: Int, _ kind: IndexFileLayout.Section, _ index: Int) -> UInt32 {
        bytes.load(UInt32.self, at: section(entryIndex(segment, kind)).offset + 4 * index)!
    }

    /// Sets the length of section `kind` of segment `segment` (its checksum made to match).
    mutating func setLength(_ segment: Int, _ kind: IndexFileLayout.Section, _ length: Int) {
        let k = entryIndex(segment, kind)
        setEntry(k, field: 16, UInt64(length))
        resealSection(k)
    }

    /// Swaps two 32-bit values of a section and reseals it.
    mutating func swapWords32(_ segment: Int, _ kind: IndexFileLayout.Section, _ a: Int, _ b: Int) {
        let (x, y) = (word32(segment, kind, a), word32(segment, kind, b))
        setWord32(segment, kind, a, y)
        setWord32(segment, kind, b, x)
    }

    /// Edits the 32-bit value `index` of a section and reseals it.
    mutating func setWord32(_ segment: Int, _ kind: IndexFileLayout.Section, _ index: Int, _ value: UInt32) {
        let k = entryIndex(segment, kind)
        #expect(4 * index + 4 <= section(k).length, "the edit lies inside section \(kind)")
        bytes.store(value, at: section(k).offset + 4 * index)
        resealSection(k)
    }

    /// The bits a value of narrow-array section `kind` takes (``NarrowArray``: its last byte).
    func narrowBits(_ segment: Int, _ kind: IndexFileLayout.Section) -> Int {
        let entry = section(entryIndex(segment, kind))
        return Int(bytes[entry.offset + entry.length - 1])
    }

    /// Sets the width byte (the last) of narrow-array section `kind` and reseals it.
    mutating func setNarrowBits(_ segment: Int, _ kind: IndexFileLayout.Section, _ bits: UInt8) {
        let k = entryIndex(segment, kind)
        bytes[section(k).offset + section(k).length - 1] = bits
        resealSection(k)
    }

    /// The value `index` of a narrow-array section, read bit by bit.
    func narrow(_ segment: Int, _ kind: IndexFileLayout.Section, _ index: Int) -> UInt32 {
        let (start, bits) = (section(entryIndex(segment, kind)).offset * 8, narrowBits(segment, kind))
        var value: UInt32 = 0
        for b in 0..<bits {
            let at = start + index * bits + b
            value |= UInt32(bytes[at / 8] >> UInt8(at % 8) & 1) << UInt32(b)
        }
        return value
    }

    /// Edits the value `index` of a narrow-array section to the low bits of `value` that the
    /// section's width holds (all of them set for `UInt32.max`) and reseals it.
    mutating func setNarrow(_ segment: Int, _ kind: IndexFileLayout.Section, _ index: Int, _ value: UInt32) {
        let k = entryIndex(segment, kind)
        let bits = narrowBits(segment, kind)
        #expect((index + 1) * bits <= (section(k).length - NarrowArray.paddingBytes) * 8, "the edit lies inside section \(kind)")
        let start = section(k).offset * 8
        for b in 0..<bits {
            let at = start + index * bits + b
            let bit = UInt8(1) << UInt8(at % 8)
            bytes[at / 8] = value >> UInt32(b) & 1 == 1 ? bytes[at / 8] | bit : bytes[at / 8] & ~bit
        }
        resealSection(k)
    }

    /// Swaps two values of a narrow-array section and reseals it.
    mutating func swapNarrow(_ segment: Int, _ kind: IndexFileLayout.Section, _ a: Int, _ b: Int) {
        let (x, y) = (narrow(segment, kind, a), narrow(segment, kind, b))
        setNarrow(segment, kind, a, y)
        setNarrow(segment, kind, b, x)
    }
}
