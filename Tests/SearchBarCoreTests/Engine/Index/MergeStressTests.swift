import Glibc
import Synchronization
import Testing

@testable import SearchBarCore

/// Writers add, replace and remove from threads while the background merge runs and searchers
/// search: every search sees a consistent index (no id twice, every hit holds its query), and
/// once the writers stop and the merges finish, the index holds exactly what the writers left.
/// Correctness only: nothing here depends on how fast anything runs.
@Suite("Engine: writes, merges and searches at once")
struct MergeStressTests {
    /// The title of item `id` in version `version`: a token unique to the id and one shared by
    /// every item of the version, so a search can check both.
    static func title(_ id: UInt64, _ version: Int) -> String { "tok\(id)x v\(version)q item" }

    @Test func writersMergesAndSearchersAgree() throws {
        let index = try SearchIndex(threads: 2)
        let writers = 3
        let rounds = 120
        let writing = Atomic<Int>(writers)
        let problems = Mutex<[String]>([])
        // Each writer owns the ids of its residue mod `writers`; the model maps an id to its version.
        let models = Mutex<[UInt64: Int]>([:])
        let writerThreads = (0..<writers).map { w in
            Thread {
                var random = SplitMix(seed: UInt64(w + 1))
                var model: [UInt64: Int] = [:]
                for round in 0..<rounds {
                    let base = UInt64(round * 50 * writers + w)
                    let count = Int(random.next() % 40) + 1
                    let ids = (0..<count).map { base + UInt64($0 * writers) }
                    index.add(ids.map { IndexItem(id: $0, title: Self.title($0, round)) })
                    for id in ids { model[id] = round }
                    // Replace a few live items, remove a few others.
                    let live = Array(model.keys)
                    for _ in 0..<3 {
                        let id = live[Int(random.next() % UInt64(live.count))]
                        index.add([IndexItem(id: id, title: Self.title(id, round))])
                        model[id] = round
                    }
                    let gone = (0..<2).map { _ in live[Int(random.next() % UInt64(live.count))] }
                    index.remove(ids: gone)
                    for id in gone { model.removeValue(forKey: id) }
                }
                models.withLock { $0.merge(model) { a, _ in a } }
                writing.subtract(1, ordering: .releasing)
            }
        }
        let searcherThreads = (0..<2).map { s in
            Thread {
                var random = SplitMix(seed: UInt64(100 + s))
                while writing.load(ordering: .acquiring) > 0 {
                    let version = Int(random.next() % UInt64(rounds))
                    let mode: MatchMode = [.prefix, .contains, .fuzzy][Int(random.next() % 3)]
                    let query = "v\(version)q"
                    do {
                        let found = try index.search(query, options: SearchOptions(mode: mode, limit: 200, typos: false))
                        let ids = found.hits.map(\.id)
                        if Set(ids).count != ids.count { problems.withLock { $0.append("\(query): an id twice: \(ids)") } }
                        for texts in found.texts where mode != .fuzzy && !texts.title.contains(query) {
                            problems.withLock { $0.append("\(query) \(mode): hit \"\(texts.title)\"") }
                        }
                        if found.hits.count != found.texts.count { problems.withLock { $0.append("\(query): texts") } }
                    } catch {
                        problems.withLock { $0.append("\(query): \(error)") }
                    }
                }
            }
        }
        for thread in writerThreads + searcherThreads { thread.join() }
        index.waitForMerges()
        #expect(problems.withLock { $0 }.isEmpty, "\(problems.withLock { Array($0.prefix(5)) })")
        #expect(index.segmentCount <= 1)
        let expected = models.withLock { $0 }
        #expect(index.count == expected.count)
        var wrong: [String] = []
        for (id, version) in expected where index.item(id: id)?.title != Self.title(id, version) {
            wrong.append("\(id): \(index.item(id: id)?.title ?? "missing"), expected \(Self.title(id, version))")
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // Every item is found by its own token, in one hit.
        for (id, _) in expected.prefix(300) {
            let ids = try EngineTestSupport.ids(index, "tok\(id)x", SearchOptions(mode: .prefix, typos: false))
            if ids != [id] { wrong.append("tok\(id)x: \(ids)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
