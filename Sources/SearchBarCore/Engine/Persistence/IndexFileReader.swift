import Glibc

/// Reads an index file (``IndexFileLayout``), treating every byte as hostile: the header and
/// section table are checked (magic, format version, lengths, alignment, order, checksum) when
/// it is made. Small sections are read with `pread` into arrays the segments keep, their
/// checksums checked as they are read; the large ones (``column(_:_:of:)``) are borrowed from
/// a read-only shared mapping of the file (``FileMapping``), unread, so their pages are page
/// cache, not the process's own memory, and an open does not touch them.
final class IndexFileReader {
    /// One section table entry.
    struct Entry {
        var kind: UInt32
        var segment: UInt32
        var offset: Int
        var length: Int
        var checksum: UInt64
    }

    let path: String
    private let fd: Int32
    /// The file's length.
    let fileLength: Int
    /// The index's default mode, fields and locale identifier.
    let mode: MatchMode
    let fields: SearchFields
    let localeIdentifier: String
    /// True when the index was made with `transliterate` (``IndexFileLayout/Flags``).
    let transliterated: Bool
    /// The ICU and collator versions the file's keys were made with.
    let icuVersion: [UInt8]
    let collatorVersion: [UInt8]
    /// The number of segments.
    let segmentCount: Int
    private let entries: [Entry]
    /// The whole file, mapped read-only.
    private let mapping: FileMapping

    /// Opens and checks the header and section table. Throws ``SearchBarError/Code/notFound``
    /// (no such file), ``SearchBarError/Code/io`` (it cannot be read) or
    /// ``SearchBarError/Code/corrupt`` (not an index file, another format version, truncated,
    /// damaged).
    init(path: String) throws(SearchBarError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw SearchBarError(
                code == ENOENT ? .notFound : .io, "cannot open index file \(path): \(String(cString: strerror(code)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            _ = close(fd)
            throw SearchBarError(.io, "index file \(path) is not a regular file")
        }
        self.fd = fd
        fileLength = Int(info.st_size)
        func corrupt(_ what: String) -> SearchBarError { SearchBarError(.corrupt, "index file \(path): \(what)") }
        // Header.
        typealias H = IndexFileLayout.Header
        let header: [UInt8]
        do throws(SearchBarError) { header = try Self.read(fd, at: 0, count: min(fileLength, IndexFileLayout.headerSize), path: path) } catch {
            _ = close(fd)
            throw error
        }
        do throws(SearchBarError) {
            guard header.count >= 8, Array(header[0..<8]) == IndexFileLayout.magic else {
                throw corrupt("not a searchbar index file (wrong magic bytes)")
            }
            guard header.count == IndexFileLayout.headerSize else {
                throw corrupt("truncated: \(fileLength) bytes, shorter than the header")
            }
            let version = header.load(UInt32.self, at: H.formatVersion)!
            guard version == IndexFileLayout.formatVersion else {
                throw corrupt("format version \(version); this library reads version \(IndexFileLayout.formatVersion)")
            }
            guard header.load(UInt32.self, at: H.headerSize)! == UInt32(IndexFileLayout.headerSize) else {
                throw corrupt("header size \(header.load(UInt32.self, at: H.headerSize)!) is not \(IndexFileLayout.headerSize)")
            }
            let declared = header.load(UInt64.self, at: H.fileLength)!
            guard declared == UInt64(fileLength) else {
                throw corrupt(
                    declared > UInt64(fileLength)
                        ? "truncated: \(fileLength) of \(declared) bytes" : "\(UInt64(fileLength) - declared) bytes past its end")
            }
            let sectionCount = Int(header.load(UInt32.self, at: H.sectionCount)!)
            let segments = Int(header.load(UInt32.self, at: H.segmentCount)!)
            guard segments <= IndexFileLayout.maxSegments, sectionCount == segments * IndexFileLayout.sectionsPerSegment else {
                throw corrupt("\(sectionCount) sections for \(segments) segments")
            }
            let tableEnd = IndexFileLayout.headerSize + sectionCount * IndexFileLayout.entrySize
            guard tableEnd <= fileLength else { throw corrupt("truncated inside the section table") }
            let table = try Self.read(fd, at: IndexFileLayout.headerSize, count: tableEnd - IndexFileLayout.headerSize, path: path)
            guard IndexFileLayout.headerChecksum(header: header, table: table) == header.load(UInt64.self, at: H.checksum)!
            else { throw corrupt("the header or section table is damaged (checksum mismatch)") }
            // Settings.
            let flags = header.load(UInt32.self, at: H.flags)!
            guard flags & ~IndexFileLayout.Flags.known == 0 else { throw corrupt("unknown flags \(flags)") }
            guard let mode = MatchMode(rawValue: header.load(UInt32.self, at: H.mode)!) else {
                throw corrupt("unknown default mode \(header.load(UInt32.self, at: H.mode)!)")
            }
            let fields = SearchFields(rawValue: header.load(UInt32.self, at: H.fields)!)
            guard !fields.isEmpty, fields.intersection(.all) == fields else {
                throw corrupt("bad field set \(fields.rawValue)")
            }
            let localeLength = Int(header.load(UInt32.self, at: H.localeLength)!)
            guard localeLength <= IndexFileLayout.maxLocaleBytes else { throw corrupt("locale of \(localeLength) bytes") }
            let localeBytes = Array(header[H.locale..<H.locale + localeLength])
            guard localeBytes.withUnsafeBufferPointer({ UTF8Codec.isValid($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }),
                !localeBytes.contains(0)
            else { throw corrupt("the locale is not valid UTF-8") }
            // Sections: in segment and kind order, aligned, ascending, inside the file.
            var entries: [Entry] = []
            entries.reserveCapacity(sectionCount)
            var end = tableEnd
            let kinds = IndexFileLayout.Section.allCases
            for k in 0..<sectionCount {
                let at = k * IndexFileLayout.entrySize
                let offset = table.load(UInt64.self, at: at + 8)!
                let length = table.load(UInt64.self, at: at + 16)!
                let entry = Entry(
                    kind: table.load(UInt32.self, at: at)!, segment: table.load(UInt32.self, at: at + 4)!,
                    offset: Int(truncatingIfNeeded: min(offset, UInt64(Int.max))),
                    length: Int(truncatingIfNeeded: min(length, UInt64(Int.max))),
                    checksum: table.load(UInt64.self, at: at + 24)!)
                let expected = kinds[k % kinds.count]
                guard entry.kind == expected.rawValue, Int(entry.segment) == k / kinds.count else {
                    throw corrupt("section \(k) is kind \(entry.kind) of segment \(entry.segment); expected \(expected) of segment \(k / kinds.count)")
                }
                guard offset % UInt64(IndexFileLayout.alignment) == 0, offset >= UInt64(end),
                    length <= UInt64(fileLength), offset <= UInt64(fileLength) - length
                else { throw corrupt("section \(k) (\(expected)) lies outside the file or overlaps another") }
                end = entry.offset + entry.length
                entries.append(entry)
            }
            self.mode = mode
            self.fields = fields
            localeIdentifier = String(decoding: localeBytes, as: UTF8.self)
            transliterated = flags & IndexFileLayout.Flags.transliterated != 0
            icuVersion = Array(header[H.icuVersion..<H.icuVersion + 4])
            collatorVersion = Array(header[H.collatorVersion..<H.collatorVersion + 4])
            segmentCount = segments
            self.entries = entries
            mapping = try FileMapping(fd: fd, length: fileLength, path: path)
        } catch {
            _ = close(fd)
            throw error
        }
    }

    deinit { _ = close(fd) }

    /// The table entry of section `kind` of segment `segment`.
    func entry(_ segment: Int, _ kind: IndexFileLayout.Section) -> Entry {
        entries[segment * IndexFileLayout.sectionsPerSegment + Int(kind.rawValue - 1)]
    }

    /// Section `kind` of segment `segment` as an array of `T`; throws
    /// ``SearchBarError/Code/corrupt`` when its length is not a whole number of values or its
    /// checksum does not match, ``SearchBarError/Code/io`` when it cannot be read.
    func array<T: FixedWidthInteger>(_ segment: Int, _ kind: IndexFileLayout.Section, of type: T.Type) throws(SearchBarError) -> [T] {
        let entry = entry(segment, kind)
        let size = MemoryLayout<T>.size
        guard entry.length % size == 0 else {
            throw SearchBarError(.corrupt, "index file \(path): section \(kind) of segment \(segment) is \(entry.length) bytes, not a multiple of \(size)")
        }
        var failure: SearchBarError?
        let values = [T].uninitialized(capacity: entry.length / size) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<entry.length])
            if let error = Self.readInto(fd, raw, at: entry.offset, path: path) {
                failure = error
                raw.initializeMemory(as: UInt8.self, repeating: 0)
            }
            initialized = entry.length / size
        }
        if let failure { throw failure }
        let checksum = values.withUnsafeBytes { XXHash64.hash($0) }
        guard checksum == entry.checksum else {
            throw SearchBarError(.corrupt, "index file \(path): section \(kind) of segment \(segment) is damaged (checksum mismatch)")
        }
        return values
    }

    /// Section `kind` of segment `segment` as a column of `T` borrowed from the mapped file,
    /// unread (its checksum is the caller's to check, ``entry(_:_:)`` has it); throws
    /// ``SearchBarError/Code/corrupt`` when its length is not a whole number of values.
    func column<T: FixedWidthInteger>(_ segment: Int, _ kind: IndexFileLayout.Section, of type: T.Type)
        throws(SearchBarError) -> Column<T>
    {
        let entry = entry(segment, kind)
        let size = MemoryLayout<T>.size
        guard entry.length % size == 0, entry.offset % MemoryLayout<T>.alignment == 0 else {
            throw SearchBarError(.corrupt, "index file \(path): section \(kind) of segment \(segment) is \(entry.length) bytes, not a multiple of \(size)")
        }
        return mapping.column(at: entry.offset, count: entry.length / size, of: T.self)
    }

    /// `count` bytes at `offset`.
    private static func read(_ fd: Int32, at offset: Int, count: Int, path: String) throws(SearchBarError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let failure = bytes.withUnsafeMutableBytes { readInto(fd, $0, at: offset, path: path) }
        if let failure { throw failure }
        return bytes
    }

    /// Fills `buffer` from `offset`; an error when the file ends first or a read fails.
    private static func readInto(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int, path: String)
        -> SearchBarError?
    {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                return SearchBarError(.io, "cannot read index file \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { return SearchBarError(.corrupt, "index file \(path): truncated while it was read") }
            done += n
        }
        return nil
    }
}
