import SearchBarCore
import Testing

@Suite("International text: locales and tailoring")
struct LocaleTests {
    @Test("well-formed tags and ICU ids", arguments: [
        ("sv", "sv"), ("sv-SE", "sv_SE"), ("sv_SE", "sv_SE"), ("SV-se", "sv_SE"), ("zh-Hant", "zh_Hant"),
        ("zh_Hant_TW", "zh_Hant_TW"), ("de@collation=phonebook", "de@collation=phonebook"),
        ("de-u-co-phonebk", "de@collation=phonebook"), ("pt-BR", "pt_BR"), ("yue", "yue"),
    ])
    func parses(_ example: (String, String)) throws {
        let locale = try SearchLocale(example.0)
        #expect(locale.identifier == example.1)
        #expect(!locale.isFallback)
        #expect(locale.requested == example.0)
    }

    @Test("no locale", arguments: [nil, "", "und", "UND", "root"] as [String?])
    func noLocale(_ tag: String?) throws {
        let locale = try SearchLocale(tag)
        #expect(locale == .none)
        #expect(locale.identifier.isEmpty && !locale.isFallback)
    }

    @Test("malformed strings are rejected, naming the string", arguments: [
        "!!", "en--US", "x", "en US", " en", "ñ", "en-", "-en", "en_", "a1", "toolongtoolong", "en-US-", "de@", "sv\u{0}", "en__US", "de@@x",
        String(repeating: "a", count: 200),
    ])
    func rejects(_ tag: String) {
        do {
            _ = try SearchLocale(tag)
            Issue.record("accepted \(tag)")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("locale"))
            if tag.allSatisfy({ $0.isASCII && $0 != "\u{0}" }) && tag.count < 90 {
                #expect(error.message.contains("\"\(tag)\""))
            }
        }
    }

    @Test("well-formed locales without data fall back to no locale", arguments: ["xx", "qaa", "tlh-XX", "zzz"])
    func fallback(_ tag: String) throws {
        let locale = try SearchLocale(tag)
        #expect(locale.isFallback)
        #expect(locale.identifier.isEmpty)
        #expect(TextAnalyzer(locale: locale).fold("Åsa Øre") == "asa ore")
    }

    static func folds(_ tag: String, _ a: String, _ b: String) -> Bool {
        let analyzer = TextAnalyzer(locale: (try? SearchLocale(tag)) ?? .none)
        return analyzer.fold(a) == analyzer.fold(b)
    }

    @Test("each locale keeps the letters its search collation keeps distinct", arguments: [
        // (locale, a, b, same key?)
        ("sv", "å", "a", false), ("sv", "ä", "a", false), ("sv", "ö", "o", false), ("sv", "æ", "ae", false),
        ("sv", "ø", "o", false), ("sv", "é", "e", true), ("fi", "å", "a", false), ("fi", "ä", "a", false),
        ("fi", "ö", "o", false), ("da", "æ", "ae", false), ("da", "ø", "o", false), ("da", "å", "a", false),
        ("nb", "æ", "ae", false), ("nb", "ø", "o", false), ("nb", "å", "a", false), ("nn", "ø", "o", false),
        ("nn", "å", "a", false), ("es", "ñ", "n", false), ("es", "á", "a", true), ("hu", "ő", "o", true),
        ("hu", "ű", "u", true), ("cs", "č", "c", true), ("cs", "ř", "r", true), ("vi", "đ", "d", true),
        ("vi", "ơ", "o", true), ("vi", "ă", "a", true), ("tr", "ı", "i", true), ("tr", "İ", "i", true),
        ("tr", "I", "ı", true), ("tr", "ş", "s", true), ("de", "ä", "a", true), ("de", "ä", "ae", true),
        ("de", "ö", "oe", true), ("de", "ü", "ue", true), ("de", "ß", "ss", true), ("de", "Mauer", "Maür", false),
        ("de", "Quelle", "Qülle", false), ("en", "å", "a", true), ("en", "æ", "ae", true), ("und", "ø", "o", true),
        ("und", "ł", "l", true), ("und", "þ", "th", true), ("und", "ħ", "h", true), ("und", "ŧ", "t", true),
        ("und", "ƀ", "b", true), ("ru", "й", "и", false), ("uk", "ї", "і", false), ("be", "ў", "у", false),
        ("ru", "ё", "е", true), ("und", "ﬀ", "ff", true), ("und", "ǅ", "dž", true), ("und", "ς", "σ", true),
        ("ja", "ｶﾞ", "が", true), ("ja", "ヴ", "ゔ", true), ("ja", "ー", "", false), ("und", "國", "国", true),
        ("zh-Hant", "國", "国", true), ("ja", "國", "国", false), ("und", "٣", "3", true), ("und", "३", "3", true),
        ("und", "’", "'", true), ("und", "ʼ", "'", true), ("fa", "ی", "ي", true), ("fa", "ک", "ك", true),
        ("und", "ǻ", "a", true), ("sk", "ä", "a", false), ("is", "ð", "d", false), ("is", "þ", "th", false),
    ])
    func tailoring(_ example: (String, String, String, Bool)) {
        #expect(Self.folds(example.0, example.1, example.2) == example.3)
    }

    @Test("German: ue after a vowel or q is kept, elsewhere it folds")
    func germanRule() {
        let de = TextAnalyzer(locale: (try? SearchLocale("de")) ?? .none)
        #expect(de.fold("Schaltflächen") == "schaltflachen")
        #expect(de.fold("Schaltflaechen") == "schaltflachen")
        #expect(de.fold("Mauer Feuer Quelle") == "mauer feuer quelle")
        #expect(de.fold("Müller Mueller Muller") == "muller muller muller")
        #expect(de.fold("Öl Oel") == "ol ol")
        #expect(de.fold("Straße") == "strasse")
    }
}
