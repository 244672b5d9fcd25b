import Glibc
import Synchronization

/// Replaces a file so that a crash leaves either the old or the new content, never a mix:
/// write a temporary file in the same directory, fsync it, rename it over the target, fsync
/// the directory.
enum AtomicFile {
    /// Writes `bytes` to `path` atomically. Throws ``SearchBarError/Code/io``; the temporary file
    /// is removed on failure.
    static func write(_ bytes: [UInt8], to path: String) throws(SearchBarError) {
        let temporary = "\(path).tmp-\(getpid())-\(counter.next())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure("create", temporary) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let error = failure("write", temporary)
                _ = close(fd)
                _ = unlink(temporary)
                throw error
            }
            written += count
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

    private static func failure(_ step: String, _ path: String) -> SearchBarError {
        SearchBarError(.io, "cannot \(step) \(path): \(RecentsFile.describe(errno))")
    }

    /// Distinguishes temporary files of concurrent writers in one process.
    private static let counter = Counter()

    private final class Counter: Sendable {
        private let value = Mutex<UInt64>(0)
        func next() -> UInt64 { value.withLock { $0 &+= 1; return $0 } }
    }
}
