import Glibc

/// Returns freed heap pages to the system after a build (glibc's `malloc_trim`, looked up at
/// run time because the Glibc module does not declare it; a no-op where it is missing).
enum MemoryTrim {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    /// Trims the heap.
    static func release() { _ = trim?(0) }
}
