/// What a session searches through. The session never talks to the engine directly: an
/// adapter over an index implements this (see `IndexSessionBackend`), tests use a fake, and a
/// session without a backend asks the host to search (``SearchSession/deliverResults(_:for:)``).
public protocol SessionSearchBackend: AnyObject, Sendable {
    /// Starts a search and returns at once. `completion` must be called at most once, from any
    /// thread (possibly before `search` returns); after the returned ticket is cancelled it may
    /// still be called, and the session ignores it.
    func search(
        _ query: SessionQuery, completion: @escaping @Sendable (Result<SessionResults, SearchBarError>) -> Void
    ) -> any SessionSearchTicket

    /// Up to `limit` words of the indexed vocabulary whose folded form starts with
    /// `foldedPrefix`, most frequent first, spelled as they appear in the items ("Zürich",
    /// "Straße": the display form, never the fold key), from the items `query` could find (its
    /// scope and scope tokens; its text is ignored). Called synchronously; must be fast.
    func completions(forFoldedPrefix foldedPrefix: String, limit: Int, in query: SessionQuery) -> [String]
}

/// A running search that can be cancelled.
public protocol SessionSearchTicket: Sendable {
    /// Asks the backend to stop the search. Idempotent; the completion may still be called.
    func cancel()
}

/// A ticket for a search that cannot be cancelled (or already finished).
public struct NoopSearchTicket: SessionSearchTicket {
    /// Creates a ticket.
    public init() {}
    public func cancel() {}
}
