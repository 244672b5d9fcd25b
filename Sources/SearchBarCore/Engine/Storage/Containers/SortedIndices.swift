/// Operations on ascending lists of local item indices (postings, candidate lists).
enum SortedIndices {
    /// The values in both ascending lists: binary steps through the longer list when the other
    /// is much shorter, a linear merge otherwise.
    static func intersection<A: RandomAccessCollection<UInt32>, B: RandomAccessCollection<UInt32>>(_ a: A, _ b: B)
        -> [UInt32] where A.Index == Int, B.Index == Int
    {
        a.count <= b.count ? ordered(a, b) : ordered(b, a)
    }

    /// ``intersection(_:_:)`` of a list `small` no longer than `large`.
    private static func ordered<S: RandomAccessCollection<UInt32>, L: RandomAccessCollection<UInt32>>(_ small: S, _ large: L)
        -> [UInt32] where S.Index == Int, L.Index == Int
    {
        var result: [UInt32] = []
        result.reserveCapacity(small.count)
        if small.count * 16 < large.count {
            var low = large.startIndex
            for value in small {
                low = lowerBound(in: low..<large.endIndex) { large[$0] < value }
                if low == large.endIndex { break }
                if large[low] == value { result.append(value) }
            }
            return result
        }
        var i = small.startIndex
        var j = large.startIndex
        while i < small.endIndex && j < large.endIndex {
            if small[i] < large[j] {
                i += 1
            } else if small[i] > large[j] {
                j += 1
            } else {
                result.append(small[i])
                i += 1
                j += 1
            }
        }
        return result
    }
}
