import CSearchBar
import Glibc
import SearchBar
import Synchronization
import Testing

/// The index, search and results exports, called as a C host would.
@Suite struct IndexExportTests {
    /// Calls `body` with C items built from (id, title, subtitle) triples.
    func withItems<R>(_ rows: [(UInt64, String, String)], _ body: (UnsafePointer<sb_item>, Int) -> R) -> R {
        var storage: [[CChar]] = []
        var items: [sb_item] = []
        for (id, title, subtitle) in rows {
            storage.append(Array(title.utf8CString))
            storage.append(Array(subtitle.utf8CString))
        }
        return storage.withUnsafeBufferPointer { _ in
            var pointers: [UnsafeMutablePointer<CChar>] = []
            for s in storage {
                let p = UnsafeMutablePointer<CChar>.allocate(capacity: s.count)
                p.initialize(from: s, count: s.count)
                pointers.append(p)
            }
            defer { pointers.forEach { $0.deallocate() } }
            for (k, row) in rows.enumerated() {
                items.append(sb_item(
                    id: row.0, title: pointers[2 * k], title_len: row.1.utf8.count,
                    subtitle: pointers[2 * k + 1], subtitle_len: row.2.utf8.count,
                    keywords: nil, keywords_len: 0, scope: UInt32(row.0 % 2), weight: 0,
                    attributes: nil, attribute_count: 0))
            }
            return items.withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
        }
    }

    func makeIndex() throws -> OpaquePointer {
        var index: OpaquePointer? = nil
        #expect(indexNew("en", max_threads: 2, &index) == SB_OK)
        let handle = try #require(index)
        let status = withItems([
            (1, "Résumé writing", "Careers"), (2, "Saturday market", ""), (3, "Phone repair", "Services"),
            (4, "Café Crème", "Drinks"),
        ]) { sb_index_add(handle, $0, UInt($1)) }
        #expect(status == SB_OK)
        return handle
    }

    /// sb_index_new with version-2 options.
    func indexNew(
        _ locale: String?, mode: UInt32 = 0, fields: UInt32 = 0, max_threads: UInt32 = 0, _ out: UnsafeMutablePointer<OpaquePointer?>?
    ) -> sb_status {
        func make(_ locale: UnsafePointer<CChar>?) -> sb_status {
            var options = sb_index_options(
                version: UInt32(SB_INDEX_OPTIONS_VERSION), mode: mode, fields: fields, locale: locale, max_threads: max_threads,
                transliterate: 0, verify: 0)
            return sb_index_new(&options, out)
        }
        guard let locale else { return make(nil) }
        return locale.withCString { make($0) }
    }

    /// sb_search_options of this header's version, with the defaults.
    func searchOptions() -> sb_search_options {
        var options = sb_search_options()
        options.version = UInt32(SB_SEARCH_OPTIONS_VERSION)
        return options
    }

    /// The number of hits (0 when the handle is not live).
    func count(_ results: OpaquePointer?) -> UInt {
        var count: UInt = 0
        _ = sb_results_count(results, &count)
        return count
    }

    func search(_ index: OpaquePointer, _ query: String, _ options: sb_search_options? = nil) -> [sb_hit] {
        var results: OpaquePointer? = nil
        let status: sb_status
        if var options {
            status = sb_index_search(index, query, UInt(query.utf8.count), &options, &results)
        } else {
            status = sb_index_search(index, query, UInt(query.utf8.count), nil, &results)
        }
        #expect(status == SB_OK)
        defer { _ = sb_results_free(results) }
        var hits: [sb_hit] = []
        for i in 0..<Int64(count(results)) {
            var hit = sb_hit()
            #expect(sb_results_get(results, i, &hit) == SB_OK)
            hit.highlights = nil  // not valid after free
            hits.append(hit)
        }
        return hits
    }

    @Test func addCountSearchRemove() throws {
        let index = try makeIndex()
        defer { _ = sb_index_free(index) }
        var count: UInt = 0
        #expect(sb_index_count(index, &count) == SB_OK)
        #expect(count == 4)
        #expect(search(index, "resume").map(\.id) == [1])
        #expect(search(index, "satuday").map(\.id) == [2])  // one typo
        var ids: [UInt64] = [2, 99]
        #expect(sb_index_remove(index, &ids, 2) == SB_OK)
        #expect(sb_index_count(index, &count) == SB_OK)
        #expect(count == 3)
        #expect(search(index, "saturday").isEmpty)
    }

    @Test func highlightsAreByteRangesOfTheOriginal() throws {
        let index = try makeIndex()
        defer { _ = sb_index_free(index) }
        var results: OpaquePointer? = nil
        #expect(sb_index_search(index, "cafe cre", 8, nil, &results) == SB_OK)
        defer { _ = sb_results_free(results) }
        #expect(count(results) == 1)
        var hit = sb_hit()
        #expect(sb_results_get(results, 0, &hit) == SB_OK)
        #expect(hit.id == 4)
        #expect(hit.field == SB_FIELD_TITLE.rawValue)
        let title = Array("Café Crème".utf8)
        let ranges = UnsafeBufferPointer(start: hit.highlights, count: hit.highlight_count)
        let texts = ranges.map { String(decoding: title[$0.start..<$0.end], as: UTF8.self) }
        #expect(texts == ["Café", "Crè"])  // the prefix "cre" covers the whole grapheme è
    }

    @Test func modesAndScopes() throws {
        let index = try makeIndex()
        defer { _ = sb_index_free(index) }
        var options = searchOptions()
        options.mode = SB_MODE_CONTAINS.rawValue
        #expect(search(index, "umé", options).map(\.id) == [1])
        options.mode = SB_MODE_FUZZY.rawValue
        #expect(search(index, "phrp", options).map(\.id) == [3])
        var scope: UInt32 = 0
        options = searchOptions()
        withUnsafePointer(to: &scope) { scopes in
            options.scopes = scopes
            options.scope_count = 1
            #expect(search(index, "s", options).map(\.id) == [2])  // Saturday (id 2, scope 0), not Services (id 3)
        }
    }

    @Test func invalidArgumentsAreRejected() throws {
        var index: OpaquePointer? = nil
        #expect(indexNew(nil, mode: 9, &index) == SB_EINVAL)
        #expect(String(cString: sb_last_error()).contains("mode"))
        #expect(indexNew(nil, fields: 0x10, &index) == SB_EINVAL)
        #expect(indexNew(nil, max_threads: 100_000, &index) == SB_EINVAL)
        #expect(indexNew(nil, nil) == SB_EINVAL)
        var unversioned = sb_index_options()
        #expect(sb_index_new(&unversioned, &index) == SB_EINVAL, "version 0: the struct was not initialized")
        #expect(String(cString: sb_last_error()).contains("SB_INDEX_OPTIONS_INIT"))
        unversioned.version = UInt32(SB_INDEX_OPTIONS_VERSION) + 1
        #expect(sb_index_new(&unversioned, &index) == SB_EINVAL, "a version newer than the library")
        let handle = try makeIndex()
        defer { _ = sb_index_free(handle) }
        #expect(sb_index_add(handle, nil, 3) == SB_EINVAL)
        let bad: [CChar] = [0x61, CChar(bitPattern: 0xC3), 0x28]
        let status = bad.withUnsafeBufferPointer { p in
            var item = sb_item()
            item.id = 7
            item.title = p.baseAddress
            item.title_len = 3
            return sb_index_add(handle, &item, 1)
        }
        #expect(status == SB_EINVAL)
        #expect(String(cString: sb_last_error()).contains("items[0].title"))
        var item = sb_item()
        item.title_len = Int(bitPattern: UInt.max)  // a huge size_t with a NULL pointer
        #expect(sb_index_add(handle, &item, 1) == SB_EINVAL)
        var results: OpaquePointer? = nil
        #expect(sb_index_search(handle, bad, 3, nil, &results) == SB_EINVAL)
        #expect(results == nil)
        var options = searchOptions()
        options.mode = 42
        #expect(sb_index_search(handle, "a", 1, &options, &results) == SB_EINVAL)
        options = searchOptions()
        options.flags = 0x80
        #expect(sb_index_search(handle, "a", 1, &options, &results) == SB_EINVAL)
        options = searchOptions()
        options.scope_count = 2
        #expect(sb_index_search(handle, "a", 1, &options, &results) == SB_EINVAL)
        #expect(sb_index_search(handle, "resume", 6, nil, &results) == SB_OK)
        var hit = sb_hit()
        #expect(sb_results_get(results, 5, &hit) == SB_EINVAL)
        #expect(sb_results_get(results, 0, nil) == SB_EINVAL)
        #expect(sb_results_free(results) == SB_OK)
        #expect(sb_results_free(results) == SB_EINVAL, "a double free is refused, not followed")
        var hits: UInt = 9
        #expect(sb_results_count(results, &hits) == SB_EINVAL && hits == 0)
        var count: UInt = 0
        #expect(sb_index_count(OpaquePointer(bitPattern: 0x1000), &count) == SB_EINVAL)
        #expect(sb_index_cancel(handle, 12345) == SB_ENOTFOUND)
    }

    /// What an asynchronous callback saw.
    final class AsyncBox: @unchecked Sendable {
        let state = Mutex<(status: sb_status, ids: [UInt64], calls: Int)>((SB_OK, [], 0))
    }

    @Test func asynchronousSearchCallsBackOnce() throws {
        let index = try makeIndex()
        let box = AsyncBox()
        let context = Unmanaged.passRetained(box).toOpaque()
        var ticket: UInt64 = 0
        let status = sb_index_search_async(index, "phone", 5, nil, { context, _, status, results in
            let box = Unmanaged<AsyncBox>.fromOpaque(context!).takeUnretainedValue()
            var ids: [UInt64] = []
            var total: UInt = 0
            _ = sb_results_count(results, &total)
            for i in 0..<Int64(total) {
                var hit = sb_hit()
                _ = sb_results_get(results, i, &hit)
                ids.append(hit.id)
            }
            _ = sb_results_free(results)
            box.state.withLock { $0 = (status, ids, $0.calls + 1) }
        }, context, &ticket)
        #expect(status == SB_OK)
        #expect(ticket != 0)
        #expect(sb_index_free(index) == SB_OK)  // waits for the callback
        Unmanaged<AsyncBox>.fromOpaque(context).release()
        let seen = box.state.withLock { $0 }
        #expect(seen.calls == 1)
        #expect(seen.status == SB_OK || seen.status == SB_ECANCELED)
        if seen.status == SB_OK { #expect(seen.ids == [3]) }
        #expect(sb_index_search_async(index, "x", 1, nil, nil, nil, nil) == SB_EINVAL)
    }
}
