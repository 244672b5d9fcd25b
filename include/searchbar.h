/*
 * searchbar.h: the C interface of searchbar, a headless search-bar engine
 * (the state and behaviour of a search bar, internationalized matching and ranking,
 * and a thread-pool search executor) for C, C++ and Python hosts.
 *
 * GENERATED from the library's Swift @c exports by include/generate_header.py.
 * Do not edit: change the Swift doc comments or Sources/CSearchBar/include/searchbar_types.h.
 *
 * Conventions, for every function below:
 *  - Names start with sb_; types with sb_; constants with SB_.
 *  - A fallible function returns sb_status: SB_OK (0) on success, an error (1..99), or a
 *    warning (100 and up) meaning success with a remark. On an error or warning,
 *    sb_last_error() gives a message for the calling thread.
 *  - Text is UTF-8 passed as (pointer, length in bytes); NULL is allowed only with length 0.
 *    Invalid UTF-8 is SB_EINVAL. Locales are NUL-terminated BCP 47 tags; NULL means none.
 *  - Output pointers are set to NULL / 0 first, so a failed call never leaves garbage.
 *  - Every buffer the library returns is released with sb_free() or the typed *_free()
 *    function named in its documentation; passing NULL to any of them does nothing.
 *  - Handles (sb_index *, sb_session *, ...) are checked: a NULL, freed or foreign handle is
 *    SB_EINVAL, never a crash. Thread rules are stated per function.
 *  - Nothing in this library aborts the host process.
 */

#ifndef SEARCHBAR_H
#define SEARCHBAR_H

#include <stddef.h>
#include <stdint.h>

/** Major version: changes when the ABI breaks (it is the shared library's SOVERSION). */
#define SB_VERSION_MAJOR 0
/** Minor version: grows when functions or enum values are added. */
#define SB_VERSION_MINOR 1
/** Patch version: fixes with no interface change. */
#define SB_VERSION_PATCH 0
/** The version as one number, MAJOR * 10000 + MINOR * 100 + PATCH; compare with sb_version_number(). */
#define SB_VERSION_NUMBER (SB_VERSION_MAJOR * 10000 + SB_VERSION_MINOR * 100 + SB_VERSION_PATCH)

/**
 * Status of every fallible call. Append-only: values never change meaning.
 * SB_OK is 0; errors are 1..99; values from SB_WARN_LOCALE_FALLBACK (100) up are warnings:
 * the call succeeded and its outputs are valid, with a remark in sb_last_error().
 */
typedef enum sb_status {
    /** Success. */
    SB_OK = 0,
    /** An argument is invalid: NULL handle or pointer, bad UTF-8, out-of-range value, malformed locale. */
    SB_EINVAL = 1,
    /** Memory could not be allocated. */
    SB_ENOMEM = 2,
    /** The thing asked for does not exist (an id, a name, a file). */
    SB_ENOTFOUND = 3,
    /** The operation was cancelled or superseded by a newer one. */
    SB_ECANCELED = 4,
    /** Reading or writing a file failed. */
    SB_EIO = 5,
    /** A file or buffer is corrupt, truncated or of a foreign format. */
    SB_ECORRUPT = 6,
    /** A call was made in a state that does not allow it (for instance from inside a callback). */
    SB_EMISUSE = 7,
    /** A size limit was exceeded (query, item or batch too large). */
    SB_ETOOBIG = 8,
    /** A wait ended before anything happened. */
    SB_ETIMEDOUT = 9,
    /** An internal error: a bug in searchbar; please report it with sb_last_error(). */
    SB_EINTERNAL = 10,
    /** Warning: the locale has no data in this library; the call went on with no locale ("und"). */
    SB_WARN_LOCALE_FALLBACK = 100
} sb_status;

/** A half-open byte range [start, end) in a UTF-8 string. */
typedef struct sb_range {
    /** Offset of the first byte. */
    size_t start;
    /** Offset one past the last byte. */
    size_t end;
} sb_range;

/** What a token is made of. */
typedef enum sb_token_kind {
    /** Letters of a script written with spaces. */
    SB_TOKEN_WORD = 0,
    /** Digits. */
    SB_TOKEN_NUMBER = 1,
    /** A script written without spaces (Han, kana, Hangul, Thai, Lao, Khmer, Myanmar). */
    SB_TOKEN_NO_SPACE_SCRIPT = 2,
    /** An emoji, an emoji ZWJ sequence or a flag. */
    SB_TOKEN_EMOJI = 3,
    /** A part of a larger token (snake_case part, word after an Arabic article). */
    SB_TOKEN_PART = 4
} sb_token_kind;

/** One word token of a text, as sb_tokenize() returns it. */
typedef struct sb_token {
    /** Where the token stands in the original UTF-8 text. */
    sb_range range;
    /** The token's text after compatibility case folding (NFKC_Casefold), NUL-terminated UTF-8. */
    const char *text;
    /** Length of text in bytes, without the NUL. */
    size_t text_len;
    /** The token's match key (fully folded for the locale), NUL-terminated UTF-8. */
    const char *key;
    /** Length of key in bytes, without the NUL. */
    size_t key_len;
    /** An sb_token_kind value. */
    uint32_t kind;
} sb_token;

/** A locale-aware collator for sorting results and strings. Create with sb_collator_new(). */
typedef struct sb_collator sb_collator;
/** An index of items that searches run on. */
typedef struct sb_index sb_index;
/** A search-bar session bound to an index. */
typedef struct sb_session sb_session;
/** The results of one search. */
typedef struct sb_results sb_results;

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Compares two UTF-8 strings in the collator's order; `*out_order` receives -1, 0 or 1.
 * Thread safety: any thread, concurrently on one collator.
 * Returns SB_OK; SB_EINVAL for a bad handle, NULL out_order, NULL text with non-zero length or
 * invalid UTF-8; SB_ETOOBIG.
 */
sb_status sb_collator_compare(sb_collator *collator, const char *a, size_t a_len, const char *b, size_t b_len, int32_t *out_order);

/**
 * Releases a collator. NULL is a no-op; a handle that is not a live collator is left alone.
 * Ownership: takes ownership of `collator`.
 * Thread safety: no other thread may be using the collator.
 */
void sb_collator_free(sb_collator *collator);

/**
 * Creates a collator that orders strings the way the locale's users expect (the locale's
 * standard collation, numeric ordering on: "File1" < "file2" < "file10").
 * `locale`: BCP 47 tag or ICU id, NUL-terminated; NULL, "" or "und" for the root order.
 * On success `*out_collator` receives a new handle (set to NULL on failure).
 * Ownership: the caller owns the handle and releases it with sb_collator_free().
 * Thread safety: a collator may be used from several threads at once.
 * Returns SB_OK; SB_WARN_LOCALE_FALLBACK (a valid root collator); SB_EINVAL for a NULL
 * out_collator or a malformed locale; SB_EINTERNAL if ICU cannot open a collator.
 */
sb_status sb_collator_new(const char *locale, sb_collator **out_collator);

/**
 * Sorts an array of UTF-8 strings: fills `out_order[0..count)` with the indices of `strings` in
 * collation order (a stable sort: equal strings keep their input order).
 * `strings[i]` has `lengths[i]` bytes; `lengths` may be NULL when every string is NUL-terminated.
 * Ownership: nothing is retained; `out_order` is the caller's array of `count` elements.
 * Thread safety: any thread, concurrently on one collator.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL arrays with count > 0, a NULL string with non-zero
 * length, invalid UTF-8 -- the message names the index); SB_ETOOBIG; SB_ENOMEM.
 */
sb_status sb_collator_sort(sb_collator *collator, const char * const *strings, const size_t *lengths, size_t count, size_t *out_order);

/**
 * Computes the sort key of a UTF-8 string: comparing two keys with memcmp() (shorter first on
 * a tie) gives the same order as sb_collator_compare(). Keys depend on the ICU version.
 * On success `*out_key` receives the key bytes (NUL-terminated for convenience) and
 * `*out_len` their count without the NUL.
 * Ownership: the caller releases `*out_key` with sb_free().
 * Thread safety: any thread, concurrently on one collator.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL outputs, bad text); SB_ETOOBIG; SB_ENOMEM.
 */
sb_status sb_collator_sort_key(sb_collator *collator, const char *text, size_t text_len, uint8_t **out_key, size_t *out_len);

/**
 * Folds text into its match key: the form searchbar compares item text and queries in (case,
 * diacritics, width, compatibility forms, kana, Traditional Chinese and Hangul folded, with the
 * locale's letters kept distinct).
 * `locale`: BCP 47 tag or ICU id, NUL-terminated; NULL, "" or "und" for no locale.
 * `text`, `text_len`: UTF-8 input; NULL is allowed only with length 0.
 * On success `*out_key` receives a NUL-terminated UTF-8 buffer and `*out_len` (if not NULL) its
 * length without the NUL.
 * Ownership: the caller owns `*out_key` and releases it with sb_free().
 * Thread safety: any thread, concurrently.
 * Returns SB_OK; SB_WARN_LOCALE_FALLBACK (output valid) when the locale has no data here;
 * SB_EINVAL for a NULL out_key, NULL text with non-zero length, invalid UTF-8 or a malformed
 * locale; SB_ETOOBIG over 64 MiB; SB_ENOMEM.
 */
sb_status sb_fold(const char *locale, const char *text, size_t text_len, char **out_key, size_t *out_len);

/**
 * Releases a buffer the library returned (folded text, tokens, sort keys, ...). NULL is a no-op.
 * Ownership: takes ownership of `buffer`; it must come from this library.
 * Thread safety: any thread.
 */
void sb_free(void *buffer);

/**
 * The message of the last failed or warned call made on the calling thread, or "" if none.
 * Messages name the argument or value at fault. A later failure on the same thread replaces it;
 * successful calls leave it as it was.
 * Ownership: owned by the library, valid until the next failing call on this thread; do not free it.
 * Thread safety: any thread; each thread sees only its own message.
 */
const char *sb_last_error(void);

/**
 * The name of a status value, such as "SB_EINVAL"; "SB_UNKNOWN_STATUS" for a value this
 * version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 */
const char *sb_status_string(sb_status status);

/**
 * Splits text into word tokens (ICU word break on the case-folded text, plus emoji and flags,
 * snake_case parts and hyphenated parts). Each token carries its byte range in `text`, its
 * folded text and its match key.
 * `locale`: as for sb_fold(). `text`, `text_len`: UTF-8 input.
 * On success `*out_tokens` receives an array of `*out_count` tokens (NULL when there are none).
 * Ownership: the array and the strings it points to are one block; release it with one sb_free().
 * Thread safety: any thread, concurrently.
 * Returns SB_OK; SB_WARN_LOCALE_FALLBACK; SB_EINVAL (NULL outputs, bad text, malformed locale);
 * SB_ETOOBIG; SB_ENOMEM.
 */
sb_status sb_tokenize(const char *locale, const char *text, size_t text_len, sb_token **out_tokens, size_t *out_count);

/**
 * The version of the library loaded at run time, as MAJOR * 10000 + MINOR * 100 + PATCH.
 * Compare it with SB_VERSION_NUMBER from the header the caller compiled against; a different
 * major version means an incompatible ABI.
 * Thread safety: any thread. Never fails.
 */
uint32_t sb_version_number(void);

/**
 * The version of the library loaded at run time, as a "MAJOR.MINOR.PATCH" string.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 */
const char *sb_version_string(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SEARCHBAR_H */
