@testable import SearchBarCore
import Testing

/// ``MemoryTrim/duringBuild(_:)``: a build runs under the tight trim threshold however builds
/// nest and overlap, and gets its result or error through.
@Suite("Support: memory trim during builds")
struct MemoryTrimTests {
    private struct Failure: Error, Equatable {}

    /// The threshold a build must see: the tight one, unless this process leaves them to glibc
    /// (a sanitizer's allocator, or the host set them).
    private var expectedInBuild: Int32? { MemoryTrim.setsThresholds ? MemoryTrim.buildTopLimit : nil }

    @Test func passesTheResultAndTheErrorThrough() {
        #expect(MemoryTrim.duringBuild { 42 } == 42)
        #expect(throws: Failure.self) { try MemoryTrim.duringBuild { () throws(Failure) -> Int in throw Failure() } }
    }

    /// Nested and overlapping builds (several threads) all run under the tight threshold, and an
    /// inner one ending does not loosen it for the outer one.
    @Test func nestedAndOverlappingBuildsKeepTheTightThreshold() async {
        let expected = expectedInBuild
        MemoryTrim.duringBuild {
            #expect(MemoryTrim.topLimit == expected)
            MemoryTrim.duringBuild { #expect(MemoryTrim.topLimit == expected) }
            #expect(MemoryTrim.topLimit == expected, "after an inner build ended")
        }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<50).allSatisfy { _ in MemoryTrim.duringBuild { MemoryTrim.topLimit == expected } }
                }
            }
            for await allTight in group { #expect(allTight) }
        }
    }

    /// Indexes build through it: a batch added and found again (the build's memory bound set
    /// and lifted around it changes nothing it finds).
    @Test func anIndexBuildsUnderIt() throws {
        let index = try SearchIndex()
        try index.add(count: 5_000) { n in IndexItem(id: UInt64(n), title: "Street \(n)") }
        #expect(try index.search("street 4711").first?.id == 4711)
        if MemoryTrim.setsThresholds { #expect(MemoryTrim.topLimit != nil) }
    }
}
