import CSearchBar
import SearchBarCore

/// Gives heap memory the process has freed, but the allocator still holds, back to the system
/// (glibc's `malloc_trim`; nothing under a sanitizer or where it is missing). An index does this
/// itself after every batch it adds; a host or binding that frees large buffers of its own after
/// adding items (the packed texts of a batch) calls this to give those back as well.
/// Thread safety: any thread. Cost: one walk of the allocator's free lists, a few milliseconds
/// for a heap of hundreds of megabytes.
@c public func sb_release_memory() {
    MemoryTrim.release()
}
