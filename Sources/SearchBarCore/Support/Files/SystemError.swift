import Glibc

/// The text of the C library's error numbers, for messages about files and threads.
enum SystemError {
    /// `strerror(code)`, or "errno N" when the C library has no text for it.
    static func describe(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "errno \(code)" }
        return String(cString: message)
    }
}
