import Glibc
import Synchronization

/// Keeps the heap memory the process has freed from staying resident: returns freed pages to
/// the system after a build (glibc's `malloc_trim`) and bounds how much freed memory glibc
/// keeps at the top of each thread's arena while a build runs (``duringBuild(_:)``, with
/// `mallopt`). Both are looked up at run time because the Glibc module does not declare them;
/// each is a no-op where it is missing.
///
/// Under a sanitizer (AddressSanitizer, ThreadSanitizer, ...) `malloc` is the sanitizer's own
/// allocator, so glibc's arenas hold nothing of ours, and walking them from a pool thread while
/// the sanitizer runtime owns the heap crashed inside `mtrim` under ThreadSanitizer. Neither is
/// done whenever a sanitizer runtime is loaded (it exports `__sanitizer_get_allocated_size`).
public enum MemoryTrim {
    private typealias Trim = @convention(c) (Int) -> Int32
    private typealias SetOption = @convention(c) (Int32, Int32) -> Int32

    /// True when glibc's allocator is the one in use (no sanitizer runtime loaded).
    private static let glibcHeap: Bool = {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__sanitizer_get_allocated_size") == nil
    }()

    private static let trim: Trim? = {
        guard glibcHeap, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    /// Trims the heap.
    public static func release() { _ = trim?(0) }

    /// glibc's `mallopt` options.
    private enum Option: Int32 {
        case trimThreshold = -1
        case mmapThreshold = -3
    }

    private static let setOption: SetOption? = {
        guard glibcHeap, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: SetOption.self)
    }()

    /// The most freed memory an arena keeps at its top while a build runs (see ``duringBuild(_:)``).
    static let buildTopLimit: Int32 = 4 << 20
    /// The most freed memory an arena keeps at its top otherwise: the ceiling glibc's own
    /// adjustment reaches, so that searches allocate and free as they did.
    static let searchTopLimit: Int32 = 64 << 20
    /// Blocks this large or larger get their own mapping: the ceiling glibc's own adjustment
    /// reaches (below it, a search's scratch arrays come from the heap, as they did).
    static let mmapThreshold: Int32 = 32 << 20

    /// Environment variables through which the host sets glibc's thresholds itself.
    private static let hostSettings = ["MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TOP_PAD_"]

    /// True when this process's thresholds are ours to set: glibc's allocator, and the host did
    /// not set them (checked once; the fixed thresholds are set then).
    private static let ownsThresholds: Bool = {
        guard let setOption else { return false }
        for name in hostSettings where getenv(name) != nil { return false }
        if let tunables = getenv("GLIBC_TUNABLES").map({ String(cString: $0) }),
            tunables.contains("malloc.trim_threshold") || tunables.contains("malloc.mmap_threshold")
                || tunables.contains("malloc.top_pad")
        {
            return false
        }
        return setOption(Option.mmapThreshold.rawValue, mmapThreshold) == 1
            && setOption(Option.trimThreshold.rawValue, searchTopLimit) == 1
    }()

    /// The builds running (``duringBuild(_:)``) and the trim threshold last set, guarding its
    /// switch.
    private static let builds = Mutex((running: 0, topLimit: Int32?.none))

    /// The trim threshold this process set last (nil when the thresholds are glibc's or the
    /// host's): ``buildTopLimit`` while a build runs, else ``searchTopLimit``.
    static var topLimit: Int32? { builds.withLock { $0.topLimit } }

    /// Runs `body`, a build of a segment, with the freed memory glibc keeps resident at the top
    /// of each arena bounded by ``buildTopLimit``.
    ///
    /// glibc raises its trim threshold with the largest block freed (up to 64 MiB), and
    /// `malloc_trim` never shrinks the top of a thread's arena: a build's per-chunk buffers,
    /// allocated on the pool's threads and freed when the segment is assembled, stayed resident
    /// there (0–26 MB at 1 M titles, depending on which thread took which chunk). While a build
    /// runs, `free` gives such a top back past ``buildTopLimit``; between builds the threshold is
    /// ``searchTopLimit``, so searches' scratch memory is not returned and faulted in again per
    /// keystroke. Fixing the thresholds ends glibc's own adjustment of them (mapped blocks start
    /// at ``mmapThreshold``). Left to glibc under a sanitizer and when the host set its
    /// thresholds itself (`MALLOC_TRIM_THRESHOLD_`, `MALLOC_MMAP_THRESHOLD_`, `MALLOC_TOP_PAD_` or
    /// `GLIBC_TUNABLES`). Builds may run at once and nest.
    public static func duringBuild<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        guard ownsThresholds, let setOption else { return try body() }
        builds.withLock { state in
            state.running += 1
            if state.running == 1 {
                _ = setOption(Option.trimThreshold.rawValue, buildTopLimit)
                state.topLimit = buildTopLimit
            }
        }
        defer {
            builds.withLock { state in
                state.running -= 1
                if state.running == 0 {
                    _ = setOption(Option.trimThreshold.rawValue, searchTopLimit)
                    state.topLimit = searchTopLimit
                }
            }
        }
        return try body()
    }

    /// True when this process's thresholds are set here (see ``duringBuild(_:)``).
    static var setsThresholds: Bool { ownsThresholds }
}
