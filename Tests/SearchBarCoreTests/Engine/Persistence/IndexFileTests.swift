import Glibc
import Testing

@testable import SearchBarCore

/// The persistent index: save, open, identical results, edits after open, and hostile files
/// that must give an error, never a crash.
@Suite("Index file: save and open")
struct IndexFileTests {
    /// A fresh directory for one test's files.
    static func directory() -> String {
        var template = Array("/tmp/sb-index-file-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil)
        return String(cString: made!)
    }

    /// Removes a directory `directory()` made and the files in it.
    static func remove(_ dir: String) {
        guard let handle = opendir(dir) else { return }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { names.append(name) }
        }
        _ = closedir(handle)
        for name in names { _ = unlink(dir + "/" + name) }
        _ = rmdir(dir)
    }

    /// An index of multilingual items in several batches with replacements and removals, so it
    /// has several segments, tombstones, scopes, weights and attributes.
    static func populated(locale: String? = "de", count: Int = 3000) throws -> SearchIndex {
        let index = try SearchIndex(locale: try SearchLocale(locale), threads: 2)
        let items = SegmentBuilderTests.items(count, seed: 7)
        let third = items.count / 3
        index.add(Array(items[0..<third]))
        index.add(Array(items[third..<2 * third]))
        index.add(Array(items[(2 * third)...]))
        index.add(Array(items[10..<20]).map {
            IndexItem(id: $0.id, title: $0.title + " neu", subtitle: $0.subtitle, keywords: $0.keywords, scope: 1)
        })
        index.remove(ids: items.prefix(400).filter { $0.id % 7 == 0 }.map(\.id))
        return index
    }

    /// Queries from the items' words, prefixes, typos and other scripts.
    static func queries(_ index: SearchIndex) -> [String] {
        let items = SegmentBuilderTests.items(60, seed: 11)
        var queries = ["", "a", "ß", "東京", "ภาษา", "👍", "x1", "zzzzq"]
        for item in items {
            let words = item.title.split(separator: " ").map(String.init)
            if let first = words.first { queries.append(String(first.prefix(3))) }
            if words.count > 1 { queries.append(words[0] + " " + words[1].prefix(2)) }
            if let last = words.last, last.count > 4 { queries.append(String(last.dropLast())) }
        }
        return queries
    }

    /// The hits of every query in every mode, with their texts.
    static func answers(_ index: SearchIndex, _ queries: [String]) throws -> [[SearchHit]] {
        var all: [[SearchHit]] = []
        for mode in MatchMode.allCases {
            for query in queries {
                var options = SearchOptions()
                options.mode = mode
                options.limit = 50
                all.append(try index.search(query, options: options).hits)
            }
            var scoped = SearchOptions()
            scoped.mode = mode
            scoped.scopes = [1]
            scoped.listsAllWhenEmpty = true
            all.append(try index.search("", options: scoped).hits)
        }
        return all
    }

    /// Every item of both indexes, by id.
    static func sameItems(_ a: SearchIndex, _ b: SearchIndex, ids: [UInt64]) -> Bool {
        a.count == b.count && ids.allSatisfy { a.item(id: $0) == b.item(id: $0) }
    }

    @Test("an opened index answers every query exactly as the saved one")
    func roundTrip() throws {
        let dir = Self.directory()
        defer { Self.remove(dir) }
        let index = try Self.populated()
        let path = dir + "/items.sbindex"
        try index.save(to: path)
        let opened = try SearchIndex.open(path: path, threads: 2)
        #expect(opened.locale == index.locale)
        #expect(opened.defaultMode == index.defaultMode)
        #expect(opened.fields == index.fields)
        #expect(opened.count == index.count)
        let queries = Self.queries(index)
        #expect(try Self.answers(opened, queries) == Self.answers(index, queries))
        let ids = SegmentBuilderTests.items(3000, seed: 7).map(\.id)
        #expect(Self.sameItems(index, opened, ids: ids))
        // The large sections are borrowed from the mapping, not copied.
        #expect(opened.snapshot.segments.allSatisfy { $0.segment.isMapped && $0.segment.folded[0].bytes.isBorrowed })
        // A verified open passes and answers the same.
        let verified = try SearchIndex.open(path: path, threads: 2, verify: true)
        #expect(try Self.answers(verified, queries) == Self.answers(index, queries))
        // Attribute filters see the attribute names of the opened segments.
        #expect(opened.hasAttribute("kind") == index.hasAttribute("kind"))
    }

    @Test("a stored field empty in every item keeps a blank arena, built, merged, saved and opened")
    func fieldsEmptyEverywhere() throws {
        let dir = Self.directory()
        defer { Self.remove(dir) }
        let index = try SearchIndex(locale: try SearchLocale("de"), threads: 2)
        let items = SegmentBuilderTests.items(1200, seed: 11).map {
            IndexItem(id: $0.id, title: $0.title, scope: $0.scope, weight: $0.weight, attributes: $0.attributes)
        }
        index.add(Array(items[..<600]))
        index.add(Array(items[600...]))
        func blankFields(_ index: SearchIndex) -> [[Bool]] {
            index.snapshot.segments.map { view in (0..<3).map { view.segment.folded[$0].isBlank } }
        }
        // Built segments: the title kept, the empty subtitles and keywords blank.
        #expect(index.segmentCount >= 2)
        #expect(blankFields(index).allSatisfy { $0 == [false, true, true] })
        // One item with a subtitle: the merge keeps its field; removed again, the next merge
        // makes it blank.
        index.add([IndexItem(id: 1_000_001, title: "Gartenhaus", subtitle: "Holz")])
        index.waitForMerges()
        #expect(index.segmentCount == 1 && blankFields(index) == [[false, false, true]])
        #expect(try index.search("holz").map(\.id) == [1_000_001])
        index.remove(ids: [1_000_001])
        index.add([IndexItem(id: 1_000_003, title: "Gartenzaun")])
        index.waitForMerges()
        #expect(index.segmentCount == 1 && blankFields(index) == [[false, true, true]])
        // Saved and opened (with and without `verify`): blank arenas of stored fields, the same answers.
        let path = dir + "/items.sbindex"
        try index.save(to: path)
        let queries = Self.queries(index)
        for verify in [false, true] {
            let opened = try SearchIndex.open(path: path, threads: 2, verify: verify)
            #expect(opened.fields == index.fields)
            #expect(blankFields(opened) == [[false, true, true]])
            #expect(try Self.answers(opened, queries) == Self.answers(index, queries))
            #expect(Self.sameItems(index, opened, ids: items.map(\.id)))
        }
        // A blank arena's offset other than 0, or bytes beside it, is refused.
        let file = try IndexFileSurgeon(path: path)
        var offset = file
        offset.setWord32(0, .subtitleFoldedOffsets, 0, 1)
        try Self.expectRefused(offset.bytes, in: dir, "a blank arena's offset 1")
        var bytes = file
        bytes.setLength(0, .subtitleFolded, 4)
        try Self.expectRefused(bytes.bytes, in: dir, "bytes beside a blank arena's offset")
    }

    @Test("fields and mode are kept; an empty index saves and opens")
    func settings() throws {
        let dir = Self.directory()
        defer { Self.remove(dir) }
        let index = try SearchIndex(locale: .none, mode: .fuzzy, fields: [.title, .keywords], threads: 1)
        index.add([IndexItem(id: 5, title: "Garten Haus", subtitle: "not stored", keywords: "green")])
        try index.save(to: dir + "/a")
        let opened = try SearchIndex.open(path: dir + "/a", threads: 1)
        #expect(opened.defaultMode == .fuzzy && opened.fields == [.title, .keywords])
        #expect(try opened.search("grn").map(\.id) == [5])
        #expect(try SearchIndex.open(path: dir + "/a", mode: .contains).defaultMode == .contains)
        // No title stored: every folded title is empty, the stored title order is by index.
        let keywordsOnly = try SearchIndex(locale: .none, fields: [.keywords], threads: 1)
        keywordsOnly.add((1...5).map { IndexItem(id: UInt64($0), title: "t\($0)", keywords: "green \($0)") })
        try keywordsOnly.save(to: dir + "/k")
        let reopenedKeywords = try SearchIndex.open(path: dir + "/k", threads: 1)
        #expect(try reopenedKeywords.search("green").map(\.id) == keywordsOnly.search("green").map(\.id))
        #expect(reopenedKeywords.fields == [.keywords])
        let empty = try SearchIndex(locale: try SearchLocale("ja"))
        try empty.save(to: dir + "/b")
        let reopened = try SearchIndex.open(path: dir + "/b")
        #expect(reopened.count == 0 && reopened.locale.identifier == empty.locale.identifier)
    }

    @Test("adds and removes after open live in memory until the next save")
    func editsAfterOpen() throws {
        let dir = Self.directory()
        defer { Self.remove(dir) }
        let path = dir + "/items.sbindex"
        let index = try Self.populated(count: 1200)
        try index.save(to: path)
        let opened = try SearchIndex.open(path: path, threads: 2)
        let mappedSegments = opened.snapshot.segments.count
        let extra = SegmentBuilderTests.items(300, seed: 99).map {
            IndexItem(id: $0.id + 1_000_000, title: $0.title, subtitle: $0.subtitle, keywords: $0.keywords)
        }
        let removed = SegmentBuilderTests.items(1200, seed: 7).filter { $0.id % 5 == 0 }.map(\.id)
        for target in [index, opened] {
            target.add(extra)
            target.remove(ids: removed)
            target.add([IndexItem(id: 3, title: "Ersatz Titel")])
        }
        let queries = Self.queries(index)
        #expect(try Self.answers(opened, queries) == Self.answers(index, queries))
        // The file still holds the saved state.
        let again = try SearchIndex.open(path: path, threads: 2)
        #expect(again.count != opened.count)
        #expect(again.item(id: 1_000_000 + extra[0].id - 1_000_000) == nil)
        // Merging folds the adds among themselves and leaves the mapped segment borrowed.
        opened.waitForMerges()
        #expect(opened.snapshot.segments.count == mappedSegments + 1)
        #expect(try Self.answers(opened, queries) == Self.answers(index, queries))
        // Saving over the file it was opened from (whose narrow arrays it borrows).
        #expect(opened.snapshot.segments.contains { $0.segment.isMapped })
        let answersBefore = try Self.answers(again, queries)
        try opened.save(to: path)
        let third = try SearchIndex.open(path: path, threads: 2)
        #expect(try Self.answers(third, queries) == Self.answers(index, queries))
        #expect(third.item(id: 3)?.title == "Ersatz Titel")
        // The indexes opened from the replaced file keep reading it (its mapping).
        #expect(try Self.answers(opened, queries) == Self.answers(index, queries))
        #expect(try Self.answers(again, queries) == answersBefore)
    }

    @Test("a file saved with another ICU version is rebuilt from its texts")
    func otherICUVersion() throws {
        let dir = Self.directory()
        defer { Self.remove(dir) }
        let path = dir + "/items.sbindex"
        let index = try Self.populated(count: 900)
        try index.save(to: path)
        var file = try IndexFileSurgeon(path: path)
        file.bytes[IndexFileLayout.Header.icuVersion] &+= 1
        file.resealHeader()
        try file.write(to: path)
        let opened = try SearchIndex.open(path: path, threads: 2)
        let queries = Self.queries(index)
        #expect(try Self.answers(opened, queries) == Self.answers(index, queries))
        #expect(Self.sameItems(index, opened, ids: SegmentBuilderTests.items(900, seed: 7).map(\.id)))
    }

    /// Opening `bytes` as a file must throw `code` (with `verify`, or without it too when
    /// `bounds`).
    static func expectRefused(
        _ bytes: [UInt8], _ code: SearchBarError.Code = .corrupt, in dir: String, _ note: String, bounds: Bool = true
    ) throws {
        let path = dir + "/hostile"
        try IndexFileSurgeon(bytes: bytes).write(to: path)
        for verify in bounds ? [false, true] : [true] {
            do {
                _ = try SearchIndex.open(path: path, threads: 1, verify: verify)
                Issue.record("opened a hostile file (verify: \(verify)): \(note)")
            } catch {
                #expect(error.code == code, "\(note): \(error.message)")
            }
        }
    }

    /// Opening `bytes` without `verify` must throw `.corrupt` or give an index that answers
    /// every query and takes adds, removes and a save (its answers may be wrong, never unsafe).
    static func expectSafe(_ bytes: [UInt8], in dir: String, _ note: String) throws {
        let path = dir + "/hostile"
        try IndexFileSurgeon(bytes: bytes).write(to: path)
        let index: SearchIndex
        do {
            index = try SearchIndex.open(path: path, threads: 1)
        } catch {
            #expect(error.code == .corrupt, "\(note): \(error.message)")
            return
        }
        _ = try answers(index, ["a", "ap", "東京", "x1 y", "zz", ""])
        // Every item's texts (their bytes are read and decoded with repair).
        for id in SegmentBuilderTests.items(400, seed: 7).map(\.id) { _ = index.item(id: id) }
        index.add([IndexItem(id: 7, title: "apple pie")])
        index.remove(ids: [1])
        index.waitForMerges()
        _ = try answers(index, ["a", "apple"])
        try index.save(to: dir + "/resaved")
        #expect(try SearchIndex.open(path: dir + "/resaved", threads: 1).count == index.count)
    }

    /// A fresh directory and the bytes of a 400-item index saved in it.
    static func savedFile() throws -> (directory: String, file: IndexFileSurgeon) {
        let dir = directory()
        // One segment, so that every section the cases edit holds something.
        let index = try populated(count: 400)
        index.waitForMerges()
        try index.save(to: dir + "/items.sbindex")
        return (dir, try IndexFileSurgeon(path: dir + "/items.sbindex"))
    }

    @Test("truncated files, flipped bytes, wrong magic and version are refused")
    func damagedFiles() throws {
        let (dir, file) = try Self.savedFile()
        defer { Self.remove(dir) }
        let bytes = file.bytes
        // Truncated at every section boundary, inside the header and the table.
        var cuts: Set<Int> = [0, 1, 7, 8, 100, IndexFileLayout.headerSize - 1, IndexFileLayout.headerSize, bytes.count - 1]
        for k in 0..<file.sectionCount {
            let (offset, length) = file.section(k)
            cuts.formUnion([offset, offset + length / 2, offset + length].filter { $0 < bytes.count })
        }
        for cut in cuts.sorted() {
            try Self.expectRefused(Array(bytes[0..<cut]), in: dir, "truncated at \(cut)")
        }
        // Trailing bytes.
        try Self.expectRefused(bytes + [0], in: dir, "one byte appended")
        // A flipped bit in the header, the table and inside each non-empty section.
        var positions = [0, 8, 16, 24, 32, 40, 48, 56, IndexFileLayout.Header.checksum, IndexFileLayout.headerSize + 3]
        for k in 0..<file.sectionCount {
            let (offset, length) = file.section(k)
            if length > 0 { positions += [offset, offset + length - 1, offset + length / 2] }
        }
        // Without `verify` a flip inside a large (borrowed, unread) section can open; it must
        // then be safe to use.
        let unread: Set<Int> = Set((0..<file.sectionCount).filter { k in
            let kind = IndexFileLayout.Section.allCases[k % IndexFileLayout.sectionsPerSegment]
            return ![.info, .runExceptions, .deleted, .attributeEntries, .charKeys, .charOffsets, .rankOrder,
                     .vocabularyByteCounts, .vocabularyTrigrams, .punctuatedTerms].contains(kind)
        }.flatMap { k in
            let (offset, length) = file.section(k)
            return [offset, offset + length - 1, offset + length / 2]
        })
        for position in positions {
            var flipped = bytes
            flipped[position] ^= 0x10
            try Self.expectRefused(flipped, in: dir, "bit flipped at \(position)", bounds: !unread.contains(position))
            if unread.contains(position) { try Self.expectSafe(flipped, in: dir, "bit flipped at \(position)") }
        }
        // Wrong magic; another format version (with a matching checksum).
        var magic = bytes
        magic[1] = UInt8(ascii: "X")
        try Self.expectRefused(magic, in: dir, "wrong magic")
        // Earlier formats (version 1 stored no search structures, version 3 UInt32 offsets where
        // version 4 has narrow arrays, version 4 32-bit rank key highs where version 5 has
        // grouped 16-bit steps, version 5 edits without case edits, version 6 no blank arena
        // for a stored field, version 7 narrow arrays of 3 or 4 bytes a value and postings as
        // one of them) and a future one.
        for other in [UInt32(1), 2, 3, 4, 5, 6, 7, IndexFileLayout.formatVersion + 1] {
            var version = IndexFileSurgeon(bytes: bytes)
            version.bytes.store(other, at: IndexFileLayout.Header.formatVersion)
            version.resealHeader()
            try Self.expectRefused(version.bytes, in: dir, "format version \(other)")
        }
        // Not a file, no file.
        #expect(throws: SearchBarError.self) { _ = try SearchIndex.open(path: dir) }
        do {
            _ = try SearchIndex.open(path: dir + "/missing")
            Issue.record("opened a missing file")
        } catch { #expect(error.code == .notFound) }
    }

    @Test("crafted offsets and inconsistent sections with matching checksums are refused")
    func craftedFiles() throws {
        let (dir, original) = try Self.savedFile()
        defer { Self.remove(dir) }
        typealias S = IndexFileLayout.Section
        var cases: [(String, (inout IndexFileSurgeon) -> Void)] = [
            ("section past the end", { f in f.setEntry(0, field: 8, UInt64(f.bytes.count + 64)) }),
            ("huge length", { f in f.setEntry(0, field: 16, UInt64.max - 8) }),
            ("unaligned section", { f in f.setEntry(2, field: 8, UInt64(f.section(2).offset + 4)) }),
            ("overlapping sections", { f in
                f.setEntry(f.entryIndex(0, .scopes), field: 8, UInt64(f.section(f.entryIndex(0, .ids)).offset))
            }),
            ("swapped section kinds", { f in f.setEntry(f.entryIndex(0, .ids), field: 0, S.scopes.rawValue) }),
            ("more segments than sections", { f in f.setHeader(UInt32(9), at: IndexFileLayout.Header.segmentCount) }),
            ("unknown mode", { f in f.setHeader(UInt32(9), at: IndexFileLayout.Header.mode) }),
            ("no fields", { f in f.setHeader(UInt32(0), at: IndexFileLayout.Header.fields) }),
            ("malformed locale", { f in
                f.bytes.store(UInt32(2), at: IndexFileLayout.Header.localeLength)
                f.bytes[IndexFileLayout.Header.locale] = UInt8(ascii: "`")
                f.bytes[IndexFileLayout.Header.locale + 1] = UInt8(ascii: "e")
                f.resealHeader()
            }),
            ("locale with no data", { f in
                let tag = Array("xx_Zzzz".utf8)
                f.bytes.store(UInt32(tag.count), at: IndexFileLayout.Header.localeLength)
                f.bytes.replaceSubrange(IndexFileLayout.Header.locale..<IndexFileLayout.Header.locale + tag.count, with: tag)
                f.resealHeader()
            }),
            ("item count larger than the columns", { f in f.setWord32(0, .info, 0, 1_000_000) }),
            ("term count past the vocabulary", { f in f.setWord32(0, .info, 2, 1_000_000) }),
            ("forward offsets descending", { f in f.setNarrow(0, .forwardOffsets, 5, 0) }),
            ("forward entry with a term past the vocabulary", { f in f.setNarrow(0, .forward, 0, .max) }),
            ("posting offsets past the postings", { f in f.setNarrow(0, .postingOffsets, 1, 0xFF_FFFF) }),
            ("posting starts past the streams", { f in f.setNarrow(0, .postingStarts, 1, 0xFF_FFFF) }),
            ("posting starts descending", { f in f.setNarrow(0, .postingStarts, 2, 0) }),
            // Every posting claimed by the first term, whose stream holds a few: the offsets
            // still ascend to the same end.
            ("a term claiming more postings than its stream holds", { f in
                let end = f.word32(0, .info, 8)  // the posting count (info UInt64 4)
                var k = 1
                while f.narrow(0, .postingOffsets, k) < end {
                    f.setNarrow(0, .postingOffsets, k, end)
                    k += 1
                }
            }),
            ("postings without their padding", { f in f.setLength(0, .postings, f.section(f.entryIndex(0, .postings)).length - 1) }),
            ("run exception past the items", { f in f.setWord32(0, .runExceptions, 0, 0x7FFF_FFFF) }),
            ("title order not a permutation", { f in f.setNarrow(0, .titleOrder, 1, f.narrow(0, .titleOrder, 0)) }),
            // Narrow arrays' widths: outside 1...32, unlike the section's length, unlike the info's.
            ("a narrow array of 0 bits", { f in f.setNarrowBits(0, .rankKeyOrder, 0) }),
            ("a narrow array of 33 bits", { f in f.setNarrowBits(0, .titleOrder, 33) }),
            ("a narrow array one bit wider than its length", { f in f.setNarrowBits(0, .forwardOffsets, UInt8(f.narrowBits(0, .forwardOffsets) + 1)) }),
            ("a narrow array one byte short", { f in f.setLength(0, .leadStarts, f.section(f.entryIndex(0, .leadStarts)).length - 1) }),
            ("forward bits unlike the info's", { f in f.setWord32(0, .info, 6, f.word32(0, .info, 6) + 1) }),
            ("title lead order bits unlike the info's", { f in f.setWord32(0, .info, 12, 32) }),

            // The stored search structures.
            ("presence masks cut short", { f in f.setLength(0, .presence, f.section(f.entryIndex(0, .presence)).length - 8) }),
            ("a character posting past the items", { f in f.setNarrow(0, .charPostings, 0, 0xFF_FFFF) }),
            ("character offsets descending", { f in f.setWord32(0, .charOffsets, 1, 0x7FFF_FFFF) }),
            ("title lead order not a permutation", { f in f.setNarrow(0, .leadOrder, 0, f.narrow(0, .leadOrder, 1)) }),
            ("title lead starts descending", { f in f.setNarrow(0, .leadStarts, 1, 0xFF_FFFF) }),
            ("rank order item past the items", { f in f.setWord32(0, .rankOrder, 0, 0x7FFF_FFFF) }),
            ("rank order item twice", { f in f.setWord32(0, .rankOrder, 1, f.word32(0, .rankOrder, 0)) }),
            ("vocabulary byte counts cut short", { f in f.setLength(0, .vocabularyByteCounts, 1020) }),
            ("trigram filter cut short", { f in
                f.setLength(0, .vocabularyTrigrams, f.section(f.entryIndex(0, .vocabularyTrigrams)).length - 8)
            }),
            ("punctuated term past the vocabulary", { f in f.setWord32(0, .punctuatedTerms, 0, 0x7FFF_FFFF) }),
            ("title lead word counts cut short", { f in
                f.setLength(0, .leadTitleWordCounts, f.section(f.entryIndex(0, .leadTitleWordCounts)).length - 1)
            }),

            // Text offsets (4 bytes an item; the texts themselves are read only with `verify`).
            ("folded offsets past the bytes", { f in f.setWord32(0, .titleFoldedOffsets, 3, 0x7FFF_FFFF) }),
            ("folded offsets descending", { f in f.setWord32(0, .titleFoldedOffsets, 2, 0) }),
            ("folded offsets all at the end", { f in
                for i in 1..<40 { f.setWord32(0, .titleFoldedOffsets, i, f.word32(0, .titleFoldedOffsets, 399)) }
            }),
            ("edit offsets past the bytes", { f in f.setWord32(0, .titlePatchOffsets, 3, 0x7FFF_FFFF) }),
            ("edit offsets descending", { f in f.setWord32(0, .titlePatchOffsets, 2, 0) }),
            // Every other title the whole section: a scan or a merge would read it per item.
            ("folded offsets alternating between 0 and the end", { f in
                let last = f.section(f.entryIndex(0, .titleFoldedOffsets)).length / 4 - 1
                let end = f.word32(0, .titleFoldedOffsets, last)
                for i in 1..<last { f.setWord32(0, .titleFoldedOffsets, i, i % 2 == 0 ? 0 : end) }
            }),
        ]
        cases.append(("item count smaller than the columns", { f in f.setWord32(0, .info, 0, 1) }))
        for (name, edit) in cases {
            var file = original
            edit(&file)
            try Self.expectRefused(file.bytes, in: dir, name)
        }
        // What only the results depend on: refused with `verify`; without it the file opens
        // and is safe to use.
        let integrity: [(String, (inout IndexFileSurgeon) -> Void)] = [
            ("title order not sorted", { f in f.swapNarrow(0, .titleOrder, 0, 1) }),
            ("rank key order not sorted", { f in f.swapNarrow(0, .rankKeyOrder, 0, 1) }),
            ("ids out of order", { f in f.setWord32(0, .ids, 2, 0xFFFF_FFFF) }),
            ("a posting of a term out of order", { f in f.swapWords32(0, .postings, 0, 1) }),
            ("a posting past the items", { f in f.setWord32(0, .postings, 0, 0x00FF_FFFF) }),
            ("a posting stream wider than its bytes", { f in f.setWord32(0, .postings, 1, 0xFFFF_FFFF) }),
            ("vocabulary not sorted", { f in
                let k = f.entryIndex(0, .vocabulary)
                f.bytes[f.section(k).offset] = UInt8(ascii: "z")
                f.resealSection(k)
            }),
        ]
        for (name, edit) in integrity + Self.repairedAtUse() {
            var file = original
            edit(&file)
            try Self.expectRefused(file.bytes, in: dir, name, bounds: false)
            try Self.expectSafe(file.bytes, in: dir, name)
        }
        // Edits hold original bytes between numbers, not UTF-8 text: no open refuses one that
        // inserts malformed bytes; the text made with it is decoded with repair.
        var edited = original
        let k = edited.entryIndex(0, .titlePatches)
        edited.bytes[edited.section(k).offset + edited.section(k).length - 1] = 0xFE
        edited.resealSection(k)
        try Self.expectSafe(edited.bytes, in: dir, "an edit inserting invalid UTF-8")
    }

    /// Crafted texts that an open without `verify` does not read (their readers decode with
    /// repair and never read past a string's end): each would have made an unchecked reader
    /// read outside a text or hand malformed UTF-8 to the host. Refused with `verify`; without
    /// it the file opens and is safe to use.
    static func repairedAtUse() -> [(String, (inout IndexFileSurgeon) -> Void)] {
        /// Sets byte `at` (from the start, or from the end when negative) of a section.
        func setByte(_ kind: IndexFileLayout.Section, _ at: Int, _ value: UInt8) -> (inout IndexFileSurgeon) -> Void {
            { f in
                let k = f.entryIndex(0, kind)
                let (offset, length) = f.section(k)
                f.bytes[offset + (at >= 0 ? at : length + at)] = value
                f.resealSection(k)
            }
        }
        /// Writes `bytes` over the start of string `string` of a folded text.
        func overwrite(_ kind: IndexFileLayout.Section, _ offsets: IndexFileLayout.Section, string: Int, _ bytes: [UInt8])
            -> (inout IndexFileSurgeon) -> Void
        {
            { f in
                let k = f.entryIndex(0, kind)
                let start = f.section(k).offset + Int(f.word32(0, offsets, string))
                for (n, b) in bytes.enumerated() where start + n < f.section(k).offset + f.section(k).length {
                    f.bytes[start + n] = b
                }
                f.resealSection(k)
            }
        }
        return [
            ("invalid UTF-8 in a folded text", setByte(.titleFolded, 0, 0xFF)),
            ("a folded text ending inside a character", setByte(.titleFolded, -1, 0xF0)),
            ("a folded text starting inside a character", overwrite(.titleFolded, .titleFoldedOffsets, string: 5, [0x80, 0xBF])),
            ("code points past U+10FFFF in a folded text", overwrite(
                .titleFolded, .titleFoldedOffsets, string: 1, [0xF7, 0xBF, 0xBF, 0xBF, 0xF4, 0x90, 0x80, 0x80])),
            ("a surrogate in a folded text", overwrite(.titleFolded, .titleFoldedOffsets, string: 2, [0xED, 0xA0, 0x80])),
            ("invalid UTF-8 in the vocabulary", setByte(.vocabulary, -1, 0xC3)),
        ]
    }

    @Test("texts larger than a check chunk are checked across the chunk boundary")
    func chunkedChecks() throws {
        let dir = Self.directory()
        defer { Self.remove(dir) }
        // Titles of 3-byte characters only: every title starts at a multiple of 3, and the
        // chunk boundary (a power of two) falls inside a character.
        let han = Array("日本語中文字漢東京都市大学生".unicodeScalars)
        let items = (0..<40_000).map { i in
            IndexItem(id: UInt64(i), title: String(String.UnicodeScalarView((0..<10).map { han[($0 * 7 + i) % han.count] })))
        }
        let index = try SearchIndex(locale: .none, threads: 2)
        index.add(items)
        index.waitForMerges()
        let path = dir + "/han.sbindex"
        try index.save(to: path)
        var file = try IndexFileSurgeon(path: path)
        let k = file.entryIndex(0, .titleFolded)
        #expect(file.section(k).length > SectionChecks.chunkSize + 3)
        #expect(SectionChecks.chunkSize % 3 != 0)
        var contains = SearchOptions()
        contains.mode = .contains
        let expected = try index.search("東", options: contains).hits
        #expect(!expected.isEmpty)
        for verify in [false, true] {
            let opened = try SearchIndex.open(path: path, threads: 2, verify: verify)
            #expect(opened.count == items.count)
            #expect(try opened.search("東", options: contains).hits == expected)
        }
        // A byte just past the boundary made invalid is found (the second chunk starts there).
        file.bytes[file.section(k).offset + SectionChecks.chunkSize + 1] = 0xFF
        file.resealSection(k)
        try Self.expectRefused(file.bytes, in: dir, "invalid UTF-8 after the chunk boundary", bounds: false)
        try Self.expectSafe(file.bytes, in: dir, "invalid UTF-8 after the chunk boundary")
    }

    @Test("saving replaces the file atomically and leaves no temporary file")
    func atomicSave() throws {
        let dir = Self.directory()
        defer { Self.remove(dir) }
        let path = dir + "/items.sbindex"
        let index = try Self.populated(count: 300)
        try index.save(to: path)
        // A temporary file a killed process left (its pid is not alive) is removed by the next save.
        let stale = "\(path).tmp-999999999-1"
        try IndexFileSurgeon(bytes: [1, 2, 3]).write(to: stale)
        index.add([IndexItem(id: 123_456, title: "Neu")])
        try index.save(to: path)
        #expect(access(stale, F_OK) != 0)
        #expect(try SearchIndex.open(path: path).item(id: 123_456)?.title == "Neu")
        // A directory that does not exist: an I/O error, nothing written.
        do {
            try index.save(to: dir + "/missing/x")
            Issue.record("saved into a missing directory")
        } catch { #expect(error.code == .io) }
        #expect(throws: SearchBarError.self) { try index.save(to: "") }
    }
}

extension IndexFileSurgeon {
    init(bytes: [UInt8]) { self.bytes = bytes }
}
