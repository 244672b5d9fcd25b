/// The scans of a packed batch's text buffers, run on this index's share of the executor pool
/// (so the C-ABI layer checks a million texts on every thread the index may use).
extension SearchIndex {
    /// True when `count` bytes at `base` are well-formed UTF-8.
    public func isValidUTF8(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        PackedTextScan.isValidUTF8(base, count, pool: pool)
    }

    /// Where each of `texts` texts separated by single NUL bytes in `count` bytes at `base`
    /// starts, once the bytes are checked to be valid UTF-8 with exactly `texts - 1` NULs.
    public func separatedTextStarts(_ base: UnsafePointer<UInt8>, _ count: Int, texts: Int) -> SeparatedTexts {
        PackedTextScan.separatedStarts(base, count, texts: texts, pool: pool)
    }
}
