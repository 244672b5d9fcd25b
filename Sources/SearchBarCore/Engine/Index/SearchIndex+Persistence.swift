extension SearchIndex {
    /// Saves the index to `path` as an index file (docs/persistent-index.md): the current
    /// snapshot's segments as they are in memory, with checksums, written to a temporary file
    /// in the same directory that replaces `path` atomically (a crash or kill during the save
    /// leaves the old file whole). Writers running meanwhile are not waited for: the file holds
    /// the snapshot current when the save began. Temporary files left by processes that died
    /// during a save of the same path are removed first.
    /// - Throws: ``SearchBarError/Code/io`` when the file cannot be written (the old file is
    ///   left as it was), ``SearchBarError/Code/tooBig`` for a locale identifier over 256 bytes.
    public func save(to path: String) throws(SearchBarError) {
        try Self.checkPath(path)
        AtomicFile.removeStaleTemporaries(of: path)
        try IndexFileWriter.write(
            snapshot,
            IndexFileWriter.Settings(
                locale: locale, mode: defaultMode, fields: fields, collatorVersion: analysis.collator.version,
                transliterated: transliterates),
            to: path)
    }

    /// Opens an index saved by ``save(to:)``: locale, default mode, fields and transliteration come from the
    /// file; adds and removes on the opened index live in memory until the next save. The
    /// file's large sections are borrowed from a read-only mapping, not copied. The file is
    /// treated as hostile: the header, the section table and the bounds the search relies on
    /// (lengths, offsets, item and term numbers, the orders being permutations) are checked
    /// before anything is used, and the texts' readers decode with repair (never reading past a
    /// text), so a crafted file gives an error or wrong results, never a crash; with
    /// `verify` the large sections' checksums, the texts' UTF-8 and the sort orders
    /// are checked too (a damaged
    /// file that passes the bounds otherwise opens and gives wrong results; see
    /// ``SegmentDecoder``). A file saved with another ICU version (whose folded keys and
    /// collation keys may differ) is rebuilt: its items are analysed again from the original
    /// texts it stores.
    /// - Parameters:
    ///   - path: the file.
    ///   - mode: the default match mode, or nil for the file's.
    ///   - threads: as in ``init(locale:mode:fields:threads:)``.
    ///   - verify: also check the checksum of every section and the invariants only the
    ///     correctness of results depends on (one more pass over the whole file).
    /// - Throws: ``SearchBarError/Code/notFound`` (no file), ``SearchBarError/Code/io`` (it
    ///   cannot be read), ``SearchBarError/Code/corrupt`` (not an index file, another format
    ///   version, truncated, damaged or inconsistent), or what ``init(locale:mode:fields:threads:)``
    ///   throws.
    public static func open(path: String, mode: MatchMode? = nil, threads: Int = 0, verify: Bool = false)
        throws(SearchBarError) -> SearchIndex
    {
        try checkPath(path)
        let reader = try IndexFileReader(path: path)
        let locale: SearchLocale
        do throws(SearchBarError) {
            locale = reader.localeIdentifier.isEmpty ? SearchLocale.none : try SearchLocale(reader.localeIdentifier)
        } catch {
            throw SearchBarError(.corrupt, "index file \(path): bad locale: \(error.message)")
        }
        guard !locale.isFallback else {
            throw SearchBarError(.corrupt, "index file \(path): locale \(reader.localeIdentifier) is not available here")
        }
        let index: SearchIndex
        do throws(SearchBarError) {
            index = try SearchIndex(
                locale: locale, mode: mode ?? reader.mode, fields: reader.fields, threads: threads,
                transliterate: reader.transliterated)
        } catch let error where error.code == .invalidArgument && threads >= 0 && threads <= 256 {
            throw SearchBarError(.corrupt, "index file \(path): locale \(reader.localeIdentifier): \(error.message)")
        }
        var views: [SegmentView] = []
        for s in 0..<reader.segmentCount {
            views.append(
                try SegmentDecoder(reader: reader, segment: s, fields: reader.fields, verify: verify).decode(pool: index.pool))
        }
        let sameKeys = reader.icuVersion == IndexFileLayout.icuVersion
            && reader.collatorVersion == IndexFileLayout.versionBytes(index.analysis.collator.version)
        if sameKeys {
            index.install(views)
        } else {
            index.rebuild(from: views)
        }
        return index
    }

    /// Adds the live items of `views` analysed again (their keys came from another ICU version).
    private func rebuild(from views: [SegmentView]) {
        for view in views {
            add((0..<view.segment.count).filter(view.isLive).map(view.segment.item))
        }
    }

    /// A path is non-empty and has no NUL.
    private static func checkPath(_ path: String) throws(SearchBarError) {
        guard !path.isEmpty, !path.utf8.contains(0) else { throw .invalidArgument("the index file path is empty or holds a NUL") }
    }
}
