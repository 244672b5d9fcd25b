import ArgumentParser
import SearchBarCore

/// `searchbar samples`: prints the built-in ICU-derived dataset as TSV (title, subtitle, scope).
struct SamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "Print the built-in multilingual dataset (from ICU's own data) as TSV: title, subtitle, scope.")

    @Option(name: .long, help: "Comma-separated scopes: characters, emoji, languages, countries, timezones, currencies.")
    var scopes: String?

    func run() throws {
        var selected = Set(SampleDataset.Scope.allCases)
        if let scopes {
            selected = []
            for name in scopes.split(separator: ",") {
                guard let scope = SampleDataset.Scope.allCases.first(where: {
                    $0.title.lowercased().replacingOccurrences(" ", "") == name.lowercased()
                }) else {
                    throw ValidationError("unknown scope '\(name)'")
                }
                selected.insert(scope)
            }
        }
        for item in SampleDataset.items(scopes: selected) {
            print("\(item.title)\t\(item.subtitle)\t\(item.scope)")
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for ch in self { if ch == target { out += replacement } else { out.append(ch) } }
        return out
    }
}
