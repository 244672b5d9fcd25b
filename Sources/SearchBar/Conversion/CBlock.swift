import CSearchBar
import Glibc
import SearchBarCore

/// Builds one malloc'd block holding C structs, their arrays and their strings, so a whole
/// answer (tokens, items, a display, recents, suggestions) is released with a single `sb_free()`.
/// Every one-block answer of the library is laid out with it: the answer's first struct (or
/// array) starts the block, the arrays and strings it points to follow.
///
/// A layout runs twice: first on a measuring block, then on the real one with the measured
/// size; the two passes must ask for the same pieces (``build(_:)`` runs both).
struct CBlock {
    private let base: UnsafeMutableRawPointer?
    private let capacity: Int
    private(set) var used = 0

    /// A block that only counts bytes.
    static func measure() -> CBlock {
        CBlock(base: nil, capacity: Int.max)
    }

    /// A real block of `size` bytes.
    static func allocate(_ size: Int) throws(SearchBarError) -> CBlock {
        guard let base = malloc(max(size, 1)) else {
            throw SearchBarError(.outOfMemory, "could not allocate \(size) bytes")
        }
        return CBlock(base: base, capacity: size)
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
    static func build(_ layout: (inout CBlock) throws(SearchBarError) -> Void) throws(SearchBarError)
        -> UnsafeMutableRawPointer?
    {
        var measuring = CBlock.measure()
        try layout(&measuring)
        var block = try CBlock.allocate(measuring.used)
        do throws(SearchBarError) {
            try layout(&block)
        } catch {
            free(block.start)
            throw error
        }
        return block.start
    }

    /// One struct at the start of a block, what it points to after it: `layout` lays out the
    /// pieces and returns the struct.
    static func one<T>(_ type: T.Type, _ layout: (inout CBlock) throws(SearchBarError) -> T) throws(SearchBarError)
        -> UnsafeMutablePointer<T>
    {
        let start = try build { b throws(SearchBarError) in
            let slot = try b.array(T.self, 1)
            let value = try layout(&b)
            slot?.initialize(to: value)
        }
        // A block always holds its struct: the start is never nil once built.
        return start!.assumingMemoryBound(to: T.self)
    }

    /// An array of one struct per element at the start of a block, what they point to after
    /// it (nil for no elements): `element` lays out one element's pieces and returns its struct.
    static func list<Element, T>(
        _ elements: [Element], _ type: T.Type, _ element: (inout CBlock, Element) throws(SearchBarError) -> T
    ) throws(SearchBarError) -> UnsafeMutablePointer<T>? {
        guard !elements.isEmpty else { return nil }
        let start = try build { b throws(SearchBarError) in
            let array = try b.array(T.self, elements.count)
            for (i, value) in elements.enumerated() {
                let made = try element(&b, value)
                (array.map { $0 + i })?.initialize(to: made)
            }
        }
        return start?.assumingMemoryBound(to: T.self)
    }
}
