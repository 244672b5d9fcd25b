/// Query keys copied into one buffer that a matcher owns, so that matching an item reads them
/// without reference counting. The owner calls ``free()`` once, in its `deinit`.
struct KeyTable: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    private let spans: UnsafeMutableBufferPointer<Int>
    /// The number of keys.
    let count: Int

    /// A table of `keys`.
    init(_ keys: [[UInt8]]) {
        let total = keys.reduce(0) { $0 + $1.count }
        storage = .allocate(capacity: max(total, 1))
        spans = .allocate(capacity: keys.count + 1)
        var at = 0
        for (k, key) in keys.enumerated() {
            spans[k] = at
            for b in key {
                storage[at] = b
                at += 1
            }
        }
        spans[keys.count] = at
        count = keys.count
    }

    /// Key `k`.
    @inline(__always) subscript(k: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage.baseAddress! + spans[k], count: spans[k + 1] - spans[k])
    }

    /// Releases the buffers.
    func free() {
        storage.deallocate()
        spans.deallocate()
    }
}
