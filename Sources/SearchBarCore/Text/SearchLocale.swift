internal import CICU

/// A validated locale for matching and ordering.
///
/// Accepted forms: BCP 47 tags ("sv", "sv-SE", "zh-Hant", "de-u-co-phonebk") and ICU ids
/// ("sv_SE", "de@collation=phonebook"), case-insensitively. Keywords (`-u-…` or `@…`) are kept
/// in ``identifier``: they select a standard collation variant for ``Collator`` (a request for
/// the `search` collation is ignored there, since that collation must not order). Folding and
/// tokenizing use only the language (and script) of the locale.
///
/// `nil`, "", "und" and "root" mean no locale (``none``). A well-formed tag whose language ICU
/// has no locale data for ("xx", "qaa") behaves like ``none`` with ``isFallback`` set; the C
/// layer reports that as a warning. Anything else that is not well-formed ("!!", "en--US", "x",
/// strings with spaces or non-ASCII characters, longer than 96 bytes), and a tag whose collation
/// keywords ICU refuses ("en-u-ks-level9", "en-u-kv-xxx", "en-u-kh-true"), is rejected.
public struct SearchLocale: Sendable, Hashable, CustomStringConvertible {
    /// The canonical ICU locale id ("sv_SE", "zh_Hant", "de@collation=phonebook");
    /// "" means no locale (`und`).
    public let identifier: String
    /// True when the requested locale has no data here and the engine fell back to no locale.
    public let isFallback: Bool
    /// The tag as the caller gave it (`nil` for ``none``).
    public let requested: String?
    /// The ISO 639 language code ("sv"), "" for no locale.
    public let language: String
    /// The ISO 15924 script code when the locale names one ("Hant"), else "".
    public let script: String

    /// No locale (`und`): the hardest folding, root collation.
    public static let none = SearchLocale(identifier: "", isFallback: false, requested: nil, language: "", script: "")

    init(identifier: String, isFallback: Bool, requested: String?, language: String, script: String) {
        self.identifier = identifier
        self.isFallback = isFallback
        self.requested = requested
        self.language = language
        self.script = script
    }

    /// Parses a BCP 47 tag or ICU id. `nil`, "", "und" and "root" give ``none``.
    /// Throws ``SearchBarError/Code/invalidArgument`` (naming the string) for a malformed one.
    public init(_ tag: String?) throws(SearchBarError) {
        guard let tag, !tag.isEmpty else {
            self = .none
            return
        }
        let lowered = tag.lowercased()
        if lowered == "und" || lowered == "root" {
            self = SearchLocale(identifier: "", isFallback: false, requested: tag, language: "", script: "")
            return
        }
        guard let id = Self.canonicalID(tag) else {
            throw .invalidArgument("malformed locale \"\(Self.printable(tag))\"")
        }
        if let problem = Self.collationKeywordProblem(id) {
            throw .invalidArgument("locale \"\(Self.printable(tag))\" has collation keywords ICU refuses (\(problem))")
        }
        let language = ICU.localeString { b, n, s in
            ICU.withCString(id) { sbicu_uloc_getLanguage($0, b, n, s) }
        } ?? ""
        let script = ICU.localeString { b, n, s in
            ICU.withCString(id) { sbicu_uloc_getScript($0, b, n, s) }
        } ?? ""
        if language.isEmpty || language == "und" {
            self = SearchLocale(identifier: "", isFallback: false, requested: tag, language: "", script: "")
            return
        }
        guard Self.languagesWithData.contains(language) else {
            self = SearchLocale(identifier: "", isFallback: true, requested: tag, language: "", script: "")
            return
        }
        self = SearchLocale(identifier: id, isFallback: false, requested: tag, language: language, script: script)
    }

    /// The BCP 47 form of ``identifier`` ("und" for no locale).
    public var languageTag: String {
        guard !identifier.isEmpty else { return "und" }
        return ICU.localeString { b, n, s in
            ICU.withCString(identifier) { sbicu_uloc_toLanguageTag($0, b, n, 0, s) }
        } ?? identifier
    }

    /// The identifier, or "und".
    public var description: String { identifier.isEmpty ? (isFallback ? "und (fallback)" : "und") : identifier }

    /// Equality is by ``identifier`` and ``isFallback`` ("sv-SE" equals "sv_SE").
    public static func == (a: SearchLocale, b: SearchLocale) -> Bool {
        a.identifier == b.identifier && a.isFallback == b.isFallback
    }

    /// Hashes ``identifier`` and ``isFallback``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(isFallback)
    }

    // MARK: - Parsing

    /// The canonical ICU id of a well-formed tag or id, or nil when it is malformed.
    static func canonicalID(_ tag: String) -> String? {
        let bytes = Array(tag.utf8)
        guard bytes.count <= 96 else { return nil }
        for b in bytes {
            let ok = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == 0x2D || b == 0x5F || b == 0x40 || b == 0x3D || b == 0x3B
            guard ok else { return nil }
        }
        // No empty subtags: no leading, trailing or doubled separators.
        let separators: Set<UInt8> = [0x2D, 0x5F, 0x40, 0x3D, 0x3B]
        guard let last = bytes.last, !separators.contains(last) else { return nil }
        for (a, b) in zip(bytes, bytes.dropFirst()) where separators.contains(a) && separators.contains(b) {
            return nil
        }
        // The language subtag: 2-3 or 5-8 ASCII letters, before any separator.
        let first = bytes.prefix { $0 != 0x2D && $0 != 0x5F && $0 != 0x40 }
        guard [2, 3, 5, 6, 7, 8].contains(first.count),
            first.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) })
        else { return nil }
        let bcp47: String
        if bytes.contains(0x5F) || bytes.contains(0x40) {
            // ICU id: convert to a strict BCP 47 tag to check it, then parse that tag back.
            guard !bytes.contains(0x2D) || bytes.contains(0x40) else { return nil }
            guard let canonical = ICU.localeString({ b, n, s in
                ICU.withCString(tag) { sbicu_uloc_canonicalize($0, b, n, s) }
            }), !canonical.isEmpty,
                let strict = ICU.localeString({ b, n, s in
                    ICU.withCString(canonical) { sbicu_uloc_toLanguageTag($0, b, n, 1, s) }
                })
            else { return nil }
            bcp47 = strict
        } else {
            bcp47 = tag
        }
        var parsed: Int32 = 0
        guard let id = ICU.localeString({ b, n, s in
            ICU.withCString(bcp47) { sbicu_uloc_forLanguageTag($0, b, n, &parsed, s) }
        }), !id.isEmpty, Int(parsed) == bcp47.utf8.count
        else { return nil }
        return id
    }

    /// Why ICU refuses the collation keywords of canonical id `id` ("en@colstrength=level9"),
    /// or nil when it has none or accepts them. A well-formed tag can carry keyword values ICU
    /// does not know (`-u-ks-level9`, `-u-kv-xxx`) or does not support (`-u-kh-true`,
    /// `-u-vt-…`); the collator would then fail to open, so such a locale is rejected here as
    /// bad input, the same everywhere it is accepted.
    static func collationKeywordProblem(_ id: String) -> String? {
        guard id.contains("@") else { return nil }
        var status = U_ZERO_ERROR
        let collator = ICU.withCString(Collator.standardID(id)) { sbicu_ucol_open($0, &status) }
        if let collator { sbicu_ucol_close(collator) }
        guard collator == nil || sbicu_failure(status) != 0 else { return nil }
        let keywords = id.drop { $0 != "@" }.dropFirst()
        return "\(keywords): \(String(cString: sbicu_u_errorName(status)))"
    }

    /// Languages ICU has locale data for (from `uloc_getAvailable`), built once.
    static let languagesWithData: Set<String> = {
        var set: Set<String> = []
        let count = sbicu_uloc_countAvailable()
        for i in 0..<max(count, 0) {
            guard let p = sbicu_uloc_getAvailable(i) else { continue }
            let id = String(cString: p)
            let language = id.split(separator: "_", maxSplits: 1).first.map(String.init) ?? id
            set.insert(language)
        }
        return set
    }()

    /// The tag with control and non-ASCII characters escaped, for error messages.
    static func printable(_ tag: String) -> String {
        var out = ""
        for scalar in tag.unicodeScalars.prefix(100) {
            if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\"" && scalar != "\\" {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }
}
