import Glibc

/// The file a named recent-search list is saved to (NSSearchField's `recentsAutosaveName`):
/// `<directory>/<name>.json`, written atomically (temporary file, fsync, rename, fsync of the
/// directory); the changes made since it was written are in `<name>.json.journal` (see
/// ``RecentsStore``). A file that cannot be read or parsed is moved aside to
/// `<name>.json.corrupt-<N>`, never overwritten.
struct RecentsFile: Sendable {
    /// The directory.
    let directory: String
    /// The list's name.
    let name: String

    /// The longest name accepted.
    static let maximumNameLength = 128
    /// The largest file read.
    static let maximumFileBytes = 4 << 20

    /// Checks `name` (letters, digits, `.`, `_`, `-`; not starting with `.`).
    init(directory: String, name: String) throws(SearchBarError) {
        guard !name.isEmpty, name.utf8.count <= Self.maximumNameLength, name.first != ".",
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-") })
        else {
            throw .invalidArgument(
                "recents name \"\(name)\" must be 1-\(Self.maximumNameLength) ASCII letters, digits, '.', '_' or '-', not starting with '.'")
        }
        self.directory = directory
        self.name = name
    }

    /// The file's path.
    var path: String { directory + "/" + name + ".json" }

    /// Validates a directory given by the host: absolute, no NUL.
    static func checkDirectory(_ directory: String) throws(SearchBarError) -> String {
        guard directory.hasPrefix("/"), !directory.utf8.contains(0), directory.utf8.count < 3000 else {
            throw .invalidArgument("the recents directory must be an absolute path")
        }
        var trimmed = directory
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// `$XDG_STATE_HOME/searchbar/recents`, else `$HOME/.local/state/searchbar/recents`, else
    /// `/tmp/searchbar-<uid>/recents`.
    static func defaultDirectory() -> String {
        if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), state.hasPrefix("/") {
            return state + "/searchbar/recents"
        }
        if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") {
            return home + "/.local/state/searchbar/recents"
        }
        return "/tmp/searchbar-\(getuid())/recents"
    }

    // MARK: - Reading

    /// Reads the lists; nil when the file does not exist.
    /// Throws ``SearchBarError/Code/io`` when it cannot be read and
    /// ``SearchBarError/Code/corrupt`` when it is not a valid recents file.
    func load() throws(SearchBarError) -> [String: [RecentSearch]]? {
        guard let bytes = try Self.readFile(path) else { return nil }
        return try Self.decode(bytes)
    }

    /// Reads a whole regular file of at most ``maximumFileBytes``; nil when it does not exist.
    /// The open never blocks (a FIFO at the path would otherwise wait for a writer forever) and
    /// anything but a regular file is refused with ``SearchBarError/Code/io``.
    static func readFile(_ path: String) throws(SearchBarError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw SearchBarError(.io, "cannot open \(path): \(SystemError.describe(code))")
        }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw SearchBarError(.io, "cannot stat \(path): \(SystemError.describe(errno))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SearchBarError(.io, "\(path) is \(fileKind(info.st_mode)), not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SearchBarError(.io, "cannot read \(path): \(SystemError.describe(errno))")
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= maximumFileBytes else {
                throw SearchBarError(.corrupt, "\(path) is larger than \(maximumFileBytes) bytes")
            }
        }
        return bytes
    }

    static func decode(_ bytes: [UInt8]) throws(SearchBarError) -> [String: [RecentSearch]] {
        var root = try JSONFields(try JSONParser.parse(bytes: bytes), "recents")
        guard try root.string("format") == "searchbar-recents" else {
            throw SearchBarError(.corrupt, "recents.format is not \"searchbar-recents\"")
        }
        guard try root.int64("version") == 1 else { throw SearchBarError(.corrupt, "recents.version is not 1") }
        guard case .object(let lists) = try root.value("lists") else {
            throw SearchBarError(.corrupt, "recents.lists is not an object")
        }
        try root.finish()
        var result: [String: [RecentSearch]] = [:]
        for (key, value) in lists {
            guard case .array(let items) = value else {
                throw SearchBarError(.corrupt, "recents.lists[\"\(key)\"] is not an array")
            }
            guard items.count <= RecentsPolicy.maximumLimit else {
                throw SearchBarError(.corrupt, "recents.lists[\"\(key)\"] has more than \(RecentsPolicy.maximumLimit) entries")
            }
            var list: [RecentSearch] = []
            for item in items {
                var fields = try JSONFields(item, "recents.lists[\"\(key)\"][\(list.count)]")
                list.append(RecentSearch(text: try fields.string("text"), time: try fields.int64("time")))
                try fields.finish()
            }
            result[key] = list
        }
        return result
    }

    static func encode(_ lists: [String: [RecentSearch]]) -> String {
        let members = lists.keys.sorted().map { key -> (String, JSONValue) in
            let items = (lists[key] ?? []).map { entry -> JSONValue in
                .object([("text", .string(entry.text)), ("time", .integer(entry.time))])
            }
            return (key, .array(items))
        }
        return JSONValue.object([
            ("format", .string("searchbar-recents")), ("version", .integer(1)), ("lists", .object(members)),
        ]).encoded + "\n"
    }

    // MARK: - Writing

    /// Writes the lists atomically, creating the directory if needed.
    /// Throws ``SearchBarError/Code/io`` on failure (the previous file is then intact).
    func save(_ lists: [String: [RecentSearch]]) throws(SearchBarError) {
        try Self.makeDirectories(directory)
        try AtomicFile.write(Array(Self.encode(lists).utf8), to: path)
    }

    /// Moves the file aside to the first free `<path>.corrupt-<N>`; returns the new path.
    func quarantine() throws(SearchBarError) -> String {
        try Self.moveAside(path)
    }

    /// Moves `path` aside to the first free `<path>.corrupt-<N>`; returns the new path.
    static func moveAside(_ path: String) throws(SearchBarError) -> String {
        for n in 1...9999 {
            let target = "\(path).corrupt-\(n)"
            var info = stat()
            if lstat(target, &info) == 0 { continue }
            guard rename(path, target) == 0 else {
                throw SearchBarError(.io, "cannot move \(path) aside to \(target): \(SystemError.describe(errno))")
            }
            return target
        }
        throw SearchBarError(.io, "cannot move \(path) aside: too many .corrupt files")
    }

    static func makeDirectories(_ directory: String) throws(SearchBarError) {
        var prefix = ""
        for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw SearchBarError(.io, "cannot create directory \(prefix): \(SystemError.describe(errno))")
            }
        }
    }

    /// "a FIFO", "a directory"... for a message.
    static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}
