/// A button the host shows beside the search field while the search is active (the "extra
/// buttons around a search field": a filter button on the left, more on the right). The
/// session keeps the order and puts its Cancel button last among the trailing items.
public struct BarItem: Sendable, Equatable, Hashable {
    /// Who owns the item. The raw values mirror `sb_bar_item_kind`.
    public enum Kind: UInt32, Sendable {
        /// An item the host defined; the host handles taps on it.
        case host = 0
        /// The session's Cancel button (tapping it is ``SearchSession/cancel()``).
        case cancel = 1
    }

    /// Who owns the item.
    public var kind: Kind
    /// The host's identifier (0 for the Cancel button).
    public var id: UInt64
    /// The item's title.
    public var title: String

    /// Creates a host item.
    public init(id: UInt64, title: String) {
        self.kind = .host
        self.id = id
        self.title = title
    }

    init(cancelTitle: String) {
        self.kind = .cancel
        self.id = 0
        self.title = cancelTitle
    }

    /// The most items on one side.
    public static let maximumCount = 16
}
