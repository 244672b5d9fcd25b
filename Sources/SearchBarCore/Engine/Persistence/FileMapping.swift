import Glibc

/// A whole file mapped read-only and shared (`PROT_READ`, `MAP_SHARED`): its pages are the
/// page cache's, shared with every process that maps the same file, and cost no anonymous
/// memory. Unmapped when the last ``Column`` borrowing from it goes away.
///
/// The index file is replaced by rename, never rewritten in place, so a mapping keeps reading
/// the file it opened. A file truncated by someone else while it is mapped would make a read
/// past its new end raise `SIGBUS`; files written by this library are never truncated in place.
final class FileMapping: @unchecked Sendable {
    /// The first byte (nil for an empty file).
    let base: UnsafeRawPointer?
    /// The number of bytes.
    let length: Int

    /// Maps `length` bytes of `fd`; throws ``SearchBarError/Code/io`` when it cannot.
    init(fd: Int32, length: Int, path: String) throws(SearchBarError) {
        self.length = length
        guard length > 0 else {
            base = nil
            return
        }
        guard let address = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), address != MAP_FAILED else {
            throw SearchBarError(.io, "cannot map index file \(path): \(String(cString: strerror(errno)))")
        }
        base = UnsafeRawPointer(address)
    }

    deinit {
        if let base { _ = munmap(UnsafeMutableRawPointer(mutating: base), length) }
    }

    /// The `count` values of `T` at byte `offset` (inside the mapping, aligned for `T`).
    func column<T: BitwiseCopyable>(at offset: Int, count: Int, of type: T.Type) -> Column<T> {
        precondition(offset >= 0 && count >= 0 && offset + count * MemoryLayout<T>.stride <= length)
        return Column(borrowing: base.map { ($0 + offset).assumingMemoryBound(to: T.self) }, count: count, from: self)
    }
}
