import Glibc

/// Starts the executor's own threads (the pool's and the merge thread): a POSIX thread named
/// as hosts see it in top, gdb and /proc/<pid>/task/*/comm, running one closure, which holds
/// what it captures until it returns.
enum ThreadStart {
    /// The closure and name a new thread starts with (passed through pthread_create's pointer).
    private final class Start: @unchecked Sendable {
        let name: String
        let body: () -> Void
        init(name: String, body: @escaping () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// A new thread named `name` that runs `body`; nil when the system refused one.
    static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        let created = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
            ThreadPool.nameCurrentThread(start.name)
            start.body()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
