internal import CICU

/// Shared ICU objects and small helpers around ICU calls.
///
/// The `UNormalizer2` singletons are owned by ICU, immutable and thread-safe, so they are kept
/// as process-wide constants.
enum ICU {
    /// NFKC_Casefold: compatibility forms, full case folding, default ignorables removed.
    nonisolated(unsafe) static let nfkcCasefold: OpaquePointer? = {
        var status = U_ZERO_ERROR
        let n = sbicu_unorm2_getNFKCCasefoldInstance(&status)
        return sbicu_failure(status) != 0 ? nil : n
    }()

    /// NFC.
    nonisolated(unsafe) static let nfc: OpaquePointer? = {
        var status = U_ZERO_ERROR
        let n = sbicu_unorm2_getNFCInstance(&status)
        return sbicu_failure(status) != 0 ? nil : n
    }()

    /// NFD.
    nonisolated(unsafe) static let nfd: OpaquePointer? = {
        var status = U_ZERO_ERROR
        let n = sbicu_unorm2_getNFDInstance(&status)
        return sbicu_failure(status) != 0 ? nil : n
    }()

    /// Normalizes UTF-16 text with one of the normalizers above. On an ICU failure the input is
    /// returned unchanged (never traps).
    static func normalize(_ normalizer: OpaquePointer?, _ src: [UInt16]) -> [UInt16] {
        guard let normalizer, !src.isEmpty, src.count < Int(Int32.max) / 4 else { return src }
        var capacity = src.count * 3 + 8
        for _ in 0..<3 {
            var status = U_ZERO_ERROR
            var out = [UInt16](repeating: 0, count: capacity)
            let n = src.withUnsafeBufferPointer { s in
                out.withUnsafeMutableBufferPointer { d in
                    sbicu_unorm2_normalize(
                        normalizer, s.baseAddress, Int32(s.count), d.baseAddress, Int32(d.count), &status)
                }
            }
            if status == U_BUFFER_OVERFLOW_ERROR {
                capacity = Int(n) + 8
                continue
            }
            if sbicu_failure(status) != 0 || n < 0 { return src }
            out.removeSubrange(Int(n)...)
            return out
        }
        return src
    }

    /// True when `c` has a normalization boundary before it for `normalizer`.
    @inline(__always)
    static func hasBoundaryBefore(_ normalizer: OpaquePointer?, _ c: UInt32) -> Bool {
        guard let normalizer else { return true }
        return sbicu_unorm2_hasBoundaryBefore(normalizer, UChar32(bitPattern: c)) != 0
    }

    /// The canonical combining class of `c`.
    @inline(__always)
    static func combiningClass(_ c: UInt32) -> UInt8 {
        guard let nfc else { return 0 }
        return sbicu_unorm2_getCombiningClass(nfc, UChar32(bitPattern: c))
    }

    /// A binary Unicode property of `c`.
    @inline(__always)
    static func has(_ c: UInt32, _ property: UProperty) -> Bool {
        sbicu_u_hasBinaryProperty(UChar32(bitPattern: c), property) != 0
    }

    /// The general category of `c` (an ICU `UCharCategory` value).
    @inline(__always)
    static func category(_ c: UInt32) -> Int32 {
        Int32(sbicu_u_charType(UChar32(bitPattern: c)))
    }

    /// The version of the ICU library loaded (`u_getVersion`): major, minor, milli, micro.
    static var libraryVersion: [UInt8] {
        var info: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &info) { sbicu_u_getVersion($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        return [info.0, info.1, info.2, info.3]
    }

    /// True when `c` is a letter, a mark or a number (general categories L, M and N).
    static func isLetterMarkOrNumber(_ c: UInt32) -> Bool {
        let category = category(c)
        // U_UPPERCASE_LETTER (1) … U_OTHER_NUMBER (11).
        return category >= Int32(U_UPPERCASE_LETTER.rawValue) && category <= Int32(U_OTHER_NUMBER.rawValue)
    }

    /// The ICU script code of `c` (`USCRIPT_INVALID_CODE` on failure).
    static func script(_ c: UInt32) -> UScriptCode {
        var status = U_ZERO_ERROR
        let s = sbicu_uscript_getScript(UChar32(bitPattern: c), &status)
        return sbicu_failure(status) != 0 ? USCRIPT_INVALID_CODE : s
    }

    /// The Unicode name of `c`, or "" when it has none.
    static func name(_ c: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        var status = U_ZERO_ERROR
        let n = sbicu_u_charName(UChar32(bitPattern: c), U_UNICODE_CHAR_NAME, &buffer, 128, &status)
        guard sbicu_failure(status) == 0, n > 0, n < 128 else { return "" }
        return String(decoding: buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls `body` with a NUL-terminated C string (locale ids are ASCII).
    static func withCString<R>(_ s: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
        var copy = s
        return copy.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
                for (i, b) in bytes.enumerated() { buffer[i] = CChar(bitPattern: b) }
                buffer[bytes.count] = 0
                return body(UnsafePointer(buffer.baseAddress!))
            }
        }
    }

    /// Reads a locale-id style C function with the usual ICU buffer protocol into a `String`.
    static func localeString(
        _ call: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<UErrorCode>) -> Int32
    ) -> String? {
        var buffer = [CChar](repeating: 0, count: 258)
        var status = U_ZERO_ERROR
        let n = buffer.withUnsafeMutableBufferPointer { b in call(b.baseAddress!, 257, &status) }
        guard sbicu_failure(status) == 0, n >= 0, n < 257 else { return nil }
        return String(decoding: buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// UTF-16 of a Swift string.
    static func utf16(_ s: String) -> [UInt16] { Array(s.utf16) }
}
