/// The layout of a hit's 64-bit score; comparing scores as integers compares, in order:
/// tier (3 bits), quality within the tier (16 bits), field (2 bits), proximity (8 bits) and
/// weight (32 bits).
enum Score {
    /// Packs the parts of a score.
    @inline(__always)
    static func make(tier: MatchTier, quality: Int, field: SearchField, proximity: Int, weightKey: UInt32) -> UInt64 {
        let q = UInt64(min(max(quality, 0), 0xFFFF))
        let f = UInt64(2 - min(field.rawValue, 2))
        let p = UInt64(min(max(proximity, 0), 255))
        return UInt64(tier.rawValue) << 61 | q << 45 | f << 43 | p << 35 | UInt64(weightKey)
    }

    /// The proximity part for words spread over `span` positions beyond adjacent.
    @inline(__always)
    static func proximity(span: Int) -> Int { 255 - min(max(span, 0), 255) }
}
