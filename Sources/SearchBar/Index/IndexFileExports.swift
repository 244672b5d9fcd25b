import CSearchBar
import Glibc
import SearchBarCore

/// Saves the index to the file at `path` (docs/persistent-index.md describes the format): the
/// items as the index holds them, with checksums, written to a temporary file in the same
/// directory that then replaces `path` atomically, so a crash or kill during the save leaves the
/// old file whole. The file holds the items present when the save began (writers running
/// meanwhile are not waited for). Temporary files of processes that died while saving to
/// `path` are removed first.
/// Ownership: nothing is retained.
/// Thread safety: any thread, concurrently with searches and writers.
/// Returns SB_OK; SB_EINVAL (bad handle, NULL, empty or invalid UTF-8 path); SB_EIO when the
/// file cannot be written (the old file is left as it was); SB_ETOOBIG for a locale identifier
/// over 256 bytes.
@c public func sb_index_save(_ index: sb_index_ref?, _ path: UnsafePointer<CChar>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        try object.save(to: try IndexFileInput.path(path))
        return SB_OK
    }
}

/// Opens an index saved by sb_index_save(). The locale, default mode and fields come from the
/// file; `options` (NULL or SB_INDEX_OPTIONS_INIT for the file's settings) may set `mode` (the
/// default match mode, SB_MODE_DEFAULT for the file's) and `max_threads`; a `locale` or
/// `fields` set there must equal the file's, and so must `transliterate` when it is 1 (0 takes
/// the file's: an index saved with transliteration opens with it). Adds and removes on the opened index live in
/// memory until the next save. The file is mapped read-only and its large sections are
/// borrowed from the mapping, unread and uncopied: they cost page cache shared with other
/// processes, not the process's own memory. Before anything is used the open checks the
/// header, the section table, the small sections' checksums and the bounds the search relies
/// on (lengths, offsets, item and term numbers, orders that are permutations); the texts'
/// bytes are not read: their readers decode with repair and never read past a text, so
/// a crafted text gives a wrong string (malformed UTF-8 comes out as U+FFFD), never an
/// out-of-range read or invalid UTF-8 handed to the host. A truncated, foreign or crafted
/// file gives a status or a wrong-but-safe result, never a crash. With `options->verify`
/// 1 it also checks every section's checksum, the texts' UTF-8, and the sort
/// orders (a further pass over the whole file): any damaged byte then gives SB_ECORRUPT, where
/// without it a file damaged inside a large section may open and give wrong results
/// (docs/persistent-index.md). A file
/// saved with another ICU version is rebuilt from the texts it stores (slower, same results).
/// On success `*out_index` receives a new handle (NULL on failure).
/// Ownership: the caller owns the handle and releases it with sb_index_free(); nothing else is
/// retained.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL (NULL out_index, NULL, empty or invalid UTF-8 path, a bad options
/// version, an unknown mode, max_threads over 256, transliterate or verify other than 0 or 1, a locale,
/// fields or transliteration other than the file's);
/// SB_ENOTFOUND when there is no file at `path`; SB_EIO when it cannot be read; SB_ECORRUPT
/// when it is not an index file, has another format version, or is truncated, damaged or
/// inconsistent; SB_ENOMEM as sb_index_new().
@c public func sb_index_open(
    _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<sb_index_options>?,
    _ out_index: UnsafeMutablePointer<sb_index_ref?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_index, "out_index")
        out.pointee = nil
        let file = try IndexFileInput.path(path)
        let o = try options.map { (p) throws(SearchBarError) in
            try StructVersions.indexOptions.read(p, "options", defaults: sb_index_options())
        } ?? sb_index_options()
        let mode = o.mode == 0 ? nil : try IndexInput.indexMode(o.mode)
        let fields = o.fields == 0 ? nil : try IndexInput.fields(o.fields)
        let locale = try o.locale.map { (p) throws(SearchBarError) in try CInput.locale(p) }
        guard o.max_threads <= 256 else {
            throw .invalidArgument("options.max_threads is \(o.max_threads); at most 256 are allowed")
        }
        let transliterate = try SessionCInput.flag(o.transliterate, "options.transliterate")
        let verify = try SessionCInput.flag(o.verify, "options.verify")
        let index = try SearchIndex.open(path: file, mode: mode, threads: Int(o.max_threads), verify: verify)
        if transliterate && !index.transliterates {
            throw .invalidArgument("options.transliterate is 1; the file's index was saved without transliteration")
        }
        if let fields, fields != index.fields {
            throw .invalidArgument("options.fields is \(fields.rawValue); the file's index has fields \(index.fields.rawValue)")
        }
        if let locale, locale.identifier != index.locale.identifier {
            throw .invalidArgument("options.locale is \"\(locale)\"; the file's index has locale \"\(index.locale)\"")
        }
        out.pointee = HandleRegistry.register(index)
        return SB_OK
    }
}

/// Validation of index file arguments.
enum IndexFileInput {
    /// The longest path accepted (PATH_MAX).
    static let maxPathBytes = 4096

    /// A NUL-terminated, non-empty UTF-8 path.
    static func path(_ pointer: UnsafePointer<CChar>?) throws(SearchBarError) -> String {
        guard let pointer else { throw .invalidArgument("path is NULL") }
        let length = strnlen(pointer, maxPathBytes + 1)
        guard length > 0 else { throw .invalidArgument("path is empty") }
        guard length <= maxPathBytes else { throw .invalidArgument("path is longer than \(maxPathBytes) bytes") }
        return try CInput.text(pointer, UInt(length), "path")
    }
}
