import CSearchBar
import SearchBarCore

/// The number of hits in `results`; 0 for NULL or a handle that is not live results (then
/// sb_last_error() says so).
/// Thread safety: any thread, concurrently on one results object.
@c public func sb_results_count(_ results: sb_results_ref?) -> UInt {
    do {
        return UInt(try HandleRegistry.resolve(results, as: ResultsBox.self, "results").hits.count)
    } catch {
        _ = fail(error)
        return 0
    }
}

/// Fills `*out_hit` with hit `i` (0 is the best). Its highlight array belongs to `results`.
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK; SB_EINVAL for a bad handle, a NULL out_hit or `i` out of range.
@c public func sb_results_get(_ results: sb_results_ref?, _ i: UInt, _ out_hit: UnsafeMutablePointer<sb_hit>?)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let out = try CInput.output(out_hit, "out_hit")
        guard i < UInt(box.hits.count) else {
            throw .invalidArgument("index \(i) is out of range (results has \(box.hits.count) hits)")
        }
        out.pointee = box.hit(Int(i))
        return SB_OK
    }
}

/// Releases results and their highlight arrays. NULL is a no-op; a handle that is not live
/// results is left alone.
/// Ownership: takes ownership of `results`.
/// Thread safety: no other thread may be using the results.
@c public func sb_results_free(_ results: sb_results_ref?) {
    HandleRegistry.release(results, as: ResultsBox.self)
}
