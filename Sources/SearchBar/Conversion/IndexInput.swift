import CSearchBar
import SearchBarCore

/// Converts the engine's C arguments (items, options) to Swift values, rejecting anything
/// invalid with a message naming the field at fault.
enum IndexInput {
    /// The most items one sb_index_add() call takes.
    static let maxBatch = 1 << 26
    /// The most attributes one item carries.
    static let maxAttributes = 1 << 16
    /// The most scopes or filters one search takes.
    static let maxConditions = 1 << 16

    /// A match mode for sb_index_new(): SB_MODE_DEFAULT means prefix.
    static func indexMode(_ raw: UInt32) throws(SearchBarError) -> MatchMode {
        if raw == SB_MODE_DEFAULT.rawValue { return .prefix }
        guard let mode = MatchMode(rawValue: raw) else {
            throw .invalidArgument("options.mode \(raw) is not an sb_match_mode value (0...3)")
        }
        return mode
    }

    /// A field mask: 0 means all; unknown bits are invalid.
    static func fields(_ raw: UInt32) throws(SearchBarError) -> SearchFields {
        guard raw & ~SearchFields.all.rawValue == 0 else {
            throw .invalidArgument("options.fields 0x\(String(raw, radix: 16)) has bits other than SB_FIELDS_ALL")
        }
        return raw == 0 ? .all : SearchFields(rawValue: raw)
    }

    /// Decodes `count` items.
    static func items(_ pointer: UnsafePointer<sb_item>?, _ count: UInt) throws(SearchBarError) -> [IndexItem] {
        guard count > 0 else { return [] }
        guard let pointer else { throw .invalidArgument("items is NULL but count is \(count)") }
        guard count <= UInt(maxBatch) else {
            throw SearchBarError(.tooBig, "count is \(count); one batch takes at most \(maxBatch) items")
        }
        var items: [IndexItem] = []
        items.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            items.append(try item(pointer[i], "items[\(i)]"))
        }
        return items
    }

    private static func item(_ c: sb_item, _ name: String) throws(SearchBarError) -> IndexItem {
        guard !c.weight.isNaN else { throw .invalidArgument("\(name).weight is NaN") }
        var attributes: [ItemAttribute] = []
        if c.attribute_count != 0 {
            guard let list = c.attributes else {
                throw .invalidArgument("\(name).attributes is NULL but attribute_count is \(c.attribute_count)")
            }
            guard UInt(bitPattern: c.attribute_count) <= UInt(maxAttributes) else {
                throw SearchBarError(.tooBig, "\(name).attribute_count is \(c.attribute_count); the limit is \(maxAttributes)")
            }
            for k in 0..<c.attribute_count {
                attributes.append(try attribute(list[k], "\(name).attributes[\(k)]"))
            }
        }
        return IndexItem(
            id: c.id,
            title: try CInput.text(c.title, UInt(bitPattern: c.title_len), "\(name).title"),
            subtitle: try CInput.text(c.subtitle, UInt(bitPattern: c.subtitle_len), "\(name).subtitle"),
            keywords: try CInput.text(c.keywords, UInt(bitPattern: c.keywords_len), "\(name).keywords"),
            scope: c.scope, weight: c.weight, attributes: attributes)
    }

    private static func attribute(_ c: sb_attribute, _ name: String) throws(SearchBarError) -> ItemAttribute {
        let key = try CInput.text(c.name, UInt(bitPattern: c.name_len), "\(name).name")
        guard !key.isEmpty else { throw .invalidArgument("\(name).name is empty") }
        if c.text != nil {
            return ItemAttribute(key, .text(try CInput.text(c.text, UInt(bitPattern: c.text_len), "\(name).text")))
        }
        guard c.text_len == 0 else { throw .invalidArgument("\(name).text is NULL but text_len is \(c.text_len)") }
        guard !c.number.isNaN else { throw .invalidArgument("\(name).number is NaN") }
        return ItemAttribute(key, .number(c.number))
    }

    /// Decodes search options (NULL means the defaults).
    static func options(_ pointer: UnsafePointer<sb_search_options>?) throws(SearchBarError) -> SearchOptions {
        guard let pointer else { return SearchOptions() }
        let c = try StructVersions.searchOptions.read(pointer, "options", defaults: sb_search_options())
        var options = SearchOptions()
        if c.mode != SB_MODE_DEFAULT.rawValue {
            guard let mode = MatchMode(rawValue: c.mode) else {
                throw .invalidArgument("options.mode \(c.mode) is not an sb_match_mode value (0...3)")
            }
            options.mode = mode
        }
        let known = UInt32(SB_SEARCH_EXTENDED | SB_SEARCH_NO_TYPOS | SB_SEARCH_LIST_ALL | SB_SEARCH_EXACT_TOTAL
            | SB_SEARCH_SMART_CASE | SB_SEARCH_CASE_SENSITIVE | SB_SEARCH_DIACRITICS_SENSITIVE)
        guard c.flags & ~known == 0 else {
            throw .invalidArgument("options.flags 0x\(String(c.flags, radix: 16)) has unknown bits")
        }
        let smart = c.flags & UInt32(SB_SEARCH_SMART_CASE) != 0
        let sensitive = c.flags & UInt32(SB_SEARCH_CASE_SENSITIVE) != 0
        guard !(smart && sensitive) else {
            throw .invalidArgument("options.flags: SB_SEARCH_SMART_CASE and SB_SEARCH_CASE_SENSITIVE exclude each other")
        }
        options.caseMatching = smart ? .smart : (sensitive ? .sensitive : .folded)
        options.diacriticsSensitive = c.flags & UInt32(SB_SEARCH_DIACRITICS_SENSITIVE) != 0
        options.extendedSyntax = c.flags & UInt32(SB_SEARCH_EXTENDED) != 0
        options.typos = c.flags & UInt32(SB_SEARCH_NO_TYPOS) == 0
        options.listsAllWhenEmpty = c.flags & UInt32(SB_SEARCH_LIST_ALL) != 0
        options.exactTotal = c.flags & UInt32(SB_SEARCH_EXACT_TOTAL) != 0
        let limit = UInt(bitPattern: c.limit)
        options.limit = limit == 0 ? 50 : Int(min(limit, UInt(SearchOptions.maxLimit)))
        guard UInt(bitPattern: c.offset) <= UInt(SB_SEARCH_MAX_OFFSET) else {
            throw .invalidArgument("options.offset is \(c.offset); at most \(SB_SEARCH_MAX_OFFSET) hits can be skipped")
        }
        options.offset = Int(c.offset)
        guard let tiebreak = Tiebreak(rawValue: c.tiebreak) else {
            throw .invalidArgument("options.tiebreak \(c.tiebreak) is not an sb_tiebreak value (0...3)")
        }
        options.tiebreak = tiebreak
        if c.scope_count != 0 {
            guard let scopes = c.scopes else {
                throw .invalidArgument("options.scopes is NULL but scope_count is \(c.scope_count)")
            }
            guard UInt(bitPattern: c.scope_count) <= UInt(maxConditions) else {
                throw SearchBarError(.tooBig, "options.scope_count is \(c.scope_count); the limit is \(maxConditions)")
            }
            options.scopes = Array(UnsafeBufferPointer(start: scopes, count: c.scope_count))
        }
        if c.filter_count != 0 {
            guard let filters = c.filters else {
                throw .invalidArgument("options.filters is NULL but filter_count is \(c.filter_count)")
            }
            guard UInt(bitPattern: c.filter_count) <= UInt(maxConditions) else {
                throw SearchBarError(.tooBig, "options.filter_count is \(c.filter_count); the limit is \(maxConditions)")
            }
            for k in 0..<c.filter_count {
                options.filters.append(try filter(filters[k], "options.filters[\(k)]"))
            }
        }
        return options
    }

    private static func filter(_ c: sb_filter, _ name: String) throws(SearchBarError) -> AttributeFilter {
        let attribute = try CInput.text(c.attribute, UInt(bitPattern: c.attribute_len), "\(name).attribute")
        guard !attribute.isEmpty else { throw .invalidArgument("\(name).attribute is empty") }
        switch c.kind {
        case SB_FILTER_EQUALS.rawValue:
            return .equals(name: attribute, text: try CInput.text(c.text, UInt(bitPattern: c.text_len), "\(name).text"))
        case SB_FILTER_RANGE.rawValue:
            guard !c.min.isNaN, !c.max.isNaN else { throw .invalidArgument("\(name) has a NaN bound") }
            return .range(name: attribute, min: c.min, max: c.max)
        default:
            throw .invalidArgument("\(name).kind \(c.kind) is not an sb_filter_kind value (0...1)")
        }
    }
}
