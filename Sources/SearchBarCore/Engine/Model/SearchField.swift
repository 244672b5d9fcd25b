/// A text field of an item. The raw values mirror `sb_field`.
public enum SearchField: UInt32, Sendable, CaseIterable, Comparable {
    /// The item's title.
    case title = 0
    /// The item's subtitle.
    case subtitle = 1
    /// The item's keywords.
    case keywords = 2

    /// Title ranks above subtitle, subtitle above keywords.
    public static func < (a: SearchField, b: SearchField) -> Bool { a.rawValue < b.rawValue }
}

/// A set of fields, as an index is told which ones to make searchable.
public struct SearchFields: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    /// Creates a set from its bit mask (bit `1 << field.rawValue` per field).
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The set holding one field.
    public init(_ field: SearchField) { self.rawValue = 1 << field.rawValue }

    /// The title only.
    public static let title = SearchFields(.title)
    /// The subtitle only.
    public static let subtitle = SearchFields(.subtitle)
    /// The keywords only.
    public static let keywords = SearchFields(.keywords)
    /// Every field.
    public static let all: SearchFields = [.title, .subtitle, .keywords]

    /// True when `field` is in the set.
    public func includes(_ field: SearchField) -> Bool { contains(SearchFields(field)) }
}
