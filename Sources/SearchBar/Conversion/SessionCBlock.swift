import CSearchBar
import SearchBarCore

/// The session's structs in a one-block answer (``CBlock``): search tokens and bar items.
extension CBlock {
    /// Writes a token with its strings.
    mutating func token(_ token: SearchToken, into slot: UnsafeMutablePointer<sb_search_token>?) throws(SearchBarError) {
        let label = try string(token.label)
        let field = try string(token.field)
        let value = try string(token.value)
        slot?.initialize(to: sb_search_token(
            kind: token.kind.rawValue, label: label, label_len: token.label.utf8.count, field: field,
            field_len: token.field.utf8.count, value: value, value_len: token.value.utf8.count,
            host_value: token.hostValue))
    }

    /// Writes an array of tokens.
    mutating func tokens(_ tokens: [SearchToken]) throws(SearchBarError) -> UnsafePointer<sb_search_token>? {
        let array = try array(sb_search_token.self, tokens.count)
        for (i, token) in tokens.enumerated() { try self.token(token, into: array.map { $0 + i }) }
        return array.map { UnsafePointer($0) }
    }

    /// Writes an array of bar items.
    mutating func items(_ items: [BarItem]) throws(SearchBarError) -> UnsafePointer<sb_bar_item>? {
        let array = try array(sb_bar_item.self, items.count)
        for (i, item) in items.enumerated() {
            let title = try string(item.title)
            (array.map { $0 + i })?.initialize(to: sb_bar_item(
                kind: item.kind.rawValue, id: item.id, title: title, title_len: item.title.utf8.count))
        }
        return array.map { UnsafePointer($0) }
    }
}
