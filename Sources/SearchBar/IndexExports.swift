import CSearchBar
import SearchBarCore

/// Creates an empty index of items.
/// `locale`: BCP 47 tag or ICU id, NUL-terminated; NULL, "" or "und" for no locale (hard folding).
/// `mode`: the default sb_match_mode of searches (SB_MODE_DEFAULT means SB_MODE_PREFIX).
/// `fields`: SB_FIELDS_* mask of the fields to store and search; 0 means SB_FIELDS_ALL.
/// `threads`: executor threads (0 = one per processor; at most 256); the index never starts more,
/// and runs with fewer when the system refuses some.
/// On success `*out_index` receives a new handle (NULL on failure).
/// Ownership: the caller owns the handle and releases it with sb_index_free().
/// Thread safety: any thread.
/// Returns SB_OK; SB_WARN_LOCALE_FALLBACK (a working index with no locale); SB_EINVAL for a NULL
/// out_index, a malformed locale, an unknown mode, unknown field bits or too many threads;
/// SB_ENOMEM when not one executor thread could be started (the process's thread limit).
@c public func sb_index_new(
    _ locale: UnsafePointer<CChar>?, _ mode: UInt32, _ fields: UInt32, _ threads: UInt32,
    _ out_index: UnsafeMutablePointer<sb_index_ref?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_index, "out_index")
        out.pointee = nil
        let locale = try CInput.locale(locale)
        let matchMode = try IndexInput.indexMode(mode)
        let fieldSet = try IndexInput.fields(fields)
        guard threads <= 256 else { throw .invalidArgument("threads is \(threads); at most 256 are allowed") }
        let index = try SearchIndex(locale: locale, mode: matchMode, fields: fieldSet, threads: Int(threads))
        out.pointee = HandleRegistry.register(index)
        return localeStatus(locale)
    }
}

/// Releases an index. Pending asynchronous searches are cancelled and their callbacks have
/// returned when this returns (unless it is called from inside one of this index's callbacks,
/// which is misuse: the remaining callbacks then still run later; from inside another index's
/// callback it waits as usual). NULL is a no-op; a handle that is not a live index is left alone,
/// and so is an index in a child process forked after it was made (whose threads stayed in the
/// parent: every call on it returns SB_EMISUSE there).
/// Ownership: takes ownership of `index`; results already returned stay valid.
/// Thread safety: no other call may be using the index.
@c public func sb_index_free(_ index: sb_index_ref?) {
    guard let handle = index, let object = try? HandleRegistry.resolve(handle, as: SearchIndex.self, "index") else {
        return
    }
    object.cancelAllSearchesAndWait()
    HandleRegistry.release(handle, as: SearchIndex.self)
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
/// offsets per text field, and arrays of ids, scopes and weights. It behaves as sb_index_add()
/// with the same items (an id already in the index is replaced; within the batch the last item
/// with an id wins; searches see the whole batch or none of it; nothing is added on error), but
/// reads the texts in place and decodes them on the index's threads, so a host with its texts
/// already packed (a binding, a file read into memory) adds millions of items without building
/// one sb_item per item. Fastest when the ids ascend strictly and none is in the index yet.
/// `items->count` 0 adds nothing.
/// Ownership: nothing is retained; the texts are copied.
/// Thread safety: any thread, concurrently with searches; concurrent writers take turns.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL items, NULL ids with count > 0, a NULL text buffer
/// whose offsets span bytes, text bytes without offsets, decreasing offsets, offsets past the end
/// of the address space, invalid UTF-8 or an offset inside a character, NaN weight — the message
/// names the column and item); SB_ETOOBIG (a text over 64 MiB, a count over 2^26 items).
@c public func sb_index_add_packed(_ index: sb_index_ref?, _ items: UnsafePointer<sb_packed_items>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        guard let items else { throw .invalidArgument("items is NULL") }
        guard let packed = try PackedItems(items.pointee) else { return SB_OK }
        // The fast path builds one segment straight from the columns; it needs ascending ids new
        // to the index and columns a segment can hold.
        if packed.idsAscend && packed.largestColumn < 1 << 30
            && !object.containsAny(of: UnsafeBufferPointer(start: packed.ids, count: packed.count))
        {
            do throws(SearchBarError) {
                try object.add(count: packed.count) { packed.item($0) }
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
