/// The text-layer calls an index makes for its items and queries, in one place.
struct ItemAnalysis: Sendable {
    /// Folds and tokenizes for the index's locale.
    let analyzer: TextAnalyzer
    /// Orders titles for the final tie-break.
    let collator: Collator
    /// The fields that are stored and searched.
    let fields: SearchFields
    /// The Latin transliteration appended to item texts, for an index made with
    /// `transliterate` (nil otherwise; queries are never transliterated).
    var transliteration: Transliteration? = nil

    /// Replaces `analysis` with the folded key and token spans of `text`.
    func analyze(_ text: String, into analysis: inout Analysis) {
        analyzer.analyze(text, into: &analysis)
        transliteration?.extend(text, analysis: &analysis, analyzer: analyzer)
    }

    /// The folded key and token spans of a valid UTF-8 `text` read in place (as
    /// ``analyze(_:into:)`` gives them), left in `scratch.state.key` and `scratch.state.tokens`;
    /// `worker`: the transliteration worker the caller took for its texts (``takeWorker()``), if
    /// it did. A `String` is made only for an index that transliterates.
    func analyze(utf8 text: UnsafeBufferPointer<UInt8>, scratch: AnalysisScratch, worker: TransliterationWorker? = nil) {
        analyzer.analyze(utf8: text, scratch: scratch)
        if let transliteration {
            transliteration.extend(
                String(decoding: text, as: UTF8.self), scratch: scratch, analyzer: analyzer, worker: worker)
        }
    }

    /// A transliteration worker for one thread's many texts (nil when the index does not
    /// transliterate): its memo of words serves them all without a lock. Give it back with
    /// ``recycle(_:)``.
    func takeWorker() -> TransliterationWorker? { transliteration?.take() }

    /// Gives back what ``takeWorker()`` gave.
    func recycle(_ worker: TransliterationWorker?) {
        if let worker { transliteration?.recycle(worker) }
    }

    /// The same as ``rankKey(_:buffer:)``, with only as much of the sort key made as its first
    /// 8 bytes need.
    func rankKey(_ title: String) -> UInt64 {
        collator.sortKeyPrefix(title)
    }

    /// ``rankKey(_:)`` of a valid UTF-8 title read in place.
    func rankKey(utf8 title: UnsafeBufferPointer<UInt8>) -> UInt64 {
        collator.sortKeyPrefix(utf8: title)
    }

    /// The first 8 bytes of the title's collation sort key, big-endian, as a rank key
    /// (`buffer` is scratch space reused between calls).
    func rankKey(_ title: String, buffer: inout [UInt8]) -> UInt64 {
        buffer.removeAll(keepingCapacity: true)
        collator.appendSortKey(title, to: &buffer)
        var value: UInt64 = 0
        for i in 0..<8 { value = value << 8 | UInt64(i < buffer.count ? buffer[i] : 0) }
        return value
    }

    /// The folded form of an attribute's text value.
    func foldValue(_ text: String) -> String { analyzer.fold(text) }
}
