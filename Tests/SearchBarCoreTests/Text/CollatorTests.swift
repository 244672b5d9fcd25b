import SearchBarCore
import Testing

@Suite("International text: collation")
struct CollatorTests {
    @Test("numeric ordering and the locale's standard order")
    func ordering() throws {
        let en = try Collator(locale: try SearchLocale("en"))
        #expect(en.compare("File1", "file2") < 0)
        #expect(en.compare("file2", "file10") < 0)
        #expect(en.compare("a", "a") == 0)
        let sv = try Collator(locale: try SearchLocale("sv"))
        #expect(sv.compare("z", "å") < 0)
        #expect(sv.compare("å", "ä") < 0 && sv.compare("ä", "ö") < 0)
        let de = try Collator(locale: try SearchLocale("de"))
        #expect(de.compare("Äpfel", "Apfel") > 0 && de.compare("Äpfel", "Bus") < 0)
        // The search collation is never used: "de@collation=search" sorts like "de".
        let search = try Collator(locale: try SearchLocale("de@collation=search"))
        #expect(search.compare("Äpfel", "Apfel") == de.compare("Äpfel", "Apfel"))
        let phonebook = try Collator(locale: try SearchLocale("de-u-co-phonebk"))
        #expect(phonebook.compare("Müller", "Muffel") < 0)  // ü = ue sorts before f
        #expect(de.compare("Müller", "Muffel") > 0)
    }

    @Test("sort keys order like compare; ranks are positions with ties equal")
    func keysAndRanks() throws {
        let collator = try Collator(locale: try SearchLocale("en"))
        let strings = TextTestSupport.annotationPhrases.prefix(3000).map(\.text) + ["b", "a", "B", "a", "file10", "file2"]
        var rng = SplitMix(seed: 9)
        for _ in 0..<3000 {
            let a = strings[Int(rng.next() % UInt64(strings.count))]
            let b = strings[Int(rng.next() % UInt64(strings.count))]
            let byKey = collator.sortKey(a).lexicographicallyPrecedes(collator.sortKey(b))
                ? -1 : (collator.sortKey(a) == collator.sortKey(b) ? 0 : 1)
            #expect(byKey == collator.compare(a, b).signum(), "\(a) / \(b)")
        }
        let order = collator.sortedIndices(strings)
        #expect(order.count == strings.count && Set(order).count == strings.count)
        for (x, y) in zip(order, order.dropFirst()) {
            let c = collator.compare(strings[x], strings[y])
            #expect(c < 0 || (c == 0 && x < y))  // sorted and stable
        }
        let ranks = collator.collationRanks(strings)
        for _ in 0..<3000 {
            let i = Int(rng.next() % UInt64(strings.count))
            let j = Int(rng.next() % UInt64(strings.count))
            #expect((ranks[i] < ranks[j]) == (collator.compare(strings[i], strings[j]) < 0))
            #expect((ranks[i] == ranks[j]) == (collator.compare(strings[i], strings[j]) == 0))
        }
        #expect(ranks[order[0]] == 0)
    }

    @Test("version is ICU's collator version")
    func version() throws {
        let v = try Collator(locale: .none).version
        #expect(v.split(separator: ".").count == 4)
        #expect(v != "0.0.0.0")
    }

    @Test("one collator serves many threads")
    func concurrent() async throws {
        let collator = try Collator(locale: try SearchLocale("sv"))
        let strings = TextTestSupport.annotationPhrases.prefix(2000).map(\.text)
        let keys = strings.map { collator.sortKey($0) }
        let compares = zip(strings, strings.dropFirst()).map { collator.compare($0, $1) }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var ok = true
                    for (i, s) in strings.enumerated() where collator.sortKey(s) != keys[i] { ok = false }
                    for (i, pair) in zip(strings, strings.dropFirst()).enumerated()
                    where collator.compare(pair.0, pair.1) != compares[i] {
                        ok = false
                    }
                    return ok
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
