/// A candidate hit while a search runs.
struct RankedItem: Sendable {
    /// The packed score.
    var score: UInt64
    /// The title's collation rank key.
    var rankKey: UInt64
    /// The item id.
    var id: UInt64
    /// Position of the segment in the snapshot.
    var segment: Int32
    /// Local index in the segment.
    var local: UInt32
    /// The field the highlights belong to.
    var field: SearchField
    /// Which query variant matched (for highlights).
    var variant: Int32

    /// What tells one candidate from another (the same item found by two variants is two).
    struct Key: Hashable {
        var segment: Int32
        var local: UInt32
        var variant: Int32
    }

    /// This candidate's ``Key``.
    @inline(__always) var key: Key { Key(segment: segment, local: local, variant: variant) }

    /// True when `self` ranks before `other`: higher score, then earlier in collation, then lower id.
    @inline(__always) func ranksBefore(_ other: RankedItem) -> Bool {
        if score != other.score { return score > other.score }
        if rankKey != other.rankKey { return rankKey < other.rankKey }
        return id < other.id
    }
}

/// The best `limit` items seen, in a heap whose root is the worst kept item.
struct TopK: Sendable {
    /// How many items are kept.
    let limit: Int
    private(set) var heap: [RankedItem] = []
    /// The keys of the kept items, when the selection is large (``scanLimit``): then an offer
    /// looks an item up here rather than scanning the selection (a deep page selects up to
    /// 20,000 items, and a scan per offer made such a search quadratic).
    private var keys: Set<RankedItem.Key>?

    /// Up to this many kept items, an offer scans them for a duplicate (cheaper than hashing).
    static let scanLimit = 128

    /// An empty selection of at most `limit` items.
    init(limit: Int) {
        self.limit = max(1, limit)
        heap.reserveCapacity(min(self.limit, 1024))
        if self.limit > Self.scanLimit { keys = Set(minimumCapacity: min(self.limit, 1 << 16)) }
    }

    /// A selection of at most `limit` items holding `best`, distinct items best first (those
    /// past `limit` are left out), without offering them one by one.
    init(limit: Int, holding best: [RankedItem]) {
        self.init(limit: limit)
        // Worst first: every parent ranks after its children, as the heap requires. Into storage
        // of its own: `Array(slice.reversed())` shares `best`'s buffer when it holds one item
        // (nothing to reverse, so nothing is copied), and the selections of several threads
        // would then grow one buffer in turn, ordered only by reference counts that
        // ThreadSanitizer cannot see inside the uninstrumented Swift runtime.
        heap.reserveCapacity(Swift.min(best.count, self.limit))
        for item in best.prefix(self.limit).reversed() { heap.append(item) }
        if keys != nil { for item in heap { keys!.insert(item.key) } }
    }

    /// True when an item with `score` could not enter (a cheap pre-check before building one).
    @inline(__always) func rejects(score: UInt64) -> Bool {
        heap.count == limit && score < heap[0].score
    }

    /// The score an item needs to enter: the worst kept item's when the selection is full
    /// (an item of a lower score is rejected), else 0.
    @inline(__always) var threshold: UInt64 { heap.count == limit ? heap[0].score : 0 }

    /// The tier of the worst kept item when the selection is full (an item of a lower tier
    /// cannot enter), else 0.
    @inline(__always) var floorTier: UInt8 {
        heap.count == limit ? UInt8(truncatingIfNeeded: heap[0].score >> 61) : 0
    }

    /// The worst kept item when the selection is full (an item must rank before it to enter).
    @inline(__always) var worst: RankedItem? { heap.count == limit ? heap[0] : nil }

    /// Offers an item.
    mutating func offer(_ item: RankedItem) {
        // An item that cannot enter is turned away first: most offers of a dense query tie the
        // worst kept score and lose on the rank key.
        if heap.count == limit && !item.ranksBefore(heap[0]) { return }
        // The same hit offered twice (a search's second phase sees its first phase's items)
        // must not take two places.
        if keys != nil {
            if keys!.contains(item.key) { return }
        } else if heap.contains(where: { $0.local == item.local && $0.segment == item.segment && $0.variant == item.variant }) {
            return
        }
        keys?.insert(item.key)
        if heap.count < limit {
            heap.append(item)
            siftUp(heap.count - 1)
        } else {
            keys?.remove(heap[0].key)
            heap[0] = item
            siftDown(0)
        }
    }

    /// The kept items, best first.
    func sorted() -> [RankedItem] { heap.sorted { $0.ranksBefore($1) } }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            // The root holds the worst: a parent must rank after its children.
            guard heap[parent].ranksBefore(heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var worst = left
            let right = left + 1
            if right < heap.count && heap[left].ranksBefore(heap[right]) { worst = right }
            guard heap[parent].ranksBefore(heap[worst]) else { return }
            heap.swapAt(parent, worst)
            parent = worst
        }
    }
}
