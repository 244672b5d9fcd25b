/// One item a source found: what the host sends for a remote source, and what a section shows.
public struct SourceItem: Sendable, Equatable {
    /// The item's id (the host's; deduplication across sources compares it).
    public var id: UInt64
    /// The item's title.
    public var title: String
    /// The item's subtitle ("" for none).
    public var subtitle: String
    /// The source's score, higher is better; nil when the source gave none.
    public var score: Double?
    /// UTF-8 byte ranges of ``title`` that match the query, sorted and disjoint.
    public var titleHighlights: [Range<Int>]
    /// UTF-8 byte ranges of ``subtitle`` that match the query, sorted and disjoint.
    public var subtitleHighlights: [Range<Int>]

    /// Creates an item (a remote source's items come without highlights: the session makes them).
    public init(
        id: UInt64, title: String, subtitle: String = "", score: Double? = nil, titleHighlights: [Range<Int>] = [],
        subtitleHighlights: [Range<Int>] = []
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.score = score
        self.titleHighlights = titleHighlights
        self.subtitleHighlights = subtitleHighlights
    }
}

/// One source's part of the results of a query. The raw values mirror `sb_section_state`.
public enum SectionState: UInt32, Sendable, CaseIterable {
    /// The source is not asked for this query (the text is shorter than its minimum, or the
    /// field is empty): the section is empty.
    case idle = 0
    /// The source was asked (or will be, after its delay) and has not answered.
    case pending = 1
    /// The source answered: the section holds its items.
    case ready = 2
    /// The source failed or timed out: ``SourceSection/errorCode`` and
    /// ``SourceSection/message`` say why; the other sections are not affected.
    case failed = 3
}

/// A source's section for one query.
public struct SourceSection: Sendable, Equatable {
    /// The source's position in the session's list.
    public var source: Int
    /// The source's title.
    public var title: String
    /// Whether the source answered.
    public var state: SectionState
    /// The items, best first (empty unless ready).
    public var items: [SourceItem]
    /// Why the section failed (``SectionState/failed``).
    public var errorCode: SearchBarError.Code?
    /// What failed, for the user or the log ("" unless failed).
    public var message: String

    /// Creates a section.
    public init(
        source: Int, title: String, state: SectionState, items: [SourceItem] = [], errorCode: SearchBarError.Code? = nil,
        message: String = ""
    ) {
        self.source = source
        self.title = title
        self.state = state
        self.items = items
        self.errorCode = errorCode
        self.message = message
    }
}

/// Every section of one query, in source order.
public struct SessionSections: Sendable, Equatable {
    /// The query the sections answer (0 before the first query).
    public var generation: UInt64
    /// One section per source, in the order the sources were added.
    public var sections: [SourceSection]

    /// Creates the sections of a query.
    public init(generation: UInt64, sections: [SourceSection]) {
        self.generation = generation
        self.sections = sections
    }

    /// The sections with every id kept only in its best section: the source with the highest
    /// priority keeps it, the earlier source on a tie; the others drop it.
    func deduplicated(priorities: [Int]) -> SessionSections {
        var owner: [UInt64: Int] = [:]
        for section in sections where section.state == .ready {
            for item in section.items {
                if let other = owner[item.id] {
                    let better = priorities[section.source] > priorities[other]
                    if better { owner[item.id] = section.source }
                } else {
                    owner[item.id] = section.source
                }
            }
        }
        var copy = self
        for i in copy.sections.indices {
            let source = copy.sections[i].source
            copy.sections[i].items.removeAll { owner[$0.id] != nil && owner[$0.id] != source }
        }
        return copy
    }
}
