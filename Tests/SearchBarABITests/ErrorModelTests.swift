import CSearchBar
import Glibc
import SearchBar
import Testing

/// The C error model, called through the exported functions as a C host would.
@Suite struct ErrorModelTests {
    @Test func versionMatchesHeaderMacros() {
        #expect(sb_version_number() == UInt32(SB_VERSION_MAJOR * 10000 + SB_VERSION_MINOR * 100 + SB_VERSION_PATCH))
        #expect(String(cString: sb_version_string()) == "\(SB_VERSION_MAJOR).\(SB_VERSION_MINOR).\(SB_VERSION_PATCH)")
    }

    @Test func statusNames() {
        #expect(String(cString: sb_status_string(SB_OK)) == "SB_OK")
        #expect(String(cString: sb_status_string(SB_EINVAL)) == "SB_EINVAL")
        #expect(String(cString: sb_status_string(sb_status(rawValue: 9999))) == "SB_UNKNOWN_STATUS")
    }

    @Test func nullOutputIsInvalid() {
        let status = sb_fold(nil, "abc", 3, nil, nil)
        #expect(status == SB_EINVAL)
        #expect(String(cString: sb_last_error()).contains("out_key"))
    }

    @Test func nullTextWithLengthIsInvalid() {
        var out: UnsafeMutablePointer<CChar>? = nil
        #expect(sb_fold(nil, nil, 5, &out, nil) == SB_EINVAL)
        #expect(out == nil)
        #expect(String(cString: sb_last_error()).contains("text"))
    }

    @Test func invalidUTF8IsInvalid() {
        var out: UnsafeMutablePointer<CChar>? = nil
        let bad: [CChar] = [0x61, CChar(bitPattern: 0xC3), 0x28]
        #expect(sb_fold(nil, bad, 3, &out, nil) == SB_EINVAL)
        #expect(String(cString: sb_last_error()).contains("UTF-8"))
    }

    @Test func emptyTextWithNullPointerFolds() {
        var out: UnsafeMutablePointer<CChar>? = nil
        var length: UInt = 99
        #expect(sb_fold(nil, nil, 0, &out, &length) == SB_OK)
        #expect(length == 0)
        #expect(out.map { String(cString: $0) } == "")
        sb_free(out)
    }

    @Test func lastErrorIsPerThread() throws {
        _ = sb_fold(nil, nil, 1, nil, nil)
        let mine = String(cString: sb_last_error())
        var other = ""
        var thread = pthread_t()
        let box = UnsafeMutablePointer<String>.allocate(capacity: 1)
        box.initialize(to: "")
        defer { box.deallocate() }
        pthread_create(&thread, nil, { arg in
            let slot = arg!.assumingMemoryBound(to: String.self)
            slot.pointee = String(cString: sb_last_error())
            return nil
        }, box)
        pthread_join(thread, nil)
        other = box.pointee
        #expect(!mine.isEmpty)
        #expect(other == "")
    }

    @Test func freeingNullIsANoOp() {
        #expect(sb_free(nil) == SB_OK)
        #expect(sb_collator_free(nil) == SB_OK)
    }

    @Test func foreignHandleIsRejected() {
        var order: Int32 = 0
        let bogus = OpaquePointer(bitPattern: 0x1000)
        #expect(sb_collator_compare(bogus, "a", 1, "b", 1, &order) == SB_EINVAL)
        #expect(String(cString: sb_last_error()).contains("collator"))
        // Freeing a foreign handle is refused rather than followed.
        #expect(sb_collator_free(bogus) == SB_EINVAL)
    }

    @Test func doubleFreeOfCollatorIsHarmless() {
        var collator: OpaquePointer? = nil
        #expect(sb_collator_new("en", &collator) == SB_OK)
        #expect(sb_collator_free(collator) == SB_OK)
        #expect(sb_collator_free(collator) == SB_EINVAL)
        var order: Int32 = 0
        #expect(sb_collator_compare(collator, "a", 1, "b", 1, &order) == SB_EINVAL)
    }
}
