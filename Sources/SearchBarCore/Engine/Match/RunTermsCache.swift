import Synchronization

/// The terms holding the last few runs searched in contains mode, shared by all searches:
/// while the user types `mede`, `medec`, `medeci`, … each run contains the one before, so the
/// terms holding it are among that run's terms and the vocabulary is searched once per word.
/// Entries are keyed by segment serial (segments never change).
enum RunTermsCache {
    /// Runs kept.
    static let capacity = 8

    /// A run and the terms holding it.
    struct Entry: Sendable {
        var serial: UInt64
        var run: [UInt8]
        var terms: [UInt32]
    }

    private static let entries = Mutex<[Entry]>([])

    /// The entry of `segment` with the fewest terms whose run `piece` contains (the same run
    /// included), or nil.
    static func terms(within piece: [UInt8], segment: Segment) -> Entry? {
        let serial = segment.serial
        return entries.withLock { entries in
            var best: Int?
            piece.withUnsafeBufferPointer { piece in
                for (k, entry) in entries.enumerated() where entry.serial == serial && entry.run.count <= piece.count {
                    if let best, entries[best].terms.count <= entry.terms.count { continue }
                    let holds = entry.run.withUnsafeBufferPointer { ByteSearch.find($0, in: piece, from: 0) != nil }
                    if holds { best = k }
                }
            }
            return best.map { entries[$0] }
        }
    }

    /// Remembers the terms holding `piece` in `segment`, dropping the oldest entry when full.
    static func store(_ piece: [UInt8], terms: [UInt32], segment: Segment) {
        let serial = segment.serial
        entries.withLock { entries in
            entries.removeAll { $0.serial == serial && $0.run == piece }
            entries.append(Entry(serial: serial, run: piece, terms: terms))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }
}
