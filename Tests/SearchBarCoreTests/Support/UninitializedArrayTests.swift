import Glibc
@testable import SearchBarCore
import Testing

/// `Array(unsafeUninitializedCapacity:)` asked for no capacity writes the count into the shared
/// empty-array storage, which ThreadSanitizer reports as a race against any thread reading an
/// empty array (CI's TSan path failed on it once, in `FoldPatch.apply` of an empty text). The
/// library goes through ``Swift/Array/uninitialized(capacity:_:)`` instead.
@Suite("Uninitialized arrays never write the shared empty storage")
struct UninitializedArrayTests {
    @Test func emptyResultsAreRealEmptyArrays() {
        let none = [UInt8].uninitialized(capacity: 0) { _, written in written = 0 }
        #expect(none.isEmpty)
        let empty: [UInt8] = []
        let rebuilt = empty.withUnsafeBytes { e in FoldPatch.apply(e, to: e) }
        #expect(rebuilt.isEmpty)
        #expect([UInt32].filled(count: 0) { _ in }.isEmpty)
        let three = [Int].uninitialized(capacity: 3) { buffer, written in
            for i in 0..<3 { buffer[i] = i * 2 }
            written = 3
        }
        #expect(three == [0, 2, 4])
    }

    /// Under ThreadSanitizer this fails if any of these paths writes the shared empty storage
    /// while the other thread reads an empty array; elsewhere it checks the results.
    @Test func emptyArraysBuiltWhileAnotherThreadReadsOne() {
        let reader = Thread {
            let empty: [UInt8] = []
            var total = 0
            for _ in 0..<20_000 { total &+= empty.withUnsafeBufferPointer { $0.count } }
            precondition(total == 0)
        }
        let empty: [UInt8] = []
        for _ in 0..<20_000 {
            let rebuilt = empty.withUnsafeBytes { e in FoldPatch.apply(e, to: e) }
            #expect(rebuilt.isEmpty)
            #expect(ByteOrder.sortedIndices(ByteArena()).isEmpty)
        }
        reader.join()
    }

    /// No source file calls the standard initializer on an array directly.
    @Test func sourcesUseTheSafeInitializer() {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Engine/<file>, SearchBarCoreTests, Tests
        let sources = parts.joined(separator: "/") + "/Sources"
        let offenders = Self.swiftFiles(under: sources).filter { path in
            guard !path.hasSuffix("/UninitializedArray.swift"), let text = TextTestSupport.readText(path) else {
                return false
            }
            return text.contains("](unsafeUninitializedCapacity") || text.contains("Array(unsafeUninitializedCapacity")
        }
        #expect(Self.swiftFiles(under: sources).count > 50)
        #expect(offenders == [])
    }

    static func swiftFiles(under directory: String) -> [String] {
        TextTestSupport.listDirectory(directory).flatMap { name -> [String] in
            let path = directory + "/" + name
            if name.hasSuffix(".swift") { return [path] }
            guard let dir = opendir(path) else { return [] }
            closedir(dir)
            return swiftFiles(under: path)
        }
    }
}
