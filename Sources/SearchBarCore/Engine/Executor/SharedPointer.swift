/// A raw pointer that the tasks of one ``ParallelJob`` write through, each task to its own
/// elements only (so no two threads touch the same memory). The owner of the memory keeps it
/// alive until the job has finished.
struct SharedPointer<Element>: @unchecked Sendable {
    /// The first element.
    let base: UnsafeMutablePointer<Element>

    /// A view of `base`.
    init(_ base: UnsafeMutablePointer<Element>) { self.base = base }

    /// Element `i`.
    @inline(__always) subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }
}

extension ThreadPool {
    /// Runs `body(task)` for every task in `0 ..< taskCount` on the calling thread and the
    /// pool's threads; returns when all have run.
    func forEach(_ taskCount: Int, _ body: @escaping @Sendable (_ task: Int) -> Void) {
        guard taskCount > 0 else { return }
        if taskCount == 1 {
            body(0)
            return
        }
        run(ParallelJob(taskCount: taskCount, maxParticipants: threadCount, cancellation: nil) { _, task in body(task) })
    }
}

extension Array where Element: BitwiseCopyable {
    /// An array of `count` elements that `fill` initializes through a pointer (every element
    /// must be written; `fill` may hand the pointer to a parallel job that ends before it returns).
    /// `fill` runs even for no elements (it may fill other arrays too).
    static func filled(count: Int, _ fill: (SharedPointer<Element>) -> Void) -> [Element] {
        [Element].uninitialized(capacity: count) { buffer, initialized in
            fill(SharedPointer(buffer.baseAddress!))
            initialized = count
        }
    }
}
