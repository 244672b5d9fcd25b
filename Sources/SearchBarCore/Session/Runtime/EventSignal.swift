import Glibc

/// A file descriptor that is readable exactly while a session has queued events, so a GLib,
/// asyncio, Qt or `poll()` loop can wait on it without polling.
///
/// An `eventfd` (looked up at run time: Swift's Glibc module does not import it), or a
/// non-blocking pipe where `eventfd` is missing. Every method but ``wait(timeoutMilliseconds:)``
/// is called under the session's lock, so the readable state always matches the queue.
///
/// Closing wakes the threads waiting in ``wait(timeoutMilliseconds:)`` (closing a descriptor
/// does not wake a `poll` on it) and closes the descriptors when the last of them has left, so
/// none polls a number the process may have reused.
final class EventSignal: @unchecked Sendable {
    /// The descriptor the host polls.
    let readFD: Int32
    private let writeFD: Int32
    private var raised = false
    private var closed = false
    /// Threads between ``beginWait()`` and ``endWait()``.
    private var waiters = 0
    private var descriptorsOpen = true

    private typealias EventFDFunction = @convention(c) (UInt32, Int32) -> Int32

    init() throws(SearchBarError) {
        if let symbol = dlsym(nil, "eventfd") {
            let eventfd = unsafeBitCast(symbol, to: EventFDFunction.self)
            let fd = eventfd(0, O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 {
                readFD = fd
                writeFD = fd
                return
            }
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw SearchBarError(.io, "could not create the event descriptor (errno \(errno))")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    /// Makes the descriptor readable (idempotent).
    func raise() {
        guard !raised, !closed else { return }
        if post() { raised = true }
    }

    /// Writes one token, which makes the descriptor readable.
    private func post() -> Bool {
        var one: UInt64 = 1
        let size = readFD == writeFD ? 8 : 1
        return withUnsafeBytes(of: &one, { write(writeFD, $0.baseAddress, size) }) == size
    }

    /// Makes the descriptor unreadable (idempotent).
    func lower() {
        guard raised, !closed else { return }
        var buffer = (UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &buffer, { read(readFD, $0.baseAddress, $0.count) }) > 0 {}
        raised = false
    }

    /// Stops signalling: wakes the waiting threads and closes the descriptors, at once when none
    /// waits, else when the last one leaves.
    func close() {
        guard !closed else { return }
        closed = true
        if waiters > 0 {
            if !raised { _ = post() }
        } else {
            closeDescriptors()
        }
    }

    private func closeDescriptors() {
        guard descriptorsOpen else { return }
        descriptorsOpen = false
        _ = Glibc.close(readFD)
        if writeFD != readFD { _ = Glibc.close(writeFD) }
    }

    /// Registers the calling thread as about to ``wait(timeoutMilliseconds:)``; false (do not
    /// wait) once closed.
    func beginWait() -> Bool {
        guard !closed else { return false }
        waiters += 1
        return true
    }

    /// Ends a wait begun with ``beginWait()``; the last waiter out of a closed signal closes it.
    func endWait() {
        waiters -= 1
        if closed && waiters == 0 { closeDescriptors() }
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) for the descriptor to be readable.
    /// Call without the session's lock, between ``beginWait()`` and ``endWait()``.
    func wait(timeoutMilliseconds: Int32) -> Bool {
        var entry = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&entry, 1, timeoutMilliseconds)
            if result >= 0 { return result > 0 }
            if errno != EINTR { return false }
        }
    }

    deinit {
        closed = true
        closeDescriptors()
    }
}
