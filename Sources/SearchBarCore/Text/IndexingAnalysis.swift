internal import CICU

// The analysis used for indexing, on reusable buffers (``AnalysisScratch``).
//
// It computes exactly what `FoldTables.run` with a `MappedSink` followed by `TokenBuilder`
// computes (the reference path, still used by `tokenize` and `foldMapped`), with three
// differences in *how*, none in *what*:
// - runs of ASCII bytes are handled as one unit at a time instead of byte by byte;
// - the folds of normalization segments of several code points come from a per-scratch memo
//   of `foldSegment` results instead of calling ICU again;
// - no array, string or break iterator is made per text.
// German (`de`) text goes through the reference path. `IndexingAnalysisTests` compares both paths
// on the sample dataset, the i18n cases and random strings.

extension FoldTables {
    /// The same as ``run(_:_:)`` with a `MappedSink(german: false, collectText: true)`, into
    /// `s.key`, `s.text` and `s.units`.
    func runMapped(_ p: UnsafeBufferPointer<UInt8>, _ s: inout FoldState) {
        let n = p.count
        var i = 0
        while i < n {
            if p[i] < 0x80 {
                var j = i + 1
                while j < n && p[j] < 0x80 { j += 1 }
                // Every byte of the run is a segment of its own except possibly the last, which
                // starts a longer segment when the code point after it has no boundary before it.
                var end = j
                if j < n && !startsSegment(UTF8Codec.decode(p, at: j).scalar) {
                    end = j - 1
                }
                if end > i { s.asciiRun(p, i, end) }
                i = end
                if end == j { continue }
            }
            let (c, length) = UTF8Codec.decode(p, at: i)
            let (j, count) = segmentEnd(p, from: i, firstLength: length)
            if count == 1 {
                let page = self.page(c).pointee
                let e = page.entries[Int(c & 0xFF)]
                if e.flags & FoldPage.singleCluster != 0 {
                    // `segment` with the one cluster `nfkcLength << 16 | keyLength`.
                    s.addUnit(i, j, linear: false)
                    s.key.append(page.keys + Int(e.keyStart), count: Int(e.keyLength))
                    s.text.append(page.nfkc + Int(e.nfkcStart), count: Int(e.nfkcLength))
                    i = j
                    continue
                }
                s.segment(
                    i, j, key: page.keys + Int(e.keyStart), Int(e.keyLength), nfkc: page.nfkc + Int(e.nfkcStart),
                    Int(e.nfkcLength), clusters: page.clusters + Int(e.clusterStart), Int(e.clusterCount), scalar: c)
            } else if j - i <= SegmentMemo.maxBytes, let m = s.memo.slot(p, i, j, tables: self) {
                let keys = UnsafePointer(s.memo.keys.base) + Int(m.keyStart)
                let nfkc = UnsafePointer(s.memo.nfkc.base) + Int(m.nfkcStart)
                let clusters = UnsafePointer(s.memo.clusters.base) + Int(m.clusterStart)
                s.segment(
                    i, j, key: keys, Int(m.keyLength), nfkc: nfkc, Int(m.nfkcLength), clusters: clusters,
                    Int(m.clusterCount), scalar: nil)
            } else {
                // Longer than the memo's keys: the fold copied into plain memory.
                let fold = foldSegment(UTF8Codec.utf16(of: p, i, j))
                var key = RawBuffer<UInt8>(capacity: fold.key.count)
                var nfkc = RawBuffer<UInt16>(capacity: fold.nfkc.count)
                var clusters = RawBuffer<UInt32>(capacity: fold.clusters.count)
                defer {
                    key.free()
                    nfkc.free()
                    clusters.free()
                }
                for b in fold.key { key.append(b) }
                for u in fold.nfkc { nfkc.append(u) }
                for c in fold.clusters { clusters.append(c) }
                s.segment(
                    i, j, key: key.base, key.count, nfkc: nfkc.base, nfkc.count, clusters: clusters.base,
                    clusters.count, scalar: nil)
            }
            i = j
        }
    }
}

extension FoldState {
    @inline(__always)
    mutating func addUnit(_ o0: Int, _ o1: Int, linear: Bool) {
        units.append(
            FoldUnit(
                origStart: Int32(truncatingIfNeeded: o0), origEnd: Int32(truncatingIfNeeded: o1),
                textStart: Int32(truncatingIfNeeded: text.count), keyStart: Int32(truncatingIfNeeded: key.count),
                linear: linear))
    }

    /// ASCII bytes `p[start..<end]`, each a segment of its own (`MappedSink.ascii` per byte).
    @inline(__always)
    mutating func asciiRun(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        if units.count > 0, units[units.count - 1].linear, units[units.count - 1].origEnd == Int32(start) {
            units[units.count - 1].origEnd = Int32(truncatingIfNeeded: end)
        } else {
            addUnit(start, end, linear: true)
        }
        let n = end - start
        key.reserve(n)
        text.reserve(n)
        let k = key.base + key.count
        let t = text.base + text.count
        for x in 0..<n {
            let b = p[start + x]
            let lower = b &+ ((b &- 0x41) < 26 ? 0x20 : 0)
            k[x] = lower
            t[x] = UInt16(lower)
        }
        key.count += n
        text.count += n
    }

    /// One segment `o0..<o1` of the original with its fold (`MappedSink.segment`).
    @inline(__always)
    mutating func segment(
        _ o0: Int, _ o1: Int, key k: UnsafePointer<UInt8>, _ keyCount: Int, nfkc: UnsafePointer<UInt16>,
        _ nfkcCount: Int, clusters: UnsafePointer<UInt32>, _ clusterCount: Int, scalar: UInt32?
    ) {
        if clusterCount == 0 {
            addUnit(o0, o1, linear: false)
            if scalar == 0x200D { text.append(0x200D) }
            return
        }
        var keyOffset = 0
        var textOffset = 0
        for x in 0..<clusterCount {
            addUnit(o0, o1, linear: false)
            let c = clusters[x]
            let keyLength = Int(c & 0xFFFF)
            let textLength = Int(c >> 16)
            let keyEnd = min(keyOffset + keyLength, keyCount)
            if keyEnd > keyOffset { key.append(k + keyOffset, count: keyEnd - keyOffset) }
            let textEnd = min(textOffset + textLength, nfkcCount)
            if textEnd > textOffset { text.append(nfkc + textOffset, count: textEnd - textOffset) }
            keyOffset += keyLength
            textOffset += textLength
        }
    }

    /// Index of the last unit whose text start is <= `offset`, searched forward from unit
    /// `from`, whose text start must be <= `offset` (the first unit's is 0).
    @inline(__always)
    func unit(containingText offset: Int32, from: Int) -> Int {
        var u = from
        while u + 1 < units.count && units[u + 1].textStart <= offset { u += 1 }
        return u
    }

    /// Index of the last unit whose key start is <= `offset` (0 when none).
    func unit(containingKey offset: Int32) -> Int {
        max(lowerBound(in: 0..<units.count) { units[$0].keyStart <= offset } - 1, 0)
    }
}

extension TextAnalyzer {
    /// A scratch space for ``analyze(_:into:scratch:)`` (from the pool, or new).
    func takeScratch() -> AnalysisScratch {
        scratchPool.withLock { $0.popLast() } ?? AnalysisScratch()
    }

    /// Gives a scratch space back to the pool (a few are kept; not those a huge text grew).
    func recycle(_ scratch: AnalysisScratch) {
        guard !scratch.isOversized else { return }
        scratchPool.withLock { pool in
            if pool.count < 8 { pool.append(scratch) }
        }
    }

    /// Empties the word break memos of the pooled scratches (``AnalysisScratch/breaks``), once a
    /// build's analysis is done: a memo holds megabytes after a build with Thai or CJK texts, and
    /// the pool lives as long as the analyzer. Scratches in use keep theirs until their own
    /// build ends.
    func forgetBreakMemos() {
        // Taken out under the lock, freed after it (the lowest-priority merge thread calls this
        // too, and a search taking a scratch must not wait for it to free megabytes).
        let memos = scratchPool.withLock { pool in pool.map { $0.takeBreaks() } }
        for memo in memos { memo.free() }
    }

    /// Frees the pooled scratches whole (their buffers, segment fold memos and break iterators),
    /// once a large build's analysis is done: each holds about a megabyte that a host keeping the
    /// index pays for as long as the analyzer lives. The next analysis makes new ones.
    func releaseScratches() {
        // Taken out under the lock, freed after it (closing ICU iterators takes a while).
        var released = scratchPool.withLock { pool in
            let taken = pool
            pool.removeAll()
            return taken
        }
        released.removeAll()
    }

    /// The same as ``analyze(_:into:)``, using `scratch`'s buffers, memo and break iterator.
    func analyze(_ text: String, into analysis: inout Analysis, scratch: AnalysisScratch) {
        analysis.tokens.removeAll(keepingCapacity: true)
        analysis.key.removeAll(keepingCapacity: true)
        analyze(text, scratch: scratch)
        analysis.key.append(contentsOf: scratch.state.key.buffer)
        analysis.tokens.append(contentsOf: scratch.state.tokens.buffer)
    }

    /// The analysis of ``analyze(_:into:)`` left in `scratch.state.key` and
    /// `scratch.state.tokens` (valid until the scratch is used again).
    /// - Parameter wantsTokens: false to fold only (key and units, no word break and no
    ///   tokens): what a highlighter needs for spans of key bytes.
    func analyze(_ text: String, scratch: AnalysisScratch, tokens wantsTokens: Bool = true) {
        var copy = text
        copy.withUTF8 { analyze(utf8: $0, scratch: scratch, tokens: wantsTokens) }
    }

    /// ``analyze(_:scratch:tokens:)`` of a valid UTF-8 text read in place.
    func analyze(utf8 whole: UnsafeBufferPointer<UInt8>, scratch: AnalysisScratch, tokens wantsTokens: Bool = true) {
        var s = scratch.state
        defer { scratch.state = s }
        s.reset()
        if !tables.describesFolding {
            var analysis = Analysis()
            analyzeReference(String(decoding: whole, as: UTF8.self), into: &analysis)
            if !wantsTokens { analysis.tokens.removeAll() }
            analysis.key.withUnsafeBufferPointer { if let b = $0.baseAddress { s.key.append(b, count: $0.count) } }
            analysis.tokens.withUnsafeBufferPointer {
                if let b = $0.baseAddress { s.tokens.append(b, count: $0.count) }
            }
            return
        }
        do {
            let p = UnsafeBufferPointer(rebasing: whole.prefix(Self.maximumTextBytes))
            if Self.isASCII(p) {
                s.key.reserve(p.count)
                s.text.reserve(p.count)
                for i in 0..<p.count {
                    let b = p[i]
                    let lower = b &+ ((b &- 0x41) < 26 ? 0x20 : 0)
                    s.key[i] = lower
                    s.text[i] = UInt16(lower)
                }
                s.key.count = p.count
                s.text.count = p.count
                if wantsTokens && segment(scratch, &s) { asciiTokens(&s) }
            } else {
                tables.runMapped(p, &s)
                if wantsTokens && segment(scratch, &s) { tokens(p, &s) }
            }
        }
    }

    /// Fills `s.segments` with the word break segments of `s.text` and their rule statuses:
    /// from ``SimpleWordBreak`` when the text is simple enough, else, for a scratch that
    /// memoizes breaks, chunk by chunk (``ChunkedWordBreak``), else from the scratch's ICU
    /// iterator over the whole text. False when ICU cannot give an iterator (then the text has no tokens).
    private func segment(_ scratch: AnalysisScratch, _ s: inout FoldState) -> Bool {
        guard s.text.count < Int(Int32.max) else { return false }
        if scratch.iterator == nil { scratch.iterator = words.makeIterator() }
        guard let bi = scratch.iterator else { return false }
        if SimpleWordBreak.segment(s.text, into: &s.segments) { return true }
        s.segments.count = 0
        if scratch.memoizesBreaks {
            if ChunkedWordBreak.segment(s.text, into: &s.segments, memo: &scratch.breaks, iterator: bi) { return true }
            s.segments.count = 0
        }
        var status = U_ZERO_ERROR
        sbicu_ubrk_setText(bi, s.text.base, Int32(s.text.count), &status)
        guard sbicu_failure(status) == 0 else {
            sbicu_ubrk_close(bi)
            scratch.iterator = nil
            return false
        }
        var start = sbicu_ubrk_first(bi)
        while true {
            let end = sbicu_ubrk_next(bi)
            if end == Int32(SBICU_BRK_DONE) || end < 0 { break }
            s.segments.append(BreakSegment(start: start, end: end, status: sbicu_ubrk_getRuleStatus(bi)))
            start = end
        }
        return true
    }

    /// Tokens of all-ASCII text (`analyzeASCII`).
    private func asciiTokens(_ s: inout FoldState) {
        let n = s.text.count
        for g in 0..<s.segments.count {
            let segment = s.segments[g]
            let start = Int(segment.start)
            let end = Int(segment.end)
            if segment.status >= Int32(SBICU_WORD_NONE_LIMIT), start >= 0, end > start, end <= n {
                s.raws.append(
                    TokenBuilder.Raw(
                        start: start, end: end, kind: segment.status < Int32(SBICU_WORD_LETTER) ? .number : .word))
            }
        }
        let key = s.key
        for r in 0..<s.raws.count {
            let raw = s.raws[r]
            s.tokens.append(TokenSpan(keyStart: Int32(raw.start), keyEnd: Int32(raw.end), raw.start, raw.end, raw.kind))
            var underscore = false
            for i in raw.start..<raw.end where key[i] == 0x5F {
                underscore = true
                break
            }
            guard underscore else { continue }
            var partStart = raw.start
            for i in raw.start...raw.end where i == raw.end || key[i] == 0x5F {
                if i > partStart && !(partStart == raw.start && i == raw.end) {
                    s.tokens.append(TokenSpan(keyStart: Int32(partStart), keyEnd: Int32(i), partStart, i, .part))
                }
                partStart = i + 1
            }
        }
    }

    /// Tokens of folded text (`TokenBuilder`).
    private func tokens(_ original: UnsafeBufferPointer<UInt8>, _ s: inout FoldState) {
        for g in 0..<s.segments.count {
            let segment = s.segments[g]
            let start = Int(segment.start)
            let end = Int(segment.end)
            guard start >= 0, end > start, end <= s.text.count else { continue }
            if let kind = Self.kind(s.text, status: segment.status, start: start, end: end) {
                s.raws.append(TokenBuilder.Raw(start: start, end: end, kind: kind))
            }
        }
        // Token starts never decrease (parts lie inside their token), so the unit search
        // continues from the previous token's first unit.
        var cursor = 0
        var graphemes = GraphemeWidener(original)
        for r in 0..<s.raws.count {
            let raw = s.raws[r]
            let span = Self.span(raw, s, &graphemes, &cursor)
            if span.keyStart == span.keyEnd { continue }
            s.tokens.append(span)
            addParts(of: raw, span: span, &graphemes, &s, &cursor)
        }
    }

    /// The scalar at UTF-16 offset `i` (`TokenBuilder.scalar(at:)`).
    @inline(__always)
    private static func scalar(_ text: RawBuffer<UInt16>, at i: Int) -> UInt32 {
        let a = UInt32(text[i])
        if a >= 0xD800 && a < 0xDC00 && i + 1 < text.count {
            let b = UInt32(text[i + 1])
            if b >= 0xDC00 && b < 0xE000 { return 0x10000 + ((a - 0xD800) << 10) + (b - 0xDC00) }
        }
        return a
    }

    /// True when a non-word segment starting with `c` is an emoji token (`c` is
    /// Extended_Pictographic or a regional indicator).
    static func isEmojiStart(_ c: UInt32) -> Bool {
        ICU.has(c, UCHAR_EXTENDED_PICTOGRAPHIC) || ICU.has(c, UCHAR_REGIONAL_INDICATOR)
    }

    /// `TokenBuilder.kind(status:start:end:)`.
    private static func kind(_ text: RawBuffer<UInt16>, status: Int32, start: Int, end: Int) -> TokenKind? {
        if status < Int32(SBICU_WORD_NONE_LIMIT) {
            let c = scalar(text, at: start)
            // No ASCII character is Extended_Pictographic or a regional indicator (the first
            // Extended_Pictographic is © U+00A9).
            if c < 0x80 { return nil }
            return isEmojiStart(c) ? .emoji : nil
        }
        if status >= Int32(SBICU_WORD_KANA) { return .noSpaceScript }
        var i = start
        while i < end {
            let u = text[i]
            // Below U+0E00 nothing is a no-space script (`LetterTable.isNoSpaceScript`).
            if u < 0x0E00 {
                i += 1
                continue
            }
            let c = scalar(text, at: i)
            if LetterTable.isNoSpaceScript(c) { return .noSpaceScript }
            i += c >= 0x10000 ? 2 : 1
        }
        return status < Int32(SBICU_WORD_LETTER) ? .number : .word
    }

    /// `TokenBuilder.span(_:)`.
    @inline(__always)
    private static func span(
        _ raw: TokenBuilder.Raw, _ s: FoldState, _ graphemes: inout GraphemeWidener, _ cursor: inout Int
    ) -> TokenSpan {
        let us = s.unit(containingText: Int32(raw.start), from: cursor)
        let ue = s.unit(containingText: Int32(raw.end - 1), from: us)
        cursor = us
        let a = s.units[us]
        let b = s.units[ue]
        let ds = Int32(raw.start) - a.textStart
        let de = Int32(raw.end) - b.textStart
        let o0 = a.linear ? a.origStart + ds : a.origStart
        let o1 = b.linear ? b.origStart + de : b.origEnd
        let k0 = a.linear ? a.keyStart + ds : a.keyStart
        let k1 =
            b.linear ? b.keyStart + de : (ue + 1 < s.units.count ? s.units[ue + 1].keyStart : Int32(s.key.count))
        let widened = graphemes.widen(Int(o0)..<Int(max(o0, o1)))
        return TokenSpan(
            keyStart: k0, keyEnd: max(k0, k1), widened.lowerBound, widened.upperBound, raw.kind)
    }

    /// `TokenBuilder.addParts(of:span:key:to:texts:)`.
    private func addParts(
        of raw: TokenBuilder.Raw, span: TokenSpan, _ graphemes: inout GraphemeWidener, _ s: inout FoldState,
        _ cursor: inout Int
    ) {
        guard raw.kind == .word || raw.kind == .number else { return }
        var underscore = false
        for i in raw.start..<raw.end where s.text[i] == 0x5F {
            underscore = true
            break
        }
        if underscore {
            var partStart = raw.start
            for i in raw.start...raw.end where i == raw.end || s.text[i] == 0x5F {
                if i > partStart && !(partStart == raw.start && i == raw.end) {
                    let part = TokenBuilder.Raw(start: partStart, end: i, kind: .part)
                    s.tokens.append(Self.span(part, s, &graphemes, &cursor))
                }
                partStart = i + 1
            }
            return
        }
        let k0 = Int(span.keyStart)
        let k1 = Int(span.keyEnd)
        // Every article starts with ا (D8 A7) or a letter then ا.
        guard k1 - k0 > 2 else { return }
        let key = UnsafeBufferPointer(start: s.key.base, count: s.key.count)
        for article in TokenBuilder.articles {
            guard k1 - k0 > article.count, key[k0..<k0 + article.count].elementsEqual(article) else { continue }
            var letters = 0
            for b in key[(k0 + article.count)..<k1] where !UTF8Codec.isContinuation(b) { letters += 1 }
            guard letters >= 2 else { break }
            let u = s.unit(containingKey: Int32(k0 + article.count))
            let unit = s.units[u]
            guard unit.keyStart == Int32(k0 + article.count), !unit.linear else { break }
            s.tokens.append(
                TokenSpan(
                    keyStart: Int32(k0 + article.count), keyEnd: span.keyEnd,
                    originalStart: max(span.originalStart, unit.origStart), originalEnd: span.originalEnd,
                    kind: .part))
            break
        }
    }
}

extension TokenSpan {
    /// A span from `Int` original offsets.
    @inline(__always)
    init(keyStart: Int32, keyEnd: Int32, _ originalStart: Int, _ originalEnd: Int, _ kind: TokenKind) {
        self.init(
            keyStart: keyStart, keyEnd: keyEnd, originalStart: Int32(truncatingIfNeeded: originalStart),
            originalEnd: Int32(truncatingIfNeeded: originalEnd), kind: kind)
    }
}
