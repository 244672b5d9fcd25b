@testable import SearchBarCore
import Testing

/// Forward entries, offsets, orders and postings are packed as few bits a value as they need
/// (``NarrowArray``); every value must read back at every width, through the array and its raw
/// reader, and a saved array's bytes must restore the same array and nothing else.
@Suite("Narrow arrays: values of 1 to 32 bits read back")
struct NarrowArrayTests {
    /// `count` random values below 2^`bits`, the greatest one (2^`bits` - 1) and 0 among them.
    static func values(count: Int, bits: Int, seed: UInt64) -> [UInt32] {
        var random = SplitMix(seed: seed)
        let top = UInt32(truncatingIfNeeded: (UInt64(1) << UInt64(bits)) - 1)
        var values = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) & top }
        if count > 0 { values[count - 1] = top }  // the greatest value, last (its load reaches the padding)
        if count > 2 { values[count / 2] = 0 }
        return values
    }

    @Test("values of every width read back, packed in the bits the greatest needs",
          arguments: [0, 1, 2, 3, 7, 8, 9, 17, 64, 1000])
    func everyWidth(count: Int) {
        for bits in 1...32 {
            let values = Self.values(count: count, bits: bits, seed: UInt64(count * 33 + bits))
            let narrow = NarrowArray(values)
            #expect(Array(narrow) == values, "\(bits) bits")
            let reader = narrow.reader
            #expect((0..<count).map { reader[$0] } == values, "\(bits) bits")
            // The bits the greatest value needs (at least 1).
            let expected = count == 0 ? 1 : bits
            #expect(narrow.bits == expected)
            #expect(narrow.storageBytes.count == (count * expected + 7) / 8 + 7)
            #expect(narrow.storageBytes.last == UInt8(expected))
            // Byte-aligned: 24 bits below 2^24, else 32.
            let aligned = NarrowArray(values, byteAligned: true)
            #expect(aligned.bits == (count == 0 || bits <= 24 ? 24 : 32) && Array(aligned) == values)
            #expect(aligned == narrow)
            // Restored from its bytes, the same values; narrowed, the same array.
            let restored = NarrowArray.restored(storage: narrow.storageBytes, count: count)
            #expect(restored.map(Array.init) == values)
            #expect(aligned.narrowed().bits == expected && aligned.narrowed() == narrow)
        }
        let edges: [UInt32] = [UInt32.max, 1 << 24, 0, (1 << 24) - 1, 1, 1 << 31]
        #expect(Array(NarrowArray(edges)) == edges && NarrowArray(edges).bits == 32)
    }

    @Test("values written one after another at any width, in any order, read back")
    func filledAtEveryWidth() {
        let count = 1001
        for bits in 1...32 {
            let values = Self.values(count: count, bits: bits, seed: UInt64(bits))
            // Written back to front, every third first: a write keeps its neighbours' bits.
            let order = Array(stride(from: count - 1, through: 0, by: -3)) + (0..<count).filter { ($0 - count + 1) % 3 != 0 }
            #expect(Set(order).count == count)
            let array = NarrowArray.filled(count: count, bits: bits) { writer in
                for i in order { writer.set(i, values[i]) }
            }
            #expect(Array(array) == values, "\(bits) bits")
            #expect(array.storageBytes.last == UInt8(bits))
        }
    }

    @Test("values written run by run on several threads give the array written one by one, byte for byte",
          arguments: [0, 1, 7, 8, 9, 63, 64, 65, 1000, 4099])
    func filledByRuns(count: Int) {
        let pool = ThreadPool(threads: 3)
        for bits in 1...32 {
            let values = Self.values(count: count, bits: bits, seed: UInt64(count * 41 + bits))
            // Runs of every kind of length: empty, shorter than 8, within one group of 8, across
            // groups, ending at the array's end or not.
            var random = SplitMix(seed: UInt64(bits * 7 + count))
            var bounds = [0]
            while bounds.last! < count {
                let step = [0, 1, 3, 5, 8, 13, 40, 200][Int(random.next() % 8)]
                bounds.append(min(count, bounds.last! + step))
            }
            let runs = bounds.count - 1
            let runBounds = bounds
            let array = NarrowArray.filledByRuns(count: count, bits: bits) { writer in
                let shared = SlotArray<[NarrowArray.RunWriter.Shared]>(count: runs)
                pool.forEach(runs) { r in
                    var run = NarrowArray.RunWriter(writer, start: runBounds[r], end: runBounds[r + 1])
                    for i in runBounds[r]..<runBounds[r + 1] { run.append(values[i]) }
                    #expect(run.position == runBounds[r + 1])
                    shared[r] = run.finish()
                }
                return shared.take().flatMap { $0 }
            }
            let reference = NarrowArray.filled(count: count, bits: bits) { writer in
                for (i, value) in values.enumerated() { writer.set(i, value) }
            }
            #expect(Array(array) == values, "\(bits) bits")
            #expect(Array(array.storageBytes) == Array(reference.storageBytes), "\(bits) bits")
        }
    }

    @Test("saved bytes restore only with a width of 1 to 32 bits and the exact size")
    func restoredChecks() {
        let values = Self.values(count: 100, bits: 13, seed: 5)
        let bytes = Array(NarrowArray(values).storageBytes)
        func restored(_ bytes: [UInt8], count: Int = 100) -> NarrowArray? { NarrowArray.restored(storage: Column(bytes), count: count) }
        #expect(restored(bytes).map(Array.init) == values)
        for bits: UInt8 in [0, 33, 64, 255] {
            var wrong = bytes
            wrong[wrong.count - 1] = bits
            #expect(restored(wrong) == nil, "width \(bits)")
        }
        var other = bytes
        other[other.count - 1] = 12  // another valid width: the size no longer matches
        #expect(restored(other) == nil)
        #expect(restored(Array(bytes.dropLast())) == nil)
        #expect(restored(bytes + [13]) == nil)
        #expect(restored(bytes, count: 99) == nil && restored(bytes, count: 101) == nil && restored(bytes, count: -1) == nil)
        #expect(restored([]) == nil && restored([], count: 0) == nil)
        let empty = Array(NarrowArray([]).storageBytes)
        #expect(empty.count == 7 && restored(empty, count: 0)?.isEmpty == true)
    }

    /// The builder writes the forward index and postings in parallel, each task its own values:
    /// at 24 and 32 bits, neighbouring values written by different threads, in any order, must
    /// not clobber each other (a 4-byte store of a 3-byte value would spill into the next one).
    @Test("values written from several threads in any order read back", arguments: [false, true])
    func parallelFill(narrow: Bool) {
        let count = 10_000
        let limit: UInt64 = narrow ? 1 << 24 : 1 << 32
        var random = SplitMix(seed: 11)
        let values = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next() % limit) | 0x0101 }
        let pool = ThreadPool(threads: 3)
        // Task t writes every 7th value from t, back to front, so neighbours go to other tasks.
        let array = NarrowArray.filled(count: count, narrow: narrow) { writer in
            pool.forEach(7) { task in
                for i in stride(from: count - 1 - (count - 1 - task) % 7, through: 0, by: -7) where i % 7 == task {
                    writer.set(i, values[i])
                }
            }
        }
        #expect(array.bits == (narrow ? 24 : 32))
        #expect(array.count == count)
        let wrong = (0..<count).filter { array[$0] != values[$0] }
        #expect(wrong.isEmpty, "\(wrong.count) values read back wrong, first at \(wrong.first ?? -1)")
        #expect(NarrowArray.filled(count: 0, narrow: true) { _ in }.isEmpty)
    }
}
