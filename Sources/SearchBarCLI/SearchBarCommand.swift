import ArgumentParser
import CSearchBar
import Glibc
import SearchBarCore

/// The `searchbar` command-line tool: the text layer and the engine for shell users and benchmarks.
@main
struct SearchBarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "searchbar",
        abstract: "A headless search-bar engine: fold, tokenize, sort and filter text from the shell.",
        version: "\(SB_VERSION_MAJOR).\(SB_VERSION_MINOR).\(SB_VERSION_PATCH)",
        subcommands: [FoldCommand.self, TokenizeCommand.self, SortCommand.self, SamplesCommand.self, FilterCommand.self]
    )

    /// Runs the tool. `searchbar filter` exits as fzf does: 2 on any error (usage included),
    /// and it accepts fzf's `+i`, `+s`, `+x`, `-x` spellings.
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let filtering = arguments.first == "filter"
        if filtering { arguments = FilterCommand.translatingFzfFlags(arguments) }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch {
            guard filtering, exitCode(for: error) != .success else { exit(withError: error) }
            printError(fullMessage(for: error))
            Glibc.exit(2)
        }
    }
}

/// Options every text command takes.
struct LocaleOption: ParsableArguments {
    @Option(name: .long, help: "BCP 47 locale (default: none, 'und').")
    var locale: String?

    /// The validated locale; warns on standard error when it falls back.
    func resolve() throws -> SearchLocale {
        let parsed = try SearchLocale(locale)
        if parsed.isFallback {
            printError("searchbar: warning: no data for locale '\(locale ?? "")'; using no locale")
        }
        return parsed
    }
}

/// `searchbar fold TEXT...`: prints each text's match key.
struct FoldCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fold", abstract: "Print the match key of each argument (or of each stdin line).")
    @OptionGroup var locale: LocaleOption
    @Argument(help: "Texts to fold; read from standard input when none are given.")
    var texts: [String] = []

    func run() throws {
        let analyzer = AnalyzerCache.shared.analyzer(for: try locale.resolve())
        for text in inputLines(texts) { print(analyzer.fold(text)) }
    }
}

/// `searchbar tokenize TEXT`: prints each token with its byte range.
struct TokenizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokenize", abstract: "Print the word tokens of each argument with byte ranges.")
    @OptionGroup var locale: LocaleOption
    @Argument(help: "Texts to tokenize; read from standard input when none are given.")
    var texts: [String] = []

    func run() throws {
        let analyzer = AnalyzerCache.shared.analyzer(for: try locale.resolve())
        for text in inputLines(texts) {
            for token in analyzer.tokenize(text) {
                print("\(token.range.lowerBound)\t\(token.range.upperBound)\t\(token.kind)\t\(token.text)\t\(token.key)")
            }
        }
    }
}

/// `searchbar sort < lines`: prints standard input's lines in the locale's collation order.
struct SortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sort", abstract: "Sort standard input's lines by the locale's collation (numeric on).")
    @OptionGroup var locale: LocaleOption

    func run() throws {
        let collator = try Collator(locale: try locale.resolve())
        let lines = inputLines([])
        for index in collator.sortedIndices(lines) { print(lines[index]) }
    }
}

/// The arguments, or standard input's lines when there are none.
func inputLines(_ arguments: [String]) -> [String] {
    if !arguments.isEmpty { return arguments }
    var lines: [String] = []
    while let line = readLine(strippingNewline: true) { lines.append(line) }
    return lines
}

/// Writes a line to standard error.
func printError(_ message: String) {
    var stderr = StandardError()
    print(message, to: &stderr)
}

/// Standard error as a `TextOutputStream`, without Foundation.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var copy = string
        copy.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }
}
