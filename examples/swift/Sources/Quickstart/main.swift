// Indexes a few multilingual titles, searches as a user types, and prints each hit with its
// matched ranges marked in the original text.
import SearchBarCore

let index = try SearchIndex(locale: SearchLocale("de"))
index.add([
    IndexItem(id: 1, title: "Zürich Hauptbahnhof", subtitle: "Bahnhof"),
    IndexItem(id: 2, title: "Straßburg", subtitle: "Frankreich"),
    IndexItem(id: 3, title: "東京タワー", subtitle: "Tokyo Tower"),
    IndexItem(id: 4, title: "Zurich Airport"),
])

/// The text with the highlighted UTF-8 byte ranges wrapped in [brackets].
func marked(_ text: String, _ ranges: [Range<Int>]) -> String {
    var bytes: [UInt8] = []
    for (offset, byte) in text.utf8.enumerated() {
        if ranges.contains(where: { $0.lowerBound == offset }) { bytes.append(UInt8(ascii: "[")) }
        bytes.append(byte)
        if ranges.contains(where: { $0.upperBound == offset + 1 }) { bytes.append(UInt8(ascii: "]")) }
    }
    return String(decoding: bytes, as: UTF8.self)
}

for query in ["z", "zur", "strasse", "東京", "tower"] {
    let hits = try index.search(query)
    let shown = hits.compactMap { hit in
        index.item(id: hit.id).map { marked($0.text(of: hit.field), hit.highlights) }
    }
    print("\(query) -> \(shown.joined(separator: ", "))")
}
