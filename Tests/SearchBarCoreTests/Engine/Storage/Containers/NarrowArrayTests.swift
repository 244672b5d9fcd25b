@testable import SearchBarCore
import Testing

/// Forward entries and postings are stored 3 bytes a value when they all fit (``NarrowArray``);
/// every value must read back, in both widths, through the array and its raw reader.
@Suite("Narrow arrays: 3- and 4-byte values read back")
struct NarrowArrayTests {
    @Test("random values below and above 2^24 read back, with the width they need",
          arguments: [0, 1, 2, 3, 17, 1000])
    func roundTrip(count: Int) {
        var random = SplitMix(seed: UInt64(count))
        for limit: UInt64 in [1, 256, 1 << 24, 1 << 32] {
            var values = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next() % limit) }
            if count > 0 && limit == 1 << 24 { values[count - 1] = (1 << 24) - 1 }  // the largest 3-byte value, last
            let narrow = NarrowArray(values)
            #expect(Array(narrow) == values)
            let reader = narrow.reader
            #expect((0..<count).map { reader[$0] } == values)
            let wide = values.contains { $0 >= 1 << 24 }
            #expect(narrow.width == (wide ? 4 : 3))
            #expect(narrow.byteSize >= count * narrow.width)
        }
        let top = NarrowArray([UInt32.max, 1 << 24, 0])
        #expect(Array(top) == [UInt32.max, 1 << 24, 0])
    }

    /// The builder writes the forward index and postings in parallel, each task its own values:
    /// neighbouring values written by different threads, in any order, must not clobber each
    /// other (a 4-byte store of a 3-byte value would spill into the next one).
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
        #expect(array.width == (narrow ? 3 : 4))
        #expect(array.count == count)
        let wrong = (0..<count).filter { array[$0] != values[$0] }
        #expect(wrong.isEmpty, "\(wrong.count) values read back wrong, first at \(wrong.first ?? -1)")
        #expect(NarrowArray.filled(count: 0, narrow: true) { _ in }.isEmpty)
    }
}
