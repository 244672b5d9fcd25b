import CSearchBar
import Glibc
import SearchBarCore

/// Builds the built-in sample dataset from the data ICU carries (no download): Unicode
/// character names, emoji, language and country names as displayed in many locales, time-zone
/// cities and currency names; about 185,000 items in dozens of scripts. Item scopes: 0
/// characters, 1 emoji, 2 languages, 3 countries, 4 time zones, 5 currencies (see
/// sb_sample_scope_title()). Ids are stable for one ICU version.
/// `scopes`: a bit mask of the scopes to build (bit N for scope N); 0 means all.
/// On success `*out_items` receives `*out_count` items whose strings live in the same block.
/// Ownership: the caller releases `*out_items` with one sb_free().
/// Thread safety: any thread. Takes a few seconds for the whole dataset.
/// Returns SB_OK; SB_EINVAL (NULL outputs, unknown scope bits); SB_ENOMEM.
@c public func sb_sample_items(
    _ scopes: UInt32, _ out_items: UnsafeMutablePointer<UnsafeMutablePointer<sb_item>?>?,
    _ out_count: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let itemsOut = try CInput.output(out_items, "out_items")
        let countOut = try CInput.output(out_count, "out_count")
        itemsOut.pointee = nil
        countOut.pointee = 0
        let all = SampleDataset.Scope.allCases
        let known = all.reduce(UInt32(0)) { $0 | (1 << $1.rawValue) }
        guard scopes & ~known == 0 else {
            throw .invalidArgument("scopes has unknown bits 0x\(String(scopes & ~known, radix: 16))")
        }
        let selected = Set(all.filter { scopes == 0 || scopes & (1 << $0.rawValue) != 0 })
        let items = SampleDataset.items(scopes: selected)
        itemsOut.pointee = try COutput.items(items)
        countOut.pointee = UInt(items.count)
        return SB_OK
    }
}

/// The scope-bar title of a sample dataset scope ("Characters", "Emoji", "Languages",
/// "Countries", "Time zones", "Currencies"), or NULL for an unknown scope.
/// Ownership: static storage owned by the library; do not free it.
/// Thread safety: any thread. Never fails.
@c public func sb_sample_scope_title(_ scope: UInt32) -> UnsafePointer<CChar>? {
    guard let known = SampleDataset.Scope(rawValue: scope) else { return nil }
    return sampleScopeTitles[Int(known.rawValue)]
}

nonisolated(unsafe) private let sampleScopeTitles: [UnsafePointer<CChar>] =
    SampleDataset.Scope.allCases.map { permanentCString($0.title) }

extension COutput {
    /// Lays out items as one block (``CBlock``): the `sb_item` array, then their
    /// NUL-terminated strings. Attributes are not included.
    static func items(_ items: [IndexItem]) throws(SearchBarError) -> UnsafeMutablePointer<sb_item>? {
        try CBlock.list(items, sb_item.self) { b, item throws(SearchBarError) in
            sb_item(
                id: item.id, title: try b.string(item.title), title_len: item.title.utf8.count,
                subtitle: try b.string(item.subtitle), subtitle_len: item.subtitle.utf8.count,
                keywords: try b.string(item.keywords), keywords_len: item.keywords.utf8.count, scope: item.scope,
                weight: item.weight, attributes: nil, attribute_count: 0)
        }
    }
}
