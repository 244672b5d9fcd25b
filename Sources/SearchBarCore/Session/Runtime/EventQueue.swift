/// A first-in first-out list of events with a capacity: when it is full the oldest event is
/// dropped (and counted), so a host that only uses the callback cannot make it grow forever.
struct EventQueue: Sendable {
    private var storage: [SessionEvent] = []
    private var head = 0
    /// At most this many events are kept (0: the queue is off).
    var capacity: Int
    /// Events dropped because the queue was full.
    private(set) var droppedCount: UInt64 = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The number of queued events.
    var count: Int { storage.count - head }

    var isEmpty: Bool { count == 0 }

    /// Appends an event, dropping the oldest when full.
    mutating func push(_ event: SessionEvent) {
        guard capacity > 0 else { return }
        if count >= capacity {
            _ = pop()
            droppedCount &+= 1
        }
        storage.append(event)
    }

    /// Removes and returns the oldest event.
    mutating func pop() -> SessionEvent? {
        guard head < storage.count else { return nil }
        let event = storage[head]
        head += 1
        if head >= 64 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return event
    }

    /// Drops every event.
    mutating func removeAll() {
        storage.removeAll()
        head = 0
    }

    /// Shrinks to a new capacity, dropping the oldest events that no longer fit.
    mutating func setCapacity(_ newCapacity: Int) {
        capacity = max(newCapacity, 0)
        while count > capacity {
            _ = pop()
            droppedCount &+= 1
        }
    }
}
