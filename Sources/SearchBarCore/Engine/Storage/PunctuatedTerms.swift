/// The terms of a vocabulary that hold an ASCII byte other than a letter or digit (`l'école`,
/// `3.14`, `o'clock`): the only terms inside which contains mode can see a word start
/// (``ByteSearch/isWordStart(_:_:)``) other than their own first byte. A word of word
/// characters at a word start of an item's text therefore starts one of the item's terms or
/// follows such a byte inside one of these (the ``Segment/runExceptions`` aside), which is how
/// ``ContainsCandidates/itemsWithWordStart(_:segment:limit:)`` lists those items.
enum PunctuatedTerms {
    /// The ids of `vocabulary`'s punctuated terms, ascending.
    static func ids(_ vocabulary: ByteArena) -> [UInt32] {
        var ids: [UInt32] = []
        vocabulary.bytes.withUnsafeBufferPointer { bytes in
            vocabulary.expandedOffsets().withUnsafeBufferPointer { offsets in
                for t in 0..<vocabulary.count {
                    for k in Int(offsets[t])..<Int(offsets[t + 1]) where isPunctuation(bytes[k]) {
                        ids.append(UInt32(truncatingIfNeeded: t))
                        break
                    }
                }
            }
        }
        return ids
    }

    /// True for an ASCII byte that is not a letter or digit (one that ends a word for
    /// ``ByteSearch/isWordStart(_:_:)``).
    @inline(__always)
    static func isPunctuation(_ b: UInt8) -> Bool { b < 0x80 && !WordRuns.isASCIIWordByte(b) }
}
