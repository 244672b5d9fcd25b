import CSearchBar
import SearchBarCore

/// Stores the number of items the search matched in `*out_total`: the hits returned, those
/// skipped by sb_search_options.offset and those beyond its limit. `*out_is_exact` receives 1
/// when the total is exact: always with SB_SEARCH_EXACT_TOTAL; otherwise when the search
/// selected fewer hits than offset + limit (every match is among them), or an empty query
/// lists every item (SB_SEARCH_LIST_ALL without scopes or filters). Otherwise it receives 0 and
/// the total is a lower bound: offset + limit, the hits the search selected ("50+").
/// For a session's results it is the total of the session's search (its own count of hits
/// for a session without an index).
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK; SB_EINVAL for a bad handle or a NULL output (outputs are then 0).
@c public func sb_results_total(
    _ results: sb_results_ref?, _ out_total: UnsafeMutablePointer<UInt>?, _ out_is_exact: UnsafeMutablePointer<Int32>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        out_total?.pointee = 0
        out_is_exact?.pointee = 0
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let total = try CInput.output(out_total, "out_total")
        let exact = try CInput.output(out_is_exact, "out_is_exact")
        total.pointee = UInt(box.total)
        exact.pointee = box.totalIsExact ? 1 : 0
        return SB_OK
    }
}

/// The original UTF-8 text of field `field` (an sb_field value) of hit `i` in `*out_text` and
/// `*out_len` (NUL-terminated, but it may hold NULs of its own: use the length), and what the
/// query matched in it in `*out_ranges` and `*out_range_count`: sorted, disjoint byte ranges of
/// that text, as sb_hit.highlights are for the hit's own field (NULL and 0 when nothing matched
/// there). A title hit whose subtitle holds a query word has the subtitle's ranges here. The
/// text is empty when the item has none in that field or the index does not store it.
/// Ownership: text and ranges belong to `results` and stay valid until sb_results_free().
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK; SB_EINVAL for a bad handle, a NULL output, `i` out of range or a field that is
/// not an sb_field value (outputs are then NULL and 0).
@c public func sb_results_field(
    _ results: sb_results_ref?, _ i: Int64, _ field: UInt32, _ out_text: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ out_len: UnsafeMutablePointer<UInt>?, _ out_ranges: UnsafeMutablePointer<UnsafePointer<sb_range>?>?,
    _ out_range_count: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        out_text?.pointee = nil
        out_len?.pointee = 0
        out_ranges?.pointee = nil
        out_range_count?.pointee = 0
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let text = try CInput.output(out_text, "out_text")
        let length = try CInput.output(out_len, "out_len")
        let ranges = try CInput.output(out_ranges, "out_ranges")
        let rangeCount = try CInput.output(out_range_count, "out_range_count")
        guard i >= 0, i < Int64(box.hits.count) else {
            throw .invalidArgument("index \(i) is out of range (results has \(box.hits.count) hits)")
        }
        guard let field = SearchField(rawValue: field) else {
            throw .invalidArgument("field \(field) is not an sb_field value (0...2)")
        }
        let entry = box.fieldEntry(Int(i), Int(field.rawValue))
        text.pointee = UnsafePointer(box.text + entry.text_offset)
        length.pointee = UInt(entry.text_len)
        if entry.highlight_count > 0, let block = box.ranges {
            ranges.pointee = UnsafePointer(block + entry.highlight_offset)
            rangeCount.pointee = UInt(entry.highlight_count)
        }
        return SB_OK
    }
}

/// Every field of every hit in one call, in the unit the caller indexes text by: `*out_fields`
/// receives `*out_count` entries, three per hit (hit i's field f is entry 3 * i + f), whose
/// offsets index the text block and range block that sb_results_export() returns for the same
/// unit (in SB_UNIT_BYTES, also those of sb_results_data()).
/// Ownership: the array belongs to `results` and stays valid until sb_results_free().
/// Thread safety: any thread, concurrently on one results object.
/// Returns SB_OK (NULL and 0 when there are no hits); SB_EINVAL for a bad handle, a unit that is
/// not an sb_unit value or a NULL output (outputs are then NULL and 0); SB_ENOMEM.
@c public func sb_results_fields(
    _ results: sb_results_ref?, _ unit: UInt32, _ out_fields: UnsafeMutablePointer<UnsafePointer<sb_field_entry>?>?,
    _ out_count: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        out_fields?.pointee = nil
        out_count?.pointee = 0
        let box = try HandleRegistry.resolve(results, as: ResultsBox.self, "results")
        let fields = try CInput.output(out_fields, "out_fields")
        let count = try CInput.output(out_count, "out_count")
        guard ResultsLayout.units.contains(unit) else {
            throw .invalidArgument("unit \(unit) is not an sb_unit (SB_UNIT_BYTES, SB_UNIT_CODE_POINTS or SB_UNIT_UTF16)")
        }
        let layout = try box.layout(sb_unit(rawValue: unit))
        fields.pointee = layout.fields.map { UnsafePointer($0) }
        count.pointee = UInt(box.hits.count * 3)
        return SB_OK
    }
}
