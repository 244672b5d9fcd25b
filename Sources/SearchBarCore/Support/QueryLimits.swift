/// Size limits of one search query, so no query is processed for minutes.
///
/// Measured on 108,000 items (2 cores): a query's cost grows with its number of words, and an
/// extended-syntax negation (`!x`) costs a pass over every item (about 15 ms per 100,000 items
/// per word). 1,365 negated words (4 KiB) took 18 s, 64 MiB would take hours; 64 words stay
/// around a second in the worst case. Queries are what a person types, so the limits are far
/// above real use: 4096 UTF-8 bytes and 64 words (runs of non-whitespace).
public enum QueryLimits {
    /// The most UTF-8 bytes of one query.
    public static let maxBytes = 4096
    /// The most words (whitespace-separated runs) of one query.
    public static let maxWords = 64

    /// Throws ``SearchBarError/Code/tooBig`` when `query` exceeds a limit; `name` names the
    /// argument in the message.
    public static func check(_ query: String, _ name: String = "query") throws(SearchBarError) {
        let bytes = query.utf8.count
        guard bytes <= maxBytes else {
            throw SearchBarError(.tooBig, "\(name) is \(bytes) bytes; a query may have at most \(maxBytes)")
        }
        var words = 0
        var inWord = false
        for scalar in query.unicodeScalars {
            if scalar.properties.isWhitespace {
                inWord = false
            } else if !inWord {
                inWord = true
                words += 1
            }
        }
        guard words <= maxWords else {
            throw SearchBarError(.tooBig, "\(name) has \(words) words; a query may have at most \(maxWords)")
        }
    }
}
