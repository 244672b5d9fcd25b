import Glibc

/// The per-item conditions of a query on one segment: scopes, attribute filters and
/// extended-syntax terms, checked before any text matching (``accepts(_:)``), and the case
/// check (``CaseCheck``), which reads the item's original text and so runs only after the
/// matcher has found every word in the folded text (``acceptsCase(_:)``).
struct ItemConditions: Sendable {
    private let scopes: [UInt32]
    private let filters: [(name: UInt32?, filter: AttributeFilter, text: String?)]
    private let groups: [[ExtendedTerm]]
    private let caseCheck: CaseCheck?
    private let segment: Segment
    private let fields: [SearchField]

    /// True when no item can match (a filter on an attribute this segment lacks).
    let excludesAll: Bool
    /// True when ``accepts(_:)`` has nothing to check.
    let isEmpty: Bool
    /// True when ``acceptsCase(_:)`` has something to check.
    let checksCase: Bool

    /// Resolves the query's conditions against a segment.
    init(_ query: CompiledQuery, segment: Segment, fields: [SearchField], fold: (String) -> String) {
        self.segment = segment
        self.fields = fields
        scopes = query.scopes
        groups = query.groups
        caseCheck = query.caseCheck
        var resolved: [(UInt32?, AttributeFilter, String?)] = []
        var excludes = false
        for filter in query.filters {
            let id = segment.attributes.nameID(filter.name)
            if id == nil { excludes = true }
            if case .equals(_, let text) = filter {
                resolved.append((id, filter, fold(text)))
            } else {
                resolved.append((id, filter, nil))
            }
        }
        filters = resolved
        excludesAll = excludes
        isEmpty = scopes.isEmpty && resolved.isEmpty && groups.isEmpty
        checksCase = caseCheck != nil
    }

    /// True when item `i` passes the scopes, filters and extended terms.
    func accepts(_ i: Int) -> Bool {
        if !scopes.isEmpty && !scopes.contains(segment.scope(i)) { return false }
        if !filters.isEmpty {
            let entries = segment.attributes.entries(of: i)
            for (name, filter, text) in filters {
                let ok = entries.contains { entry in
                    guard entry.name == name else { return false }
                    switch filter {
                    case .equals: return entry.text != nil && entry.text == text
                    case .range(_, let min, let max): return entry.text == nil && entry.number >= min && entry.number <= max
                    }
                }
                if !ok { return false }
            }
        }
        for group in groups {
            if !group.contains(where: { holds($0, i) }) { return false }
        }
        return true
    }

    /// True when item `i`, whose folded text matches, also holds the query's words with the
    /// case and diacritics the options keep (always true without a case check).
    func acceptsCase(_ i: Int) -> Bool {
        guard let caseCheck else { return true }
        return caseCheck.accepts(fields.map { segment.originalText($0, i) })
    }

    /// True when item `i`, found with `score`, is kept: its case is checked
    /// (``acceptsCase(_:)``, which reads and folds its original text) only for a score at or
    /// above `threshold` (0: always); below it, where the item cannot enter the selection
    /// anyway, a possible match is enough (``SearchTuning/defersCaseCheck``).
    @inline(__always) func keeps(_ i: Int, scoring score: UInt64, toReach threshold: UInt64) -> Bool {
        !checksCase || score < threshold || acceptsCase(i)
    }

    /// The tier of item `i` by what its extended terms matched: the worst over the groups
    /// that hold through a term that is not negated (a group's best term counts), with the
    /// field of the first group's match; nil when only negations hold. In the title, `^word$`
    /// is the exact tier and `^word` the title-prefix one; elsewhere a match at a word start is
    /// the in-order tier and one inside a word the infix tier.
    func termTier(_ i: Int) -> (MatchTier, SearchField)? {
        var worst: MatchTier?
        var reported: SearchField?
        for group in groups {
            var best: (tier: MatchTier, field: SearchField)?
            for term in group where !term.negated {
                for field in fields {
                    let arena = segment.folded[Int(field.rawValue)]
                    let range = arena.range(i)
                    let tier: MatchTier? = arena.bytes.withUnsafeBufferPointer { bytes in
                        let text = UnsafeBufferPointer(rebasing: bytes[range])
                        return term.match(in: text).map { term.tier(of: $0, in: text, title: field == .title) }
                    }
                    if let tier, best == nil || tier > best!.tier { best = (tier, field) }
                }
            }
            guard let best else { continue }
            worst = min(worst ?? best.tier, best.tier)
            if reported == nil { reported = best.field }
        }
        guard let worst, let reported else { return nil }
        return (worst, reported)
    }

    private func holds(_ term: ExtendedTerm, _ i: Int) -> Bool {
        let found = fields.contains { field in
            let arena = segment.folded[Int(field.rawValue)]
            let range = arena.range(i)
            return arena.bytes.withUnsafeBufferPointer { bytes in
                term.match(in: UnsafeBufferPointer(rebasing: bytes[range])) != nil
            }
        }
        return found != term.negated
    }
}

/// Substring search on bytes.
enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `haystack` at or after `from`.
    @inline(__always)
    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        needle.withUnsafeBufferPointer { find($0, in: haystack, from: from) }
    }

    /// The offset of the first occurrence of `needle` in `haystack` at or after `from`.
    @inline(__always)
    static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let n = needle.count
        guard n > 0, from >= 0, haystack.count - from >= n, let base = haystack.baseAddress else {
            return n == 0 ? from : nil
        }
        do {
            let first = Int32(needle[0])
            let last = haystack.count - n
            var position = from
            while position <= last {
                // memchr finds the next candidate first byte (vectorised in glibc).
                guard let hit = memchr(base + position, first, last - position + 1) else { return nil }
                let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                // The last byte first, inline: most first-byte hits fail there without a call.
                if n == 1 { return offset }
                if base[offset + n - 1] == needle[n - 1]
                    && (n == 2 || memcmp(base + offset + 1, needle.baseAddress! + 1, n - 2) == 0)
                {
                    return offset
                }
                position = offset + 1
            }
            return nil
        }
    }

    /// True when the byte before `offset` ends a word (start of text, or an ASCII byte other
    /// than a letter or digit: ``PunctuatedTerms/isPunctuation(_:)``, the one definition that
    /// ``ContainsCandidates/itemsWithWordStart(_:segment:limit:)`` relies on too).
    @inline(__always)
    static func isWordStart(_ text: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
        offset <= 0 || PunctuatedTerms.isPunctuation(text[offset - 1])
    }
}
