import CSearchBar
import SearchBarCore

/// Folds text into its match key: the form searchbar compares item text and queries in (case,
/// diacritics, width, compatibility forms, kana, Traditional Chinese and Hangul folded, with the
/// locale's letters kept distinct).
/// `locale`: BCP 47 tag or ICU id, NUL-terminated; NULL, "" or "und" for no locale.
/// `text`, `text_len`: UTF-8 input; NULL is allowed only with length 0.
/// On success `*out_key` receives a NUL-terminated UTF-8 buffer and `*out_len` (if not NULL) its
/// length without the NUL.
/// Ownership: the caller owns `*out_key` and releases it with sb_free().
/// Thread safety: any thread, concurrently.
/// Returns SB_OK; SB_WARN_LOCALE_FALLBACK (output valid) when the locale has no data here;
/// SB_EINVAL for a NULL out_key, NULL text with non-zero length, invalid UTF-8 or a malformed
/// locale; SB_ETOOBIG over 64 MiB; SB_ENOMEM.
@c public func sb_fold(
    _ locale: UnsafePointer<CChar>?, _ text: UnsafePointer<CChar>?, _ text_len: UInt,
    _ out_key: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ out_len: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_key, "out_key")
        out.pointee = nil
        let locale = try CInput.locale(locale)
        let input = try CInput.text(text, text_len, "text")
        let key = AnalyzerCache.shared.analyzer(for: locale).fold(input)
        out.pointee = try COutput.string(key)
        out_len?.pointee = UInt(key.utf8.count)
        return localeStatus(locale)
    }
}

/// Splits text into word tokens (ICU word break on the case-folded text, plus emoji and flags,
/// snake_case parts and hyphenated parts). Each token carries its byte range in `text`, its
/// folded text and its match key.
/// `locale`: as for sb_fold(). `text`, `text_len`: UTF-8 input.
/// On success `*out_tokens` receives an array of `*out_count` tokens (NULL when there are none).
/// Ownership: the array and the strings it points to are one block; release it with one sb_free().
/// Thread safety: any thread, concurrently.
/// Returns SB_OK; SB_WARN_LOCALE_FALLBACK; SB_EINVAL (NULL outputs, bad text, malformed locale);
/// SB_ETOOBIG; SB_ENOMEM.
@c public func sb_tokenize(
    _ locale: UnsafePointer<CChar>?, _ text: UnsafePointer<CChar>?, _ text_len: UInt,
    _ out_tokens: UnsafeMutablePointer<UnsafeMutablePointer<sb_token>?>?,
    _ out_count: UnsafeMutablePointer<UInt>?
) -> sb_status {
    guarded { () throws(SearchBarError) in
        let tokensOut = try CInput.output(out_tokens, "out_tokens")
        let countOut = try CInput.output(out_count, "out_count")
        tokensOut.pointee = nil
        countOut.pointee = 0
        let locale = try CInput.locale(locale)
        let input = try CInput.text(text, text_len, "text")
        let tokens = AnalyzerCache.shared.analyzer(for: locale).tokenize(input)
        tokensOut.pointee = try COutput.tokens(tokens)
        countOut.pointee = UInt(tokens.count)
        return localeStatus(locale)
    }
}

/// `SB_WARN_LOCALE_FALLBACK` (with a message) when `locale` fell back to no locale, else `SB_OK`.
func localeStatus(_ locale: SearchLocale) -> sb_status {
    guard locale.isFallback else { return SB_OK }
    LastError.set("locale has no data in this library; using no locale (und)")
    return SB_WARN_LOCALE_FALLBACK
}
