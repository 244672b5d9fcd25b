/// The names of one C enum's values as permanent C strings, for the `sb_<enum>_string()`
/// exports generated into EnumNameExports.swift.
struct EnumNames {
    private let names: [UInt32: UnsafePointer<CChar>]
    private let unknown: UnsafePointer<CChar>

    /// A table of `(value, name)` pairs; `unknown` names every other value.
    init(_ pairs: [(UInt32, String)], unknown: String) {
        names = Dictionary(uniqueKeysWithValues: pairs.map { ($0.0, permanentCString($0.1)) })
        self.unknown = permanentCString(unknown)
    }

    /// The name of `value`.
    subscript(value: UInt32) -> UnsafePointer<CChar> { names[value] ?? unknown }
}
