import Glibc
import Synchronization
import Testing

@testable import SearchBarCore

/// A session on a ``HostClock``: timers fire only through ``SearchSession/runDueTimers()``, on
/// the calling thread, and a new earliest deadline wakes the host through the event descriptor.
@Suite struct SessionHostClockTests {
    private func makeSession(delay: Duration = .milliseconds(40)) throws -> (SearchSession, FakeBackend) {
        let backend = FakeBackend()
        let session = try SearchSession(
            backend: backend, clock: HostClock(), recentsDirectory: "/tmp/searchbar-session-tests-unused")
        try session.setTiming(SearchTiming(delay: delay, stallThreshold: .zero))
        return (session, backend)
    }

    private func readable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    @Test func theDelayedSearchRunsOnlyThroughRunDueTimers() throws {
        let (session, backend) = try makeSession()
        #expect(try session.timeUntilNextTimer() == nil)
        try session.insertText("ca", at: 0)
        let wait = try #require(try session.timeUntilNextTimer())
        #expect(wait > 0 && wait <= 40_000_000)
        usleep(120_000)
        #expect(backend.queries.isEmpty, "no library thread fired the delay")
        #expect(try session.timeUntilNextTimer() == 0)
        #expect(try session.runDueTimers() == 1)
        #expect(backend.queries.map(\.text) == ["ca"])
        #expect(try session.timeUntilNextTimer() == nil)
        #expect(try session.runDueTimers() == 0)
    }

    @Test func anEarlierDeadlineRaisesTheDescriptorUntilTheHostReadsIt() throws {
        let (session, _) = try makeSession()
        try session.setEventQueueCapacity(0)
        let fd = session.eventFileDescriptor
        #expect(!readable(fd))
        try session.insertText("a", at: 0)  // arms the delay: no event queued, still a wake-up
        #expect(readable(fd))
        _ = try session.timeUntilNextTimer()
        #expect(!readable(fd))
        try session.insertText("b", at: 1)  // the delay starts again: a new earliest timer
        #expect(readable(fd))
        #expect(try session.timeUntilNextTimer() != nil)
        #expect(!readable(fd))
    }

    @Test func otherClocksRefuseHostCalls() throws {
        let session = try SearchSession(clock: ManualClock(), recentsDirectory: "/tmp/searchbar-session-tests-unused")
        #expect(throws: SearchBarError.self) { try session.timeUntilNextTimer() }
        #expect(throws: SearchBarError.self) { try session.runDueTimers() }
    }
}
