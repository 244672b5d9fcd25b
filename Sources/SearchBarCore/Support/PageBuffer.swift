import Glibc

/// Anonymous memory mapped straight from the kernel (`mmap`, `MAP_PRIVATE | MAP_ANONYMOUS`),
/// unmapped when the buffer goes away: where a ``Column`` built in memory keeps values too large
/// for the allocator's arenas.
///
/// glibc serves a large `malloc` from the arena of the calling thread once its dynamic `mmap`
/// threshold has risen (each freed `mmap` block raises it, up to 32 MiB, the host's included),
/// and gives a thread arena's free top back to the system only above a trim threshold twice as
/// high, which `malloc_trim` does not lower. A build's large arrays and temporaries, made on
/// its threads, left tens of MiB resident that way; pages mapped here are returned whole by
/// `munmap` and never pass through the allocator.
final class PageBuffer: @unchecked Sendable {
    /// The first byte.
    let base: UnsafeMutableRawPointer
    /// The number of bytes mapped (a multiple of the page size).
    private(set) var byteCount: Int

    /// Buffers of fewer bytes stay in the allocator (a mapping costs a system call and a whole
    /// page; below this size the allocator's arenas reuse freed memory well).
    static let minimumBytes = 64 * 1024

    /// The size of a page.
    private static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)

    /// `byteCount` rounded up to whole pages.
    static func roundedToPages(_ byteCount: Int) -> Int { (byteCount + pageSize - 1) / pageSize * pageSize }

    /// At least `byteCount` (more than 0) zeroed bytes; nil when the kernel refuses the mapping.
    init?(byteCount: Int) {
        precondition(byteCount > 0 && byteCount <= Int.max - Self.pageSize)
        let rounded = Self.roundedToPages(byteCount)
        guard let address = mmap(nil, rounded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            address != MAP_FAILED
        else { return nil }
        base = address
        self.byteCount = rounded
    }

    deinit { _ = munmap(base, byteCount) }

    /// Unmaps the whole pages past the first `used` bytes (one page stays mapped): for a buffer
    /// filled to less than the room it was made with, before any column reads it.
    func shrink(toFit used: Int) {
        let kept = Swift.max(Self.roundedToPages(used), Self.pageSize)
        guard kept < byteCount else { return }
        _ = munmap(base + kept, byteCount - kept)
        byteCount = kept
    }
}

extension PageBuffer {
    /// Calls `body` with room for `count` values of `T` (uninitialized; `T` must need no
    /// deinitialization), in pages of their own when they take ``minimumBytes`` or more, else
    /// from the allocator: for a build's large temporaries, which would otherwise leave a
    /// thread's arena holding their pages after they are freed.
    static func withScratch<T, R>(_ type: T.Type, count: Int, _ body: (UnsafeMutableBufferPointer<T>) throws -> R) rethrows -> R {
        let bytes = count * MemoryLayout<T>.stride
        if bytes >= minimumBytes, let pages = PageBuffer(byteCount: bytes) {
            return try withExtendedLifetime(pages) {
                try body(UnsafeMutableBufferPointer(start: pages.base.bindMemory(to: T.self, capacity: count), count: count))
            }
        }
        let memory = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        defer { memory.deallocate() }
        return try body(UnsafeMutableBufferPointer(start: memory, count: count))
    }

    /// Calls `body` with `count` values made by `value` for positions `0..<count`, in scratch
    /// memory (``withScratch(_:count:_:)``) that lives only during the call.
    static func withFilledScratch<T, R>(
        count: Int, _ value: (Int) -> T, _ body: (UnsafeBufferPointer<T>) throws -> R
    ) rethrows -> R {
        try withScratch(T.self, count: count) { scratch in
            for i in 0..<count { scratch[i] = value(i) }
            return try body(UnsafeBufferPointer(scratch))
        }
    }
}
