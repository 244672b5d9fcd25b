internal import CICU

/// Scratch space for analysing many texts on one thread: the buffers of ``FoldState`` and a word
/// break iterator of its own. Used by one thread at a time (taken from and given back to a
/// ``TextAnalyzer``'s pool).
final class AnalysisScratch: @unchecked Sendable {
    var state = FoldState()
    /// The word break iterator (cloned from the analyzer's template), nil until first needed or
    /// when ICU could not make one.
    var iterator: OpaquePointer?
    /// ICU's segments of the chunks ``ChunkedWordBreak`` gave the iterator, for their next
    /// occurrence.
    var breaks = BreakMemo()
    /// True while the scratch analyses a batch of item texts (``SegmentPart``): texts the simple
    /// word break declines then go chunk by chunk through ``breaks``. A query's analysis leaves
    /// it false and breaks such texts whole, as before.
    var memoizesBreaks = false

    init() {}

    /// True when a very long text grew the buffers past what is worth keeping in a pool.
    var isOversized: Bool {
        let s = state
        let bytes =
            s.key.capacity + 2 * s.text.capacity + MemoryLayout<FoldUnit>.stride * s.units.capacity
            + MemoryLayout<BreakSegment>.stride * s.segments.capacity
            + MemoryLayout<TokenBuilder.Raw>.stride * s.raws.capacity
            + MemoryLayout<TokenSpan>.stride * s.tokens.capacity
        return bytes > 4 << 20
    }

    /// Hands over the word break memo (the caller frees it); the scratch's memo starts empty.
    func takeBreaks() -> BreakMemo {
        let taken = breaks
        breaks = BreakMemo()
        return taken
    }

    deinit {
        state.free()
        breaks.free()
        if let iterator { sbicu_ubrk_close(iterator) }
    }
}
