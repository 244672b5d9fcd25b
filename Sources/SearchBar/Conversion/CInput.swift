import CSearchBar
import Glibc
import SearchBarCore

/// Converts C arguments to Swift values, rejecting what the engine must never see.
enum CInput {
    /// The largest text a single argument may carry (64 MiB); larger input is `SB_ETOOBIG`.
    static let maxTextBytes = 64 << 20

    /// Decodes `(pointer, length)` as UTF-8 text. NULL with length 0 is the empty string.
    /// Throws `SB_EINVAL` for NULL with a non-zero length or for invalid UTF-8.
    static func text(_ pointer: UnsafePointer<CChar>?, _ length: UInt, _ name: String) throws(SearchBarError)
        -> String
    {
        guard length > 0 else { return "" }
        guard let pointer else {
            throw .invalidArgument("\(name) is NULL but \(name)_len is \(length)")
        }
        guard length <= UInt(maxTextBytes) else {
            throw SearchBarError(.tooBig, "\(name) is \(length) bytes; the limit is \(maxTextBytes)")
        }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: Int(length))
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw .invalidArgument("\(name) is not valid UTF-8")
        }
        return string
    }

    /// Decodes a search query: UTF-8 as for ``text(_:_:_:)``, then `SB_ETOOBIG` over
    /// ``QueryLimits/maxBytes`` bytes or ``QueryLimits/maxWords`` words.
    static func query(_ pointer: UnsafePointer<CChar>?, _ length: UInt, _ name: String) throws(SearchBarError)
        -> String
    {
        guard length <= UInt(QueryLimits.maxBytes) else {
            throw SearchBarError(.tooBig, "\(name) is \(length) bytes; a query may have at most \(QueryLimits.maxBytes)")
        }
        let string = try text(pointer, length, name)
        try QueryLimits.check(string, name)
        return string
    }

    /// Decodes an optional NUL-terminated UTF-8 string (NULL stays nil).
    static func optionalCString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(SearchBarError)
        -> String?
    {
        guard let pointer else { return nil }
        let length = strnlen(pointer, maxTextBytes + 1)
        return try text(pointer, UInt(length), name)
    }

    /// The longest locale argument read: no valid tag comes near it (``SearchLocale`` takes at
    /// most 96 bytes), and a longer string is not read to its end.
    static let maxLocaleBytes = 256

    /// Parses a locale argument (NULL, "" and "und" mean no locale). Every bad locale is
    /// `SB_EINVAL`, a very long one included.
    static func locale(_ pointer: UnsafePointer<CChar>?) throws(SearchBarError) -> SearchLocale {
        guard let pointer else { return .none }
        let length = strnlen(pointer, maxLocaleBytes + 1)
        guard length <= maxLocaleBytes else {
            throw .invalidArgument("locale is longer than \(maxLocaleBytes) bytes: not a locale tag")
        }
        return try SearchLocale(text(pointer, UInt(length), "locale"))
    }

    /// Checks that an output pointer is not NULL.
    static func output<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws(SearchBarError)
        -> UnsafeMutablePointer<T>
    {
        guard let pointer else { throw .invalidArgument("\(name) is NULL") }
        return pointer
    }
}
