extension Array {
    /// `Array(unsafeUninitializedCapacity:initializingWith:)` that is safe for a capacity of 0.
    ///
    /// The standard initializer, asked for no capacity, stores the count into the shared
    /// empty-array storage: a write that ThreadSanitizer reports against every other thread
    /// reading any empty array at the same moment. This allocates at least one element instead,
    /// so the count is always stored into storage this array owns. Use it for every uninitialized
    /// array in the library.
    @inline(__always)
    static func uninitialized(
        capacity: Int,
        _ initialize: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
    ) rethrows -> [Element] {
        try [Element](unsafeUninitializedCapacity: Swift.max(capacity, 1), initializingWith: initialize)
    }
}
