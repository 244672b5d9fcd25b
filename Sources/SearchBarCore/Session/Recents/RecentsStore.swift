import Glibc

/// A named recent-search list on disk, shared by every session and process that uses the name:
/// `<name>.json` holds the lists (written atomically, see ``RecentsFile``) and
/// `<name>.json.journal` the changes made since, one JSON line each. Both are read and changed
/// only under an exclusive `flock` of the journal, so concurrent writers merge: each first
/// applies the changes the others appended since it last looked, then appends its own. A change
/// costs one appended line and one `fdatasync`; when the journal outgrows the lists, the lists
/// are rewritten and the journal restarts (with a new id, so other sessions reload).
///
/// Used under its session's operation lock.
final class RecentsStore: @unchecked Sendable {
    /// The lists' file.
    let file: RecentsFile
    /// The lists as of the journal's first `offset` bytes.
    private var synced = RecentSearches()
    /// The id in the journal's header when it was last read; nil before.
    private var journalID: String?
    /// How many bytes of the journal `synced` includes.
    private var offset = 0

    /// A journal this large (or larger than the lists) is folded into the lists.
    static let compactionBytes = 256 << 10
    /// How long to wait for another writer's lock before giving up.
    static let lockTimeoutMilliseconds = 10_000

    init(file: RecentsFile) {
        self.file = file
    }

    /// The journal's path.
    var journalPath: String { file.path + ".journal" }

    /// What ``load(policy:now:fold:)`` found.
    struct Loaded {
        /// The entries that could be read.
        var recents: RecentSearches
        /// Why some could not (the unreadable file was moved aside), if so.
        var failure: SearchBarError?
        /// Set when an unreadable file could not even be moved aside: nothing may be saved.
        var blocked: String?
    }

    /// Reads the lists and the journal. An unreadable or corrupt part is moved aside to
    /// `<path>.corrupt-<N>` (without the lists the session starts empty; without the journal it
    /// loses only the changes since the lists were last rewritten) and reported in
    /// ``Loaded/failure``.
    func load(policy: RecentsPolicy, now: Int64, fold: (String) -> String) -> Loaded {
        AtomicFile.removeStaleTemporaries(of: file.path)
        journalID = nil
        offset = 0
        synced = RecentSearches()
        unmovable = nil
        movedJournal = nil
        var failure: SearchBarError?
        do {
            failure = try withJournal(create: false) { fd throws(SearchBarError) in
                try catchUp(fd, policy: policy, fold: fold)
            }
        } catch {
            // The journal cannot be opened or locked (a read-only directory, a writer that
            // holds the lock too long): the lists alone, read as they are.
            failure = readLists(fold: fold) ?? (error.code == .io ? nil : error)
        }
        _ = synced.prune(now: now, policy: policy)
        return Loaded(recents: synced, failure: failure ?? movedJournal, blocked: unmovable)
    }

    /// Saves `changes` (already shown by the session): under the lock, applies the changes
    /// other writers made since the last look, then these, appends these to the journal, and
    /// rewrites the lists when the journal has outgrown them (or when `rewrite`, for changes
    /// the journal does not record, such as a lower limit). Returns the merged lists and, if
    /// part of the files had to be moved aside, why. Throws ``SearchBarError/Code/io`` when
    /// the changes could not be saved (the files are then as they were).
    func commit(
        _ changes: [RecentsChange], rewrite: Bool, policy: RecentsPolicy, now: Int64, fold: (String) -> String
    ) throws(SearchBarError) -> (RecentSearches, SearchBarError?) {
        try RecentsFile.makeDirectories(file.directory)
        movedJournal = nil
        do throws(SearchBarError) {
            let (merged, warning) = try withJournal(create: true) { fd throws(SearchBarError) in
                guard let fd else { throw SearchBarError(.io, "cannot create \(journalPath)") }
                let warning = try catchUp(fd, policy: policy, fold: fold)
                if journalMovedAside { return (synced, warning) }  // again, on a fresh journal
                for change in changes { synced.apply(change, policy: policy, fold: fold) }
                let pruned = synced.prune(now: now, policy: policy)
                var lines: [UInt8] = []
                for change in changes { lines += Array(Self.encode(change).utf8) + [0x0A] }
                if rewrite || pruned || !listsExist || offset + lines.count > max(Self.compactionBytes, synced.storedBytes) {
                    do throws(SearchBarError) {
                        try compact(fd)
                        return (synced, warning)
                    } catch {
                        // The lists could not be rewritten (a full disk): the journal still
                        // takes the changes while it stays readable.
                        guard !lines.isEmpty, offset + lines.count <= Self.maximumJournalBytes else { throw error }
                    }
                }
                if !lines.isEmpty {
                    if journalID == nil { try restart(fd) }
                    try append(lines, to: fd)
                }
                return (synced, warning)
            }
            return (merged, warning ?? movedJournal)
        } catch {
            journalID = nil  // `synced` may hold changes that were not saved: reload next time
            throw error
        }
    }

    /// The largest journal written (the reader refuses more than ``RecentsFile/maximumFileBytes``).
    static let maximumJournalBytes = RecentsFile.maximumFileBytes - (64 << 10)

    /// Set by ``readLists(fold:)`` when an unreadable lists file could not be moved aside.
    private var unmovable: String?

    /// Runs `body` with the journal opened and locked (nil when it does not exist and `create`
    /// is false). When `body` moved the journal aside, it runs once more on a fresh journal.
    private func withJournal<R>(create: Bool, _ body: (Int32?) throws(SearchBarError) -> R) throws(SearchBarError) -> R {
        var attempt = 0
        while true {
            attempt += 1
            let fd = try openJournal(create: create)
            defer { fd.map { _ = close($0) } }
            journalMovedAside = false
            let result = try body(fd)
            if !journalMovedAside { return result }
            guard attempt < 2 else { throw SearchBarError(.io, "\(journalPath) was moved aside twice in a row") }
        }
    }

    /// Set when the journal was moved aside while it was open.
    private var journalMovedAside = false
    /// Why the journal was moved aside during the current load or commit, if it was.
    private var movedJournal: SearchBarError?
    /// Whether the lists' file existed when last read or written (a first save writes it).
    private var listsExist = false

    // MARK: - Journal

    /// Opens and locks the journal (creating it if asked); nil when it does not exist and
    /// `create` is false (or its directory does not exist). A symbolic link or non-regular file
    /// at its path is moved aside first.
    private func openJournal(create: Bool) throws(SearchBarError) -> Int32? {
        var waited = 0
        var movedAside = false
        while true {
            let flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | (create ? O_CREAT : 0)
            let fd = open(journalPath, flags, 0o600)
            if fd < 0 {
                let code = errno
                if code == ENOENT && !create { return nil }
                if code == ELOOP && !movedAside {
                    movedAside = true
                    _ = try RecentsFile.moveAside(journalPath)
                    continue
                }
                if code == ENOENT || code == ENOTDIR { return nil }
                throw SearchBarError(.io, "cannot open \(journalPath): \(SystemError.describe(code))")
            }
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                let code = errno
                _ = close(fd)
                throw SearchBarError(.io, "cannot stat \(journalPath): \(SystemError.describe(code))")
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                _ = close(fd)
                guard !movedAside else {
                    throw SearchBarError(.io, "\(journalPath) is \(RecentsFile.fileKind(info.st_mode)), not a regular file")
                }
                movedAside = true
                _ = try RecentsFile.moveAside(journalPath)
                continue
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                _ = close(fd)
                guard code == EWOULDBLOCK || code == EINTR else {
                    throw SearchBarError(.io, "cannot lock \(journalPath): \(SystemError.describe(code))")
                }
                guard waited < Self.lockTimeoutMilliseconds else {
                    throw SearchBarError(
                        .io, "\(journalPath) stayed locked by another writer for \(Self.lockTimeoutMilliseconds / 1000) s")
                }
                _ = usleep(2000)
                waited += 2
                continue
            }
            // Locked: make sure the path still names this file (it may have been moved aside
            // while this process waited).
            var current = stat()
            if lstat(journalPath, &current) != 0 || current.st_ino != info.st_ino || current.st_dev != info.st_dev {
                _ = close(fd)
                continue
            }
            return fd
        }
    }

    /// Brings `synced` up to date with the files (the journal locked as `fd`, or nil when there
    /// is none): only the journal's new lines when it is the same journal, else everything.
    /// A part that cannot be read is moved aside; the returned error says so.
    private func catchUp(_ fd: Int32?, policy: RecentsPolicy, fold: (String) -> String) throws(SearchBarError)
        -> SearchBarError?
    {
        guard let fd else {
            journalID = nil
            offset = 0
            return readLists(fold: fold)
        }
        let size = try Self.size(fd, journalPath)
        guard size <= RecentsFile.maximumFileBytes else {
            let warning = readLists(fold: fold)
            let moved = try quarantineJournal("it is larger than \(RecentsFile.maximumFileBytes) bytes")
            return warning ?? moved
        }
        let head = try Self.read(fd, journalPath, from: 0, to: min(size, 512))
        let header = head.firstIndex(of: 0x0A)
        let id = header.flatMap { Self.decodeHeader(head[..<$0]) }
        if let id, id == journalID, size >= offset {
            // The same journal: only what the other writers appended since.
            return try replay(Self.read(fd, journalPath, from: offset, to: size), at: offset, fd: fd, policy: policy, fold: fold)
        }
        // Another journal (restarted by another writer, or moved aside) or none yet: reload.
        let warning = readLists(fold: fold)
        journalID = nil
        offset = 0
        guard let header else {
            // Empty, or a header torn by a writer that died (it is written alone and synced
            // before any change): an empty journal. Anything longer is not a journal.
            if size >= head.count && size >= 512 {
                let moved = try quarantineJournal("its first line is not a searchbar recents-journal header")
                return warning ?? moved
            }
            if size > 0 { try truncate(fd, to: 0) }
            return warning
        }
        guard let id else {
            let moved = try quarantineJournal("its first line is not a searchbar recents-journal header")
            return warning ?? moved
        }
        journalID = id
        offset = header + 1
        let replayed = try replay(Self.read(fd, journalPath, from: offset, to: size), at: offset, fd: fd, policy: policy, fold: fold)
        return warning ?? replayed
    }

    /// Applies the complete lines of `bytes` (the journal from byte `start`); a torn last line
    /// (a writer died while appending it, under the lock this process now holds) is cut off.
    private func replay(_ bytes: [UInt8], at start: Int, fd: Int32, policy: RecentsPolicy, fold: (String) -> String)
        throws(SearchBarError) -> SearchBarError?
    {
        var position = 0
        while position < bytes.count {
            guard let end = bytes[position...].firstIndex(of: 0x0A) else {
                try truncate(fd, to: start + position)
                break
            }
            guard let change = Self.decode(bytes[position..<end]) else {
                return try quarantineJournal("its line at byte \(start + position) is not a recent-search change")
            }
            synced.apply(change, policy: policy, fold: fold)
            position = end + 1
        }
        offset = start + position
        return nil
    }

    /// Moves the journal aside: the changes it recorded since the lists were last rewritten
    /// are lost to this list.
    private func quarantineJournal(_ reason: String) throws(SearchBarError) -> SearchBarError {
        let aside = try RecentsFile.moveAside(journalPath)
        journalID = nil
        offset = 0
        journalMovedAside = true
        let failure = SearchBarError(
            .corrupt, "\(journalPath): \(reason); it was moved to \(aside) and the searches it recorded are lost")
        movedJournal = failure
        return failure
    }

    /// Replaces `synced` with the lists' file (empty when there is none). An unreadable file is
    /// moved aside; the returned error says so.
    private func readLists(fold: (String) -> String) -> SearchBarError? {
        synced = RecentSearches()
        listsExist = false
        do {
            if let lists = try file.load() {
                synced = RecentSearches(lists: lists, fold: fold)
                listsExist = true
            }
            return nil
        } catch {
            do {
                let aside = try file.quarantine()
                return SearchBarError(error.code, "\(error.message); the file was moved to \(aside) and recent searches start empty")
            } catch let moveError {
                unmovable = "\(file.path) could not be read or moved aside, so it is not overwritten"
                return SearchBarError(
                    error.code, "\(error.message); \(moveError.message); recent searches start empty and are not saved")
            }
        }
    }

    /// Writes the lists and restarts the journal. The lists are replaced atomically first: if
    /// the process dies before the journal restarts, replaying the old journal on the new lists
    /// gives the same lists again.
    private func compact(_ fd: Int32) throws(SearchBarError) {
        try file.save(synced.lists)
        listsExist = true
        try restart(fd)
    }

    /// Empties the journal and writes a new header (a new id: other sessions reload).
    private func restart(_ fd: Int32) throws(SearchBarError) {
        let id = String(UInt64.random(in: .min ... .max), radix: 16)
        let header = Array(Self.encodeHeader(id).utf8) + [0x0A]
        try truncate(fd, to: 0)
        journalID = nil
        offset = 0
        try append(header, to: fd)
        journalID = id
    }

    /// Appends `bytes` at `offset` and syncs them; on failure cuts the journal back.
    private func append(_ bytes: [UInt8], to fd: Int32) throws(SearchBarError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written, off_t(offset + written))
            }
            if count < 0 {
                if errno == EINTR { continue }
                let error = SearchBarError(.io, "cannot write \(journalPath): \(SystemError.describe(errno))")
                _ = ftruncate(fd, off_t(offset))
                throw error
            }
            written += count
        }
        guard fdatasync(fd) == 0 else {
            let error = SearchBarError(.io, "cannot sync \(journalPath): \(SystemError.describe(errno))")
            _ = ftruncate(fd, off_t(offset))
            throw error
        }
        offset += bytes.count
    }

    private func truncate(_ fd: Int32, to length: Int) throws(SearchBarError) {
        guard ftruncate(fd, off_t(length)) == 0 else {
            throw SearchBarError(.io, "cannot truncate \(journalPath): \(SystemError.describe(errno))")
        }
    }

    private static func size(_ fd: Int32, _ path: String) throws(SearchBarError) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SearchBarError(.io, "cannot stat \(path): \(SystemError.describe(errno))") }
        return Int(info.st_size)
    }

    /// Bytes `start..<end` of the file.
    private static func read(_ fd: Int32, _ path: String, from start: Int, to end: Int) throws(SearchBarError) -> [UInt8] {
        guard end > start else { return [] }
        var bytes = [UInt8](repeating: 0, count: end - start)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(start + done)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SearchBarError(.io, "cannot read \(path): \(SystemError.describe(errno))")
            }
            if count == 0 { break }  // shorter than its size a moment ago
            done += count
        }
        return Array(bytes[..<done])
    }

    // MARK: - Lines

    static let journalFormat = "searchbar-recents-journal"

    static func encodeHeader(_ id: String) -> String {
        JSONValue.object([("format", .string(journalFormat)), ("version", .integer(1)), ("id", .string(id))]).encoded
    }

    private static func decodeHeader(_ line: ArraySlice<UInt8>) -> String? {
        do throws(SearchBarError) {
            var fields = try JSONFields(try JSONParser.parse(bytes: Array(line)), "journal")
            guard try fields.string("format") == journalFormat, try fields.int64("version") == 1 else { return nil }
            let id = try fields.string("id")
            try fields.finish()
            return id.isEmpty ? nil : id
        } catch {
            return nil
        }
    }

    static func encode(_ change: RecentsChange) -> String {
        switch change {
        case .add(let list, let text, let time):
            JSONValue.object([("op", .string("add")), ("list", .string(list)), ("text", .string(text)), ("time", .integer(time))]).encoded
        case .remove(let list, let text):
            JSONValue.object([("op", .string("remove")), ("list", .string(list)), ("text", .string(text))]).encoded
        case .clear:
            JSONValue.object([("op", .string("clear"))]).encoded
        }
    }

    static func decode(_ line: ArraySlice<UInt8>) -> RecentsChange? {
        do throws(SearchBarError) {
            var fields = try JSONFields(try JSONParser.parse(bytes: Array(line)), "journal")
            let change: RecentsChange
            switch try fields.string("op") {
            case "add":
                change = .add(list: try fields.string("list"), text: try fields.string("text"), time: try fields.int64("time"))
            case "remove":
                change = .remove(list: try fields.string("list"), text: try fields.string("text"))
            case "clear":
                change = .clear
            default:
                return nil
            }
            try fields.finish()
            return change
        } catch {
            return nil
        }
    }
}
