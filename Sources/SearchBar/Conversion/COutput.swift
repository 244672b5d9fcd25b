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

    /// Lays out tokens as one block (``CBlock``): the `sb_token` array, then their
    /// NUL-terminated texts; released with one `sb_free()`.
    static func tokens(_ tokens: [Token]) throws(SearchBarError) -> UnsafeMutablePointer<sb_token>? {
        try CBlock.list(tokens, sb_token.self) { b, token throws(SearchBarError) in
            sb_token(
                range: sb_range(start: token.range.lowerBound, end: token.range.upperBound),
                text: try b.string(token.text), text_len: token.text.utf8.count,
                key: try b.string(token.key), key_len: token.key.utf8.count,
                kind: token.kind.rawValue)
        }
    }
}

/// 1 for true, 0 for false.
func bit(_ flag: Bool) -> Int32 { flag ? 1 : 0 }
