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
}
