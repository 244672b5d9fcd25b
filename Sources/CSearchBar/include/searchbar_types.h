/*
 * The C types of searchbar's public interface. The header generator copies this file into
 * include/searchbar.h (without the Swift-only region) ahead of the exported functions.
 */
#ifndef SEARCHBAR_TYPES_H
#define SEARCHBAR_TYPES_H

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

/* SB_SWIFT_ONLY_BEGIN: handle spellings for the Swift exporter; the generator maps them back. */
typedef struct sb_collator *sb_collator_ref;
typedef struct sb_index *sb_index_ref;
typedef struct sb_session *sb_session_ref;
typedef struct sb_results *sb_results_ref;
/* SB_SWIFT_ONLY_END */

#endif /* SEARCHBAR_TYPES_H */
