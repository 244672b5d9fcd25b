import Glibc
import SearchBarCore

/// What one `searchbar filter` scan does (from the command line).
struct ScanSettings {
    var pattern: FilterPattern
    var folder: ScalarFolder
    var nth: FieldSelection?
    var withNth: FieldSelection?
    var tiebreaks: [Tiebreak]
    var sort: Bool
    var limit: Int?
    var read0: Bool
    var print0: Bool
    var color: Bool
    /// With `--transliterate`: the Latin readings matched after each line's own text.
    var transliterator: LatinTransliterator? = nil
}

/// One-shot filtering without an index, as `fzf --filter` does: standard input is read in
/// blocks and every record is matched as soon as it is complete. Unsorted (`--no-sort`, an
/// empty query, or only negated terms), matching lines are written as they are found; sorted,
/// they are ranked by score and tiebreaks once the input ends. Returns how many lines were printed.
struct ScanFilter {
    let settings: ScanSettings

    func run() -> Int {
        let s = settings
        let separator: UInt8 = s.read0 ? 0 : 0x0A
        let ranked = s.sort && s.pattern.sortable && !s.pattern.isEmpty
        let forward = !s.tiebreaks.contains(.end)
        let matcher = LineMatcher(pattern: s.pattern, folder: s.folder, fields: s.nth, forward: forward, wantsPositions: false)
        let highlighter = s.color && s.withNth == nil
            ? LineMatcher(pattern: s.pattern, folder: s.folder, fields: s.nth, forward: forward, wantsPositions: true) : nil
        var out = BufferedOutput()
        var printed = 0
        var hits: [(key: UInt64, index: Int32, start: Int, end: Int)] = []
        var transformed: [UInt8] = []
        var input = RecordReader(descriptor: 0, separator: separator, keepsAll: ranked)

        func emit(_ line: UnsafeBufferPointer<UInt8>) {
            if let highlighter, let positions = highlightedPositions(line, highlighter, &transformed) {
                out.writeHighlighted(line, positions: positions)
            } else {
                out.write(line)
            }
            out.write(byte: s.print0 ? 0 : 0x0A)
            printed += 1
        }

        var index: Int32 = 0
        var done = false
        while !done, input.fill() {
            input.forEachRecord { start, end, bytes in
                if done { return }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                defer { index &+= 1 }
                let matched: (LineMatch?, UInt64) = withMatchedText(line, &transformed) { text in
                    if s.pattern.isEmpty { return (LineMatch(score: 0), 0) }
                    guard let found = matcher.match(text) else { return (nil, 0) }
                    return (found, ranked ? RankKey.make(found, line: text, tiebreaks: s.tiebreaks) : 0)
                }
                guard matched.0 != nil else { return }
                if ranked {
                    hits.append((matched.1, index, start, end))
                } else {
                    emit(line)
                    if let limit = s.limit, printed >= limit { done = true }
                }
            }
            if !ranked { out.flush() }
        }
        if ranked {
            hits.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
            if let limit = s.limit, hits.count > limit { hits.removeLast(hits.count - limit) }
            input.withBytes { bytes in
                for hit in hits { emit(UnsafeBufferPointer(rebasing: bytes[hit.start..<hit.end])) }
            }
        }
        out.flush()
        return printed
    }

    /// True when some term compares case: only then are the readings' cases worth making.
    private var readsCase: Bool { settings.pattern.sets.contains { $0.contains { $0.variant.caseSensitive } } }

    /// Calls `body` with the text terms are matched in: the line, or its `--with-nth` fields
    /// joined (trailing blanks removed, as fzf does); with `--transliterate`, followed by the
    /// Latin reading of each of its words in another script (with the word's case, for smart
    /// case: Москва reads "Moskva"), each after a space.
    private func withMatchedText<R>(_ line: UnsafeBufferPointer<UInt8>, _ scratch: inout [UInt8],
                                    _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard settings.withNth != nil || settings.transliterator != nil else { return body(line) }
        scratch.removeAll(keepingCapacity: true)
        if let withNth = settings.withNth {
            for segment in withNth.select(line) { scratch.append(contentsOf: line[segment.bytes]) }
            while let last = scratch.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { scratch.removeLast() }
        } else {
            scratch.append(contentsOf: line)
        }
        if let transliterator = settings.transliterator, scratch.contains(where: { $0 >= 0xCD }) {
            let text = String(decoding: scratch, as: UTF8.self)
            for word in transliterator.words(of: text, cased: readsCase) {
                scratch.append(0x20)
                scratch.append(contentsOf: word.cased.utf8)
            }
        }
        return scratch.withUnsafeBufferPointer(body)
    }

    /// The code points of `line` to highlight: what `highlighter` matched in it, and with
    /// `--transliterate` every code point of a word whose reading it matched in; nil when it
    /// did not match.
    private func highlightedPositions(_ line: UnsafeBufferPointer<UInt8>, _ highlighter: LineMatcher,
                                      _ scratch: inout [UInt8]) -> [Int]? {
        guard let transliterator = settings.transliterator, line.contains(where: { $0 >= 0xCD }) else {
            return highlighter.match(line)?.positions
        }
        let text = String(decoding: line, as: UTF8.self)
        let words = transliterator.words(of: text, cased: readsCase)
        // Where each word's reading starts, in code points of the matched text.
        let scalarCount = text.unicodeScalars.count
        var readings: [(start: Int, end: Int, word: Range<Int>)] = []
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: line)
        var at = scalarCount
        for word in words {
            scratch.append(0x20)
            scratch.append(contentsOf: word.cased.utf8)
            readings.append((at + 1, at + 1 + word.cased.utf8.count, word.range))
            at += 1 + word.cased.utf8.count
        }
        guard let found = scratch.withUnsafeBufferPointer({ highlighter.match($0) }) else { return nil }
        // Code point offsets of the line's UTF-8 bytes.
        var scalarAt: [Int: Int] = [:]
        var scalar = 0
        for (offset, byte) in line.enumerated() where byte & 0xC0 != 0x80 {
            scalarAt[offset] = scalar
            scalar += 1
        }
        scalarAt[line.count] = scalar
        var positions: [Int] = []
        for position in found.positions {
            if position < scalarCount {
                positions.append(position)
            } else if let reading = readings.first(where: { $0.start <= position && position < $0.end }),
                let lower = scalarAt[reading.word.lowerBound], let upper = scalarAt[reading.word.upperBound] {
                positions += Array(lower..<upper)
            }
        }
        return positions
    }
}

/// Reads records (lines, or NUL-separated with `--read0`) from a file descriptor in blocks.
/// A last record without a separator counts; with `keepsAll` every byte read stays (sorted
/// output prints lines after the input ends), otherwise consumed records are dropped.
struct RecordReader {
    let descriptor: Int32
    let separator: UInt8
    let keepsAll: Bool
    private var bytes: [UInt8] = []
    private var block = [UInt8](repeating: 0, count: 1 << 20)
    private var scanned = 0
    private var recordStart = 0
    private var atEnd = false

    init(descriptor: Int32, separator: UInt8, keepsAll: Bool) {
        self.descriptor = descriptor
        self.separator = separator
        self.keepsAll = keepsAll
    }

    /// Reads the next block; false once the input has ended and every record was delivered.
    mutating func fill() -> Bool {
        if atEnd { return false }
        if !keepsAll && recordStart > 0 {
            bytes.removeFirst(recordStart)
            scanned -= recordStart
            recordStart = 0
        }
        var n = 0
        repeat {
            n = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        } while n < 0 && errno == EINTR
        if n > 0 {
            // Geometric growth: a pipe delivers 64 KiB per read, and sizing the buffer exactly
            // each time would copy everything read so far on every read.
            if bytes.count + n > bytes.capacity { bytes.reserveCapacity(max(bytes.capacity * 2, bytes.count + n)) }
            bytes.append(contentsOf: block[0..<n])
        }
        if n <= 0 { atEnd = true }
        return true
    }

    /// Calls `body(start, end, bytes)` for each complete record read so far (and the last
    /// unterminated one at the end of the input).
    mutating func forEachRecord(_ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Void) {
        let separator = self.separator
        var start = recordStart
        var i = scanned
        let atEnd = self.atEnd
        bytes.withUnsafeBufferPointer { p in
            let count = p.count
            while i < count {
                guard let hit = memchr(p.baseAddress! + i, Int32(separator), count - i) else {
                    i = count
                    break
                }
                let at = UnsafeRawPointer(hit) - UnsafeRawPointer(p.baseAddress!)
                body(start, at, p)
                start = at + 1
                i = at + 1
            }
            if atEnd && start < count {
                body(start, count, p)
                start = count
            }
        }
        recordStart = start
        scanned = i
    }

    /// Calls `body` with every byte kept.
    func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) { bytes.withUnsafeBufferPointer(body) }
}

extension BufferedOutput {
    /// Writes the line with the code points at `positions` in bold green (ANSI).
    mutating func writeHighlighted(_ line: UnsafeBufferPointer<UInt8>, positions: [Int]) {
        let marked = Set(positions)
        var scalar = 0
        var i = 0
        var inside = false
        while i < line.count {
            let length = line[i] < 0x80 ? 1 : UTF8Codec.decodeChecked(line, i, line.count).1
            let hit = marked.contains(scalar)
            if hit != inside {
                write(hit ? "\u{1B}[1;32m" : "\u{1B}[0m")
                inside = hit
            }
            write(UnsafeBufferPointer(rebasing: line[i..<(i + length)]))
            scalar += 1
            i += length
        }
        if inside { write("\u{1B}[0m") }
    }
}
