import Glibc

/// Runs `first` on a new thread and `second` on the calling thread, and returns when both are
/// done. Used to spread one large, splittable job (sort keys of many strings) over two cores;
/// if a thread cannot be started, `first` runs on the calling thread too.
func runInParallel(_ first: @escaping @Sendable () -> Void, _ second: () -> Void) {
    final class Job: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let job = Unmanaged.passRetained(Job(first))
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { raw in
        guard let raw else { return nil }
        let job = Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue() as? Job
        job?.body()
        return nil
    }, job.toOpaque())
    if started != 0 {
        job.takeRetainedValue().body()
        second()
        return
    }
    second()
    pthread_join(thread, nil)
}
