/// A first-in, first-out queue over an array: appends at the back, takes from the front in
/// amortized constant time (the taken slots are dropped once they are half the storage).
struct FIFOQueue<Element> {
    private var storage: [Element?] = []
    private var head = 0

    /// True when nothing is queued.
    var isEmpty: Bool { head == storage.count }
    /// The number of queued elements.
    var count: Int { storage.count - head }

    /// Queues `element` at the back.
    mutating func append(_ element: Element) { storage.append(element) }

    /// Takes the front element, or nil when empty.
    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head].take()
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
