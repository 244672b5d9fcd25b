import CSearchBar
import Glibc

/// The message of the last failed or warned call made on the calling thread, or "" if none.
/// Messages name the argument or value at fault. A later failure on the same thread replaces it;
/// successful calls leave it as it was.
/// Ownership: owned by the library, valid until the next failing call on this thread; do not free it.
/// Thread safety: any thread; each thread sees only its own message.
@c public func sb_last_error() -> UnsafePointer<CChar> {
    LastError.current
}

/// Releases a buffer the library returned (folded text, tokens, sort keys, ...). NULL is a no-op.
/// Ownership: takes ownership of `buffer`; it must come from this library.
/// Thread safety: any thread.
/// Returns SB_OK (a buffer cannot be checked: passing anything else is undefined, as for free()).
@discardableResult
@c public func sb_free(_ buffer: UnsafeMutableRawPointer?) -> sb_status {
    free(buffer)
    return SB_OK
}

/// The `*_free` of a handle type: SB_OK for NULL or a released handle; SB_EINVAL, with a
/// message, for a handle that is not live (left alone).
func freeHandle<T: AnyObject & Sendable>(_ handle: OpaquePointer?, as type: T.Type, _ name: String) -> sb_status {
    guard HandleRegistry.release(handle, as: type) else {
        return invalid("\(name) is not a live \(T.self) handle (freed, foreign or of another type); left alone")
    }
    return SB_OK
}
