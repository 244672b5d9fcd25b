/// An error raised by the engine. The C layer maps ``Code`` to an `sb_status` and
/// ``message`` to `sb_last_error()`.
public struct SearchBarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is. Mirrors the C `sb_status` error values.
    public enum Code: Sendable, Equatable {
        /// An argument is invalid (malformed locale, out-of-range value, bad text).
        case invalidArgument
        /// Memory could not be allocated.
        case outOfMemory
        /// The thing asked for does not exist.
        case notFound
        /// The operation was cancelled or superseded.
        case cancelled
        /// Reading or writing a file failed.
        case io
        /// A file or buffer is corrupt, truncated or foreign.
        case corrupt
        /// A call was made in a state that does not allow it.
        case misuse
        /// A size limit was exceeded.
        case tooBig
        /// A wait ended before anything happened.
        case timedOut
        /// A bug in searchbar.
        case `internal`
    }

    /// The kind of failure.
    public var code: Code
    /// A human-readable explanation, naming the argument or value at fault.
    public var message: String

    /// Creates an error of the given kind with an explanation.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Shorthand for an ``Code/invalidArgument`` error.
    public static func invalidArgument(_ message: String) -> SearchBarError {
        SearchBarError(.invalidArgument, message)
    }

    public var description: String { "\(code): \(message)" }
}
