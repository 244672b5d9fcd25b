import CSearchBar
import Glibc
import SearchBarCore

/// The calling thread's message for its last failed (or warned) call, as `sb_last_error()` returns it.
///
/// Each thread owns one malloc'd, NUL-terminated buffer, replaced on every failure and freed
/// when the thread exits.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = pthread_key_create(&key) { free($0) }
        return key
    }()

    /// Records `message` for the calling thread.
    static func set(_ message: String) {
        let utf8 = Array(message.utf8)
        guard let buffer = malloc(utf8.count + 1)?.assumingMemoryBound(to: UInt8.self) else { return }
        utf8.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: utf8.count) }
        buffer[utf8.count] = 0
        free(pthread_getspecific(key))
        _ = pthread_setspecific(key, buffer)
    }

    /// The calling thread's current message, or an empty string.
    static var current: UnsafePointer<CChar> {
        if let raw = pthread_getspecific(key) {
            return UnsafePointer(raw.assumingMemoryBound(to: CChar.self))
        }
        return emptyMessage
    }

    nonisolated(unsafe) private static let emptyMessage: UnsafePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        p.pointee = 0
        return UnsafePointer(p)
    }()
}

/// Maps an engine error to its C status, recording the message.
func fail(_ error: SearchBarError) -> sb_status {
    LastError.set(error.message)
    return error.code.status
}

/// Records an invalid-argument message and returns `SB_EINVAL`.
func invalid(_ message: String) -> sb_status {
    fail(.invalidArgument(message))
}

/// Runs an export's body, turning a thrown engine error into a status and message.
func guarded(_ body: () throws(SearchBarError) -> sb_status) -> sb_status {
    do {
        return try body()
    } catch {
        return fail(error)
    }
}
