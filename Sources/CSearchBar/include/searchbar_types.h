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

/* ---- Search engine: items, options, hits ---- */

/** How query words match item text. */
typedef enum sb_match_mode {
    /** In sb_search_options: the index's default mode. In sb_index_new(): SB_MODE_PREFIX. */
    SB_MODE_DEFAULT = 0,
    /** Every query word matches the start of an item word, the last one as a prefix; scripts
     *  written without spaces match as substrings. Typo tolerant. */
    SB_MODE_PREFIX = 1,
    /** Every query word matches anywhere in the folded text; typo tolerant on whole words. */
    SB_MODE_CONTAINS = 2,
    /** Every query word matches as an in-order subsequence, ranked with fzf-style bonuses. */
    SB_MODE_FUZZY = 3
} sb_match_mode;

/** A text field of an item. */
typedef enum sb_field {
    /** The title. */
    SB_FIELD_TITLE = 0,
    /** The subtitle. */
    SB_FIELD_SUBTITLE = 1,
    /** The keywords. */
    SB_FIELD_KEYWORDS = 2
} sb_field;

/** Field masks for sb_index_new(): OR them together; 0 means all fields. */
#define SB_FIELDS_TITLE (1u << SB_FIELD_TITLE)
/** The subtitle field's mask bit. */
#define SB_FIELDS_SUBTITLE (1u << SB_FIELD_SUBTITLE)
/** The keywords field's mask bit. */
#define SB_FIELDS_KEYWORDS (1u << SB_FIELD_KEYWORDS)
/** Every field. */
#define SB_FIELDS_ALL (SB_FIELDS_TITLE | SB_FIELDS_SUBTITLE | SB_FIELDS_KEYWORDS)

/** A named value of an item that filters test: text (text != NULL) or number (text == NULL). */
typedef struct sb_attribute {
    /** The name, UTF-8, not empty. */
    const char *name;
    /** Length of name in bytes. */
    size_t name_len;
    /** The text value (UTF-8), or NULL for a number attribute. */
    const char *text;
    /** Length of text in bytes. */
    size_t text_len;
    /** The number value (used when text is NULL; not NaN). */
    double number;
} sb_attribute;

/** One item to index. Strings are UTF-8 with explicit lengths; NULL is allowed with length 0. */
typedef struct sb_item {
    /** The host's id; adding an id already present replaces that item. */
    uint64_t id;
    /** The main text. */
    const char *title;
    /** Length of title in bytes. */
    size_t title_len;
    /** Secondary text, or NULL. */
    const char *subtitle;
    /** Length of subtitle in bytes. */
    size_t subtitle_len;
    /** Extra words the item is found by, or NULL. */
    const char *keywords;
    /** Length of keywords in bytes. */
    size_t keywords_len;
    /** A small integer the scope bar filters on. */
    uint32_t scope;
    /** Host popularity: larger ranks higher among otherwise equal hits (not NaN). */
    double weight;
    /** Attributes for filters, or NULL. */
    const sb_attribute *attributes;
    /** Number of attributes. */
    size_t attribute_count;
} sb_item;

/** What an sb_filter tests. */
typedef enum sb_filter_kind {
    /** The attribute's text equals sb_filter.text (compared folded). */
    SB_FILTER_EQUALS = 0,
    /** The attribute's number is in [sb_filter.min, sb_filter.max] (use +-INFINITY for open ends). */
    SB_FILTER_RANGE = 1
} sb_filter_kind;

/** A condition on an item attribute. */
typedef struct sb_filter {
    /** The attribute name, UTF-8, not empty. */
    const char *attribute;
    /** Length of attribute in bytes. */
    size_t attribute_len;
    /** An sb_filter_kind value. */
    uint32_t kind;
    /** For SB_FILTER_EQUALS: the text (UTF-8). */
    const char *text;
    /** Length of text in bytes. */
    size_t text_len;
    /** For SB_FILTER_RANGE: the lower bound (not NaN). */
    double min;
    /** For SB_FILTER_RANGE: the upper bound (not NaN). */
    double max;
} sb_filter;

/** sb_search_options.flags: parse fzf-like operators ('exact ^prefix suffix$ !not a | b) and
 *  filter tokens (scope:N, name:value, name>=N, name<=N, name>N, name<N). */
#define SB_SEARCH_EXTENDED 1u
/** sb_search_options.flags: no typo tolerance. */
#define SB_SEARCH_NO_TYPOS 2u

/** Options of one search; a zeroed struct (or NULL) means the index's defaults. */
typedef struct sb_search_options {
    /** An sb_match_mode value; SB_MODE_DEFAULT uses the index's mode. */
    uint32_t mode;
    /** SB_SEARCH_* flags. */
    uint32_t flags;
    /** At most this many hits; 0 means 50; values above 10000 are treated as 10000. */
    size_t limit;
    /** Only items whose scope is one of these match; NULL/0 means every scope. */
    const uint32_t *scopes;
    /** Number of scopes. */
    size_t scope_count;
    /** Every filter must hold; NULL/0 for none. */
    const sb_filter *filters;
    /** Number of filters. */
    size_t filter_count;
} sb_search_options;

/** One search result, as sb_results_get() fills it. */
typedef struct sb_hit {
    /** The item id. */
    uint64_t id;
    /** Relevance: higher is better (hits are ordered by score, then title collation, then id). */
    uint64_t score;
    /** The sb_field the highlights refer to. */
    uint32_t field;
    /** How the hit matched, best 7: exact title, 6 title prefix, 5 word prefixes in order,
     *  4 any order, 3 infix, 2 typo, 1 fuzzy. */
    uint32_t tier;
    /** Sorted, disjoint UTF-8 byte ranges of the field's original text that the query matched;
     *  owned by the results, valid until sb_results_free(). */
    const sb_range *highlights;
    /** Number of highlight ranges. */
    size_t highlight_count;
} sb_hit;

/**
 * Completion of sb_index_search_async(), called once on a library thread.
 * status is SB_OK with results (the callee owns them: release with sb_results_free()), or an
 * error such as SB_ECANCELED with results NULL. Do not call sb_index_free() on the same index
 * from inside the callback.
 */
typedef void (*sb_search_callback)(void *context, uint64_t ticket, sb_status status, sb_results *results);

/* SB_SWIFT_ONLY_BEGIN: handle spellings for the Swift exporter; the generator maps them back. */
typedef struct sb_collator *sb_collator_ref;
typedef struct sb_index *sb_index_ref;
typedef struct sb_session *sb_session_ref;
typedef struct sb_results *sb_results_ref;
/* SB_SWIFT_ONLY_END */

#endif /* SEARCHBAR_TYPES_H */
