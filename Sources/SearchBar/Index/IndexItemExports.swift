import CSearchBar
import SearchBarCore

/// Stores the item with id `id` in `*out_item`, as one block released with sb_free(): its
/// title, subtitle and keywords as they were added (NUL-terminated UTF-8 with their lengths; ""
/// for a field the index does not store), its scope, its weight as it ranks (rounded to `float`
/// precision), and its attributes, whose text values are folded as filters compare them.
/// Ownership: the caller releases `*out_item` with sb_free() (one call frees every string).
/// Thread safety: any thread, concurrently with writers (the item in the current snapshot).
/// Returns SB_OK; SB_ENOTFOUND when no item has this id (`*out_item` is then NULL); SB_EINVAL
/// for a bad handle or a NULL out_item; SB_ENOMEM.
@c public func sb_index_get(
    _ index: sb_index_ref?, _ id: UInt64, _ out_item: UnsafeMutablePointer<UnsafeMutablePointer<sb_item>?>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_item, "out_item")
        out.pointee = nil
        let object = try HandleRegistry.resolve(index, as: SearchIndex.self, "index")
        guard let item = object.item(id: id) else { throw SearchBarError(.notFound, "no item has id \(id)") }
        out.pointee = try CBlock.one(sb_item.self) { b throws(SearchBarError) in
            let title = try b.string(item.title)
            let subtitle = try b.string(item.subtitle)
            let keywords = try b.string(item.keywords)
            let attributes = try b.array(sb_attribute.self, item.attributes.count)
            for (k, attribute) in item.attributes.enumerated() {
                let name = try b.string(attribute.name)
                var value = sb_attribute(name: name, name_len: attribute.name.utf8.count, text: nil, text_len: 0, number: 0)
                switch attribute.value {
                case .text(let text):
                    value.text = try b.string(text)
                    value.text_len = text.utf8.count
                case .number(let number):
                    value.number = number
                }
                attributes.map { $0 + k }?.initialize(to: value)
            }
            return sb_item(
                id: item.id, title: title, title_len: item.title.utf8.count, subtitle: subtitle,
                subtitle_len: item.subtitle.utf8.count, keywords: keywords, keywords_len: item.keywords.utf8.count,
                scope: item.scope, weight: item.weight, attributes: attributes.map { UnsafePointer($0) },
                attribute_count: item.attributes.count)
        }
        return SB_OK
    }
}

/// Removes every item. Searches running meanwhile see the index before or after, never a part;
/// results already returned stay valid.
/// Thread safety: any thread, concurrently with searches; concurrent writers take turns.
/// Returns SB_OK; SB_EINVAL for a bad handle.
@c public func sb_index_clear(_ index: sb_index_ref?) -> sb_status {
    guarded { () throws(SearchBarError) in
        try HandleRegistry.resolve(index, as: SearchIndex.self, "index").removeAll()
        return SB_OK
    }
}
