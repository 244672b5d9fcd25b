import CSearchBar
import SearchBarCore

/// Creates an empty index of items.
/// `options`: NULL or SB_INDEX_OPTIONS_INIT for the defaults (no locale, prefix mode, every
/// field, all the pool's threads, no transliteration); any version this library has shipped (a version-1 struct
/// gets the defaults of the fields added later). The index starts no thread: every index of
/// the process shares one executor pool, started with the first index (sb_configure()).
/// On success `*out_index` receives a new handle (NULL on failure).
/// Ownership: the caller owns the handle and releases it with sb_index_free(); the options and
/// their locale string are not retained.
/// Thread safety: any thread.
/// Returns SB_OK; SB_WARN_LOCALE_FALLBACK (a working index with no locale); SB_EINVAL for a NULL
/// out_index, a bad options version, a malformed locale, an unknown mode, unknown field bits,
/// max_threads over 256, transliterate other than 0 or 1 or verify other than 0; SB_ENOMEM when the pool could not start one thread (the process's
/// thread limit; a later call tries again).
@c public func sb_index_new(
    _ options: UnsafePointer<sb_index_options>?, _ out_index: UnsafeMutablePointer<sb_index_ref?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_index, "out_index")
        out.pointee = nil
        let o = try options.map { (p) throws(SearchBarError) in
            try StructVersions.indexOptions.read(p, "options", defaults: sb_index_options())
        } ?? sb_index_options()
        let locale = try CInput.locale(o.locale)
        let matchMode = try IndexInput.indexMode(o.mode)
        let fieldSet = try IndexInput.fields(o.fields)
        guard o.max_threads <= 256 else {
            throw .invalidArgument("options.max_threads is \(o.max_threads); at most 256 are allowed")
        }
        let transliterate = try SessionCInput.flag(o.transliterate, "options.transliterate")
        guard try !SessionCInput.flag(o.verify, "options.verify") else {
            throw .invalidArgument("options.verify is 1; it applies to sb_index_open() only")
        }
        let index = try SearchIndex(
            locale: locale, mode: matchMode, fields: fieldSet, threads: Int(o.max_threads), transliterate: transliterate)
        out.pointee = HandleRegistry.register(index)
        return localeStatus(locale)
    }
}

/// Copies the index's options into `*out_options`: the fields of the version the caller set in
/// `out_options->version`, and nothing past them. `locale` receives the index's locale tag
/// ("" for none), in storage the library keeps for the life of the process; `max_threads` the
/// number of pool threads a search of the index runs on; `transliterate` 1 when the index
/// transliterates; `verify` 0.
/// Ownership: `out_options` is the caller's; do not free `locale`.
/// Thread safety: any thread, concurrently with searches and writers.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL out_options, a version of 0 or newer than the
/// library's).
@c public func sb_index_get_options(_ index: sb_index_ref?, _ out_options: UnsafeMutablePointer<sb_index_options>?)
    -> sb_status
{
    guarded { () throws(SearchBarError) in
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        let out = try CInput.output(out_options, "out_options")
        let options = sb_index_options(
            version: StructVersions.indexOptions.latest, mode: object.defaultMode.rawValue,
            fields: object.fields.rawValue, locale: InternedStrings.pointer(object.locale.identifier),
            max_threads: UInt32(object.threadCount), transliterate: object.transliterates ? 1 : 0, verify: 0)
        try StructVersions.indexOptions.write(options, to: out, "out_options")
        return SB_OK
    }
}

/// Releases an index. Its background merge is cancelled and has stopped when this returns.
/// Pending asynchronous searches are cancelled and their callbacks have
/// returned when this returns (unless it is called from inside one of this index's callbacks,
/// which is misuse: the remaining callbacks then still run later; from inside another index's
/// callback it waits as usual). NULL is a no-op; a handle that is not a live index is left alone,
/// and so is an index in a child process forked after it was made (whose threads stayed in the
/// parent: every call on it returns SB_EMISUSE there).
/// Searches that had not started when it was called complete with SB_ECANCELED on the calling
/// thread (the pool is shared with other indexes).
/// Ownership: takes ownership of `index`; results already returned stay valid.
/// Thread safety: no other call may be using the index.
/// Returns SB_OK (NULL included); SB_EINVAL for a handle that is not a live index (left alone);
/// SB_EMISUSE in a child process forked after the index was made (left alone).
@discardableResult
@c public func sb_index_free(_ index: sb_index_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        guard let handle = index else { return SB_OK }
        let object = try HandleRegistry.resolve(handle, as: SearchIndex.self, "index")
        object.cancelMergesAndWait()
        object.cancelAllSearchesAndWait()
        HandleRegistry.release(handle, as: SearchIndex.self)
        return SB_OK
    }
}

/// Adds a batch of items; an item whose id is already in the index replaces it, and within the
/// batch the last item with an id wins. Searches running meanwhile see the index before or after
/// the whole batch, never a part of it. The batch is validated first: on error nothing is added.
/// Ownership: nothing is retained; the strings are copied.
/// Thread safety: any thread, concurrently with searches; concurrent writers take turns.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL items with count > 0, NULL text with non-zero
/// length, invalid UTF-8, NaN weight or number, empty attribute name — the message names the
/// item and field); SB_ETOOBIG (a text over 64 MiB, more than 2^26 items).
@c public func sb_index_add(_ index: sb_index_ref?, _ items: UnsafePointer<sb_item>?, _ count: UInt) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        let batch = try IndexInput.items(items, count)
        object.add(batch)
        return SB_OK
    }
}

/// Removes the items with these ids; ids not in the index are ignored.
/// Ownership: nothing is retained.
/// Thread safety: any thread, concurrently with searches; concurrent writers take turns.
/// Returns SB_OK; SB_EINVAL for a bad handle or NULL ids with count > 0; SB_ETOOBIG over 2^26 ids.
@c public func sb_index_remove(_ index: sb_index_ref?, _ ids: UnsafePointer<UInt64>?, _ count: UInt) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        guard count > 0 else { return SB_OK }
        guard let ids else { throw .invalidArgument("ids is NULL but count is \(count)") }
        guard count <= UInt(IndexInput.maxBatch) else {
            throw SearchBarError(.tooBig, "count is \(count); one batch takes at most \(IndexInput.maxBatch) ids")
        }
        object.remove(ids: Array(UnsafeBufferPointer(start: ids, count: Int(count))))
        return SB_OK
    }
}

/// Merges the index's segments into one now, on the calling thread (with the executor pool). A
/// background merge running then gives way at its next check rather than being waited for (it
/// runs at the lowest priority); a merge another sb_index_merge() call runs is waited for.
/// Each add makes a segment of its own, and the index merges
/// them in the background (on the process's `searchbar-merge` thread at the lowest priority;
/// into one segment once adds pause), so a host never has to call this; it is for a host that wants the
/// fastest searches right after a bulk load, or one file segment from sb_index_save().
/// Searches never wait for a merge and never see one change their results: a merged segment
/// holds the same items. Writers may run meanwhile (their new segments may remain).
/// Ownership: nothing changes hands.
/// Thread safety: any thread, concurrently with searches and writers (inside a search callback
/// it holds that callback's pool thread for the length of the merge).
/// Returns SB_OK; SB_EINVAL for a bad handle.
@c public func sb_index_merge(_ index: sb_index_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        object.waitForMerges()
        return SB_OK
    }
}

/// Stores the number of items in the index in `*out_count`.
/// Thread safety: any thread, concurrently with writers (the count of the current snapshot).
/// Returns SB_OK; SB_EINVAL for a bad handle or a NULL out_count.
@c public func sb_index_count(_ index: sb_index_ref?, _ out_count: UnsafeMutablePointer<UInt>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        let out = try CInput.output(out_count, "out_count")
        out.pointee = UInt(object.count)
        return SB_OK
    }
}

/// Adds a batch of items given by column (see sb_packed_items): one UTF-8 buffer and `count + 1`
/// offsets (or NUL separators) per text field, and arrays of ids, scopes and weights. It behaves as sb_index_add()
/// with the same items (an id already in the index is replaced; within the batch the last item
/// with an id wins; searches see the whole batch or none of it; nothing is added on error), but
/// reads the texts in place and checks and decodes them on the executor pool's threads, so a host with its
/// texts already packed (a binding, a file read into memory) adds millions of items without
/// building one sb_item per item. Fastest when the ids ascend strictly and none is in the index
/// yet.
/// `items->count` 0 adds nothing.
/// Ownership: nothing is retained; the texts are copied. The buffers must stay unchanged until the
/// call returns: they are read in place, more than once (a text changed meanwhile may be indexed
/// as a different or replaced text, or refused).
/// Thread safety: any thread, concurrently with searches; concurrent writers take turns.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL items, NULL ids with count > 0, a NULL text buffer
/// whose offsets span bytes, text bytes without offsets, decreasing offsets, offsets past the end
/// of the address space, invalid UTF-8 or an offset inside a character, NaN weight, a
/// `nul_separated` other than 0 or 1, a column length with `nul_separated` 0, a NUL-separated
/// column without `count - 1` NULs — the message names the column and item); SB_ETOOBIG (a text
/// over 64 MiB, a count over 2^26 items).
@c public func sb_index_add_packed(_ index: sb_index_ref?, _ items: UnsafePointer<sb_packed_items>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        guard let items else { throw .invalidArgument("items is NULL") }
        let c = try StructVersions.packedItems.read(items, "items", defaults: sb_packed_items())
        guard let packed = try PackedItems(c, index: object) else { return SB_OK }
        // The fast path builds one segment straight from the columns; it needs ascending ids new
        // to the index and columns a segment can hold.
        if packed.idsAscend && packed.largestColumn < 1 << 30
            && !object.containsAny(of: UnsafeBufferPointer(start: packed.ids, count: packed.count))
        {
            do throws(SearchBarError) {
                try object.add(count: packed.count) { packed.utf8Item($0) }
                return SB_OK
            } catch {
                // A concurrent writer added one of the ids meanwhile: nothing was added; replace below.
            }
        }
        var batch: [IndexItem] = []
        batch.reserveCapacity(packed.count)
        for i in 0..<packed.count { batch.append(packed.item(i)) }
        object.add(batch)
        return SB_OK
    }
}

/// Fills `*options` with version `version` of sb_index_options and its defaults.
/// Ownership: `options` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
@c public func sb_index_options_init(_ options: UnsafeMutablePointer<sb_index_options>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.indexOptions.initialize(options, version, defaults: sb_index_options())
}

/// Fills `*items` with version `version` of sb_packed_items, with no items.
/// Ownership: `items` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL items or a version this library does not know.
@c public func sb_packed_items_init(_ items: UnsafeMutablePointer<sb_packed_items>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.packedItems.initialize(items, version, defaults: sb_packed_items())
}
