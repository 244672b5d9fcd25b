import Glibc
import Testing

@testable import SearchBarCore

/// The recents file and its journal: merged between sessions sharing a name, one line per
/// change, safe against torn and corrupt journals.
@Suite struct RecentsStoreTests {
    private func session(_ directory: String, limit: Int = 254) throws -> SearchSession {
        let s = try SearchSession(backend: FakeBackend(), clock: ManualClock(), recentsDirectory: directory)
        try s.setRecentsPolicy(RecentsPolicy(limit: limit))
        return s
    }

    private func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    private func append(_ text: String, to path: String) {
        let fd = open(path, O_WRONLY | O_APPEND)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    @Test func replayingChangesTwiceGivesTheSameLists() {
        let policy = RecentsPolicy(limit: 3)
        let changes: [RecentsChange] = [
            .add(list: "", text: "a", time: 1), .add(list: "", text: "b", time: 2), .add(list: "", text: "c", time: 3),
            .add(list: "", text: "d", time: 4), .remove(list: "", text: "c"), .add(list: "", text: "A", time: 5),
            .clear, .add(list: "", text: "e", time: 6), .add(list: "", text: "f", time: 7),
        ]
        for cut in 0...changes.count {
            var once = RecentSearches()
            for change in changes[..<cut] { once.apply(change, policy: policy) { $0.lowercased() } }
            var twice = once
            for change in changes[..<cut] { twice.apply(change, policy: policy) { $0.lowercased() } }
            #expect(twice == once, "replaying \(cut) changes again")
        }
    }

    @Test func twoSessionsSharingANameMergeTheirChanges() throws {
        let directory = makeTemporaryDirectory()
        let a = try session(directory), b = try session(directory)
        try a.setRecentsName("shared")
        try a.addRecent("a1")
        try b.setRecentsName("shared")
        try b.addRecent("b1")
        try a.addRecent("a2")
        #expect(a.recents.map(\.text) == ["a2", "b1", "a1"])
        try b.removeRecent(at: 1)  // a1, as b shows it
        #expect(b.recents.map(\.text) == ["a2", "b1"])
        try a.addRecent("a3")
        #expect(a.recents.map(\.text) == ["a3", "a2", "b1"])
        let c = try session(directory)
        try c.setRecentsName("shared")
        #expect(c.recents.map(\.text) == ["a3", "a2", "b1"])
        try b.clearRecents()
        try a.addRecent("after clear")
        #expect(a.recents.map(\.text) == ["after clear"])
    }

    @Test func anAdditionAppendsOneLineAndLeavesTheListsFile() throws {
        let directory = makeTemporaryDirectory()
        let s = try session(directory)
        try s.setRecentsName("j")
        try s.addRecent("first")
        let lists = size(directory + "/j.json"), journal = size(directory + "/j.json.journal")
        #expect(lists > 0 && journal > 0)
        try s.addRecent("second")
        #expect(size(directory + "/j.json") == lists)
        let grown = size(directory + "/j.json.journal") - journal
        #expect(grown > 0 && grown < 80)
    }

    @Test func aTornLastLineIsIgnoredAndCutOff() throws {
        let directory = makeTemporaryDirectory()
        let s = try session(directory)
        try s.setRecentsName("t")
        try s.addRecent("one")
        try s.addRecent("two")
        append(#"{"op":"add","list":"","text":"thr"#, to: directory + "/t.json.journal")
        let reopened = try session(directory)
        try reopened.setRecentsName("t")
        #expect(reopened.recents.map(\.text) == ["two", "one"])
        try reopened.addRecent("three")
        let again = try session(directory)
        try again.setRecentsName("t")
        #expect(again.recents.map(\.text) == ["three", "two", "one"])
    }

    @Test func aCorruptJournalIsMovedAsideAndTheListsKept() throws {
        let directory = makeTemporaryDirectory()
        let s = try session(directory)
        try s.setRecentsName("c")
        try s.addRecent("in the lists")
        try s.addRecent("in the journal")
        append("garbage\n", to: directory + "/c.json.journal")
        let reopened = try session(directory)
        do {
            try reopened.setRecentsName("c")
            Issue.record("a corrupt journal must be reported")
        } catch {
            #expect(error.code == .corrupt)
            #expect(error.message.contains("c.json.journal.corrupt-1"))
        }
        #expect(reopened.recents.map(\.text) == ["in the lists"])
        #expect(size(directory + "/c.json.journal.corrupt-1") > 0)
        try reopened.addRecent("fresh")
        let again = try session(directory)
        try again.setRecentsName("c")
        #expect(again.recents.map(\.text) == ["fresh", "in the lists"])
    }

    @Test func aJournalWithoutAHeaderIsMovedAsideNotEmptied() throws {
        let directory = makeTemporaryDirectory()
        let s = try session(directory)
        try s.setRecentsName("g")
        try s.addRecent("kept")
        let garbage = String(repeating: "x", count: 600)
        let fd = open(directory + "/g.json.journal", O_WRONLY | O_TRUNC)
        _ = garbage.withCString { Glibc.write(fd, $0, 600) }
        close(fd)
        let reopened = try session(directory)
        #expect(throws: SearchBarError.self) { try reopened.setRecentsName("g") }
        #expect(reopened.recents.map(\.text) == ["kept"])
        #expect(size(directory + "/g.json.journal.corrupt-1") == 600)
    }

    @Test func aFIFOAtTheJournalPathIsMovedAsideWithoutBlocking() throws {
        let directory = makeTemporaryDirectory()
        #expect(mkfifo(directory + "/f.json.journal", 0o600) == 0)
        let s = try session(directory)
        try s.setRecentsName("f")
        try s.addRecent("saved")
        var info = stat()
        #expect(lstat(directory + "/f.json.journal.corrupt-1", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        let reopened = try session(directory)
        try reopened.setRecentsName("f")
        #expect(reopened.recents.map(\.text) == ["saved"])
    }
}
