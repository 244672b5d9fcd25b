// Reproduces the ThreadSanitizer false positive suppressed in Tests/tsan.supp:
//   swiftc -O -sanitize=thread Tests/tsan-mutex-repro.swift -o /tmp/repro && /tmp/repro
// reports "Swift access race" on the array although every access holds the Mutex (5 reports
// with Swift 6.3.1 on 2 cores; 4 threads and 10,000 iterations were not enough contention).
// 15 lines: threads mutate an array only inside Mutex.withLock; under contention TSan reports
// races because the lock's slow path (futex PI, in the uninstrumented Synchronization library)
// hands the lock over without a happens-before edge TSan can see.
import Synchronization
import Glibc
final class Box: Sendable { let m = Mutex<[Int]>([]) }
let box = Box()
var threads: [pthread_t] = []
for _ in 0..<8 {
    var t = pthread_t()
    pthread_create(&t, nil, { _ in
        for i in 0..<200_000 { box.m.withLock { $0.append(i); if $0.count > 64 { $0.removeFirst(32) } } }
        return nil }, nil)
    threads.append(t)
}
for t in threads { pthread_join(t, nil) }
