import Glibc
import Synchronization

/// Replaces a file so that a crash leaves either the old or the new content, never a mix:
/// write a temporary file in the same directory, fsync it, rename it over the target, fsync
/// the directory.
enum AtomicFile {
    /// Writes `bytes` to `path` atomically. Throws ``SearchBarError/Code/io``; the temporary file
    /// is removed on failure.
    static func write(_ bytes: [UInt8], to path: String) throws(SearchBarError) {
        try write(to: path) { (sink) throws(SearchBarError) in
            let failed = bytes.withUnsafeBytes { buffer -> SearchBarError? in
                do throws(SearchBarError) { try sink.write(buffer) } catch { return error }
                return nil
            }
            if let failed { throw failed }
        }
    }

    /// Writes what `fill` gives its ``Sink`` to `path` atomically (a large file is streamed,
    /// never held whole). Throws ``SearchBarError/Code/io`` or what `fill` throws; the temporary
    /// file is removed on failure.
    static func write(to path: String, _ fill: (Sink) throws(SearchBarError) -> Void) throws(SearchBarError) {
        let temporary = "\(path).tmp-\(getpid())-\(counter.next())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create", temporary) }
        do throws(SearchBarError) {
            try fill(Sink(fd: fd, path: temporary))
        } catch {
            _ = close(fd)
            _ = unlink(temporary)
            throw error
        }
        guard fsync(fd) == 0 else {
            let error = failure("fsync", temporary)
            _ = close(fd)
            _ = unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let error = failure("close", temporary)
            _ = unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure("rename to \(path)", temporary)
            _ = unlink(temporary)
            throw error
        }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let dfd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            _ = fsync(dfd)
            _ = close(dfd)
        }
    }

    /// The temporary file being written by ``write(to:_:)``.
    struct Sink {
        fileprivate let fd: Int32
        fileprivate let path: String

        /// Appends `bytes`. Throws ``SearchBarError/Code/io``.
        func write(_ bytes: UnsafeRawBufferPointer) throws(SearchBarError) {
            var written = 0
            while written < bytes.count {
                let count = Glibc.write(fd, bytes.baseAddress.map { $0 + written }, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw AtomicFile.failure("write", path)
                }
                written += count
            }
        }
    }

    /// Removes the temporary files `write(_:to:)` left for `path` in processes that died before
    /// renaming them (a crash or SIGKILL mid-save), so they do not pile up. A file whose process
    /// is alive (or whose pid now belongs to another live process) is left alone. Best effort:
    /// errors are ignored.
    static func removeStaleTemporaries(of path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = parts.last else { return }
        let directory = parts.dropLast().joined(separator: "/")
        let prefix = "\(last).tmp-"
        guard let dir = opendir(directory.isEmpty ? "/" : directory) else { return }
        defer { _ = closedir(dir) }
        var stale: [String] = []
        while let entry = readdir(dir) {
            // Read the name in place up to its NUL: readdir's record holds only d_reclen bytes,
            // so copying the whole d_name array reads uninitialised memory past the name.
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0,
                pid != getpid()
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { stale.append(name) }
        }
        for name in stale { _ = unlink("\(directory)/\(name)") }
    }

    /// Where `d_name` starts in a `dirent`.
    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    fileprivate static func failure(_ step: String, _ path: String) -> SearchBarError {
        SearchBarError(.io, "cannot \(step) \(path): \(SystemError.describe(errno))")
    }

    /// Distinguishes temporary files of concurrent writers in one process.
    private static let counter = Counter()

    private final class Counter: Sendable {
        private let value = Mutex<UInt64>(0)
        func next() -> UInt64 { value.withLock { $0 &+= 1; return $0 } }
    }
}
