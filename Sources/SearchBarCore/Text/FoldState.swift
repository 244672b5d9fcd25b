/// One unit of the map between the original text, the case-folded UTF-16 text and the key (see
/// ``MappedSink``): an ASCII run (`linear`) or one cluster of a normalization segment.
struct FoldUnit {
    var origStart: Int32
    var origEnd: Int32
    var textStart: Int32
    var keyStart: Int32
    var linear: Bool
}

/// The buffers one analysis fills (key, case-folded text, unit map, break segments, tokens) and
/// the memo of multi-code-point segment folds. Plain memory, reused from text to text.
struct FoldState {
    var key = RawBuffer<UInt8>(capacity: 256)
    var text = RawBuffer<UInt16>(capacity: 256)
    var units = RawBuffer<FoldUnit>(capacity: 128)
    var segments = RawBuffer<BreakSegment>(capacity: 64)
    var raws = RawBuffer<TokenBuilder.Raw>(capacity: 32)
    var tokens = RawBuffer<TokenSpan>(capacity: 32)
    var memo = SegmentMemo()

    /// Empties the per-text buffers (the memo stays).
    mutating func reset() {
        key.count = 0
        text.count = 0
        units.count = 0
        segments.count = 0
        raws.count = 0
        tokens.count = 0
    }

    func free() {
        key.free()
        text.free()
        units.free()
        segments.free()
        raws.free()
        tokens.free()
        memo.free()
    }
}
