import Glibc

/// C strings that live as long as the process, one per distinct text: what a getter returns
/// for a value a handle may outlive (an index's locale tag). Bounded by the distinct texts
/// the process uses (a few locales).
enum InternedStrings {
    private static let table = Mutex<[String: UnsafePointer<CChar>]>([:])

    /// The permanent C string for `text`.
    static func pointer(_ text: String) -> UnsafePointer<CChar> {
        table.withLock { table in
            if let known = table[text] { return known }
            let made = permanentCString(text)
            table[text] = made
            return made
        }
    }
}
