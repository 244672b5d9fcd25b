/// A growable array of trivial values in manually managed memory: appends check only the
/// capacity (no uniqueness or exclusivity checks). A copy shares the memory, so exactly one copy
/// may grow it and that copy must be stored back; the owner calls ``free()`` once.
struct RawBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// The number of values.
    var count = 0

    /// An empty buffer with room for `capacity` values.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory (the values must be trivial).
    func free() { base.deallocate() }

    /// Makes room for `extra` more values.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    @inline(never)
    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let made = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        made.moveInitialize(from: base, count: count)
        base.deallocate()
        base = made
        capacity = newCapacity
    }

    /// Appends one value.
    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { grow(count + 1) }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Appends `n` values from `source`. One or two values (a folded character's key bytes or
    /// UTF-16 units, appended millions of times in a build) are stored directly, not through a
    /// call to `memcpy`.
    @inline(__always)
    mutating func append(_ source: UnsafePointer<Element>, count n: Int) {
        guard n > 0 else { return }
        reserve(n)
        switch n {
        case 1:
            (base + count).initialize(to: source[0])
        case 2:
            (base + count).initialize(to: source[0])
            (base + count + 1).initialize(to: source[1])
        default:
            (base + count).initialize(from: source, count: n)
        }
        count += n
    }

    /// Value `i` (no bounds check beyond the caller's).
    @inline(__always)
    subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    /// The values as a buffer pointer.
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
