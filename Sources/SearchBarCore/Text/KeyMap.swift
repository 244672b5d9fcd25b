/// The map from a folded key back to the original text, as the units of one fold (see
/// ``FoldUnit``): one linear unit per ASCII run, one unit per cluster of every other
/// normalization segment. Shared by ``FoldedText`` and ``MappedAnalysis``.
struct KeyMap {
    /// The units, in order (their `keyStart`s ascend; a removed character's unit has the same
    /// `keyStart` as the next one).
    let units: UnsafeBufferPointer<FoldUnit>
    /// The key's length in UTF-8 bytes.
    let keyLength: Int
    /// The original text's length in UTF-8 bytes.
    let originalLength: Int

    /// The original byte range that key bytes `range` came from, before widening to grapheme
    /// clusters: a linear unit maps byte for byte, any other unit maps whole. An empty range
    /// maps to the start of the first unit at or after it. Out-of-range input is clamped.
    func unwidenedRange(ofKeyBytes range: Range<Int>) -> Range<Int> {
        let a = max(0, min(range.lowerBound, keyLength))
        let b = max(a, min(range.upperBound, keyLength))
        guard !units.isEmpty else { return 0..<0 }
        if a == b {
            let first = lowerBound(in: 0..<units.count) { Int(units[$0].keyStart) < a }
            let position = first < units.count ? Int(units[first].origStart) : originalLength
            return position..<position
        }
        let first = units[unit(containing: a)]
        let last = units[unit(containing: b - 1)]
        let lower = first.linear ? Int(first.origStart) + (a - Int(first.keyStart)) : Int(first.origStart)
        let upper = last.linear ? Int(last.origStart) + (b - Int(last.keyStart)) : Int(last.origEnd)
        return lower..<max(lower, upper)
    }

    /// Index of the last unit whose key starts at or before `offset` (0 when none).
    private func unit(containing offset: Int) -> Int {
        max(lowerBound(in: 0..<units.count) { Int(units[$0].keyStart) <= offset } - 1, 0)
    }
}
