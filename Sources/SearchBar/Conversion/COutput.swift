import CSearchBar
import Glibc
import SearchBarCore

/// Allocates the buffers the library hands to C callers; all are released with `sb_free()`.
enum COutput {
    /// Copies `bytes` into a new malloc'd buffer with a trailing NUL.
    static func bytes<C: Collection<UInt8>>(_ bytes: C) throws(SearchBarError) -> UnsafeMutablePointer<UInt8> {
        guard let buffer = malloc(bytes.count + 1)?.assumingMemoryBound(to: UInt8.self) else {
            throw SearchBarError(.outOfMemory, "could not allocate \(bytes.count + 1) bytes")
        }
        var offset = 0
        for byte in bytes {
            buffer[offset] = byte
            offset += 1
        }
        buffer[offset] = 0
        return buffer
    }

    /// Copies a string into a new malloc'd NUL-terminated UTF-8 buffer.
    static func string(_ string: String) throws(SearchBarError) -> UnsafeMutablePointer<CChar> {
        UnsafeMutableRawPointer(try bytes(string.utf8)).assumingMemoryBound(to: CChar.self)
    }

    /// Lays out tokens as one malloc'd block: the `sb_token` array, then their NUL-terminated texts.
    /// The single block is released with one `sb_free()`.
    static func tokens(_ tokens: [Token]) throws(SearchBarError) -> UnsafeMutablePointer<sb_token>? {
        guard !tokens.isEmpty else { return nil }
        let header = MemoryLayout<sb_token>.stride * tokens.count
        let textBytes = tokens.reduce(0) { $0 + $1.text.utf8.count + $1.key.utf8.count + 2 }
        guard let block = malloc(header + textBytes) else {
            throw SearchBarError(.outOfMemory, "could not allocate \(header + textBytes) bytes for tokens")
        }
        let array = block.bindMemory(to: sb_token.self, capacity: tokens.count)
        var cursor = (block + header).assumingMemoryBound(to: CChar.self)
        func append(_ string: String) -> UnsafePointer<CChar> {
            let start = cursor
            for byte in string.utf8 {
                cursor.pointee = CChar(bitPattern: byte)
                cursor += 1
            }
            cursor.pointee = 0
            cursor += 1
            return UnsafePointer(start)
        }
        for (i, token) in tokens.enumerated() {
            let text = append(token.text)
            let key = append(token.key)
            (array + i).initialize(
                to: sb_token(
                    range: sb_range(start: token.range.lowerBound, end: token.range.upperBound),
                    text: text, text_len: token.text.utf8.count,
                    key: key, key_len: token.key.utf8.count,
                    kind: token.kind.rawValue))
        }
        return array
    }
}
