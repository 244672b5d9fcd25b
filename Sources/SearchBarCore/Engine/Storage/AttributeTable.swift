/// The filterable attributes of a segment's items: per item a run of entries.
struct AttributeTable: Sendable {
    /// One attribute value of one item.
    struct Entry: Sendable {
        /// Index into ``AttributeTable/names``.
        var name: UInt32
        /// The folded text value, or nil for a number.
        var text: String?
        /// The number value (0 for a text).
        var number: Double
    }

    /// The distinct attribute names of the segment.
    private(set) var names: [String] = []
    /// Per item, the start of its entries, plus the end (blank when no item has attributes).
    private(set) var offsets: [UInt32] = [0]
    /// The entries of all items.
    private(set) var entries: [Entry] = []
    private var nameIndex: [String: UInt32] = [:]
    private var itemCount = 0
    private var active = false

    /// An empty table.
    init() {}

    /// A table of `itemCount` items without attributes (no work per item).
    init(itemCount: Int) { self.itemCount = itemCount }

    /// The entries of item `i`.
    func entries(of i: Int) -> ArraySlice<Entry> {
        guard active, i + 1 < offsets.count else { return [] }
        return entries[Int(offsets[i])..<Int(offsets[i + 1])]
    }

    /// The index of a name, or nil when no item of the segment has it.
    func nameID(_ name: String) -> UInt32? { nameIndex[name] }

    /// Appends the next item's attributes (`text` values already folded).
    mutating func append(_ values: [(name: String, text: String?, number: Double)]) {
        if !values.isEmpty && !active {
            // First item with attributes: materialise empty runs for the items before it.
            offsets = [UInt32](repeating: 0, count: itemCount + 1)
            active = true
        }
        itemCount += 1
        guard active else { return }
        for value in values {
            let id: UInt32
            if let existing = nameIndex[value.name] {
                id = existing
            } else {
                id = UInt32(truncatingIfNeeded: names.count)
                names.append(value.name)
                nameIndex[value.name] = id
            }
            entries.append(Entry(name: id, text: value.text, number: value.number))
        }
        offsets.append(UInt32(truncatingIfNeeded: entries.count))
    }

    /// Appends item `i` of another table.
    mutating func append(from other: AttributeTable, item i: Int) {
        append(other.entries(of: i).map { (other.names[Int($0.name)], $0.text, $0.number) })
    }
}
