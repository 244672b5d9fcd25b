import CSearchBar
import SearchBarCore

// The results of the session's current search, as an sb_results handle.

/// The newest delivered results as a results handle with scores, matched fields and highlight
/// ranges (sb_results_get()), and their query's generation in `*out_generation` (0 and NULL
/// results when none were delivered yet). For a session without an index, the hits carry the
/// host's ids in order with no highlights.
/// Ownership: the caller releases `*out_results` with sb_results_free().
/// Thread safety: any thread, including from inside callbacks.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL outputs); SB_ENOMEM.
@c public func sb_session_copy_results(
    _ session: sb_session_ref?, _ out_generation: UnsafeMutablePointer<UInt64>?,
    _ out_results: UnsafeMutablePointer<sb_results_ref?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let generation = try CInput.output(out_generation, "out_generation")
        let results = try CInput.output(out_results, "out_results")
        generation.pointee = 0
        results.pointee = nil
        let object = try SessionCInput.session(session)
        guard let current = object.results else { return SB_OK }
        // An index session's results carry their texts from the snapshot they were found in;
        // a host backend's results are its ids in order, without texts.
        let found = current.results
        generation.pointee = current.generation
        results.pointee = HandleRegistry.register(try ResultsBox(
            found.hits, texts: found.texts, total: found.total, totalIsExact: found.totalIsExact))
        return SB_OK
    }
}
