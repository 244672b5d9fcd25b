import Glibc
import SearchBarCore

/// How one line matched a query.
struct LineMatch {
    /// The sum of the terms' scores (negated terms add 0).
    var score: Int32
    /// The code-point offsets fzf's tiebreaks use: the smallest start and end and the largest
    /// end of the non-empty term matches; nil when every term matched empty (negations only).
    var minBegin: Int?
    var minEnd = Int.max
    var maxEnd = 0
    /// The matched code points (offsets in the line), when positions were asked for.
    var positions: [Int] = []
}

/// Matches lines against a ``FilterPattern`` the way `fzf --filter` does (fzf's
/// `extendedMatch`): each set must match in the first field of `--nth` where one of its terms
/// does; a set of negated terms matches when none of them does. Lines are folded one code point
/// at a time (see ``ScalarFolder``) into reused buffers, and all-ASCII lines that cannot hold a
/// term are rejected on their bytes first.
final class LineMatcher {
    let pattern: FilterPattern
    let folder: ScalarFolder
    let fields: FieldSelection?
    /// fzf matches backwards (later alignments win ties) when the `end` tiebreak is used.
    let forward: Bool
    /// Collect matched positions (for highlighting).
    let wantsPositions: Bool
    private let algorithms = FilterAlgorithms()
    private var stores: [UnitStore] = []
    private var generation = 0
    private var wholeLine = [LineSegment(bytes: 0..<0, scalarOffset: 0)]

    init(pattern: FilterPattern, folder: ScalarFolder, fields: FieldSelection?, forward: Bool, wantsPositions: Bool) {
        self.pattern = pattern
        self.folder = folder
        self.fields = fields
        self.forward = forward
        self.wantsPositions = wantsPositions
    }

    /// How `line` matches, or nil when it does not.
    func match(_ line: UnsafeBufferPointer<UInt8>) -> LineMatch? {
        if !passesPrefilter(line) { return nil }
        generation += 1
        let segments: [LineSegment]
        if let fields {
            segments = fields.select(line)
        } else {
            wholeLine[0] = LineSegment(bytes: 0..<line.count, scalarOffset: 0)
            segments = wholeLine
        }
        var result = LineMatch(score: 0)
        var positions: [Int] = []
        for set in pattern.sets {
            var matched = false
            var offset = (0, 0)
            var score: Int32 = 0
            for term in set {
                var termPositions: [Int] = []
                let found = withUnsafeMutablePointer(to: &termPositions) { pointer in
                    firstMatch(term, line, segments, positions: wantsPositions && !term.inverse ? pointer : nil)
                }
                if let found {
                    if term.inverse { continue }
                    offset = (found.start, found.end)
                    score = found.score
                    matched = true
                    if wantsPositions {
                        positions += termPositions.isEmpty ? Array(found.start..<found.end) : termPositions
                    }
                    break
                } else if term.inverse {
                    offset = (0, 0)
                    score = 0
                    matched = true
                }
            }
            guard matched else { return nil }
            result.score += score
            if offset.0 < offset.1 {
                result.minBegin = min(result.minBegin ?? Int.max, offset.0)
                result.minEnd = min(result.minEnd, offset.1)
                result.maxEnd = max(result.maxEnd, offset.1)
            }
        }
        result.positions = positions
        return result
    }

    /// The term's match in the first segment where it matches, in code points of the line.
    private func firstMatch(_ term: FilterTerm, _ line: UnsafeBufferPointer<UInt8>, _ segments: [LineSegment],
                            positions: UnsafeMutablePointer<[Int]>?) -> TermMatch? {
        for (index, segment) in segments.enumerated() {
            let store = unitStore(index, term.variant.slot)
            if store.generation != generation {
                store.build(line, segment, folder: folder, variant: term.variant)
                store.generation = generation
            }
            let found: TermMatch? = store.withText { text in
                switch term.kind {
                case .fuzzy: algorithms.fuzzy(text, term.units, forward: forward, positions: positions)
                case .exact: FilterAlgorithms.exact(text, term.units, forward: forward)
                case .wordPrefix: FilterAlgorithms.exact(text, term.units, forward: forward, wordStart: true)
                case .prefix: FilterAlgorithms.prefix(text, term.units)
                case .suffix: FilterAlgorithms.suffix(text, term.units)
                case .equal: FilterAlgorithms.equal(text, term.units)
                }
            }
            guard let found else { continue }
            // Units to code points of the line.
            let origins = store.origins
            if let positions {
                positions.pointee = positions.pointee.map { Int(origins[$0]) }
            }
            if found.start >= found.end || store.count == 0 {
                let at = found.start < store.count ? Int(origins[found.start]) : segment.scalarOffset + store.scalarCount
                return TermMatch(start: at, end: at, score: found.score)
            }
            return TermMatch(start: Int(origins[found.start]), end: Int(origins[found.end - 1]) + 1, score: found.score)
        }
        return nil
    }

    private func unitStore(_ segment: Int, _ slot: Int) -> UnitStore {
        let key = segment * 4 + slot
        while stores.count <= key { stores.append(UnitStore()) }
        return stores[key]
    }

    /// False when `line` is all ASCII and some single-term set's (ASCII) term does not occur
    /// in it in order: such a line cannot match.
    private func passesPrefilter(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = line.baseAddress else { return pattern.sets.allSatisfy { $0.count > 1 || $0[0].inverse || $0[0].units.isEmpty } }
        for set in pattern.sets where set.count == 1 {
            let term = set[0]
            guard !term.inverse, let bytes = term.asciiBytes else { continue }
            if !Self.occursInOrder(bytes, base, line.count, foldCase: !term.variant.caseSensitive) {
                return !Self.isASCII(base, line.count)
            }
        }
        return true
    }

    /// fzf's `asciiFuzzyIndex`: every byte of `pattern` occurs in order (either case of a
    /// letter when folding case).
    static func occursInOrder(_ pattern: [UInt8], _ base: UnsafePointer<UInt8>, _ count: Int, foldCase: Bool) -> Bool {
        var from = 0
        for b in pattern {
            guard from < count else { return false }
            let rest = count - from
            var found = memchr(base + from, Int32(b), rest).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
            if foldCase && b >= 0x61 && b <= 0x7A {
                let limit = found.map { $0 - from } ?? rest
                if limit > 0, let upper = memchr(base + from, Int32(b - 32), limit) {
                    found = UnsafeRawPointer(upper) - UnsafeRawPointer(base)
                }
            }
            guard let at = found else { return false }
            from = at + 1
        }
        return true
    }

    /// True when no byte of the text is above 0x7F.
    static func isASCII(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        let raw = UnsafeRawPointer(base)
        while i + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < count {
            if base[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }
}

/// One segment of the current line folded for one variant: units, their classes, and the
/// code point of the line each unit comes from. Plain buffers reused from line to line (the
/// scan's hot loop: no array uniqueness or exclusivity checks per unit).
final class UnitStore {
    private(set) var units = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private(set) var classes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private(set) var origins = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private(set) var count = 0
    private var capacity = 1
    var scalarCount = 0
    var generation = -1

    deinit {
        units.deallocate()
        classes.deallocate()
        origins.deallocate()
    }

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let grown = max(needed, capacity * 2)
        let u = UnsafeMutablePointer<UInt32>.allocate(capacity: grown)
        let c = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        let o = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
        u.update(from: units, count: count)
        c.update(from: classes, count: count)
        o.update(from: origins, count: count)
        units.deallocate()
        classes.deallocate()
        origins.deallocate()
        (units, classes, origins, capacity) = (u, c, o, grown)
    }

    /// Folds `segment` of `line` code point by code point (invalid UTF-8 reads as U+FFFD).
    func build(_ line: UnsafeBufferPointer<UInt8>, _ segment: LineSegment, folder: ScalarFolder, variant: FoldVariant) {
        count = 0
        reserve(segment.bytes.count)
        var u = units, c = classes, o = origins
        var n = 0
        var scalar = Int32(segment.scalarOffset)
        var i = segment.bytes.lowerBound
        let end = segment.bytes.upperBound
        folder.asciiTables[variant.slot].withUnsafeBufferPointer { table in
            CharacterClass.asciiRaw.withUnsafeBufferPointer { asciiClasses in
                while i < end {
                    let b = line[i]
                    if b < 0x80 {
                        u[n] = table[Int(b)]
                        c[n] = asciiClasses[Int(b)]
                        o[n] = scalar
                        n += 1
                        i += 1
                    } else {
                        let (value, length) = UTF8Codec.decodeChecked(line, i, end)
                        let cls = CharacterClass.of(value).rawValue
                        let folded = folder.fold(value, variant)
                        // Room for this code point's units and one per byte left.
                        count = n
                        reserve(n + folded.count + (end - i))
                        (u, c, o) = (units, classes, origins)
                        for unit in folded {
                            u[n] = unit
                            c[n] = cls
                            o[n] = scalar
                            n += 1
                        }
                        i += length
                    }
                    scalar += 1
                }
            }
        }
        count = n
        scalarCount = Int(scalar) - segment.scalarOffset
    }

    func withText<R>(_ body: (UnitText) -> R) -> R {
        body(UnitText(units: UnsafeBufferPointer(start: units, count: count),
                      classes: UnsafeBufferPointer(start: classes, count: count)))
    }
}
