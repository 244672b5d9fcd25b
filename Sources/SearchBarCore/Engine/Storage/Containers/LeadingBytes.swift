/// The first 16 bytes of a byte string, zero-padded, as two big-endian integers: two strings'
/// values order as their bytes do (memcmp order) wherever they differ within those bytes, so a
/// merge of sorted strings compares most of them without reading their bytes again.
struct LeadingBytes: Comparable, Sendable {
    /// Bytes 0–7, the first in the top bits.
    let high: UInt64
    /// Bytes 8–15, the ninth in the top bits.
    let low: UInt64

    /// The leading bytes of `text`.
    @inline(__always) init(_ text: UnsafeBufferPointer<UInt8>) {
        guard text.count >= 16, let base = text.baseAddress else {
            high = ByteOrder.leadingKey(text)
            low = text.count > 8 ? ByteOrder.leadingKey(UnsafeBufferPointer(rebasing: text[8...])) : 0
            return
        }
        let raw = UnsafeRawPointer(base)
        high = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
        low = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }

    /// Orders as the strings' first bytes do (memcmp order, zero-padded).
    @inline(__always) static func < (a: LeadingBytes, b: LeadingBytes) -> Bool {
        a.high != b.high ? a.high < b.high : a.low < b.low
    }

    /// How many bytes the value holds in full: strings of at most this many bytes with equal
    /// values differ at most in their lengths.
    static let width = 16
}
