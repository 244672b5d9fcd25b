import ArgumentParser
import Glibc
import SearchBarCore

/// `searchbar filter [--mode M] [--locale L] [--limit N] QUERY < lines`: indexes standard
/// input's lines and prints the ones matching QUERY, best first, like `fzf --filter`.
struct FilterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filter",
        abstract: "Print standard input's lines that match QUERY, best first (like fzf --filter).")

    @Option(name: .long, help: "Match mode: prefix, contains or fuzzy.")
    var mode: String = "prefix"
    @OptionGroup var locale: LocaleOption
    @Option(name: .long, help: "At most this many lines (1...10000).")
    var limit: Int = SearchOptions.maxLimit
    @Option(name: .long, help: "The executor pool's threads (0: SEARCHBAR_THREADS, else one per core).")
    var threads: Int = 0
    @Flag(name: .long, help: "Parse 'exact ^prefix suffix$ !not a | b and filter tokens.")
    var extended = false
    @Flag(name: .long, help: "Turn typo tolerance off.")
    var noTypos = false
    @Flag(name: .long, help: "Print index build and search times on standard error.")
    var timing = false
    @Flag(name: .long, help: "Print the bytes the index holds per structure on standard error.")
    var stats = false
    @Flag(name: .long, help: "Type QUERY one keystroke at a time and print per-keystroke latency on standard error.")
    var keystrokes = false
    @Option(name: .long, help: ArgumentHelp(
        "With --keystrokes: also type every line of this file (one query per line), after QUERY.",
        valueName: "file"))
    var queries: String?
    @Option(name: .long, help: "With --keystrokes: type the queries this many times (1...100).")
    var rounds: Int = 1
    @Argument(help: "The query.")
    var query: String

    func validate() throws {
        guard MatchMode(name: mode) != nil else { throw ValidationError("--mode must be prefix, contains or fuzzy") }
        guard limit >= 1 && limit <= SearchOptions.maxLimit else { throw ValidationError("--limit must be 1...10000") }
        guard threads >= 0 && threads <= 256 else { throw ValidationError("--threads must be 0...256") }
        guard rounds >= 1 && rounds <= 100 else { throw ValidationError("--rounds must be 1...100") }
    }

    func run() throws {
        let matchMode = MatchMode(name: mode) ?? .prefix
        let lines = StandardInput.read()
        var clock = Stopwatch()
        if threads > 0 { try ProcessPool.configure(threads: threads) }
        let index = try SearchIndex(locale: try locale.resolve(), mode: matchMode, fields: .title)
        try index.add(count: lines.count) { n in IndexItem(id: UInt64(n), title: lines.line(n)) }
        let buildTime = clock.lap()
        let options = SearchOptions(mode: matchMode, limit: limit, extendedSyntax: extended, typos: !noTypos)
        if keystrokes {
            var typedQueries = [query]
            if let queries {
                guard let text = StandardInput.readFile(queries) else {
                    throw ValidationError("cannot read --queries file \(queries)")
                }
                typedQueries += text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            }
            var latencies: [Double] = []
            for _ in 0..<rounds {
                for typedQuery in typedQueries {
                    var typed = ""
                    var perQuery: [Double] = []
                    for character in typedQuery {
                        typed.append(character)
                        _ = clock.lap()
                        _ = try index.search(typed, options: options)
                        perQuery.append(clock.lap())
                    }
                    latencies += perQuery
                    printError("per keystroke of \(typedQuery): " + perQuery.map { Stopwatch.format($0) }.joined(separator: ", "))
                }
            }
            printError(Stopwatch.summary("keystrokes", latencies))
        }
        _ = clock.lap()
        let hits = try index.search(query, options: options)
        let searchTime = clock.lap()
        var out = BufferedOutput()
        for hit in hits where hit.id < UInt64(lines.count) {
            out.write(lines.line(Int(hit.id)))
            out.write("\n")
        }
        out.flush()
        if stats {
            let parts = index.storageBreakdown()
            let total = parts.reduce(0) { $0 + $1.bytes }
            for part in parts + [("total", total)] {
                printError("\(part.name): \(part.bytes / 1024) KiB")
            }
        }
        if timing {
            printError("lines \(lines.count)  build \(Stopwatch.format(buildTime))  search \(Stopwatch.format(searchTime))  hits \(hits.count)  rss \(StandardInput.residentMegabytes()) MB")
        }
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
