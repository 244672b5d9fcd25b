import Glibc
import Synchronization
import Testing

@testable import SearchBarCore

/// Hits and their texts must come from the same snapshot: a writer that replaces items while a
/// search runs must never leave highlight ranges pointing into another version of the text.
@Suite("Engine: hit texts come from the snapshot searched")
struct HitTextsSnapshotTests {
    /// Two versions of every item: "alpha" starts the title in one and is its second word in the
    /// other, so a highlight computed on one version selects "gamma" (or runs past the end) when
    /// applied to the other.
    @Sendable static func version(_ v: Int, count: Int) -> [IndexItem] {
        (0..<count).map { k in
            IndexItem(id: UInt64(k), title: v % 2 == 0 ? "alpha beta \(k)" : "gamma alpha delta epsilon \(k)")
        }
    }

    /// The problems of one result: each hit's highlights must select "alpha" in its own text.
    static func problems(_ found: HitsWithTexts, query: String) -> [String] {
        var problems: [String] = []
        if found.hits.count != found.texts.count { problems.append("\(found.hits.count) hits, \(found.texts.count) texts") }
        for (hit, texts) in zip(found.hits, found.texts) {
            let bytes = Array(texts.text.utf8)
            if hit.highlights.isEmpty { problems.append("\(query): hit \(hit.id) has no highlight") }
            for range in hit.highlights {
                guard range.upperBound <= bytes.count else {
                    problems.append("\(query): range \(range) past the end of \"\(texts.text)\"")
                    continue
                }
                let selected = String(decoding: bytes[range], as: UTF8.self)
                if !"alpha".hasPrefix(selected) || selected.isEmpty {
                    problems.append("\(query): range \(range) selects \"\(selected)\" in \"\(texts.text)\"")
                }
            }
        }
        return problems
    }

    @Test func synchronousAndAsynchronousSearchesWhileAWriterReplacesItems() throws {
        let index = try SearchIndex(threads: 2)
        let count = 300
        index.add(Self.version(0, count: count))
        let done = Atomic<Bool>(false)
        let writer = Thread {
            for v in 1...60 { index.add(Self.version(v, count: count)) }
            done.store(true, ordering: .releasing)
        }
        let problems = Mutex<[String]>([])
        let pending = Atomic<Int>(0)
        var searches = 0
        let queries = ["a", "al", "alp", "alph", "alpha"]
        while !done.load(ordering: .acquiring) || searches < 40 {
            let query = queries[searches % queries.count]
            let found = try index.search(query, options: SearchOptions(limit: 100))
            let seen = Self.problems(found, query: query)
            if !seen.isEmpty { problems.withLock { $0 += seen } }
            pending.add(1, ordering: .relaxed)
            index.searchAsync(query, options: SearchOptions(limit: 100)) { result in
                switch result {
                case .success(let found):
                    let seen = Self.problems(found, query: query)
                    if !seen.isEmpty { problems.withLock { $0 += seen } }
                case .failure(let error):
                    problems.withLock { $0.append("async \(query): \(error)") }
                }
                pending.subtract(1, ordering: .releasing)
            }
            searches += 1
        }
        writer.join()
        // Every asynchronous search completes (none is cancelled); 30 s is a watchdog.
        var waited = 0
        while pending.load(ordering: .acquiring) > 0 && waited < 30_000 {
            usleep(1000)
            waited += 1
        }
        #expect(pending.load(ordering: .acquiring) == 0)
        #expect(problems.withLock { Array($0.prefix(5)) } == [])
    }

    @Test func textsMatchTheHitsOfAQuietIndex() throws {
        let index = try SearchIndex(threads: 1)
        index.add(Self.version(1, count: 20))
        let found = try index.search("alp", options: SearchOptions(limit: 5))
        #expect(found.hits.count == 5)
        #expect(found.texts.map(\.title) == found.texts.map(\.text))
        #expect(found.texts.allSatisfy { $0.title.hasPrefix("gamma alpha delta epsilon ") })
        #expect(found.hits.allSatisfy { $0.highlights == [6..<9] })
        #expect(Self.problems(found, query: "alp") == [])
    }
}
