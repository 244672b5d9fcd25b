import CSearchBar
import Glibc
import SearchBarCore

/// Builds one malloc'd block holding C structs, their arrays and their strings, so a whole
/// answer (a display, a list of suggestions) is released with a single `sb_free()`.
///
/// Callers run their layout twice: first on a measuring block (``measure()``), then on the real
/// one with the measured size; the two passes must ask for the same pieces.
struct SessionCBlock {
    private let base: UnsafeMutableRawPointer?
    private let capacity: Int
    private(set) var used = 0

    /// A block that only counts bytes.
    static func measure() -> SessionCBlock {
        SessionCBlock(base: nil, capacity: Int.max)
    }

    /// A real block of `size` bytes.
    static func allocate(_ size: Int) throws(SearchBarError) -> SessionCBlock {
        guard let base = malloc(max(size, 1)) else {
            throw SearchBarError(.outOfMemory, "could not allocate \(size) bytes")
        }
        return SessionCBlock(base: base, capacity: size)
    }

    private init(base: UnsafeMutableRawPointer?, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// The start of the block (nil while measuring).
    var start: UnsafeMutableRawPointer? { base }

    private mutating func take(_ bytes: Int, alignment: Int) throws(SearchBarError) -> UnsafeMutableRawPointer? {
        let aligned = (used + alignment - 1) / alignment * alignment
        guard aligned + bytes <= capacity else {
            throw SearchBarError(.internal, "output block layout changed between passes")
        }
        used = aligned + bytes
        return base.map { $0 + aligned }
    }

    /// Room for `count` values of `T` (uninitialized; nil while measuring or when count is 0).
    mutating func array<T>(_ type: T.Type, _ count: Int) throws(SearchBarError) -> UnsafeMutablePointer<T>? {
        guard count > 0 else { return nil }
        let raw = try take(MemoryLayout<T>.stride * count, alignment: MemoryLayout<T>.alignment)
        return raw?.bindMemory(to: T.self, capacity: count)
    }

    /// A NUL-terminated copy of `string` (nil while measuring).
    mutating func string(_ string: String) throws(SearchBarError) -> UnsafePointer<CChar>? {
        let utf8 = string.utf8
        guard let raw = try take(utf8.count + 1, alignment: 1) else { return nil }
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        var i = 0
        for byte in utf8 {
            bytes[i] = byte
            i += 1
        }
        bytes[i] = 0
        return UnsafePointer(raw.assumingMemoryBound(to: CChar.self))
    }

    /// Runs `layout` to measure, then on a real block; returns the block's start.
    static func build(_ layout: (inout SessionCBlock) throws(SearchBarError) -> Void) throws(SearchBarError)
        -> UnsafeMutableRawPointer?
    {
        var measuring = SessionCBlock.measure()
        try layout(&measuring)
        var block = try SessionCBlock.allocate(measuring.used)
        do throws(SearchBarError) {
            try layout(&block)
        } catch {
            free(block.start)
            throw error
        }
        return block.start
    }

    /// Writes a token with its strings.
    mutating func token(_ token: SearchToken, into slot: UnsafeMutablePointer<sb_search_token>?) throws(SearchBarError) {
        let label = try string(token.label)
        let field = try string(token.field)
        let value = try string(token.value)
        slot?.initialize(to: sb_search_token(
            kind: token.kind.rawValue, label: label, label_len: token.label.utf8.count, field: field,
            field_len: token.field.utf8.count, value: value, value_len: token.value.utf8.count,
            host_value: token.hostValue))
    }

    /// Writes an array of tokens.
    mutating func tokens(_ tokens: [SearchToken]) throws(SearchBarError) -> UnsafePointer<sb_search_token>? {
        let array = try array(sb_search_token.self, tokens.count)
        for (i, token) in tokens.enumerated() { try self.token(token, into: array.map { $0 + i }) }
        return array.map { UnsafePointer($0) }
    }

    /// Writes an array of bar items.
    mutating func items(_ items: [BarItem]) throws(SearchBarError) -> UnsafePointer<sb_bar_item>? {
        let array = try array(sb_bar_item.self, items.count)
        for (i, item) in items.enumerated() {
            let title = try string(item.title)
            (array.map { $0 + i })?.initialize(to: sb_bar_item(
                kind: item.kind.rawValue, id: item.id, title: title, title_len: item.title.utf8.count))
        }
        return array.map { UnsafePointer($0) }
    }
}
