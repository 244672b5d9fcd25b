import CSearchBar
import SearchBarCore

/// Stores the number of hits in `results` in `*out_count`.
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK; SB_EINVAL for a bad handle or a NULL out_count (then `*out_count`, if not
/// NULL, is 0).
@c public func sb_results_count(_ results: sb_results_ref?, _ out_count: UnsafeMutablePointer<UInt>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        out_count?.pointee = 0
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let out = try CInput.output(out_count, "out_count")
        out.pointee = UInt(box.hits.count)
        return SB_OK
    }
}

/// Fills `*out_hit` with hit `i` (0 is the best). Its highlight array belongs to `results`.
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK; SB_EINVAL for a bad handle, a NULL out_hit or `i` out of range.
@c public func sb_results_get(_ results: sb_results_ref?, _ i: Int64, _ out_hit: UnsafeMutablePointer<sb_hit>?)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let out = try CInput.output(out_hit, "out_hit")
        guard i >= 0 && i < Int64(box.hits.count) else {
            throw .invalidArgument("index \(i) is out of range (results has \(box.hits.count) hits)")
        }
        out.pointee = box.hit(Int(i))
        return SB_OK
    }
}

/// Releases results and their highlight arrays. NULL is a no-op (SB_OK); a handle that is not
/// live results is left alone.
/// Ownership: takes ownership of `results`.
/// Thread safety: no other thread may be using the results.
/// Returns SB_OK; SB_EINVAL for a handle that is not live results (a double free).
@discardableResult
@c public func sb_results_free(_ results: sb_results_ref?) -> sb_status {
    freeHandle(results, as: ResultsBox.self, "results")
}

/// Stores the original UTF-8 text of hit `i`'s matched field (`sb_hit.field`; the text its
/// highlight ranges refer to) in `*out_text` and its length in bytes in `*out_len`. The text
/// is as the item was added, read from the index snapshot the search ran on; it is
/// NUL-terminated, but may contain NUL bytes of its own, so use the length. For results of a
/// session without an index the text is empty.
/// Ownership: the text belongs to `results` and stays valid until sb_results_free(); do not
/// free it.
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK; SB_EINVAL for a bad handle, a NULL output or `i` out of range (outputs are
/// then NULL and 0).
@c public func sb_results_text(
    _ results: sb_results_ref?, _ i: Int64, _ out_text: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ out_len: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        out_text?.pointee = nil
        out_len?.pointee = 0
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let textOut = try CInput.output(out_text, "out_text")
        let lengthOut = try CInput.output(out_len, "out_len")
        guard i >= 0 && i < Int64(box.hits.count) else {
            throw .invalidArgument("index \(i) is out of range (results has \(box.hits.count) hits)")
        }
        let (pointer, length) = box.text(Int(i))
        textOut.pointee = pointer
        lengthOut.pointee = UInt(length)
        return SB_OK
    }
}

/// Copies hits [first, first + count) into the caller's array `out_hits` of `count` entries:
/// ids, scores, fields, tiers, and the offsets and lengths of each hit's texts and highlight
/// ranges in the blocks sb_results_data() returns. With sb_results_data(), a binding reads a
/// whole result in a fixed number of calls.
/// Ownership: `out_hits` is the caller's; nothing is retained.
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK (count 0 copies nothing); SB_EINVAL for a bad handle, NULL out_hits with
/// count > 0, or a range past the last hit (then nothing is written).
@c public func sb_results_copy(
    _ results: sb_results_ref?, _ first: Int64, _ count: UInt, _ out_hits: UnsafeMutablePointer<sb_hit_entry>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let total = UInt(box.hits.count)
        guard first >= 0, UInt(first) <= total, count <= total - UInt(first) else {
            throw .invalidArgument("hits [\(first), \(first) + \(count)) are out of range (results has \(total) hits)")
        }
        guard count > 0 else { return SB_OK }
        let out = try CInput.output(out_hits, "out_hits")
        for k in 0..<Int(count) {
            out[k] = box.entry(Int(first) + k)
        }
        return SB_OK
    }
}

/// The two blocks sb_results_copy()'s offsets refer to: `*out_text` receives every hit's
/// original texts one after the other, each followed by a NUL (`*out_text_len` bytes up to the
/// end of the last text, whose NUL follows them), `*out_ranges` every highlight range
/// (`*out_range_count` of them; NULL when there are none).
/// Ownership: both blocks belong to `results` and stay valid until sb_results_free(); do not
/// free them.
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK; SB_EINVAL for a bad handle or a NULL output (outputs are then NULL and 0).
@c public func sb_results_data(
    _ results: sb_results_ref?, _ out_text: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ out_text_len: UnsafeMutablePointer<UInt>?, _ out_ranges: UnsafeMutablePointer<UnsafePointer<sb_range>?>?,
    _ out_range_count: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        out_text?.pointee = nil
        out_text_len?.pointee = 0
        out_ranges?.pointee = nil
        out_range_count?.pointee = 0
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let text = try CInput.output(out_text, "out_text")
        let textLength = try CInput.output(out_text_len, "out_text_len")
        let ranges = try CInput.output(out_ranges, "out_ranges")
        let rangeCount = try CInput.output(out_range_count, "out_range_count")
        text.pointee = UnsafePointer(box.text)
        textLength.pointee = UInt(box.textCount)
        ranges.pointee = box.ranges.map { UnsafePointer($0) }
        rangeCount.pointee = UInt(box.rangeCount)
        return SB_OK
    }
}

/// The whole result in one call, in the unit the caller indexes text by: `*out_hits` receives
/// the array of all `*out_count` hits as sb_results_copy() writes them, `*out_text` the text
/// block as sb_results_data() returns it (each text followed by a NUL), and
/// `*out_ranges` the `*out_range_count` highlight ranges the entries' `highlight_offset`s index.
/// With SB_UNIT_BYTES every offset, length and range is in UTF-8 bytes, exactly as from
/// sb_results_copy() and sb_results_data(). With SB_UNIT_CODE_POINTS the entries' text and title
/// offsets and lengths count Unicode code points of the text block from its start, and each
/// highlight range counts code points of its hit's text: the string indices of a language whose
/// strings index code points (Python), once the text block is decoded. SB_UNIT_UTF16 counts
/// UTF-16 code units the same way (Qt, Java, JavaScript). The range block also holds the
/// highlights of the hits' other fields, which sb_results_fields() indexes.
/// Ownership: the three arrays belong to `results` and stay valid until sb_results_free(); do
/// not free them.
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK (NULL arrays and zero counts when there are no hits or no ranges); SB_EINVAL
/// for a bad handle, a unit that is not an sb_unit value, or a NULL output (outputs are then
/// NULL and 0); SB_ENOMEM.
@c public func sb_results_export(
    _ results: sb_results_ref?, _ unit: UInt32, _ out_hits: UnsafeMutablePointer<UnsafePointer<sb_hit_entry>?>?,
    _ out_count: UnsafeMutablePointer<UInt>?, _ out_text: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ out_text_len: UnsafeMutablePointer<UInt>?, _ out_ranges: UnsafeMutablePointer<UnsafePointer<sb_range>?>?,
    _ out_range_count: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        out_hits?.pointee = nil
        out_count?.pointee = 0
        out_text?.pointee = nil
        out_text_len?.pointee = 0
        out_ranges?.pointee = nil
        out_range_count?.pointee = 0
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let hits = try CInput.output(out_hits, "out_hits")
        let count = try CInput.output(out_count, "out_count")
        let text = try CInput.output(out_text, "out_text")
        let textLength = try CInput.output(out_text_len, "out_text_len")
        let ranges = try CInput.output(out_ranges, "out_ranges")
        let rangeCount = try CInput.output(out_range_count, "out_range_count")
        guard ResultsLayout.units.contains(unit) else {
            throw .invalidArgument("unit \(unit) is not an sb_unit (SB_UNIT_BYTES, SB_UNIT_CODE_POINTS or SB_UNIT_UTF16)")
        }
        let layout = try box.layout(sb_unit(rawValue: unit))
        hits.pointee = layout.entries.map { UnsafePointer($0) }
        count.pointee = UInt(box.hits.count)
        text.pointee = UnsafePointer(box.text)
        textLength.pointee = UInt(box.textCount)
        ranges.pointee = layout.ranges
        rangeCount.pointee = UInt(layout.rangeCount)
        return SB_OK
    }
}
