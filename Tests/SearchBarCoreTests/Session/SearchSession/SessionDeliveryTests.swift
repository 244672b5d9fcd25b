import Glibc
import Synchronization
import Testing

@testable import SearchBarCore

/// The event queue, its file descriptor and the callback channel.
@Suite struct SessionDeliveryTests {
    private func readable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    @Test func queueReceivesTheSameEventsAsTheCallback() throws {
        let h = try Harness()
        try h.session.beginEditing()
        try h.type("ab")
        try h.session.submit()
        let queued = h.drainQueue()
        #expect(queued == h.log.all)
        #expect(!queued.isEmpty)
    }

    @Test func descriptorIsReadableExactlyWhileEventsArePending() throws {
        let h = try Harness()
        let fd = h.session.eventFileDescriptor
        #expect(fd >= 0)
        #expect(!readable(fd))
        try h.session.setText("a")
        #expect(readable(fd))
        #expect(h.session.queuedEventCount == 1)
        _ = h.session.nextEvent()
        #expect(!readable(fd))
        try h.session.tapBookmarkButton()
        try h.session.tapBookmarkButton()
        #expect(readable(fd))
        _ = h.session.nextEvent()
        #expect(readable(fd), "still one event left")
        _ = h.session.nextEvent()
        #expect(!readable(fd))
    }

    @Test func nextEventTimesOutWhenEmpty() throws {
        let h = try Harness()
        #expect(h.session.nextEvent(timeout: .zero) == nil)
        #expect(h.session.nextEvent(timeout: .milliseconds(5)) == nil)
    }

    @Test func nextEventWakesForAnEventFromAnotherThread() throws {
        let h = try Harness()
        let session = h.session
        let thread = try #require(startThread {
            // The waiter below blocks on the descriptor; this posts the event it waits for.
            try? session.tapBookmarkButton()
        })
        let event = session.nextEvent(timeout: .seconds(10))
        pthread_join(thread, nil)
        #expect(event?.kind == .bookmarkButton)
    }

    @Test func fullQueueDropsTheOldestAndCounts() throws {
        let h = try Harness(queueCapacity: 3)
        for _ in 0..<5 { try h.session.nextMatch() }
        try h.session.previousMatch()
        #expect(h.session.droppedEventCount == 3)
        #expect(h.drainQueue().map(\.kind) == [.nextMatch, .nextMatch, .previousMatch])
        #expect(h.log.all.count == 6, "the callback channel is not limited")
        try h.session.setEventQueueCapacity(0)
        try h.session.nextMatch()
        #expect(h.session.nextEvent() == nil)
        #expect(throws: SearchBarError.self) { try h.session.setEventQueueCapacity(-1) }
    }

    @Test func vetoesAreNotQueued() throws {
        let h = try Harness()
        try h.session.setText("ab")
        _ = h.drainQueue()
        try h.session.insertText("c", at: 2)
        #expect(!h.drainQueue().contains { $0.kind.isVeto })
        #expect(h.vetoes.kinds == [.shouldChangeText])
    }

    @Test func staleResultsInTheQueueBecomeSuperseded() throws {
        // Results arrive and are queued; before the host drains the queue a newer query starts.
        let h = try Harness()
        try h.session.submit()
        let first = try #require(h.backend.pendingGenerations.last)
        h.backend.complete(first)
        try h.session.setText("newer")
        h.clock.advance(by: .milliseconds(150))
        let kinds = h.drainQueue().filter { $0.generation == first }.map(\.kind)
        #expect(kinds == [.updateSearchResults, .superseded])
    }

    @Test func replacingCallbacksWaitsForARunningCallback() throws {
        let backend = FakeBackend()
        let session = try SearchSession(backend: backend, clock: ManualClock(), recentsDirectory: "/tmp/x")
        let entered = EventSignalForTests()
        let release = EventSignalForTests()
        let finished = Mutex(false)
        try session.setCallbacks(veto: nil) { event in
            guard event.kind == .resultsReady else { return }
            entered.post()
            release.wait()
            finished.withLock { $0 = true }
        }
        try session.submit()
        let generation = session.generation
        let deliverer = try #require(startThread { backend.complete(generation) })
        entered.wait()
        let sawFinished = Mutex<Bool?>(nil)
        let replacer = try #require(startThread {
            try? session.setCallbacks(veto: nil, event: nil)
            sawFinished.withLock { $0 = finished.withLock { $0 } }
        })
        release.post()
        pthread_join(replacer, nil)
        pthread_join(deliverer, nil)
        #expect(sawFinished.withLock { $0 } == true, "setCallbacks returned while the old callback still ran")
    }

    @Test func callbacksAreSerializedAcrossThreads() throws {
        let backend = FakeBackend()
        let session = try SearchSession(backend: backend, clock: ManualClock(), recentsDirectory: "/tmp/x")
        let inside = Mutex(0)
        let overlap = Mutex(false)
        try session.setCallbacks(veto: nil) { _ in
            let depth = inside.withLock { $0 += 1; return $0 }
            if depth > 1 { overlap.withLock { $0 = true } }
            for _ in 0..<200 { _ = inside.withLock { $0 } }
            inside.withLock { $0 -= 1 }
        }
        let threads = (0..<4).compactMap { _ in
            startThread {
                for _ in 0..<200 { try? session.nextMatch() }
            }
        }
        for thread in threads { pthread_join(thread, nil) }
        #expect(!overlap.withLock { $0 })
        #expect(threads.count == 4)
    }
}

/// Starts a thread running `body`.
func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let status = pthread_create(&thread, nil, { raw in
        guard let raw else { return nil }
        Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
        return nil
    }, box)
    return status == 0 ? thread : nil
}
