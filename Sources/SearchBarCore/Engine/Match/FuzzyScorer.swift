import Glibc

/// fzf-style subsequence scoring on folded UTF-8 bytes: each matched character scores, more at
/// word starts (most after a space, then after a delimiter `/ , : ; |`, then after other
/// punctuation such as `-`, `_` or `.`, at a letter-to-digit change, and where the original text
/// turned from lower to upper case, ``CamelMarks``), in runs of consecutive
/// characters, and twice for the first pattern character; a placement whose last character ends
/// a word (before a space, punctuation or the end) earns ``bonusBoundaryEnd``; gaps cost a start
/// and an extension penalty. ``window(_:in:)`` finds the greedy placement, as fzf's v1 does (the
/// first full match forward, then the shortest window ending there, scanned backward), by
/// whole characters: the cheap filter; ``FuzzyAlignment`` finds the best-scoring one.
enum FuzzyScorer {
    static let scoreMatch = 16
    static let gapStart = -3
    static let gapExtension = -1
    static let bonusBoundary = 8
    static let bonusNonWord = 8
    static let bonusNumber = 7
    /// For a letter where the original text turned from lower to upper case (`fooBar`: the
    /// `B`; see ``CamelMarks``): fzf's `bonusCamel123`.
    static let bonusCamel = 7
    static let bonusConsecutive = 4
    static let bonusBoundaryWhite = 10
    static let bonusBoundaryDelimiter = 9
    static let firstCharMultiplier = 2
    /// For a placement whose last character is followed by a non-word character or the end:
    /// `foo` ranks `foo_bar` above `foobar` and a whole word above a word's start. Smaller than
    /// any boundary bonus, so a word start still outweighs it.
    static let bonusBoundaryEnd = 4

    /// Character classes, ordered so that classes above `nonWord` are word characters.
    enum CharClass: UInt8, Comparable {
        case white = 0, nonWord = 1, delimiter = 2, letter = 3, number = 4
        static func < (a: CharClass, b: CharClass) -> Bool { a.rawValue < b.rawValue }
    }

    /// The class of a folded byte (non-ASCII bytes count as letters).
    @inline(__always)
    static func charClass(_ b: UInt8) -> CharClass {
        if b >= 0x80 { return .letter }
        switch b {
        case 0x61...0x7A, 0x41...0x5A: return .letter
        case 0x30...0x39: return .number
        case 0x20, 0x09, 0x0A, 0x0D: return .white
        case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C: return .delimiter
        default: return .nonWord
        }
    }

    /// fzf's bonus for a character of class `current` after one of class `previous`.
    @inline(__always)
    static func bonus(_ previous: CharClass, _ current: CharClass) -> Int {
        if current == .letter || current == .number {
            switch previous {
            case .white: return bonusBoundaryWhite
            case .delimiter: return bonusBoundaryDelimiter
            case .nonWord: return bonusBoundary
            default: break
            }
        }
        if previous != .number && current == .number { return bonusNumber }
        switch current {
        case .nonWord, .delimiter: return bonusNonWord
        case .white: return bonusBoundaryWhite
        default: return 0
        }
    }

    /// ``bonusBoundaryEnd`` when the byte after `last` in `text` is not a word character (or
    /// there is none), else 0.
    @inline(__always)
    static func endBonus(_ text: UnsafeBufferPointer<UInt8>, after last: Int) -> Int {
        last + 1 >= text.count || charClass(text[last + 1]) < .letter ? bonusBoundaryEnd : 0
    }

    /// The bytes of the UTF-8 character a pattern byte starts: 1 for ASCII (and for a stray
    /// continuation byte), at most the `left` bytes of the pattern from it.
    @inline(__always)
    static func characterLength(_ lead: UInt8, left: Int) -> Int {
        lead < 0xC0 ? 1 : min(lead < 0xE0 ? 2 : (lead < 0xF0 ? 3 : 4), left)
    }

    /// True when `text` holds the `length` bytes of `pattern` from `p` at `i` (inside it).
    @inline(__always)
    static func holds(
        _ text: UnsafeBufferPointer<UInt8>, at i: Int, _ pattern: UnsafeBufferPointer<UInt8>, from p: Int, length: Int
    ) -> Bool {
        guard i >= 0, i + length <= text.count else { return false }
        for t in 0..<length where text[i + t] != pattern[p + t] { return false }
        return true
    }

    /// The earliest placement of `pattern` in `text`, by characters: each pattern character at
    /// its first occurrence after the previous one's, its bytes' offsets written to `earliest`
    /// (`pattern.count` positions); false when `pattern` is not a subsequence of `text`. A
    /// character is found at its last byte (memchr; for most scripts the last byte tells the
    /// letter, where the lead byte is shared by a whole block) and compared whole there, so a
    /// lead byte of one text character and continuation bytes of others never make a match
    /// (`к` D0 BA is not in `оƺ` D0 BE C6 BA). (memchr skips the bytes between without a
    /// branch per byte; a byte loop instead measured no faster on titles.)
    @inline(__always)
    static func forward(
        _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, into earliest: UnsafeMutablePointer<Int>
    ) -> Bool {
        let m = pattern.count
        let n = text.count
        guard m > 0, n >= m, let base = text.baseAddress else { return false }
        var j = 0
        var k = 0
        while k < m {
            let length = characterLength(pattern[k], left: m - k)
            let last = pattern[k + length - 1]
            // Where the character's last byte can be, at the earliest.
            var from = j + length - 1
            while true {
                let left = n - from
                guard left >= m - k - length + 1, let hit = memchr(base + from, Int32(last), left) else { return false }
                let end = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                let at = end + 1 - length
                if length == 1 || holds(text, at: at, pattern, from: k, length: length - 1) {
                    for t in 0..<length { earliest[k + t] = at + t }
                    j = end + 1
                    break
                }
                from = end + 1
            }
            k += length
        }
        return true
    }

    /// The window `[start, end)` of `text` holding the tightest first match of `pattern`, or nil.
    @inline(__always)
    static func window(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let m = pattern.count
        guard m > 0, text.count >= m else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: m) { earliest -> Range<Int>? in
            guard forward(pattern, in: text, into: earliest.baseAddress!) else { return nil }
            return window(pattern, in: text, end: earliest[m - 1] + 1)
        }
    }

    /// The tightest window of `pattern` in `text` ending at `end` (one past the last byte of
    /// the earliest placement, ``forward(_:in:into:)``): scanned backward from there, a whole
    /// character at a time.
    @inline(__always)
    static func window(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, end: Int) -> Range<Int> {
        // One past the pattern character to place, and where it must end by.
        var k = pattern.count
        var limit = end
        while k > 0 && limit > 0 {
            var lead = k - 1
            while lead > 0 && pattern[lead] & 0xC0 == 0x80 { lead -= 1 }
            let length = k - lead
            var start = limit - length
            while start >= 0
                && !(text[start] == pattern[lead] && holds(text, at: start, pattern, from: lead, length: length))
            {
                start -= 1
            }
            limit = start
            k = lead
        }
        return max(limit, 0)..<end
    }

    /// No camelCase marks (see ``CamelMarks``).
    static var noMarks: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: nil, count: 0) }

    /// The bonus at `i` when its class bonus is `b`: at least ``bonusCamel`` at a camelCase
    /// mark. `cursor` walks `camel` (ascending) as `i` grows.
    @inline(__always)
    static func withCamel(_ b: Int, at i: Int, _ camel: UnsafeBufferPointer<Int32>, cursor: inout Int) -> Int {
        while cursor < camel.count && Int(camel[cursor]) < i { cursor += 1 }
        return cursor < camel.count && Int(camel[cursor]) == i ? max(b, bonusCamel) : b
    }

    /// The score of matching `pattern` in `window`, and (optionally) the matched offsets.
    /// - Parameter camel: the text's camelCase marks (``CamelMarks``), ascending.
    static func score(
        _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, window: Range<Int>,
        camel: UnsafeBufferPointer<Int32> = noMarks, positions: UnsafeMutablePointer<[Int]>? = nil
    ) -> Int {
        var p = 0
        var total = 0
        var inGap = false
        var consecutive = 0
        var firstBonus = 0
        var cursor = 0
        var previous = window.lowerBound > 0 ? charClass(text[window.lowerBound - 1]) : .white
        for i in window {
            let current = charClass(text[i])
            // A lead byte matches only with its whole character (continuation bytes then follow).
            if p < pattern.count && text[i] == pattern[p]
                && (pattern[p] < 0xC0
                    || holds(text, at: i, pattern, from: p, length: characterLength(pattern[p], left: pattern.count - p)))
            {
                positions?.pointee.append(i)
                total += scoreMatch
                var b = withCamel(bonus(previous, current), at: i, camel, cursor: &cursor)
                if consecutive == 0 {
                    firstBonus = b
                } else {
                    if b >= bonusBoundary && b > firstBonus { firstBonus = b }
                    b = max(b, firstBonus, bonusConsecutive)
                }
                total += p == 0 ? b * firstCharMultiplier : b
                inGap = false
                consecutive += 1
                p += 1
            } else {
                total += inGap ? gapExtension : gapStart
                inGap = true
                consecutive = 0
                firstBonus = 0
            }
            previous = current
        }
        if p == pattern.count && !window.isEmpty { total += endBonus(text, after: window.upperBound - 1) }
        return total
    }
}
