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
    @Option(name: .long, help: "Executor threads (0: one per core).")
    var threads: Int = 0
    @Flag(name: .long, help: "Parse 'exact ^prefix suffix$ !not a | b and filter tokens.")
    var extended = false
    @Flag(name: .long, help: "Turn typo tolerance off.")
    var noTypos = false
    @Flag(name: .long, help: "Print index build and search times on standard error.")
    var timing = false
    @Flag(name: .long, help: "Type QUERY one keystroke at a time and print per-keystroke latency on standard error.")
    var keystrokes = false
    @Argument(help: "The query.")
    var query: String

    func validate() throws {
        guard MatchMode(name: mode) != nil else { throw ValidationError("--mode must be prefix, contains or fuzzy") }
        guard limit >= 1 && limit <= SearchOptions.maxLimit else { throw ValidationError("--limit must be 1...10000") }
        guard threads >= 0 && threads <= 256 else { throw ValidationError("--threads must be 0...256") }
    }

    func run() throws {
        let matchMode = MatchMode(name: mode) ?? .prefix
        let lines = StandardInput.lines()
        var clock = Stopwatch()
        let index = try SearchIndex(locale: try locale.resolve(), mode: matchMode, fields: .title, threads: threads)
        var items: [IndexItem] = []
        items.reserveCapacity(lines.count)
        for (n, line) in lines.enumerated() { items.append(IndexItem(id: UInt64(n), title: line)) }
        index.add(items)
        items = []
        let buildTime = clock.lap()
        let options = SearchOptions(mode: matchMode, limit: limit, extendedSyntax: extended, typos: !noTypos)
        if keystrokes {
            var latencies: [Double] = []
            var typed = ""
            for character in query {
                typed.append(character)
                _ = clock.lap()
                _ = try index.search(typed, options: options)
                latencies.append(clock.lap())
            }
            printError(Stopwatch.summary("keystrokes", latencies))
        }
        _ = clock.lap()
        let hits = try index.search(query, options: options)
        let searchTime = clock.lap()
        var out = BufferedOutput()
        for hit in hits where hit.id < UInt64(lines.count) {
            out.write(lines[Int(hit.id)])
            out.write("\n")
        }
        out.flush()
        if timing {
            printError("lines \(lines.count)  build \(Stopwatch.format(buildTime))  search \(Stopwatch.format(searchTime))  hits \(hits.count)")
        }
    }
}

/// Reads all of standard input at once and splits it into lines (invalid UTF-8 is repaired).
enum StandardInput {
    /// The lines of standard input, without their line ends.
    static func lines() -> [String] {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        var lines: [String] = []
        var start = 0
        data.withUnsafeBufferPointer { bytes in
            for i in 0..<bytes.count where bytes[i] == 0x0A {
                var end = i
                if end > start && bytes[end - 1] == 0x0D { end -= 1 }
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = i + 1
            }
            if start < bytes.count {
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            }
        }
        return lines
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
