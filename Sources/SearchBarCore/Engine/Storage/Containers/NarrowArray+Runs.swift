extension NarrowArray {
    /// `count` values of `bits` bits (1 to 32) written run by run, distinct threads distinct runs
    /// at once, at any width: `fill` hands each run of consecutive values to a ``RunWriter``
    /// (every value must be written by exactly one run, each below 2^`bits`), then the values
    /// its runs left over (``RunWriter/finish()``) are written one thread at a time. The result
    /// is ``filled(count:bits:_:)``'s with the same values, byte for byte, without zeroing the
    /// storage first or a second pass over the values.
    static func filledByRuns(count: Int, bits: Int, _ fill: (Writer) -> [RunWriter.Shared]) -> NarrowArray {
        precondition(bits >= 1 && bits <= 32 && count >= 0 && count <= maxCount, "NarrowArray size out of range")
        return filled(count: count, bits: bits, zeroing: false) { writer in
            for shared in fill(writer) {
                for (i, value) in shared.values.enumerated() { writer.set(shared.start + i, value) }
            }
        }
    }

    /// Writes the consecutive values `start..<end` of an array being made by
    /// ``filledByRuns(count:bits:_:)``, in order, through ``append(_:)``.
    ///
    /// Eight values of any width fill whole bytes, so the values of a run's whole groups of
    /// eight (aligned to value 0; the last group may end at the array's end) own their bytes:
    /// they are packed into a 64-bit accumulator and stored 4 bytes at a time, touching no byte
    /// another run writes. The values of the run's partial groups at its two ends share bytes
    /// with the neighbouring runs: they are kept and written after the runs.
    struct RunWriter {
        /// The values of a run that share bytes with another run: `values[k]` is value
        /// `start + k` (a run's head, and then its tail).
        struct Shared {
            /// The first value's position.
            let start: Int
            /// The values.
            var values: [UInt32]
        }

        /// Bits per value.
        private let bits: Int
        /// The position of the next value appended.
        private(set) var position: Int
        /// The run's end.
        private let end: Int
        /// The first value of the run's own bytes (a multiple of 8).
        private let ownedStart: Int
        /// The number of values in the run's own bytes (a multiple of 8, or up to the array's end).
        private let ownedCount: UInt
        /// Bits waiting to be stored, low first.
        private var pending: UInt64 = 0
        /// The number of bits in ``pending``.
        private var pendingBits = 0
        /// The next byte stored.
        private var at: UnsafeMutableRawPointer
        /// The run's values before its own bytes (in a group of 8 it shares with the run before).
        private var head: Shared
        /// The run's values after its own bytes (in a group of 8 it shares with the run after).
        private var tail: Shared

        /// A writer of values `start..<end` into `writer`'s array.
        init(_ writer: Writer, start: Int, end: Int) {
            precondition(start >= 0 && start <= end && end <= writer.count, "NarrowArray run out of range")
            bits = writer.bits
            position = start
            self.end = end
            let lower = (start + 7) & ~7
            let upper = end == writer.count ? end : end & ~7
            ownedStart = lower < upper ? lower : end
            ownedCount = lower < upper ? UInt(upper - lower) : 0
            at = writer.base + (ownedStart &* bits) &>> 3
            head = Shared(start: start, values: [])
            tail = Shared(start: lower < upper ? upper : start, values: [])
        }

        /// Writes the next value.
        @inline(__always) mutating func append(_ value: UInt32) {
            assert(position < end && (bits == 32 || value < 1 << UInt32(bits)), "NarrowArray run write out of range")
            if UInt(bitPattern: position &- ownedStart) < ownedCount {
                pending |= UInt64(value) &<< UInt64(pendingBits)
                pendingBits &+= bits
                if pendingBits >= 32 {
                    at.storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
                    at += 4
                    pending &>>= 32
                    pendingBits &-= 32
                }
            } else if position < ownedStart {
                head.values.append(value)
            } else {
                tail.values.append(value)
            }
            position &+= 1
        }

        /// Stores the owned values' last bytes (the array's last byte with zero bits above the
        /// last value) and returns the values that share bytes with other runs.
        mutating func finish() -> [Shared] {
            precondition(position == end, "NarrowArray run not filled")
            while pendingBits > 0 {
                at.storeBytes(of: UInt8(truncatingIfNeeded: pending), as: UInt8.self)
                at += 1
                pending &>>= 8
                pendingBits -= Swift.min(pendingBits, 8)
            }
            return [head, tail].filter { !$0.values.isEmpty }
        }
    }
}
