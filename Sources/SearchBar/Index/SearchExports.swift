import CSearchBar
import Glibc
import SearchBarCore
import Synchronization

/// Searches the index synchronously; the calling thread takes part in the work.
/// `query`, `query_len`: UTF-8 text as typed (an empty query gives no hits unless options or
/// filter tokens select items). `options`: NULL for the defaults.
/// On success `*out_results` receives the hits, best first (NULL on failure).
/// Ownership: the caller releases `*out_results` with sb_results_free().
/// Thread safety: any thread, concurrently with other searches and writers.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_results, bad query text, bad options — the
/// message names the field); SB_ETOOBIG (query over 4096 bytes or
/// 64 words); SB_ENOMEM.
@c public func sb_index_search(
    _ index: sb_index_ref?, _ query: UnsafePointer<CChar>?, _ query_len: UInt,
    _ options: UnsafePointer<sb_search_options>?, _ out_results: UnsafeMutablePointer<sb_results_ref?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_results, "out_results")
        out.pointee = nil
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        let text = try CInput.query(query, query_len, "query")
        let parsed = try IndexInput.options(options)
        let found = try object.search(text, options: parsed)
        out.pointee = HandleRegistry.register(try ResultsBox(found.hits, texts: found.texts, total: found.total, totalIsExact: found.totalIsExact))
        return SB_OK
    }
}

/// Starts a search on the process's executor pool and returns at once. `callback(context,
/// ticket, status, results)` is called exactly once, on a pool thread (or, for a search that had
/// not started when sb_index_free() cancelled it, on the thread calling sb_index_free()): with
/// SB_OK and the results (the callee owns them), or with an error (SB_ECANCELED after
/// sb_index_cancel()) and NULL.
/// Arguments are validated before anything starts; then `*out_ticket` (if not NULL) receives the
/// search's ticket for sb_index_cancel().
/// Ownership: `context` is passed back untouched; it must stay valid until the callback runs.
/// Thread safety: any thread. The callback must not call sb_index_free() on this index.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL callback, bad query or options); SB_ETOOBIG (query
/// over 4096 bytes or 64 words).
@c public func sb_index_search_async(
    _ index: sb_index_ref?, _ query: UnsafePointer<CChar>?, _ query_len: UInt,
    _ options: UnsafePointer<sb_search_options>?, _ callback: sb_search_callback?,
    _ context: UnsafeMutableRawPointer?, _ out_ticket: UnsafeMutablePointer<UInt64>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        out_ticket?.pointee = 0
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        guard let callback else { throw .invalidArgument("callback is NULL") }
        let text = try CInput.query(query, query_len, "query")
        let parsed = try IndexInput.options(options)
        let target = CallbackTarget(callback: callback, context: context)
        let ticket = object.searchAsync(text, options: parsed) { result in
            target.deliver(result)
        }
        target.setTicket(ticket.id)
        out_ticket?.pointee = ticket.id
        return SB_OK
    }
}

/// Cancels an asynchronous search: its callback reports SB_ECANCELED (unless it had already
/// finished), and its work stops at the next chunk.
/// Thread safety: any thread, including from inside a callback.
/// Returns SB_OK; SB_ENOTFOUND when the search has already completed or the ticket is unknown;
/// SB_EINVAL for a bad handle.
@c public func sb_index_cancel(_ index: sb_index_ref?, _ ticket: UInt64) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        guard object.cancelSearch(ticket) else {
            throw SearchBarError(.notFound, "no pending search has ticket \(ticket)")
        }
        return SB_OK
    }
}

/// A C callback with its context, carried to the thread that completes the search.
private final class CallbackTarget: @unchecked Sendable {
    let callback: sb_search_callback
    let context: UnsafeMutableRawPointer?
    /// The search's ticket (never 0), stored by the starting thread right after the search is
    /// submitted. A fast search can complete before that: the completion then waits for it, so
    /// the callback always gets the right ticket (ThreadSanitizer found the callback reading it
    /// unsynchronized, and a fast completion passed 0).
    private let knownTicket = Atomic<UInt64>(0)

    init(callback: @escaping sb_search_callback, context: UnsafeMutableRawPointer?) {
        self.callback = callback
        self.context = context
    }

    func setTicket(_ id: UInt64) { knownTicket.store(id, ordering: .releasing) }

    /// The ticket, waiting for the starting thread to store it (a few instructions after the
    /// search was submitted to another thread).
    private var ticket: UInt64 {
        while true {
            let id = knownTicket.load(ordering: .acquiring)
            if id != 0 { return id }
            sched_yield()
        }
    }

    func deliver(_ result: Result<HitsWithTexts, SearchBarError>) {
        switch result {
        case .success(let found):
            do throws(SearchBarError) {
                // The texts come from the snapshot the search ran on, like its highlights.
                let handle = HandleRegistry.register(try ResultsBox(found.hits, texts: found.texts, total: found.total, totalIsExact: found.totalIsExact))
                callback(context, ticket, SB_OK, handle)
            } catch {
                callback(context, ticket, fail(error), nil)
            }
        case .failure(let error):
            callback(context, ticket, fail(error), nil)
        }
    }
}

/// Fills `*options` with version `version` of sb_search_options and its defaults.
/// Ownership: `options` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
@c public func sb_search_options_init(_ options: UnsafeMutablePointer<sb_search_options>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.searchOptions.initialize(options, version, defaults: sb_search_options())
}
