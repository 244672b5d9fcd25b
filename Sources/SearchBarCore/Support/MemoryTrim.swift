import Glibc

/// Returns freed heap pages to the system after a build (glibc's `malloc_trim`, looked up at
/// run time because the Glibc module does not declare it; a no-op where it is missing).
///
/// Under a sanitizer (AddressSanitizer, ThreadSanitizer, ...) `malloc` is the sanitizer's own
/// allocator, so glibc's arenas hold nothing of ours, and walking them from a pool thread while
/// the sanitizer runtime owns the heap crashed inside `mtrim` under ThreadSanitizer. The trim
/// is skipped whenever a sanitizer runtime is loaded (it exports
/// `__sanitizer_get_allocated_size`).
public enum MemoryTrim {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
        if dlsym(everywhere, "__sanitizer_get_allocated_size") != nil { return nil }
        guard let symbol = dlsym(everywhere, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    /// Trims the heap.
    public static func release() { _ = trim?(0) }
}
