/// An error raised by the engine. The C layer maps ``Code`` (generated with the C and Python
/// copies from include/status_table.py) to an `sb_status` and ``message`` to `sb_last_error()`.
public struct SearchBarError: Error, Sendable, Equatable, CustomStringConvertible {
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
