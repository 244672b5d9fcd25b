import Glibc
import Testing

@testable import SearchBarCore

/// Recent searches: what is recorded, deduplication, limits, scopes, expiry, private mode.
@Suite struct SessionRecentsTests {
    @Test func submitRecordsNewestFirstDeduplicatedIgnoringCaseAndDiacritics() throws {
        let h = try Harness()
        for text in ["Café", "tea", "CAFE", "  tea  ", "crème brûlée", "Creme Brulee"] {
            try h.session.setText(text)
            try h.session.submit()
        }
        #expect(h.session.recents.map(\.text) == ["Creme Brulee", "tea", "CAFE"])
    }

    @Test func blankTextIsNotRecorded() throws {
        let h = try Harness()
        try h.session.setText("   ")
        try h.session.submit()
        #expect(h.session.recents.isEmpty)
    }

    @Test func choosingAResultRecordsTheText() throws {
        let h = try Harness()
        try h.session.setText("invoice")
        try h.session.chooseResult(12)
        #expect(h.session.recents.map(\.text) == ["invoice"])
    }

    @Test func limitDefaultsToTenAndIsAtMost254() throws {
        let h = try Harness()
        #expect(h.session.recentsPolicy.limit == 10)
        for i in 0..<15 { try h.session.addRecent("q\(i)") }
        #expect(h.session.recents.count == 10)
        #expect(h.session.recents.first?.text == "q14")
        #expect(throws: SearchBarError.self) { try h.session.setRecentsPolicy(RecentsPolicy(limit: 255)) }
        try h.session.setRecentsPolicy(RecentsPolicy(limit: 254))
        try h.session.setRecentsPolicy(RecentsPolicy(limit: 3))
        #expect(h.session.recents.map(\.text) == ["q14", "q13", "q12"], "lowering the limit trims at once")
        try h.session.setRecentsPolicy(RecentsPolicy(limit: 0))
        try h.session.addRecent("nothing")
        #expect(h.session.recents.isEmpty)
    }

    @Test func perScopeLists() throws {
        let h = try Harness()
        try h.session.setScopeTitles(["All", "Mail"])
        try h.session.setRecentsPolicy(RecentsPolicy(perScope: true))
        try h.session.addRecent("everything")
        try h.session.selectScope(1)
        #expect(h.session.recents.isEmpty)
        try h.session.addRecent("from:bob")
        #expect(h.session.recents.map(\.text) == ["from:bob"])
        try h.session.selectScope(0)
        #expect(h.session.recents.map(\.text) == ["everything"])
    }

    @Test func expiry() throws {
        let h = try Harness()
        try h.session.setRecentsPolicy(RecentsPolicy(expiry: .seconds(3600)))
        try h.session.addRecent("old")
        h.clock.setWallMilliseconds(h.clock.wallMilliseconds() + 1_800_000)
        try h.session.addRecent("new")
        #expect(h.session.recents.map(\.text) == ["new", "old"])
        h.clock.setWallMilliseconds(h.clock.wallMilliseconds() + 2_000_000)
        #expect(h.session.recents.map(\.text) == ["new"])
        #expect(throws: SearchBarError.self) { try h.session.setRecentsPolicy(RecentsPolicy(expiry: .zero)) }
    }

    @Test func privateModeRecordsNothing() throws {
        let h = try Harness()
        try h.session.addRecent("before")
        try h.session.setRecentsPolicy(RecentsPolicy(isPrivate: true))
        try h.session.setText("secret")
        try h.session.submit()
        try h.session.chooseResult(1)
        try h.session.addRecent("also secret")
        #expect(h.session.recents.map(\.text) == ["before"])
    }

    @Test func removeOneAndClearAll() throws {
        let h = try Harness()
        for text in ["a", "b", "c"] { try h.session.addRecent(text) }
        try h.session.removeRecent(at: 1)
        #expect(h.session.recents.map(\.text) == ["c", "a"])
        #expect(throws: SearchBarError.self) { try h.session.removeRecent(at: 2) }
        h.log.clear()
        try h.session.clearRecents()
        #expect(h.session.recents.isEmpty)
        #expect(h.log.kinds == [.recentsDidChange])
    }
}

/// Recent searches saved under a name: survive a restart and a corrupt file.
@Suite struct SessionRecentsFileTests {
    private func session(_ directory: String, clock: ManualClock = ManualClock()) throws -> SearchSession {
        try SearchSession(backend: FakeBackend(), clock: clock, recentsDirectory: directory)
    }

    private func write(_ text: String, to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private func files(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    @Test func recentsSurviveARestart() throws {
        let directory = makeTemporaryDirectory() + "/nested/dir"
        do {
            let first = try session(directory)
            try first.setRecentsName("mail-search")
            try first.setText("quarterly report")
            try first.submit()
            try first.addRecent("Ünïcode ☃")
        }
        #expect(files(in: directory) == ["mail-search.json", "mail-search.json.journal"], "no temporary file is left behind")
        let second = try session(directory)
        #expect(second.recents.isEmpty)
        try second.setRecentsName("mail-search")
        #expect(second.recents.map(\.text) == ["Ünïcode ☃", "quarterly report"])
        #expect(second.recentsName == "mail-search")
    }

    @Test func corruptFileIsKeptAsideAndTheSessionStartsEmpty() throws {
        let directory = makeTemporaryDirectory()
        let path = directory + "/app.json"
        write("{\"format\":\"searchbar-recents\",\"version\":1,\"lists\":{\"\":[{\"text\":\"x\"", to: path)
        let s = try session(directory)
        do {
            try s.setRecentsName("app")
            Issue.record("a corrupt file must be reported")
        } catch {
            #expect(error.code == .corrupt)
            #expect(error.message.contains("app.json.corrupt-1"))
        }
        #expect(s.recents.isEmpty)
        #expect(s.recentsName == "app")
        #expect(exists(path + ".corrupt-1"))
        #expect(!exists(path))
        // The session saves a fresh file from then on.
        try s.addRecent("fresh")
        let reopened = try session(directory)
        try reopened.setRecentsName("app")
        #expect(reopened.recents.map(\.text) == ["fresh"])
        // A second corruption goes to the next free name; the first is not overwritten.
        write("not json", to: path)
        #expect(throws: SearchBarError.self) { try reopened.setRecentsName("app") }
        #expect(exists(path + ".corrupt-1") && exists(path + ".corrupt-2"))
    }

    @Test(arguments: [
        "[]", "{\"format\":\"other\",\"version\":1,\"lists\":{}}", "{\"format\":\"searchbar-recents\",\"version\":2,\"lists\":{}}",
        "{\"format\":\"searchbar-recents\",\"version\":1,\"lists\":{\"\":[{\"text\":1,\"time\":0}]}}",
        "{\"format\":\"searchbar-recents\",\"version\":1,\"lists\":{},\"extra\":0}",
    ])
    func wellFormedButWrongFilesAreCorrupt(_ content: String) throws {
        let directory = makeTemporaryDirectory()
        write(content, to: directory + "/r.json")
        let s = try session(directory)
        #expect(throws: SearchBarError.self) { try s.setRecentsName("r") }
        #expect(exists(directory + "/r.json.corrupt-1"))
    }

    @Test func unreadableFileIsAnIOErrorAndKeptAside() throws {
        let directory = makeTemporaryDirectory()
        mkdir(directory + "/dir.json", 0o700)  // opening works, reading fails with EISDIR
        let s = try session(directory)
        do {
            try s.setRecentsName("dir")
            Issue.record("an unreadable file must be reported")
        } catch {
            #expect(error.code == .io)
        }
        #expect(exists(directory + "/dir.json.corrupt-1"))
        #expect(s.recents.isEmpty)
    }

    @Test func saveFailureIsAnErrorEventAndKeepsTheEntries() throws {
        let directory = makeTemporaryDirectory()
        write("I am a file", to: directory + "/blocker")
        let s = try session(directory + "/blocker/sub")
        try s.setRecentsName("x")
        _ = s.nextEvent()  // recents-did-change of the (empty) load
        try s.addRecent("kept")
        var events: [SessionEvent] = []
        while let event = s.nextEvent() { events.append(event) }
        #expect(events.map(\.kind) == [.recentsDidChange, .error])
        #expect(events.last?.errorCode == .io)
        #expect(s.recents.map(\.text) == ["kept"])
    }

    @Test func badNamesAreRejected() throws {
        let s = try session(makeTemporaryDirectory())
        for name in ["", "../etc", "a/b", ".hidden", "spaces here", String(repeating: "n", count: 129), "é"] {
            #expect(throws: SearchBarError.self) { try s.setRecentsName(name) }
        }
        #expect(throws: SearchBarError.self) { try SearchSession(recentsDirectory: "relative/dir") }
    }

    @Test func fileFormatIsStable() {
        let text = RecentsFile.encode(["": [RecentSearch(text: "a\"b", time: 5)], "Mail": []])
        #expect(text == #"{"format":"searchbar-recents","version":1,"lists":{"":[{"text":"a\"b","time":5}],"Mail":[]}}"# + "\n")
    }
}
