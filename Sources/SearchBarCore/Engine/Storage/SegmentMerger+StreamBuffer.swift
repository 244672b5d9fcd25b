extension SegmentMerger {
    /// Bytes written at the end of a buffer that grows (a chunk's streams): in the allocator
    /// while small, in pages of its own (``PageBuffer``) from ``PageBuffer/minimumBytes`` on, so
    /// a merge leaves no large freed block in a thread's arena.
    final class StreamBuffer: @unchecked Sendable {
        /// The bytes.
        private(set) var base: UnsafeMutablePointer<UInt8>
        /// Bytes written.
        var count = 0
        /// Bytes room is made for.
        private var capacity = 4096
        /// The pages holding the bytes once they outgrew the allocator.
        private var pages: PageBuffer?

        /// An empty buffer.
        init() { base = .allocate(capacity: capacity) }

        deinit { if pages == nil { base.deallocate() } }

        /// Where the next bytes go.
        var end: UnsafeMutablePointer<UInt8> { base + count }

        /// The storage as 32-bit values (aligned as the storage is), and how many fit.
        var words: (UnsafeMutablePointer<UInt32>, Int) {
            (UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt32.self), capacity / 4)
        }

        /// Makes room for `more` bytes past ``count``.
        func reserve(_ more: Int) {
            guard count + more > capacity else { return }
            let grown = max(2 * capacity, count + more)
            let larger: UnsafeMutablePointer<UInt8>
            let morePages = grown >= PageBuffer.minimumBytes ? PageBuffer(byteCount: grown) : nil
            if let morePages {
                larger = morePages.base.bindMemory(to: UInt8.self, capacity: grown)
            } else {
                larger = .allocate(capacity: grown)
            }
            larger.initialize(from: base, count: count)
            if pages == nil { base.deallocate() }
            (base, capacity, pages) = (larger, grown, morePages)
        }
    }
}
