import Glibc

/// Scans of a batch's packed text buffer (every item's text in one UTF-8 buffer) in parallel
/// chunks on the executor pool: the UTF-8 check of the whole buffer and, for texts separated by
/// NUL bytes, where each text starts. A host adding a million titles hands over ~50 MB; one
/// thread spent ~0.1 s checking and measuring it before any item was analysed.
enum PackedTextScan {
    /// Bytes per chunk: large enough that a chunk's set-up is nothing beside its scan, small
    /// enough that two threads share a 50 MB buffer evenly.
    static let chunkBytes = 1 << 20

    /// True when `count` bytes at `base` are well-formed UTF-8, checked in chunks on `pool`
    /// (each chunk starts at a byte that is not a continuation byte, so the chunks are valid
    /// exactly when the whole is).
    static func isValidUTF8(_ base: UnsafePointer<UInt8>, _ count: Int, pool: ThreadPool) -> Bool {
        let bounds = chunkBounds(count) { position in
            var p = position
            while p < count && UTF8Codec.isContinuation(base[p]) { p += 1 }
            return p
        }
        let valid = [Bool].filled(count: bounds.count - 1) { out in
            let shared = SendableBytes(base)
            pool.forEach(bounds.count - 1) { task in
                out[task] = UTF8Codec.isValid(shared.base + bounds[task], bounds[task + 1] - bounds[task])
            }
        }
        return !valid.contains(false)
    }

    /// Where each of `texts` NUL-separated texts in `count` bytes at `base` starts, after checking
    /// that the bytes are valid UTF-8 and hold exactly `texts - 1` NULs; two passes of chunks on
    /// `pool` (count and check, then write the starts). A NUL is a character boundary, so a
    /// valid buffer splits into valid texts.
    static func separatedStarts(_ base: UnsafePointer<UInt8>, _ count: Int, texts: Int, pool: ThreadPool) -> SeparatedTexts {
        // Chunks end just after a NUL (or at the end), so no chunk splits a character.
        let bounds = chunkBounds(count) { position in nul(base, from: position, to: count).map { $0 + 1 } ?? count }
        let chunks = bounds.count - 1
        let shared = SendableBytes(base)
        // Pass 1: each chunk's NULs and validity (-1 for invalid UTF-8).
        let nuls = [Int].filled(count: chunks) { out in
            pool.forEach(chunks) { task in
                let start = bounds[task], length = bounds[task + 1] - start
                out[task] = UTF8Codec.isValid(shared.base + start, length)
                    ? Self.nulCount(shared.base + start, length) : -1
            }
        }
        if nuls.contains(-1) { return .invalidUTF8(item: firstInvalidText(base, count)) }
        var prefix = [Int](repeating: 0, count: chunks + 1)
        for k in 0..<chunks { prefix[k + 1] = prefix[k] + nuls[k] }
        let firstIndex = prefix
        guard firstIndex[chunks] == texts - 1 else { return .separators(firstIndex[chunks]) }
        // Pass 2: text j + 1 starts after the j-th NUL. A chunk writes only its own starts, and
        // must find as many as pass 1 counted: a host that changed the bytes meanwhile (its
        // misuse) gets a status, never a write past the starts or a start left unwritten.
        let starts = TextStarts(count: texts + 1)
        let out = starts.shared
        out[0] = 0
        out[texts] = UInt(count + 1)
        let complete = [Bool].filled(count: chunks) { done in
            pool.forEach(chunks) { task in
                var next = firstIndex[task] + 1
                let last = firstIndex[task + 1]
                var p = bounds[task]
                let end = bounds[task + 1]
                while next <= last, let found = nul(shared.base, from: p, to: end) {
                    p = found + 1
                    out[next] = UInt(p)
                    next += 1
                }
                done[task] = next == last + 1
            }
        }
        return complete.contains(false) ? .changed : .starts(starts)
    }

    /// The first of the NUL-separated texts in `count` bytes at `base` that is not valid UTF-8
    /// (an error path, for its message: one thread, text by text).
    private static func firstInvalidText(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var start = 0
        var item = 0
        while start <= count {
            let end = nul(base, from: start, to: count) ?? count
            if !UTF8Codec.isValid(base + start, end - start) { return item }
            start = end + 1
            item += 1
        }
        return nil
    }

    /// NUL bytes in `count` bytes at `p`.
    private static func nulCount(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var found = 0
        var i = 0
        while let position = nul(p, from: i, to: count) {
            i = position + 1
            found += 1
        }
        return found
    }

    /// The position of the first NUL among bytes [start, end) at `base` (one memchr), or nil.
    @inline(__always) private static func nul(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end, let found = memchr(base + start, 0, end - start) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Chunk bounds over `count` bytes: 0, then each nominal cut moved forward by `align`, then
    /// `count` (strictly ascending; one chunk for a short buffer).
    private static func chunkBounds(_ count: Int, align: (Int) -> Int) -> [Int] {
        var bounds = [0]
        var cut = chunkBytes
        while cut < count {
            let aligned = align(cut)
            if aligned >= count { break }
            if aligned > bounds[bounds.count - 1] { bounds.append(aligned) }
            cut = max(cut + chunkBytes, aligned + 1)
        }
        bounds.append(count)
        return bounds
    }
}

/// The outcome of scanning a column of NUL-separated texts.
public enum SeparatedTexts {
    /// `texts + 1` starts: text i is bytes [starts[i], starts[i + 1] - 1) (the last start is
    /// the length + 1, as if a separator followed the last text).
    case starts(TextStarts)
    /// The bytes are not valid UTF-8: the first text that is not (nil if the bytes changed
    /// while they were scanned).
    case invalidUTF8(item: Int?)
    /// The bytes hold this many NUL bytes rather than `texts - 1`.
    case separators(Int)
    /// The bytes changed while they were scanned (another thread wrote them).
    case changed
}

/// A read-only byte pointer that the tasks of one parallel scan share.
private struct SendableBytes: @unchecked Sendable {
    let base: UnsafePointer<UInt8>
    init(_ base: UnsafePointer<UInt8>) { self.base = base }
}

/// Text starts that the library computed for a NUL-separated column, in memory it owns until
/// the batch has been added.
public final class TextStarts: @unchecked Sendable {
    /// The first start.
    public let base: UnsafeMutablePointer<UInt>
    /// How many starts.
    public let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
    }

    deinit { base.deallocate() }

    /// A view for the tasks that fill it.
    var shared: SharedPointer<UInt> { SharedPointer(base) }
}
