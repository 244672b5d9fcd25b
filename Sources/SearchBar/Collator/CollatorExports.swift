import CSearchBar
import SearchBarCore

/// Creates a collator that orders strings the way the locale's users expect (the locale's
/// standard collation, numeric ordering on: "File1" < "file2" < "file10").
/// `locale`: BCP 47 tag or ICU id, NUL-terminated; NULL, "" or "und" for the root order.
/// On success `*out_collator` receives a new handle (set to NULL on failure).
/// Ownership: the caller owns the handle and releases it with sb_collator_free().
/// Thread safety: a collator may be used from several threads at once.
/// Returns SB_OK; SB_WARN_LOCALE_FALLBACK (a valid root collator); SB_EINVAL for a NULL
/// out_collator or a malformed locale; SB_EINTERNAL if ICU cannot open a collator.
@c public func sb_collator_new(
    _ locale: UnsafePointer<CChar>?, _ out_collator: UnsafeMutablePointer<sb_collator_ref?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_collator, "out_collator")
        out.pointee = nil
        let locale = try CInput.locale(locale)
        let collator = try Collator(locale: locale)
        out.pointee = HandleRegistry.register(collator)
        return localeStatus(locale)
    }
}

/// Releases a collator. NULL is a no-op (SB_OK); a handle that is not a live collator is left
/// alone.
/// Ownership: takes ownership of `collator`.
/// Thread safety: no other thread may be using the collator.
/// Returns SB_OK; SB_EINVAL for a handle that is not a live collator (a double free).
@discardableResult
@c public func sb_collator_free(_ collator: sb_collator_ref?) -> sb_status {
    freeHandle(collator, as: Collator.self, "collator")
}

/// Compares two UTF-8 strings in the collator's order; `*out_order` receives -1, 0 or 1.
/// Thread safety: any thread, concurrently on one collator.
/// Returns SB_OK; SB_EINVAL for a bad handle, NULL out_order, NULL text with non-zero length or
/// invalid UTF-8; SB_ETOOBIG.
@c public func sb_collator_compare(
    _ collator: sb_collator_ref?, _ a: UnsafePointer<CChar>?, _ a_len: UInt,
    _ b: UnsafePointer<CChar>?, _ b_len: UInt, _ out_order: UnsafeMutablePointer<Int32>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let collator = try HandleRegistry.resolve(collator, as: Collator.self, "collator")
        let out = try CInput.output(out_order, "out_order")
        let order = collator.compare(try CInput.text(a, a_len, "a"), try CInput.text(b, b_len, "b"))
        out.pointee = order < 0 ? -1 : (order > 0 ? 1 : 0)
        return SB_OK
    }
}

/// Computes the sort key of a UTF-8 string: comparing two keys with memcmp() (shorter first on
/// a tie) gives the same order as sb_collator_compare(). Keys depend on the ICU version.
/// On success `*out_key` receives the key bytes (NUL-terminated for convenience) and
/// `*out_len` their count without the NUL.
/// Ownership: the caller releases `*out_key` with sb_free().
/// Thread safety: any thread, concurrently on one collator.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL outputs, bad text); SB_ETOOBIG; SB_ENOMEM.
@c public func sb_collator_sort_key(
    _ collator: sb_collator_ref?, _ text: UnsafePointer<CChar>?, _ text_len: UInt,
    _ out_key: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ out_len: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let collator = try HandleRegistry.resolve(collator, as: Collator.self, "collator")
        let keyOut = try CInput.output(out_key, "out_key")
        let lengthOut = try CInput.output(out_len, "out_len")
        keyOut.pointee = nil
        lengthOut.pointee = 0
        let key = collator.sortKey(try CInput.text(text, text_len, "text"))
        keyOut.pointee = try COutput.bytes(key)
        lengthOut.pointee = UInt(key.count)
        return SB_OK
    }
}

/// Sorts an array of UTF-8 strings: fills `out_order[0..count)` with the indices of `strings` in
/// collation order (a stable sort: equal strings keep their input order).
/// `strings[i]` has `lengths[i]` bytes; `lengths` may be NULL when every string is NUL-terminated.
/// Ownership: nothing is retained; `out_order` is the caller's array of `count` elements.
/// Thread safety: any thread, concurrently on one collator.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL arrays with count > 0, a NULL string with non-zero
/// length, invalid UTF-8 — the message names the index); SB_ETOOBIG (a string over 64 MiB, more
/// than 2^31 - 1 strings); SB_ENOMEM.
@c public func sb_collator_sort(
    _ collator: sb_collator_ref?, _ strings: UnsafePointer<UnsafePointer<CChar>?>?,
    _ lengths: UnsafePointer<UInt>?, _ count: UInt, _ out_order: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let collator = try HandleRegistry.resolve(collator, as: Collator.self, "collator")
        guard count > 0 else { return SB_OK }
        guard count <= UInt(Int32.max) else {
            throw SearchBarError(.tooBig, "count is \(count); at most \(Int32.max) strings are sorted at once")
        }
        guard let strings else { throw .invalidArgument("strings is NULL but count is \(count)") }
        let out = try CInput.output(out_order, "out_order")
        var decoded: [String] = []
        decoded.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let name = "strings[\(i)]"
            if let lengths {
                decoded.append(try CInput.text(strings[i], lengths[i], name))
            } else {
                guard let string = try CInput.optionalCString(strings[i], name) else {
                    throw .invalidArgument("\(name) is NULL")
                }
                decoded.append(string)
            }
        }
        for (position, index) in collator.sortedIndices(decoded).enumerated() {
            out[position] = UInt(index)
        }
        return SB_OK
    }
}

/// Sorts `count` UTF-8 strings packed end to end in one buffer: string i is bytes
/// [offsets[i], offsets[i + 1]) of `bytes` (`offsets` has `count + 1` non-decreasing entries).
/// Fills `out_order[0..count)` with the indices of the strings in collation order (stable, as
/// sb_collator_sort()). A binding or a host with its strings in one buffer avoids building an
/// array of pointers.
/// Ownership: nothing is retained; `out_order` is the caller's array of `count` elements.
/// Thread safety: any thread, concurrently on one collator.
/// Returns SB_OK (count 0 sorts nothing); SB_EINVAL (bad handle, NULL offsets or out_order with
/// count > 0, NULL bytes whose offsets span bytes, decreasing offsets, offsets past the end of the
/// address space, invalid UTF-8 or an offset inside a character — the message names the string);
/// SB_ETOOBIG (a string over 64 MiB, more than 2^31 - 1 strings); SB_ENOMEM.
@c public func sb_collator_sort_packed(
    _ collator: sb_collator_ref?, _ bytes: UnsafePointer<CChar>?, _ offsets: UnsafePointer<UInt>?, _ count: UInt,
    _ out_order: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let collator = try HandleRegistry.resolve(collator, as: Collator.self, "collator")
        guard count > 0 else { return SB_OK }
        guard count <= UInt(Int32.max) else {
            throw SearchBarError(.tooBig, "count is \(count); at most \(Int32.max) strings are sorted at once")
        }
        guard offsets != nil else { throw .invalidArgument("offsets is NULL but count is \(count)") }
        let out = try CInput.output(out_order, "out_order")
        let column = try PackedColumn(bytes, offsets, count: Int(count), name: "bytes", offsetsName: "offsets")
        var decoded: [String] = []
        decoded.reserveCapacity(Int(count))
        for i in 0..<Int(count) { decoded.append(column.text(i)) }
        for (position, index) in collator.sortedIndices(decoded).enumerated() {
            out[position] = UInt(index)
        }
        return SB_OK
    }
}
