extension PostingLists {
    /// Writes at `out` the stream of a list given as its first value (`gaps[0]`) and the gaps
    /// `v[k] - v[k-1] - 1` of the others (`gaps[1..<count]`): the bytes
    /// ``writeStream(_:_:firstWidth:into:)`` writes for the values, in 32-bit stores (whole
    /// bytes of the stream only, so nothing past it is written). Returns its bytes (at most
    /// ``maxStreamBytes(count:firstWidth:)``).
    static func writeGapStream(_ gaps: UnsafePointer<UInt32>, count: Int, firstWidth: Int, into out: UnsafeMutablePointer<UInt8>)
        -> Int
    {
        guard count > 0 else { return 0 }
        let raw = UnsafeMutableRawPointer(out)
        var written = 0
        var pending: UInt64 = 0
        var pendingBits = 0
        /// Appends the low `width` bits of `value` (at most 32).
        @inline(__always) func put(_ value: UInt32, _ width: Int) {
            pending |= UInt64(value) &<< UInt64(pendingBits)
            pendingBits &+= width
            if pendingBits >= 32 {
                raw.storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian, toByteOffset: written, as: UInt32.self)
                written &+= 4
                pending &>>= 32
                pendingBits &-= 32
            }
        }
        put(gaps[0], firstWidth)
        var start = 1
        while start < count {
            let end = min(start &+ blockSize, count)
            var widest: UInt32 = 0
            for k in start..<end { widest |= gaps[k] }
            let width = self.width(of: widest)
            put(UInt32(truncatingIfNeeded: width), 6)
            if width > 0 {
                for k in start..<end { put(gaps[k], width) }
            }
            start = end
        }
        while pendingBits > 0 {
            out[written] = UInt8(truncatingIfNeeded: pending)
            written &+= 1
            pending &>>= 8
            pendingBits &-= 8
        }
        return written
    }
}
