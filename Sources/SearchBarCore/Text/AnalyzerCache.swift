import Synchronization

/// Shares one ``TextAnalyzer`` per locale, so one-off calls (fold, tokenize) do not pay for
/// building a locale's tailoring each time.
public final class AnalyzerCache: Sendable {
    /// The process-wide cache.
    public static let shared = AnalyzerCache()

    /// At most this many locales are kept; the table starts over when it is full.
    static let capacity = 64

    private let analyzers = Mutex<[SearchLocale: TextAnalyzer]>([:])

    /// The analyzer for `locale`, created on first use.
    public func analyzer(for locale: SearchLocale) -> TextAnalyzer {
        analyzers.withLock { table in
            if let existing = table[locale] { return existing }
            let created = TextAnalyzer(locale: locale)
            if table.count >= Self.capacity { table.removeAll() }
            table[locale] = created
            return created
        }
    }
}
