/*
 * CICU: plain-named wrappers over the ICU 72 C API calls searchbar uses.
 *
 * Debian's libicu exports versioned symbols (ucol_open_72) and Swift does not import ICU's
 * renaming macros, so Swift cannot call ICU directly. Each wrapper below is a static inline
 * function named sbicu_<ICU name>; the C compiler expands ICU's macros inside it.
 */
#ifndef SEARCHBAR_CICU_H
#define SEARCHBAR_CICU_H

#include <stdint.h>
#include <unicode/utypes.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/uscript.h>
#include <unicode/unorm2.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/ucol.h>
#include <unicode/uiter.h>
#include <unicode/utrans.h>
#include <unicode/uloc.h>
#include <unicode/ucal.h>
#include <unicode/ucurr.h>
#include <unicode/uenum.h>
#include <unicode/uversion.h>
#include <unicode/udat.h>

/** Rule status values of the word break iterator, as plain constants. */
enum {
    SBICU_WORD_NONE_LIMIT = UBRK_WORD_NONE_LIMIT,
    SBICU_WORD_NUMBER = UBRK_WORD_NUMBER,
    SBICU_WORD_LETTER = UBRK_WORD_LETTER,
    SBICU_WORD_KANA = UBRK_WORD_KANA,
    SBICU_WORD_IDEO = UBRK_WORD_IDEO,
    SBICU_BRK_DONE = UBRK_DONE
};

/** True when an ICU status code is a failure (U_FAILURE is a macro). */
static inline int sbicu_failure(UErrorCode code) { return U_FAILURE(code); }

static inline UChar *sbicu_u_strFromUTF8(UChar *dest, int32_t destCapacity, int32_t *pDestLength, const char *src, int32_t srcLength, UErrorCode *pErrorCode) { return u_strFromUTF8(dest, destCapacity, pDestLength, src, srcLength, pErrorCode); }
static inline const char *sbicu_u_errorName(UErrorCode code) { return u_errorName(code); }
static inline void sbicu_u_getVersion(UVersionInfo versionArray) { u_getVersion(versionArray); }
static inline void sbicu_u_getUnicodeVersion(UVersionInfo versionArray) { u_getUnicodeVersion(versionArray); }
static inline UBool sbicu_u_hasBinaryProperty(UChar32 c, UProperty which) { return u_hasBinaryProperty(c, which); }
static inline int32_t sbicu_u_getIntPropertyValue(UChar32 c, UProperty which) { return u_getIntPropertyValue(c, which); }
static inline int8_t sbicu_u_charType(UChar32 c) { return u_charType(c); }
static inline int32_t sbicu_u_charDigitValue(UChar32 c) { return u_charDigitValue(c); }
static inline UChar32 sbicu_u_foldCase(UChar32 c, uint32_t options) { return u_foldCase(c, options); }
static inline UChar32 sbicu_u_tolower(UChar32 c) { return u_tolower(c); }
static inline UBool sbicu_u_isalpha(UChar32 c) { return u_isalpha(c); }
static inline int32_t sbicu_u_charName(UChar32 code, UCharNameChoice nameChoice, char *buffer, int32_t bufferLength, UErrorCode *pErrorCode) { return u_charName(code, nameChoice, buffer, bufferLength, pErrorCode); }
static inline int32_t sbicu_u_strToLower(UChar *dest, int32_t destCapacity, const UChar *src, int32_t srcLength, const char *locale, UErrorCode *pErrorCode) { return u_strToLower(dest, destCapacity, src, srcLength, locale, pErrorCode); }
static inline int32_t sbicu_u_strToUpper(UChar *dest, int32_t destCapacity, const UChar *src, int32_t srcLength, const char *locale, UErrorCode *pErrorCode) { return u_strToUpper(dest, destCapacity, src, srcLength, locale, pErrorCode); }
static inline int32_t sbicu_u_strToTitle(UChar *dest, int32_t destCapacity, const UChar *src, int32_t srcLength, UBreakIterator *titleIter, const char *locale, UErrorCode *pErrorCode) { return u_strToTitle(dest, destCapacity, src, srcLength, titleIter, locale, pErrorCode); }
static inline UScriptCode sbicu_uscript_getScript(UChar32 codepoint, UErrorCode *err) { return uscript_getScript(codepoint, err); }
static inline const UNormalizer2 *sbicu_unorm2_getNFCInstance(UErrorCode *pErrorCode) { return unorm2_getNFCInstance(pErrorCode); }
static inline const UNormalizer2 *sbicu_unorm2_getNFDInstance(UErrorCode *pErrorCode) { return unorm2_getNFDInstance(pErrorCode); }
static inline const UNormalizer2 *sbicu_unorm2_getNFKCInstance(UErrorCode *pErrorCode) { return unorm2_getNFKCInstance(pErrorCode); }
static inline const UNormalizer2 *sbicu_unorm2_getNFKDInstance(UErrorCode *pErrorCode) { return unorm2_getNFKDInstance(pErrorCode); }
static inline const UNormalizer2 *sbicu_unorm2_getNFKCCasefoldInstance(UErrorCode *pErrorCode) { return unorm2_getNFKCCasefoldInstance(pErrorCode); }
static inline int32_t sbicu_unorm2_normalize(const UNormalizer2 *norm2, const UChar *src, int32_t length, UChar *dest, int32_t capacity, UErrorCode *pErrorCode) { return unorm2_normalize(norm2, src, length, dest, capacity, pErrorCode); }
static inline UBool sbicu_unorm2_isNormalized(const UNormalizer2 *norm2, const UChar *s, int32_t length, UErrorCode *pErrorCode) { return unorm2_isNormalized(norm2, s, length, pErrorCode); }
static inline UBool sbicu_unorm2_hasBoundaryBefore(const UNormalizer2 *norm2, UChar32 c) { return unorm2_hasBoundaryBefore(norm2, c); }
static inline UBool sbicu_unorm2_hasBoundaryAfter(const UNormalizer2 *norm2, UChar32 c) { return unorm2_hasBoundaryAfter(norm2, c); }
static inline UBool sbicu_unorm2_isInert(const UNormalizer2 *norm2, UChar32 c) { return unorm2_isInert(norm2, c); }
static inline int32_t sbicu_unorm2_getDecomposition(const UNormalizer2 *norm2, UChar32 c, UChar *decomposition, int32_t capacity, UErrorCode *pErrorCode) { return unorm2_getDecomposition(norm2, c, decomposition, capacity, pErrorCode); }
static inline uint8_t sbicu_unorm2_getCombiningClass(const UNormalizer2 *norm2, UChar32 c) { return unorm2_getCombiningClass(norm2, c); }
static inline UBreakIterator *sbicu_ubrk_open(UBreakIteratorType type, const char *locale, const UChar *text, int32_t textLength, UErrorCode *status) { return ubrk_open(type, locale, text, textLength, status); }
static inline UBreakIterator *sbicu_ubrk_clone(const UBreakIterator *bi, UErrorCode *status) { return ubrk_clone(bi, status); }
static inline void sbicu_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline void sbicu_ubrk_setText(UBreakIterator *bi, const UChar *text, int32_t textLength, UErrorCode *status) { ubrk_setText(bi, text, textLength, status); }
static inline int32_t sbicu_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t sbicu_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t sbicu_ubrk_following(UBreakIterator *bi, int32_t offset) { return ubrk_following(bi, offset); }
static inline int32_t sbicu_ubrk_preceding(UBreakIterator *bi, int32_t offset) { return ubrk_preceding(bi, offset); }
static inline UBool sbicu_ubrk_isBoundary(UBreakIterator *bi, int32_t offset) { return ubrk_isBoundary(bi, offset); }
static inline void sbicu_ubrk_setUText(UBreakIterator *bi, UText *text, UErrorCode *status) { ubrk_setUText(bi, text, status); }
static inline UText *sbicu_utext_openUTF8(UText *ut, const char *s, int64_t length, UErrorCode *status) { return utext_openUTF8(ut, s, length, status); }
static inline UText *sbicu_utext_close(UText *ut) { return utext_close(ut); }
static inline int32_t sbicu_ubrk_getRuleStatus(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }
static inline UCollator *sbicu_ucol_open(const char *loc, UErrorCode *status) { return ucol_open(loc, status); }
static inline UCollator *sbicu_ucol_clone(const UCollator *coll, UErrorCode *status) { return ucol_clone(coll, status); }
static inline void sbicu_ucol_close(UCollator *coll) { ucol_close(coll); }
static inline UCollationResult sbicu_ucol_strcoll(const UCollator *coll, const UChar *source, int32_t sourceLength, const UChar *target, int32_t targetLength) { return ucol_strcoll(coll, source, sourceLength, target, targetLength); }
static inline UCollationResult sbicu_ucol_strcollUTF8(const UCollator *coll, const char *source, int32_t sourceLength, const char *target, int32_t targetLength, UErrorCode *status) { return ucol_strcollUTF8(coll, source, sourceLength, target, targetLength, status); }
static inline void sbicu_ucol_setAttribute(UCollator *coll, UColAttribute attr, UColAttributeValue value, UErrorCode *status) { ucol_setAttribute(coll, attr, value, status); }
static inline void sbicu_ucol_setStrength(UCollator *coll, UCollationStrength strength) { ucol_setStrength(coll, strength); }
static inline int32_t sbicu_ucol_getSortKey(const UCollator *coll, const UChar *source, int32_t sourceLength, uint8_t *result, int32_t resultLength) { return ucol_getSortKey(coll, source, sourceLength, result, resultLength); }
/* The first 8 bytes of the sort key of the UTF-8 text s (length bytes), as a big-endian
   integer, zero-padded when the key is shorter: ucol_nextSortKeyPart, which makes only as much
   of the key as those bytes need (the first words, for most texts), reading the UTF-8 in place.
   Its bytes are those of ucol_getSortKey. 0 when ICU fails. */
static inline uint64_t sbicu_ucol_sortKeyPrefix(const UCollator *coll, const char *s, int32_t length) {
    UCharIterator iterator;
    uiter_setUTF8(&iterator, s, length);
    uint32_t state[2] = {0, 0};
    uint8_t part[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    UErrorCode status = U_ZERO_ERROR;
    int32_t n = ucol_nextSortKeyPart(coll, &iterator, state, part, 8, &status);
    if (U_FAILURE(status)) return 0;
    uint64_t value = 0;
    for (int32_t i = 0; i < 8; i++) value = value << 8 | (i < n ? part[i] : 0);
    return value;
}
static inline void sbicu_ucol_getVersion(const UCollator *coll, UVersionInfo info) { ucol_getVersion(coll, info); }
static inline const char *sbicu_ucol_getLocaleByType(const UCollator *coll, ULocDataLocaleType type, UErrorCode *status) { return ucol_getLocaleByType(coll, type, status); }
static inline UTransliterator *sbicu_utrans_openU(const UChar *id, int32_t idLength, UTransDirection dir, const UChar *rules, int32_t rulesLength, UParseError *parseError, UErrorCode *pErrorCode) { return utrans_openU(id, idLength, dir, rules, rulesLength, parseError, pErrorCode); }
static inline UTransliterator *sbicu_utrans_clone(const UTransliterator *trans, UErrorCode *status) { return utrans_clone(trans, status); }
static inline void sbicu_utrans_close(UTransliterator *trans) { utrans_close(trans); }
static inline USet *sbicu_utrans_getSourceSet(const UTransliterator *trans, UErrorCode *status) { return utrans_getSourceSet(trans, 0, NULL, status); }
static inline UBool sbicu_uset_contains(const USet *set, UChar32 c) { return uset_contains(set, c); }
static inline void sbicu_uset_close(USet *set) { uset_close(set); }
static inline void sbicu_utrans_transUChars(const UTransliterator *trans, UChar *text, int32_t *textLength, int32_t textCapacity, int32_t start, int32_t *limit, UErrorCode *status) { utrans_transUChars(trans, text, textLength, textCapacity, start, limit, status); }
static inline int32_t sbicu_uloc_forLanguageTag(const char *langtag, char *localeID, int32_t localeIDCapacity, int32_t *parsedLength, UErrorCode *err) { return uloc_forLanguageTag(langtag, localeID, localeIDCapacity, parsedLength, err); }
static inline int32_t sbicu_uloc_toLanguageTag(const char *localeID, char *langtag, int32_t langtagCapacity, UBool strict, UErrorCode *err) { return uloc_toLanguageTag(localeID, langtag, langtagCapacity, strict, err); }
static inline int32_t sbicu_uloc_getLanguage(const char *localeID, char *language, int32_t languageCapacity, UErrorCode *err) { return uloc_getLanguage(localeID, language, languageCapacity, err); }
static inline int32_t sbicu_uloc_getScript(const char *localeID, char *script, int32_t scriptCapacity, UErrorCode *err) { return uloc_getScript(localeID, script, scriptCapacity, err); }
static inline int32_t sbicu_uloc_getCountry(const char *localeID, char *country, int32_t countryCapacity, UErrorCode *err) { return uloc_getCountry(localeID, country, countryCapacity, err); }
static inline int32_t sbicu_uloc_canonicalize(const char *localeID, char *name, int32_t nameCapacity, UErrorCode *err) { return uloc_canonicalize(localeID, name, nameCapacity, err); }
static inline int32_t sbicu_uloc_addLikelySubtags(const char *localeID, char *maximizedLocaleID, int32_t maximizedLocaleIDCapacity, UErrorCode *err) { return uloc_addLikelySubtags(localeID, maximizedLocaleID, maximizedLocaleIDCapacity, err); }
static inline const char *sbicu_uloc_getAvailable(int32_t n) { return uloc_getAvailable(n); }
static inline int32_t sbicu_uloc_countAvailable(void) { return uloc_countAvailable(); }
static inline const char * const *sbicu_uloc_getISOCountries(void) { return uloc_getISOCountries(); }
static inline const char * const *sbicu_uloc_getISOLanguages(void) { return uloc_getISOLanguages(); }
static inline int32_t sbicu_uloc_getDisplayName(const char *localeID, const char *inLocaleID, UChar *result, int32_t maxResultSize, UErrorCode *err) { return uloc_getDisplayName(localeID, inLocaleID, result, maxResultSize, err); }
static inline int32_t sbicu_uloc_getDisplayLanguage(const char *locale, const char *displayLocale, UChar *language, int32_t languageCapacity, UErrorCode *status) { return uloc_getDisplayLanguage(locale, displayLocale, language, languageCapacity, status); }
static inline int32_t sbicu_uloc_getDisplayCountry(const char *locale, const char *displayLocale, UChar *country, int32_t countryCapacity, UErrorCode *status) { return uloc_getDisplayCountry(locale, displayLocale, country, countryCapacity, status); }
static inline UEnumeration *sbicu_ucal_openTimeZones(UErrorCode *ec) { return ucal_openTimeZones(ec); }
static inline int32_t sbicu_ucal_getTimeZoneDisplayName(const UCalendar *cal, UCalendarDisplayNameType type, const char *locale, UChar *result, int32_t resultLength, UErrorCode *status) { return ucal_getTimeZoneDisplayName(cal, type, locale, result, resultLength, status); }
static inline UCalendar *sbicu_ucal_open(const UChar *zoneID, int32_t len, const char *locale, UCalendarType type, UErrorCode *status) { return ucal_open(zoneID, len, locale, type, status); }
static inline void sbicu_ucal_close(UCalendar *cal) { ucal_close(cal); }
static inline UEnumeration *sbicu_ucurr_openISOCurrencies(uint32_t currType, UErrorCode *pErrorCode) { return ucurr_openISOCurrencies(currType, pErrorCode); }
static inline const UChar *sbicu_ucurr_getName(const UChar *currency, const char *locale, UCurrNameStyle nameStyle, UBool *isChoiceFormat, int32_t *len, UErrorCode *ec) { return ucurr_getName(currency, locale, nameStyle, isChoiceFormat, len, ec); }
static inline const char *sbicu_uenum_next(UEnumeration *en, int32_t *resultLength, UErrorCode *status) { return uenum_next(en, resultLength, status); }
static inline void sbicu_uenum_close(UEnumeration *en) { uenum_close(en); }
static inline UDateFormat *sbicu_udat_open(UDateFormatStyle timeStyle, UDateFormatStyle dateStyle, const char *locale, const UChar *tzID, int32_t tzIDLength, const UChar *pattern, int32_t patternLength, UErrorCode *status) { return udat_open(timeStyle, dateStyle, locale, tzID, tzIDLength, pattern, patternLength, status); }
static inline void sbicu_udat_close(UDateFormat *format) { udat_close(format); }
static inline int32_t sbicu_udat_format(const UDateFormat *format, UDate dateToFormat, UChar *result, int32_t resultLength, UFieldPosition *position, UErrorCode *status) { return udat_format(format, dateToFormat, result, resultLength, position, status); }

#endif /* SEARCHBAR_CICU_H */
