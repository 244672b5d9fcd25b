import CSearchBar
import SearchBarCore

/// Converts the C values of sources and sections: a source's options, a remote answer's items
/// in, a query's sections out (one block).
enum SourceC {
    /// The most items one remote answer takes (a section keeps at most its limit of them).
    static let maxAnswerItems = 1 << 16

    /// A source from its C options; `index` is required for SB_SOURCE_LOCAL_INDEX and refused
    /// for every other kind.
    static func source(_ o: sb_source_options, index: SearchIndex?) throws(SearchBarError) -> SessionSource {
        let kind: SessionSource.Kind
        switch o.kind {
        case SB_SOURCE_LOCAL_INDEX.rawValue:
            guard let index else { throw .invalidArgument("a local-index source needs an index") }
            var options = SearchOptions(limit: Int(min(o.limit, UInt32(SessionSource.maximumLimit))))
            if o.mode != 0 {
                guard let mode = MatchMode(rawValue: o.mode) else {
                    throw .invalidArgument("options.mode \(o.mode) is not an sb_match_mode value (0...3)")
                }
                options.mode = mode
            }
            kind = .local(IndexSessionBackend(index: index, options: options))
        case SB_SOURCE_RECENTS.rawValue: kind = .recents
        case SB_SOURCE_SUGGESTIONS.rawValue: kind = .suggestions
        case SB_SOURCE_REMOTE.rawValue: kind = .remote
        default: throw .invalidArgument("options.kind \(o.kind) is not an sb_source_kind value (0...3)")
        }
        if case .local = kind {} else if index != nil {
            throw .invalidArgument("only an SB_SOURCE_LOCAL_INDEX source takes an index")
        }
        let title = try CInput.optionalCString(o.title, "options.title") ?? ""
        let ms: UInt64 = 1_000_000
        return SessionSource(
            kind: kind, title: title, limit: Int(o.limit), priority: Int(o.priority),
            timeoutNanoseconds: UInt64(o.timeout_ms) * ms, minimumQueryLength: Int(o.min_query_length),
            delayNanoseconds: UInt64(o.delay_ms) * ms)
    }

    /// A remote answer's items.
    static func items(_ pointer: UnsafePointer<sb_source_item>?, _ count: UInt) throws(SearchBarError) -> [SourceItem] {
        let n = try SessionCInput.count(count, "count")
        guard n > 0 else { return [] }
        guard n <= maxAnswerItems else { throw SearchBarError(.tooBig, "an answer has at most \(maxAnswerItems) items, not \(n)") }
        guard let pointer else { throw .invalidArgument("items is NULL but count is \(count)") }
        var list: [SourceItem] = []
        list.reserveCapacity(n)
        for i in 0..<n {
            let c = pointer[i]
            let name = "items[\(i)]"
            let hasScore = try SessionCInput.flag(c.has_score, "\(name).has_score")
            guard !hasScore || c.score.isFinite else { throw .invalidArgument("\(name).score is not a finite number") }
            list.append(
                SourceItem(
                    id: c.id, title: try CInput.text(c.title, UInt(bitPattern: c.title_len), "\(name).title"),
                    subtitle: try CInput.text(c.subtitle, UInt(bitPattern: c.subtitle_len), "\(name).subtitle"),
                    score: hasScore ? c.score : nil))
        }
        return list
    }

    /// The sections in one block: an sb_sections, then its sections, items, ranges and strings.
    static func sections(_ all: SessionSections) throws(SearchBarError) -> UnsafeMutablePointer<sb_sections> {
        try CBlock.one(sb_sections.self) { b throws(SearchBarError) in
            let sections = try b.array(sb_section.self, all.sections.count)
            for (i, s) in all.sections.enumerated() {
                let made = try section(s, &b)
                (sections.map { $0 + i })?.initialize(to: made)
            }
            return sb_sections(
                generation: all.generation, sections: sections.map { UnsafePointer($0) }, count: all.sections.count)
        }
    }

    private static func section(_ s: SourceSection, _ b: inout CBlock) throws(SearchBarError) -> sb_section {
        let title = try b.string(s.title)
        let message = try b.string(s.message)
        let items = try b.array(sb_section_item.self, s.items.count)
        for (i, item) in s.items.enumerated() {
            let itemTitle = try b.string(item.title)
            let subtitle = try b.string(item.subtitle)
            let titleRanges = try ranges(item.titleHighlights, &b)
            let subtitleRanges = try ranges(item.subtitleHighlights, &b)
            (items.map { $0 + i })?.initialize(
                to: sb_section_item(
                    id: item.id, title: itemTitle, title_len: item.title.utf8.count, subtitle: subtitle,
                    subtitle_len: item.subtitle.utf8.count, score: item.score ?? 0, has_score: item.score == nil ? 0 : 1,
                    title_highlights: titleRanges, title_highlight_count: item.titleHighlights.count,
                    subtitle_highlights: subtitleRanges, subtitle_highlight_count: item.subtitleHighlights.count))
        }
        return sb_section(
            source: Int64(s.source), title: title, state: s.state.rawValue,
            status: s.errorCode.map { $0.status.rawValue } ?? SB_OK.rawValue, message: message,
            items: items.map { UnsafePointer($0) }, item_count: s.items.count)
    }

    private static func ranges(_ list: [Range<Int>], _ b: inout CBlock) throws(SearchBarError) -> UnsafePointer<sb_range>? {
        let array = try b.array(sb_range.self, list.count)
        for (i, r) in list.enumerated() {
            (array.map { $0 + i })?.initialize(to: sb_range(start: r.lowerBound, end: r.upperBound))
        }
        return array.map { UnsafePointer($0) }
    }
}

extension SourceC {
    /// SB_SOURCE_OPTIONS_INIT's values.
    static var defaults: sb_source_options {
        sb_source_options(
            version: UInt32(SB_SOURCE_OPTIONS_VERSION), kind: SB_SOURCE_REMOTE.rawValue, title: nil, limit: 20, priority: 0,
            timeout_ms: 0, min_query_length: 0, delay_ms: 0, mode: 0)
    }
}
