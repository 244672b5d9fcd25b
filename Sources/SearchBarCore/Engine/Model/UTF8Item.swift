/// An item whose texts are UTF-8 bytes read in place, for a batch added from packed columns
/// (``SearchIndex/add(count:utf8Item:)``) without a `String` per text. It has no attributes.
/// The bytes must be valid UTF-8 and stay valid until the add returns.
public struct UTF8Item {
    /// The host's identifier.
    public var id: UInt64
    /// The title's bytes.
    public var title: UnsafeBufferPointer<UInt8>
    /// The subtitle's bytes (empty when absent).
    public var subtitle: UnsafeBufferPointer<UInt8>
    /// The keywords' bytes (empty when absent).
    public var keywords: UnsafeBufferPointer<UInt8>
    /// A small integer the scope bar filters on.
    public var scope: UInt32
    /// Host popularity.
    public var weight: Double

    /// Creates an item over bytes the caller keeps valid.
    public init(
        id: UInt64, title: UnsafeBufferPointer<UInt8>, subtitle: UnsafeBufferPointer<UInt8>,
        keywords: UnsafeBufferPointer<UInt8>, scope: UInt32, weight: Double
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.keywords = keywords
        self.scope = scope
        self.weight = weight
    }
}
