import ArgumentParser
import Glibc
import SearchBarCore

/// `searchbar filter [options] QUERY < lines`: a drop-in for `fzf --filter QUERY`. Prints
/// standard input's lines that match QUERY, best first, with fzf's matching, scores,
/// tiebreaks and extended syntax; exits 0 when something matched, 1 when nothing did, 2 on
/// error. Folding is ICU's (diacritics and compatibility forms too, in the `--locale`'s way).
struct FilterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter",
        abstract: "Print standard input's lines that match QUERY, best first: a drop-in for fzf --filter.",
        discussion: """
            Query syntax (fzf's extended search; --no-extended turns it off): terms are separated \
            by spaces and every term must match; 'word matches exactly, ^word at the start, word$ \
            at the end, ^word$ the whole line (blanks around the line aside), !word must not \
            match, a | b matches either, \\  is a literal space. Smart case: a term with an \
            upper-case letter is case-sensitive. Exit status: 0 when a line matched, 1 when none \
            did, 2 on error. fzf's +i, +s and +x are accepted for --case-sensitive, --no-sort \
            and --no-extended.
            """)

    @Argument(help: "The query (or give it with -f/--filter, as to fzf).")
    var query: String?
    @Option(name: [.customShort("f"), .long], help: "The query, as fzf --filter takes it.")
    var filter: String?
    @Option(name: .long, help: "How a plain term matches: fuzzy (fzf's default), contains (a substring) or prefix (a substring that starts a word).")
    var mode: String = "fuzzy"
    @Flag(name: [.customShort("e"), .long], help: "Plain terms match as substrings (--mode contains).")
    var exact = false
    @Flag(inversion: .prefixedNo, help: "Parse the extended syntax ('exact ^prefix suffix$ !not a | b).")
    var extended = true
    @Flag(exclusivity: .chooseLast, help: "Letter case.")
    var caseMode: CaseFlag = .smartCase
    @Flag(name: .long, help: "Diacritics and compatibility forms are distinct (é does not match e).")
    var literal = false
    @Option(name: .long, help: "What orders lines of equal score: a comma-separated list of length, begin, end, index.")
    var tiebreak: String = "length"
    @Flag(name: .long, help: "Print matching lines in input order, as they are read.")
    var noSort = false
    @Option(name: .long, help: "Print at most this many lines (default: every match).")
    var limit: Int?
    @Flag(name: .long, help: "Input records end with NUL instead of a newline.")
    var read0 = false
    @Flag(name: .long, help: "Output records end with NUL instead of a newline.")
    var print0 = false
    @Option(name: [.customShort("n"), .long], help: "Match only in these fields: N, N..M, N.., ..M, .. (1-based; negative from the end), comma-separated.")
    var nth: String?
    @Option(name: .long, help: "Match in these fields joined (lines are still printed whole).")
    var withNth: String?
    @Option(name: [.customShort("d"), .long], help: "Field delimiter: a string or a regular expression (default: blank-separated, as awk).")
    var delimiter: String?
    @Option(name: .long, help: "Highlight the matched characters: never, always or auto (when standard output is a terminal).")
    var color: String = "never"
    @OptionGroup var locale: LocaleOption
    @Flag(name: .long, help: "Also match words in Cyrillic, Greek, Armenian, Georgian, Hebrew, Arabic, Hangul, kana and Devanagari by their Latin transliteration (moskva finds Москва; Han as pinyin under --locale zh).")
    var transliterate = false
    @Flag(name: .long, help: "Print the time taken, the lines printed and the memory used on standard error.")
    var timing = false

    // The index path, for measuring the engine (bench/): --keystrokes, --stats.
    @Flag(name: .long, help: "Index the lines and type QUERY one keystroke at a time, printing per-keystroke latency on standard error.")
    var keystrokes = false
    @Flag(name: .long, help: "Index the lines and print the bytes the index holds per structure on standard error.")
    var stats = false
    @Option(name: .long, help: ArgumentHelp(
        "With --keystrokes: also type every line of this file (one query per line), after QUERY.",
        valueName: "file"))
    var queries: String?
    @Option(name: .long, help: "With --keystrokes: type the queries this many times (1...100).")
    var rounds: Int = 1
    @Option(name: .long, help: "With --keystrokes/--stats: the executor pool's threads (0: SEARCHBAR_THREADS, else one per core).")
    var threads: Int = 0
    @Flag(name: .long, help: "With --keystrokes/--stats: turn typo tolerance off.")
    var noTypos = false
    @Flag(name: .long, help: "With --keystrokes/--stats: index the subtitle and keywords fields too (empty for every line), as the Python binding's Index does.")
    var allFields = false

    /// The case flags (fzf: smart case by default, -i, +i).
    enum CaseFlag: EnumerableFlag {
        case smartCase, ignoreCase, caseSensitive

        static func name(for value: Self) -> NameSpecification {
            value == .ignoreCase ? [.customShort("i"), .long] : .long
        }

        static func help(for value: Self) -> ArgumentHelp? {
            switch value {
            case .smartCase: "Case-sensitive only for terms with an upper-case letter (the default)."
            case .ignoreCase: "Fold case always."
            case .caseSensitive: "Never fold case (fzf's +i)."
            }
        }
    }

    /// fzf's `+`-flags and attached short values spelled the way the parser knows them (`--`
    /// ends the translation).
    static func translatingFzfFlags(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var passthrough = false
        var joinNext = false
        var verbatimNext = false
        for argument in arguments {
            if verbatimNext {
                // An option's value (-f +x is the query "+x").
                out.append(argument)
                verbatimNext = false
                continue
            }
            if joinNext {
                // A field list may start with '-' (--nth -1): keep it the option's value.
                out[out.count - 1] += "=" + argument
                joinNext = false
                continue
            }
            if !passthrough && ["--nth", "-n", "--with-nth", "--delimiter", "-d"].contains(argument) {
                out.append(argument.hasPrefix("--") ? argument : (argument == "-n" ? "--nth" : "--delimiter"))
                joinNext = true
                continue
            }
            if !passthrough && ["-f", "--filter", "--tiebreak", "--mode", "--limit", "--locale", "--color", "--queries",
                                "--rounds", "--threads"].contains(argument) {
                out.append(argument)
                verbatimNext = true
                continue
            }
            if passthrough || argument == "--" {
                passthrough = true
                out.append(argument)
                continue
            }
            switch argument {
            case "+i": out.append("--case-sensitive")
            case "+s": out.append("--no-sort")
            case "+x": out.append("--no-extended")
            case "-x": out.append("--extended")
            case _ where argument.count > 2 && ["-d", "-n"].contains(String(argument.prefix(2))):
                // fzf's attached values: -d/ -n2.
                out.append((argument.hasPrefix("-d") ? "--delimiter=" : "--nth=") + argument.dropFirst(2))
            case _ where argument.count > 2 && argument.hasPrefix("-f"):
                out.append("--filter=" + argument.dropFirst(2))
            default: out.append(argument)
            }
        }
        return out
    }

    func validate() throws {
        guard MatchMode(name: mode) != nil else { throw ValidationError("--mode must be prefix, contains or fuzzy") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        guard query == nil || filter == nil else { throw ValidationError("give the query once (argument or -f)") }
        guard query != nil || filter != nil else { throw ValidationError("a query is needed (an empty one prints every line)") }
        guard ["never", "always", "auto"].contains(color) else { throw ValidationError("--color must be never, always or auto") }
        guard threads >= 0 && threads <= 256 else { throw ValidationError("--threads must be 0...256") }
        guard rounds >= 1 && rounds <= 100 else { throw ValidationError("--rounds must be 1...100") }
        if let nth, FieldRange.parseList(nth) == nil { throw ValidationError("invalid --nth: \(nth)") }
        if let withNth, FieldRange.parseList(withNth) == nil { throw ValidationError("invalid --with-nth: \(withNth)") }
        _ = try Tiebreak.parseList(tiebreak)
    }

    func run() throws {
        let text = query ?? filter ?? ""
        let matchMode = exact ? .contains : (MatchMode(name: mode) ?? .fuzzy)
        let searchLocale = try locale.resolve()
        var clock = Stopwatch()
        let printed: Int
        if keystrokes || stats {
            printed = try IndexedFilter(
                query: text, mode: matchMode, locale: searchLocale, limit: limit ?? SearchOptions.maxLimit,
                threads: threads, extended: extended, typos: !noTypos, keystrokes: keystrokes, queries: queries,
                rounds: rounds, timing: timing, stats: stats, transliterate: transliterate,
                fields: allFields ? .all : .title
            ).run()
        } else {
            let folder = ScalarFolder(locale: searchLocale)
            let plain: TermKind = switch matchMode {
            case .fuzzy: .fuzzy
            case .contains: .exact
            case .prefix: .wordPrefix
            }
            let caseMode: CaseMode = switch self.caseMode {
            case .smartCase: .smart
            case .ignoreCase: .ignore
            case .caseSensitive: .respect
            }
            let fieldDelimiter = delimiter.map(FieldDelimiter.init) ?? .awk
            let settings = ScanSettings(
                pattern: FilterPattern(text, plain: plain, extended: extended, caseMode: caseMode, literal: literal, folder: folder),
                folder: folder,
                nth: nth.flatMap(FieldRange.parseList).map { FieldSelection(delimiter: fieldDelimiter, ranges: $0) },
                withNth: withNth.flatMap(FieldRange.parseList).map { FieldSelection(delimiter: fieldDelimiter, ranges: $0) },
                tiebreaks: try Tiebreak.parseList(tiebreak), sort: !noSort, limit: limit,
                read0: read0, print0: print0, color: color == "always" || color == "auto" && isatty(1) != 0,
                transliterator: transliterate ? LatinTransliterator(locale: searchLocale) : nil)
            printed = ScanFilter(settings: settings).run()
            if timing {
                printError("scan \(Stopwatch.format(clock.lap()))  printed \(printed)  rss \(StandardInput.residentMegabytes()) MB")
            }
        }
        if printed == 0 { throw ExitCode(1) }
    }
}

/// Standard input held as one byte buffer with line offsets (no string per line).
final class InputLines: Sendable {
    private let bytes: [UInt8]
    private let starts: [Int]
    private let ends: [Int]

    init(bytes: [UInt8], starts: [Int], ends: [Int]) {
        self.bytes = bytes
        self.starts = starts
        self.ends = ends
    }

    /// The number of lines.
    var count: Int { starts.count }

    /// Line `n` without its line end (invalid UTF-8 repaired).
    func line(_ n: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[starts[n]..<ends[n]]), as: UTF8.self) }
    }
}

/// Reading standard input, and the process's memory use.
enum StandardInput {
    /// Every byte readable from `descriptor`.
    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        return data
    }

    /// The file at `path` as (lossily decoded) UTF-8 text, or nil when it cannot be opened.
    static func readFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return String(decoding: readAll(descriptor), as: UTF8.self)
    }

    /// All of standard input, split into lines.
    static func read() -> InputLines {
        let data = readAll(0)
        var starts: [Int] = []
        var ends: [Int] = []
        var start = 0
        data.withUnsafeBufferPointer { bytes in
            for i in 0..<bytes.count where bytes[i] == 0x0A {
                var end = i
                if end > start && bytes[end - 1] == 0x0D { end -= 1 }
                starts.append(start)
                ends.append(end)
                start = i + 1
            }
            if start < bytes.count {
                starts.append(start)
                ends.append(bytes.count)
            }
        }
        return InputLines(bytes: data, starts: starts, ends: ends)
    }

    /// Resident memory in MiB, from /proc/self/statm (0 when unavailable).
    static func residentMegabytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0, resident = 0
        guard withUnsafeMutablePointer(to: &size, { s in
            withUnsafeMutablePointer(to: &resident) { r in parseStatm(file, s, r) }
        }) else { return 0 }
        return (resident * Int(sysconf(Int32(_SC_PAGESIZE)))) >> 20
    }

    private static func parseStatm(_ file: UnsafeMutablePointer<FILE>, _ size: UnsafeMutablePointer<Int>,
                                        _ resident: UnsafeMutablePointer<Int>) -> Bool {
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, 128, file) != nil else { return false }
        let length = line.firstIndex(of: 0) ?? line.count
        let text = String(decoding: line[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let s = Int(fields[0]), let r = Int(fields[1]) else { return false }
        size.pointee = s
        resident.pointee = r
        return true
    }
}

/// Standard output through one large buffer.
struct BufferedOutput {
    private var buffer: [UInt8] = []

    /// Appends text.
    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends bytes.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends one byte.
    mutating func write(byte: UInt8) {
        buffer.append(byte)
    }

    /// Writes what is buffered.
    mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Monotonic wall-clock laps in milliseconds.
struct Stopwatch {
    private var last = Stopwatch.now()

    /// Milliseconds since the previous lap (or creation).
    mutating func lap() -> Double {
        let now = Stopwatch.now()
        defer { last = now }
        return now - last
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    /// "12.34 ms".
    static func format(_ ms: Double) -> String {
        let hundredths = Int((ms * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
    }

    /// Median, p95 and max of latencies.
    static func summary(_ label: String, _ values: [Double]) -> String {
        guard !values.isEmpty else { return "\(label): none" }
        let sorted = values.sorted()
        let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
        return "\(label) \(values.count)  median \(format(sorted[sorted.count / 2]))  p95 \(format(p95))  max \(format(sorted[sorted.count - 1]))"
    }
}
