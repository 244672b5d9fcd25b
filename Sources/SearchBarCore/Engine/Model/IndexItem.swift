/// One searchable item: what a host puts in an ``SearchIndex``.
///
/// Text fields are matched on their folded form (see ``TextAnalyzer``); highlight ranges refer
/// to UTF-8 byte offsets in the text given here.
public struct IndexItem: Sendable, Equatable {
    /// The host's identifier. Adding an item with an id already in the index replaces it.
    public var id: UInt64
    /// The main text, shown and ranked first.
    public var title: String
    /// Secondary text ("" when absent), ranked below the title.
    public var subtitle: String
    /// Extra words the item should be found by ("" when absent), ranked below the subtitle.
    public var keywords: String
    /// A small integer the scope bar filters on.
    public var scope: UInt32
    /// Host popularity: a larger weight ranks higher among otherwise equal hits.
    public var weight: Double
    /// Values filter rows test (`kind = "pdf"`, `modified >= 2024`).
    public var attributes: [ItemAttribute]

    /// Creates an item.
    public init(
        id: UInt64, title: String, subtitle: String = "", keywords: String = "", scope: UInt32 = 0,
        weight: Double = 0, attributes: [ItemAttribute] = []
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.keywords = keywords
        self.scope = scope
        self.weight = weight
        self.attributes = attributes
    }

    /// The text of one field.
    public func text(of field: SearchField) -> String {
        switch field {
        case .title: title
        case .subtitle: subtitle
        case .keywords: keywords
        }
    }
}

/// A named value of an item that filters can test.
public struct ItemAttribute: Sendable, Equatable {
    /// The attribute's name, compared exactly (`kind`, `modified`).
    public var name: String
    /// The attribute's value.
    public var value: AttributeValue

    /// Creates an attribute.
    public init(_ name: String, _ value: AttributeValue) {
        self.name = name
        self.value = value
    }
}

/// The value of an ``ItemAttribute``.
public enum AttributeValue: Sendable, Equatable {
    /// A string, compared on its folded form.
    case text(String)
    /// A number, compared numerically (dates as numbers too).
    case number(Double)
}
