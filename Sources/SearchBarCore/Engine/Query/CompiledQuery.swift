/// A query ready to run: folded words for the match mode, its concatenation variants,
/// conditions and filters.
struct CompiledQuery: Sendable, Equatable {
    /// Most query words considered; later words are ignored.
    static let maxWords = 16

    /// The match mode.
    var mode: MatchMode
    /// The words the mode matches, in query order.
    var words: [QueryWord]
    /// Alternative word lists (adjacent words joined, one typo each), prefix mode only.
    var variants: [[QueryWord]]
    /// The whole plain query folded (exact-title and title-prefix tests in contains and fuzzy mode).
    var folded: [UInt8]
    /// Extended-syntax conditions.
    var groups: [[ExtendedTerm]]
    /// Attribute filters (options and filter tokens).
    var filters: [AttributeFilter]
    /// Allowed scopes; empty means all.
    var scopes: [UInt32]
    /// Hits selected: those skipped (``offset``) and those returned.
    var limit: Int
    /// Selected hits skipped before the first returned.
    var offset: Int
    /// An empty query lists every item (``SearchOptions/listsAllWhenEmpty``).
    var listsAllWhenEmpty: Bool
    /// Every match is counted (``SearchOptions/exactTotal``).
    var exactTotal: Bool
    /// What a match must also hold when case or diacritics are not folded (nil: nothing).
    var caseCheck: CaseCheck?
    /// What orders fuzzy hits of equal quality (``SearchOptions/tiebreak``).
    var tiebreak: Tiebreak

    /// True when nothing is asked: no words and no conditions (an empty query matches nothing).
    var isEmpty: Bool { words.isEmpty && groups.isEmpty }

    /// True when the query selects nothing to search for: no words, conditions, filters or
    /// scopes, and an empty query does not list every item.
    var selectsNothing: Bool { isEmpty && filters.isEmpty && scopes.isEmpty && !listsAllWhenEmpty }

    /// True when every live item matches: an empty query that lists them all, with no
    /// condition, filter or scope.
    var matchesEveryItem: Bool { isEmpty && filters.isEmpty && scopes.isEmpty && listsAllWhenEmpty }

    /// Compiles the typed `query`, after the literal words `terms` (a session's term tokens,
    /// never parsed as extended syntax), for `options` with the index's analyzer.
    init(_ query: String, terms: [String] = [], options: SearchOptions, defaultMode: MatchMode,
         analysis: ItemAnalysis, isAttribute: (String) -> Bool)
    {
        mode = options.mode ?? defaultMode
        offset = options.effectiveOffset
        limit = offset + options.effectiveLimit
        listsAllWhenEmpty = options.listsAllWhenEmpty
        exactTotal = options.exactTotal
        tiebreak = options.tiebreak
        let analyzer = analysis.analyzer
        let parsed = QueryParser.parse(
            query, extended: options.extendedSyntax, fold: { analyzer.fold($0) }, isAttribute: isAttribute)
        groups = parsed.groups
        filters = options.filters + parsed.filters
        scopes = (options.scopes + parsed.scopes).sorted()
        // The words the mode matches: the terms, then the plain typed words, one text for the
        // word split (a last term with nothing typed after it stays open, as while typed).
        let plain = terms.isEmpty ? parsed.plain : (terms + [parsed.plain]).filter { !$0.isEmpty }.joined(separator: " ")
        let endsOpen = !(plain.last?.isWhitespace ?? true)
        folded = Array(analyzer.fold(plain.trimmingWhitespace()).utf8)
        caseCheck = CaseCheck(
            plain: plain, mode: options.mode ?? defaultMode, caseMatching: options.caseMatching,
            diacriticsSensitive: options.diacriticsSensitive, analyzer: analyzer,
            transliteration: analysis.transliteration)
        switch mode {
        case .prefix:
            words = Self.prefixWords(plain, analyzer: analyzer, endsOpen: endsOpen, typos: options.typos)
            variants = Self.concatenations(words, typos: options.typos)
        case .contains, .fuzzy:
            let pieces = plain.split(whereSeparator: { $0.isWhitespace }).prefix(Self.maxWords)
            let mode = self.mode
            words = pieces.enumerated().compactMap { index, piece in
                let key = Array(analyzer.fold(String(piece)).utf8)
                guard !key.isEmpty else { return nil }
                let kind = analyzer.tokenize(String(piece)).first?.kind ?? .word
                let isLast = index == pieces.count - 1
                return QueryWord(
                    key: key, kind: kind, isPrefix: isLast && endsOpen, typos: options.typos && mode == .contains)
            }
            variants = []
        }
    }

    /// Prefix-mode words: the query's tokens (parts skipped), with runs of no-space-script
    /// tokens joined back into one substring word.
    static func prefixWords(_ text: String, analyzer: TextAnalyzer, endsOpen: Bool, typos: Bool) -> [QueryWord] {
        let folded = Array(analyzer.fold(text).utf8)
        var words: [QueryWord] = []
        var pendingRange: Range<Int>? = nil
        func flushPending() {
            guard let range = pendingRange else { return }
            words.append(QueryWord(key: Array(folded[range]), kind: .noSpaceScript, isPrefix: false, typos: false))
            pendingRange = nil
        }
        for token in analyzer.tokenize(text) where token.kind != .part {
            if token.kind == .noSpaceScript, token.keyRange.upperBound <= folded.count {
                if let range = pendingRange, range.upperBound == token.keyRange.lowerBound {
                    pendingRange = range.lowerBound..<token.keyRange.upperBound
                } else {
                    flushPending()
                    pendingRange = token.keyRange
                }
                continue
            }
            flushPending()
            let key = Array(token.key.utf8)
            guard !key.isEmpty else { continue }
            words.append(QueryWord(key: key, kind: token.kind, isPrefix: false, typos: typos))
        }
        flushPending()
        if words.count > maxWords { words.removeLast(words.count - maxWords) }
        if endsOpen, let last = words.indices.last, words[last].kind != .noSpaceScript {
            words[last] = QueryWord(key: words[last].key, kind: words[last].kind, isPrefix: true, typos: typos)
        }
        return words
    }

    /// For each pair of adjacent words, the word list with the pair joined ("any way" finds
    /// "anyway"); the joined word costs one typo.
    static func concatenations(_ words: [QueryWord], typos: Bool) -> [[QueryWord]] {
        guard typos, words.count >= 2 else { return [] }
        var variants: [[QueryWord]] = []
        for i in 0..<(words.count - 1) {
            let a = words[i], b = words[i + 1]
            guard a.kind == .word || a.kind == .number, b.kind == .word || b.kind == .number else { continue }
            var joined = words
            let word = QueryWord(key: a.key + b.key, kind: .word, isPrefix: b.isPrefix, typos: true, baseCost: 1)
            joined.replaceSubrange(i...(i + 1), with: [word])
            variants.append(joined)
        }
        return variants
    }

    /// True when every item matching `self` also matches `previous`, so a search for `self`
    /// may re-examine only `previous`'s matches (typing forward).
    func refines(_ previous: CompiledQuery) -> Bool {
        guard mode == previous.mode, groups == previous.groups, filters == previous.filters,
            scopes == previous.scopes, !previous.words.isEmpty, words.count >= previous.words.count
        else { return false }
        // The previous matches hold this query's only when they were found with case and
        // diacritics folded (a case check only narrows them) or with the same check.
        if let check = previous.caseCheck, check != caseCheck { return false }
        for (j, old) in previous.words.enumerated() {
            let new = words[j]
            guard new.kind == old.kind, new.typoBudget <= old.typoBudget else { return false }
            let extendable = old.isPrefix || (j == previous.words.count - 1 && mode != .prefix)
                || old.matchesAsSubstring
            if extendable {
                guard new.key.starts(with: old.key) else { return false }
                if mode == .prefix && !old.matchesAsSubstring && !old.isPrefix { return false }
            } else {
                guard new.key == old.key, new.isPrefix == old.isPrefix || !new.isPrefix else { return false }
            }
        }
        if mode == .prefix {
            // A word typed after a completed one may join it ("any" + "way"): only when the old
            // last word was still open (a prefix), which the checks above already allow.
            if words.count > previous.words.count, let last = previous.words.last, !last.isPrefix,
                !last.matchesAsSubstring, typoConcatenationPossible(at: previous.words.count - 1)
            {
                return false
            }
        }
        return true
    }

    private func typoConcatenationPossible(at index: Int) -> Bool {
        index + 1 < words.count && !variants.isEmpty
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
