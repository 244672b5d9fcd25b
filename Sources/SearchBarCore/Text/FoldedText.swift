/// A folded match key with a map back to the original text.
public struct FoldedText: Sendable {
    /// The match key (equal to `fold(original)`).
    public var key: String
    /// The text that was folded.
    public let original: String
    /// The fold's units (see ``KeyMap``).
    let units: [FoldUnit]

    init(key: String, original: String, sink: MappedSink) {
        self.key = key
        self.original = original
        var units: [FoldUnit] = []
        units.reserveCapacity(sink.keyStart.count)
        for k in sink.keyStart.indices {
            units.append(
                FoldUnit(
                    origStart: sink.origStart[k], origEnd: sink.origEnd[k], textStart: sink.textStart[k],
                    keyStart: sink.keyStart[k], linear: sink.linear[k]))
        }
        self.units = units
    }

    /// Maps a UTF-8 byte range of ``key`` to a UTF-8 byte range of the original text, widened
    /// to grapheme-cluster boundaries (a key byte from an expansion such as ㈱ or ß maps to the
    /// whole original character; a range ending at a deleted original character such as a
    /// tatweel inside it includes it). Out-of-range input is clamped.
    public func originalRange(ofKeyBytes range: Range<Int>) -> Range<Int> {
        let unwidened = units.withUnsafeBufferPointer { units in
            KeyMap(units: units, keyLength: key.utf8.count, originalLength: original.utf8.count)
                .unwidenedRange(ofKeyBytes: range)
        }
        return units.isEmpty ? unwidened : Graphemes.widen(unwidened, in: original)
    }
}
