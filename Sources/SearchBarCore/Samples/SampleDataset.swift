internal import CICU

/// A multilingual dataset built from the data ICU itself carries, so demos, examples and
/// benchmarks need no download: Unicode character names, emoji, language and country names as
/// displayed in many locales, time-zone names and currency names.
///
/// Items are produced in a fixed order with stable ids (the scope in the top byte), so two runs
/// on the same ICU version give the same dataset.
public enum SampleDataset {
    /// A group of sample items; its raw value is the item scope.
    public enum Scope: UInt32, CaseIterable, Sendable {
        /// Named Unicode characters (letters, symbols, CJK compatibility forms ...).
        case characters = 0
        /// Emoji with their Unicode names.
        case emoji = 1
        /// Language names as displayed in each locale.
        case languages = 2
        /// Country and region names as displayed in each locale.
        case countries = 3
        /// Time-zone names as displayed in each locale.
        case timeZones = 4
        /// Currency names as displayed in each locale.
        case currencies = 5

        /// The scope bar title.
        public var title: String {
            switch self {
            case .characters: "Characters"
            case .emoji: "Emoji"
            case .languages: "Languages"
            case .countries: "Countries"
            case .timeZones: "Time zones"
            case .currencies: "Currencies"
            }
        }
    }

    /// The locales names are displayed in: ICU's languages that have their own data, without
    /// regional variants (about a hundred), capped at `limit`.
    public static func displayLocales(limit: Int = 400) -> [String] {
        var seen = Set<String>()
        var locales: [String] = []
        let count = sbicu_uloc_countAvailable()
        for i in 0..<max(0, count) {
            guard let raw = sbicu_uloc_getAvailable(i) else { continue }
            let id = String(cString: raw)
            guard !id.contains("_"), seen.insert(id).inserted else { continue }
            locales.append(id)
            if locales.count >= limit { break }
        }
        return locales
    }

    /// Widely used display languages across scripts; time-zone names are produced for these.
    public static let majorLocales = [
        "ar", "bn", "cs", "da", "de", "el", "en", "es", "fa", "fi", "fr", "he", "hi", "hu", "id", "it",
        "ja", "ko", "nb", "nl", "pl", "pt", "ro", "ru", "sv", "th", "tr", "uk", "vi", "zh",
    ]

    /// Every sample item of the given scopes, names displayed in `locales`
    /// (default: ``displayLocales(limit:)``).
    public static func items(
        scopes: Set<Scope> = Set(Scope.allCases), locales: [String]? = nil
    ) -> [IndexItem] {
        let locales = locales ?? displayLocales()
        var items: [IndexItem] = []
        var builder = Builder()
        for scope in Scope.allCases where scopes.contains(scope) {
            switch scope {
            case .characters: builder.characters(into: &items, emoji: false)
            case .emoji: builder.characters(into: &items, emoji: true)
            case .languages: builder.localeNames(into: &items, scope: scope, locales: locales, codes: isoLanguages(), display: sbicu_uloc_getDisplayLanguage)
            case .countries: builder.localeNames(into: &items, scope: scope, locales: locales, codes: isoCountries().map { "und_" + $0 }, display: sbicu_uloc_getDisplayCountry)
            case .timeZones: builder.timeZones(into: &items, locales: locales)
            case .currencies: builder.currencies(into: &items, locales: locales)
            }
        }
        builder.weighByReach(&items)
        return items
    }

    private static func isoLanguages() -> [String] { strings(sbicu_uloc_getISOLanguages()) }
    private static func isoCountries() -> [String] { strings(sbicu_uloc_getISOCountries()) }

    private static func strings(_ list: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
        guard let list else { return [] }
        var out: [String] = []
        var i = 0
        while let entry = list[i] {
            out.append(String(cString: entry))
            i += 1
        }
        return out
    }

    /// Assigns ids (scope in the top byte, a running number below) and collects items.
    private struct Builder {
        private var next: [UInt32: UInt64] = [:]
        /// Per item, what it names ("und_CH", "Europe/Zurich", "CHF") and in which scope.
        private var named: [(item: Int, name: String)] = []

        /// Names ICU derives from the code point alone: nothing to search for in them.
        static let algorithmicNamePrefixes = [
            "CJK UNIFIED IDEOGRAPH-", "CJK COMPATIBILITY IDEOGRAPH-", "TANGUT IDEOGRAPH-",
            "TANGUT COMPONENT-", "KHITAN SMALL SCRIPT CHARACTER-", "NUSHU CHARACTER-",
        ]

        mutating func add(
            _ items: inout [IndexItem], scope: Scope, title: String, subtitle: String, keywords: String = "",
            naming name: String? = nil
        ) {
            if let name { named.append((items.count, "\(scope.rawValue)\u{0}\(name)\u{0}\(title)")) }
            let n = next[scope.rawValue, default: 0]
            next[scope.rawValue] = n + 1
            items.append(
                IndexItem(
                    id: UInt64(scope.rawValue) << 56 | n, title: title, subtitle: subtitle, keywords: keywords,
                    scope: scope.rawValue))
        }

        /// Weighs each name of a language, country, time zone or currency by its reach: the
        /// number of display locales that call the same thing by the same name. Among equal hits
        /// the more widely used spelling ranks first ("Zürich", the name in eight of the
        /// locales, above "Zurich", in four), where collation alone would put the plain letters
        /// first.
        func weighByReach(_ items: inout [IndexItem]) {
            var reach: [String: Int] = [:]
            for (_, key) in named { reach[key, default: 0] += 1 }
            for (item, key) in named { items[item].weight = Double(reach[key] ?? 1) }
        }

        /// Characters with a Unicode name: title "é LATIN SMALL LETTER E WITH ACUTE"-style, the
        /// name in title case; subtitle the code point. Emoji are those with Emoji_Presentation.
        mutating func characters(into items: inout [IndexItem], emoji: Bool) {
            var buffer = [CChar](repeating: 0, count: 256)
            for value in UInt32(0x20)...0x10FFFF {
                if (0xD800...0xDFFF).contains(value) || (0xE000...0xF8FF).contains(value) { continue }
                if value >= 0xF0000 { break }
                let code = Int32(bitPattern: value)
                let isEmoji = sbicu_u_hasBinaryProperty(code, UCHAR_EMOJI_PRESENTATION) != 0
                guard isEmoji == emoji else { continue }
                var status = U_ZERO_ERROR
                let length = buffer.withUnsafeMutableBufferPointer {
                    sbicu_u_charName(code, U_UNICODE_CHAR_NAME, $0.baseAddress, Int32($0.count), &status)
                }
                guard sbicu_failure(status) == 0, length > 0, let scalar = Unicode.Scalar(value) else { continue }
                let name = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                if Self.algorithmicNamePrefixes.contains(where: { name.hasPrefix($0) }) { continue }
                let hex = String(value, radix: 16, uppercase: true)
                let codePoint = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                add(
                    &items, scope: emoji ? .emoji : .characters,
                    title: "\(Character(scalar)) \(SampleDataset.titleCase(name))", subtitle: codePoint, keywords: name)
            }
        }

        /// `display(code, locale)` for every code in every locale, skipping names ICU does not
        /// have (it echoes the code back) and repeats within one locale.
        mutating func localeNames(
            into items: inout [IndexItem], scope: Scope, locales: [String], codes: [String],
            display: (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UInt16>?, Int32, UnsafeMutablePointer<UErrorCode>?) -> Int32
        ) {
            for locale in locales {
                var seen = Set<String>()
                for code in codes {
                    let name = SampleDataset.utf16String { buffer, capacity, status in display(code, locale, buffer, capacity, status) }
                    guard let name, !name.isEmpty, name != code, !code.hasSuffix(name), seen.insert(name).inserted
                    else { continue }
                    let shortCode = code.hasPrefix("und_") ? String(code.dropFirst(4)) : code
                    add(&items, scope: scope, title: name, subtitle: "\(shortCode) · \(locale)", naming: code)
                }
            }
        }

        /// Time zones by their exemplar city in each locale ("Zürich", "東京"), the location name
        /// ("Japan Time") in the subtitle and the standard name as keywords.
        mutating func timeZones(into items: inout [IndexItem], locales: [String]) {
            var zones: [String] = []
            var status = U_ZERO_ERROR
            guard let enumeration = sbicu_ucal_openTimeZones(&status), sbicu_failure(status) == 0 else { return }
            defer { sbicu_uenum_close(enumeration) }
            while true {
                var length: Int32 = 0
                status = U_ZERO_ERROR
                guard let raw = sbicu_uenum_next(enumeration, &length, &status), sbicu_failure(status) == 0 else { break }
                let zone = String(cString: raw)
                if zone.contains("/") && !zone.hasPrefix("Etc/") && !zone.hasPrefix("SystemV/") { zones.append(zone) }
            }
            // VVV: the exemplar city ("Zürich", "東京"); VVVV: the location format ("Japan Time").
            let pattern = Array("VVV'\t'VVVV".utf16)
            let major = Set(SampleDataset.majorLocales)
            for locale in locales where major.contains(locale) {
                var seen = Set<String>()
                for zone in zones {
                    let zone16 = Array(zone.utf16)
                    status = U_ZERO_ERROR
                    guard let format = zone16.withUnsafeBufferPointer({ z in
                        pattern.withUnsafeBufferPointer { p in
                            sbicu_udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, z.baseAddress, Int32(z.count), p.baseAddress, Int32(p.count), &status)
                        }
                    }), sbicu_failure(status) == 0 else { continue }
                    defer { sbicu_udat_close(format) }
                    let location = SampleDataset.utf16String { buffer, capacity, status in
                        sbicu_udat_format(format, 1.7e12, buffer, capacity, nil, status)
                    }
                    guard let location, !location.hasPrefix("GMT") else { continue }
                    let parts = location.split(separator: "\t", maxSplits: 1).map(String.init)
                    guard parts.count == 2, !parts[0].isEmpty, seen.insert(parts[0]).inserted else { continue }
                    status = U_ZERO_ERROR
                    var standard = ""
                    if let calendar = zone16.withUnsafeBufferPointer({
                        sbicu_ucal_open($0.baseAddress, Int32($0.count), locale, UCAL_GREGORIAN, &status)
                    }), sbicu_failure(status) == 0 {
                        standard = SampleDataset.utf16String { buffer, capacity, status in
                            sbicu_ucal_getTimeZoneDisplayName(calendar, UCAL_STANDARD, locale, buffer, capacity, status)
                        } ?? ""
                        sbicu_ucal_close(calendar)
                    }
                    add(
                        &items, scope: .timeZones, title: parts[0], subtitle: "\(parts[1]) · \(zone) · \(locale)",
                        keywords: standard, naming: zone)
                }
            }
        }

        /// Currency names per locale.
        mutating func currencies(into items: inout [IndexItem], locales: [String]) {
            var codes: [String] = []
            var status = U_ZERO_ERROR
            guard let enumeration = sbicu_ucurr_openISOCurrencies(UInt32(UCURR_COMMON.rawValue | UCURR_NON_DEPRECATED.rawValue), &status),
                sbicu_failure(status) == 0
            else { return }
            defer { sbicu_uenum_close(enumeration) }
            while true {
                var length: Int32 = 0
                status = U_ZERO_ERROR
                guard let raw = sbicu_uenum_next(enumeration, &length, &status), sbicu_failure(status) == 0 else { break }
                codes.append(String(cString: raw))
            }
            for locale in locales {
                var seen = Set<String>()
                for code in codes {
                    let code16 = Array(code.utf16) + [0]
                    var choice: UBool = 0
                    var length: Int32 = 0
                    status = U_ZERO_ERROR
                    guard let name = code16.withUnsafeBufferPointer({
                        sbicu_ucurr_getName($0.baseAddress, locale, UCURR_LONG_NAME, &choice, &length, &status)
                    }), sbicu_failure(status) == 0, length > 0 else { continue }
                    let title = String(decoding: UnsafeBufferPointer(start: name, count: Int(length)), as: UTF16.self)
                    guard title != code, seen.insert(title).inserted else { continue }
                    add(&items, scope: .currencies, title: title, subtitle: "\(code) · \(locale)", naming: code)
                }
            }
        }
    }

    /// Calls an ICU function that fills a UTF-16 buffer; nil on failure.
    fileprivate static func utf16String(
        _ fill: (UnsafeMutablePointer<UInt16>?, Int32, UnsafeMutablePointer<UErrorCode>?) -> Int32
    ) -> String? {
        var buffer = [UInt16](repeating: 0, count: 256)
        var status = U_ZERO_ERROR
        let length = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress, Int32($0.count), &status) }
        guard sbicu_failure(status) == 0, length > 0, length <= 256 else { return nil }
        return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
    }

    fileprivate static func titleCase(_ name: String) -> String {
        var out = ""
        var startOfWord = true
        for ch in name.lowercased() {
            out.append(startOfWord ? Character(ch.uppercased()) : ch)
            startOfWord = ch == " " || ch == "-"
        }
        return out
    }
}
