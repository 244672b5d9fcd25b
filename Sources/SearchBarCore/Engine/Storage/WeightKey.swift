/// Maps a weight to a 32-bit key whose unsigned order is the weights' numeric order
/// (weights are rounded to `Float`; NaN counts as 0).
enum WeightKey {
    /// The key of weight 0.
    static let zero = key(0)

    /// The order-preserving key of `weight`.
    static func key(_ weight: Double) -> UInt32 {
        let value = weight.isNaN ? Float(0) : Float(weight)
        let bits = (value == 0 ? Float(0) : value).bitPattern
        return bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
    }
}

extension WeightKey {
    /// The weight `key` was made from, at the key's precision (a `Float`'s: 24 bits).
    static func weight(_ key: UInt32) -> Double {
        let bits = key & 0x8000_0000 != 0 ? key & 0x7FFF_FFFF : ~key
        return Double(Float(bitPattern: bits))
    }
}
