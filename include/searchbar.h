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
 *  - A fallible function returns sb_status: SB_OK (0) on success, an error (1..99), a
 *    warning (100..199) meaning success with a remark, or SB_EMPTY (200): success with nothing
 *    to return. On an error or warning, sb_last_error() gives a message for the calling thread.
 *  - Text is UTF-8 passed as (pointer, length in bytes); NULL is allowed only with length 0.
 *    Invalid UTF-8 is SB_EINVAL. Locales are NUL-terminated BCP 47 tags; NULL means none.
 *  - Output pointers are set to NULL / 0 first, so a failed call never leaves garbage.
 *  - Every buffer the library returns is released with sb_free() or the typed *_free()
 *    function named in its documentation; passing NULL to any of them does nothing.
 *  - Handles (sb_index *, sb_session *, ...) are checked: a NULL, freed or foreign handle is
 *    SB_EINVAL, never a crash. Every *_free() returns sb_status and accepts NULL.
 *  - Structs the host fills start with `uint32_t version`: initialize them with their
 *    SB_*_INIT macro or sb_*_init() (see "Versioned structs" below and docs/abi.md).
 *  - Every function states its `Thread safety:`. Callbacks run on the threads their typedefs
 *    name; a host that must work on its main thread polls a session's event fd there.
 *  - Every enum is append-only: values are added, never renumbered.
 *  - Nothing in this library aborts the host process.
 *
 * Sections: version, errors and library settings; text; collator; index; results; session
 * (lifecycle, text and editing, scopes and tokens, buttons and appearance, timing and
 * searches, events, suggestions and recents, sources and sections, snapshot). Each has its types, then its functions.
 */

#ifndef SEARCHBAR_H
#define SEARCHBAR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ==============================================================================================
 * Version, errors and library settings
 * ============================================================================================== */

/** Major version: changes when the ABI breaks (it is the shared library's SOVERSION). */
#define SB_VERSION_MAJOR 0
/** Minor version: grows when functions or enum values are added. */
#define SB_VERSION_MINOR 1
/** Patch version: fixes with no interface change. */
#define SB_VERSION_PATCH 0
/** The version as one number, MAJOR * 10000 + MINOR * 100 + PATCH; compare with sb_version_number(). */
#define SB_VERSION_NUMBER (SB_VERSION_MAJOR * 10000 + SB_VERSION_MINOR * 100 + SB_VERSION_PATCH)

/**
 * Marks a declaration that will be removed at the next major version; compilers that know the
 * attribute warn where it is used. The documentation says what replaces it (docs/abi.md).
 */
#if defined(__GNUC__) || defined(__clang__)
#define SB_DEPRECATED(message) __attribute__((deprecated(message)))
#else
#define SB_DEPRECATED(message)
#endif

/**
 * Status of every fallible call. Append-only: values are only added, never renumbered or
 * given a new meaning.
 * SB_OK is 0; errors are 1..99; values from SB_WARN_LOCALE_FALLBACK (100) to 199 are warnings:
 * the call succeeded and its outputs are valid, with a remark in sb_last_error(); SB_EMPTY
 * (200) is success with nothing to return, and leaves sb_last_error() alone.
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
    SB_WARN_LOCALE_FALLBACK = 100,
    /** Warning: the call did its work, but the recent-search file could not be read: it was moved
     *  aside (or, if it could not be moved, is no longer saved) and the recent searches start
     *  empty; sb_last_error() names the file and the reason. */
    SB_WARN_RECENTS_RESET = 101,
    /** Not an error: a call that does not wait found nothing to return (sb_session_next_event()
     *  with timeout 0 on an empty queue). sb_last_error() is left as it was. */
    SB_EMPTY = 200
} sb_status;

/** A locale-aware collator for sorting results and strings. Create with sb_collator_new(). */
typedef struct sb_collator sb_collator;
/** An index of items that searches run on. */
typedef struct sb_index sb_index;
/** A search-bar session bound to an index. */
typedef struct sb_session sb_session;
/** The results of one search. */
typedef struct sb_results sb_results;

/*
 * Versioned structs. A struct the host fills (sb_config, sb_search_options, sb_index_options,
 * sb_packed_items, sb_session_options, sb_search_timing, sb_recents_policy, sb_source_options) starts with
 * `uint32_t version`. Initialize it with its SB_*_INIT macro or its sb_*_init() function: both
 * set the version this header describes and the defaults. Fields are only ever added at the
 * end, with a new version; the library accepts every version it has shipped and reads only
 * the fields of the caller's version (the later ones take their defaults), and a getter that
 * fills such a struct writes only the fields of the version the caller set. Version 0 and
 * versions newer than the library are SB_EINVAL. docs/abi.md lists the versions.
 *
 * Element structs passed in arrays (sb_item, sb_attribute, sb_filter, sb_search_token,
 * sb_bar_item, sb_suggestion; sb_token, sb_hit_entry, sb_field_entry, sb_recent returned in
 * arrays) and structs the library fills in the host's memory (sb_hit, sb_event) have no
 * version: their layout is fixed for a major version. A new field would come with a new call
 * or a versioned struct. A single struct the library allocates and returns by pointer
 * (sb_display, sb_issued_query) may gain fields at its end: the host never allocates one.
 *
 * Conventions of every struct and call: a boolean is an int32_t that is 0 or 1 (any other
 * value is SB_EINVAL on input); a position in a list (scope, token, suggestion, recent) is an
 * int64_t; counts, lengths and byte offsets are size_t.
 */

/** The sb_config version this header describes. */
#define SB_CONFIG_VERSION 1

/** Library-wide settings, for sb_configure() before the first index is made. */
typedef struct sb_config {
    /** SB_CONFIG_VERSION (set by SB_CONFIG_INIT / sb_config_init()). */
    uint32_t version;
    /** Threads of the process's one executor pool that every index shares: 0 means the
     *  SEARCHBAR_THREADS environment variable if set, else one per processor; at most 256. */
    uint32_t threads;
} sb_config;

/** Initializer of an sb_config with the defaults: `sb_config c = SB_CONFIG_INIT;`. */
#define SB_CONFIG_INIT {SB_CONFIG_VERSION, 0}

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

/**
 * The name of an sb_status value, such as "SB_OK", for logs, debugging and hosts
 * that show it; "SB_UNKNOWN_STATUS" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_status_string(sb_status value);

/**
 * The message of the last failed or warned call made on the calling thread, or "" if none.
 * Messages name the argument or value at fault. A later failure on the same thread replaces it;
 * successful calls leave it as it was.
 * Ownership: owned by the library, valid until the next failing call on this thread; do not free it.
 * Thread safety: any thread; each thread sees only its own message.
 */
const char *sb_last_error(void);

/**
 * Fills `*config` with version `version` of sb_config and its defaults (as SB_CONFIG_INIT
 * does for the version of the caller's header).
 * Ownership: `config` is the caller's.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL for a NULL config or a version this library does not know.
 */
sb_status sb_config_init(sb_config *config, uint32_t version);

/**
 * Sets library-wide settings before the first index is made: `config->threads` sizes the one
 * executor pool every index of the process shares (0: the SEARCHBAR_THREADS environment
 * variable if set, else one thread per processor). The pool starts lazily, with the first
 * index; its size is set once: calling again with the same settings is SB_OK, with others
 * SB_EMISUSE, and so is any change after the pool started. A forked child starts a pool of
 * the same size when it makes its first index.
 * `config`: any version this library has shipped.
 * Ownership: nothing is retained.
 * Thread safety: any thread, concurrently with anything.
 * Returns SB_OK; SB_EINVAL (NULL config, bad version, threads over 256); SB_EMISUSE (the pool
 * already runs with another size, or another size was set).
 */
sb_status sb_configure(const sb_config *config);

/**
 * Copies the library-wide settings into `*out_config`: the fields of the version the caller
 * set in `out_config->version`, and nothing past them. `threads` receives the executor pool's
 * size: the threads it runs with once started, else the size it will start with.
 * Ownership: `out_config` is the caller's.
 * Thread safety: any thread, concurrently with anything.
 * Returns SB_OK; SB_EINVAL (NULL out_config, a version of 0 or newer than the library's).
 */
sb_status sb_get_config(sb_config *out_config);

/**
 * Releases a buffer the library returned (folded text, tokens, sort keys, ...). NULL is a no-op.
 * Ownership: takes ownership of `buffer`; it must come from this library.
 * Thread safety: any thread.
 * Returns SB_OK (a buffer cannot be checked: passing anything else is undefined, as for free()).
 */
sb_status sb_free(void *buffer);

/**
 * Gives heap memory the process has freed, but the allocator still holds, back to the system
 * (glibc's `malloc_trim`; nothing under a sanitizer or where it is missing). An index does this
 * itself after every batch it adds; a host or binding that frees large buffers of its own after
 * adding items (the packed texts of a batch) calls this to give those back as well.
 * Thread safety: any thread. Cost: one walk of the allocator's free lists, a few milliseconds
 * for a heap of hundreds of megabytes.
 */
void sb_release_memory(void);

/* ==============================================================================================
 * Text: folding and word tokens
 * ============================================================================================== */

/** A half-open byte range [start, end) in a UTF-8 string. */
typedef struct sb_range {
    /** Offset of the first byte. */
    size_t start;
    /** Offset one past the last byte. */
    size_t end;
} sb_range;

/** What a token is made of. Append-only. */
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
 * The name of an sb_token_kind value, such as "SB_TOKEN_WORD", for logs, debugging and hosts
 * that show it; "SB_TOKEN_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_token_kind_string(uint32_t value);

/* ==============================================================================================
 * Collator: locale-aware sorting
 * ============================================================================================== */

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
 * Releases a collator. NULL is a no-op (SB_OK); a handle that is not a live collator is left
 * alone.
 * Ownership: takes ownership of `collator`.
 * Thread safety: no other thread may be using the collator.
 * Returns SB_OK; SB_EINVAL for a handle that is not a live collator (a double free).
 */
sb_status sb_collator_free(sb_collator *collator);

/**
 * Compares two UTF-8 strings in the collator's order; `*out_order` receives -1, 0 or 1.
 * Thread safety: any thread, concurrently on one collator.
 * Returns SB_OK; SB_EINVAL for a bad handle, NULL out_order, NULL text with non-zero length or
 * invalid UTF-8; SB_ETOOBIG.
 */
sb_status sb_collator_compare(sb_collator *collator, const char *a, size_t a_len, const char *b, size_t b_len, int32_t *out_order);

/**
 * Sorts an array of UTF-8 strings: fills `out_order[0..count)` with the indices of `strings` in
 * collation order (a stable sort: equal strings keep their input order).
 * `strings[i]` has `lengths[i]` bytes; `lengths` may be NULL when every string is NUL-terminated.
 * Ownership: nothing is retained; `out_order` is the caller's array of `count` elements.
 * Thread safety: any thread, concurrently on one collator.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL arrays with count > 0, a NULL string with non-zero
 * length, invalid UTF-8 -- the message names the index); SB_ETOOBIG (a string over 64 MiB, more
 * than 2^31 - 1 strings); SB_ENOMEM.
 */
sb_status sb_collator_sort(sb_collator *collator, const char * const *strings, const size_t *lengths, size_t count, size_t *out_order);

/**
 * Sorts `count` UTF-8 strings packed end to end in one buffer: string i is bytes
 * [offsets[i], offsets[i + 1]) of `bytes` (`offsets` has `count + 1` non-decreasing entries).
 * Fills `out_order[0..count)` with the indices of the strings in collation order (stable, as
 * sb_collator_sort()). A binding or a host with its strings in one buffer avoids building an
 * array of pointers.
 * Ownership: nothing is retained; `out_order` is the caller's array of `count` elements.
 * Thread safety: any thread, concurrently on one collator.
 * Returns SB_OK (count 0 sorts nothing); SB_EINVAL (bad handle, NULL offsets or out_order with
 * count > 0, NULL bytes whose offsets span bytes, decreasing offsets, offsets past the end of the
 * address space, invalid UTF-8 or an offset inside a character -- the message names the string);
 * SB_ETOOBIG (a string over 64 MiB, more than 2^31 - 1 strings); SB_ENOMEM.
 */
sb_status sb_collator_sort_packed(sb_collator *collator, const char *bytes, const size_t *offsets, size_t count, size_t *out_order);

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

/* ==============================================================================================
 * Index: items and searches
 * ============================================================================================== */

/** How query words match item text. Append-only. */
typedef enum sb_match_mode {
    /** In sb_search_options: the index's default mode. In sb_index_new(): SB_MODE_PREFIX. */
    SB_MODE_DEFAULT = 0,
    /** Every query word matches the start of an item word, the last one as a prefix; scripts
     *  written without spaces match as substrings. Typo tolerant. */
    SB_MODE_PREFIX = 1,
    /** Every query word matches anywhere in the folded text; typo tolerant on whole words. */
    SB_MODE_CONTAINS = 2,
    /** Every query word matches as an in-order subsequence, ranked at its best-scoring
     *  placement with fzf-style bonuses (word starts, runs, a match ending a word); equal
     *  hits by sb_search_options.tiebreak. */
    SB_MODE_FUZZY = 3
} sb_match_mode;

/** A text field of an item. Append-only. */
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

/** What an sb_filter tests. Append-only. */
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

/** sb_search_options.flags: parse fzf's extended syntax and filter tokens. Terms are separated
 *  by blanks and every term must hold: 'word occurs anywhere (as a substring); ^word starts a
 *  field and word$ ends one, leading and trailing blanks aside; ^word$ is a whole field (blanks
 *  around it aside); !word (also !^word, !word$) must not occur; a | b holds when either term
 *  does; a backslash before a space (a\ b) puts the space inside the term, and a plain word
 *  with one matches as that phrase. Plain words go to the match mode. Every term that holds is
 *  highlighted; a query of such terms alone ranks a hit by what they matched (^word$ on the
 *  title as an exact title, ^word as a title prefix, a term at a word start above one inside a
 *  word). Filter tokens: scope:N, name:value, name>=N, name<=N, name>N, name<N for
 *  attributes the index has. */
#define SB_SEARCH_EXTENDED 1u
/** sb_search_options.flags: no typo tolerance. */
#define SB_SEARCH_NO_TYPOS 2u
/** sb_search_options.flags: an empty (or blank) query lists every item of the scopes that
 *  passes the filters, ordered as hits of equal relevance are (heavier weight first, then title
 *  collation, then id), with no highlights. Without it an empty query without scopes, filters
 *  or filter tokens finds nothing. A filtered list that shows everything while the field is
 *  empty sets it. */
#define SB_SEARCH_LIST_ALL 4u
/** sb_search_options.flags: count every match exactly (sb_results_total() then always reports
 *  an exact total), even when that means examining every candidate the search would otherwise
 *  pass over: as slow as a search that scans every candidate. Without it the total is exact
 *  only when that is free, and a lower bound otherwise. */
#define SB_SEARCH_EXACT_TOTAL 8u
/** sb_search_options.flags: smart case, as fzf and nucleo match: a query word with an
 *  upper-case letter matches only text with those letters in upper case (diacritics still
 *  fold: Resume finds Résumé); the other words fold case. Without it (and without
 *  SB_SEARCH_CASE_SENSITIVE) case always folds, as a search bar user expects. Costs reading
 *  the original text of each candidate. */
#define SB_SEARCH_SMART_CASE 16u
/** sb_search_options.flags: every query word matches only text with the same letter case.
 *  Not together with SB_SEARCH_SMART_CASE (SB_EINVAL). */
#define SB_SEARCH_CASE_SENSITIVE 32u
/** sb_search_options.flags: diacritics and compatibility forms are distinct (resume does not
 *  find Résumé, strasse does not find Straße; fzf's --literal). Case folds unless a case flag
 *  says otherwise. */
#define SB_SEARCH_DIACRITICS_SENSITIVE 64u
/** The largest sb_search_options.offset: pages reach the first 20,000 hits. */
#define SB_SEARCH_MAX_OFFSET 10000u

/**
 * What orders fuzzy-mode hits of equal match quality (tier, score and field), by fzf's
 * `--tiebreak` names; their weights, the collation of their titles and their ids come after.
 * Prefix and contains modes order such hits by word proximity instead. Append-only.
 */
typedef enum sb_tiebreak {
    /** The shorter text first (folded UTF-8 bytes of the field the hit is reported in, up to
     *  255), as fzf and nucleo do. The default. */
    SB_TIEBREAK_LENGTH = 0,
    /** The match that begins nearer the start of the text first. */
    SB_TIEBREAK_BEGIN = 1,
    /** The match that ends nearer the end of the text first. */
    SB_TIEBREAK_END = 2,
    /** Nothing of the match: equal hits keep the index's own order (weight, then collation of
     *  their titles, then id), as fzf's `index` keeps the input order. */
    SB_TIEBREAK_INDEX = 3
} sb_tiebreak;

/** The sb_search_options version this header describes: 2 added offset, 3 added tiebreak. */
#define SB_SEARCH_OPTIONS_VERSION 3

/** Options of one search; NULL or SB_SEARCH_OPTIONS_INIT means the index's defaults. */
typedef struct sb_search_options {
    /** SB_SEARCH_OPTIONS_VERSION (set by SB_SEARCH_OPTIONS_INIT / sb_search_options_init()). */
    uint32_t version;
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
    /* ---- version 2 ---- */
    /** Hits skipped before the first returned (paging: page p of n hits is offset p * n, limit
     *  n); at most SB_SEARCH_MAX_OFFSET. Hits follow one total order (relevance, then the
     *  collation of their titles, then id) and a page is exactly its slice [offset, offset +
     *  limit): paging never shows a hit twice or skips one, in every mode, with scopes and
     *  filters. */
    size_t offset;
    /* ---- version 3 ---- */
    /** An sb_tiebreak value: what orders fuzzy-mode hits of equal quality (earlier versions:
     *  SB_TIEBREAK_LENGTH). */
    uint32_t tiebreak;
} sb_search_options;

/** Initializer of an sb_search_options with the defaults. */
#define SB_SEARCH_OPTIONS_INIT {SB_SEARCH_OPTIONS_VERSION, 0, 0, 0, NULL, 0, NULL, 0, 0, SB_TIEBREAK_LENGTH}

/** The sb_index_options version this header describes: 2 added max_threads, 3 transliterate,
 *  4 verify. Every older version is still accepted (the fields it lacks take their defaults). */
#define SB_INDEX_OPTIONS_VERSION 4

/** Options of sb_index_new(); NULL or SB_INDEX_OPTIONS_INIT means the defaults. */
typedef struct sb_index_options {
    /** SB_INDEX_OPTIONS_VERSION (set by SB_INDEX_OPTIONS_INIT / sb_index_options_init()). */
    uint32_t version;
    /** The default sb_match_mode of searches (SB_MODE_DEFAULT means SB_MODE_PREFIX). */
    uint32_t mode;
    /** SB_FIELDS_* mask of the fields to store and search; 0 means SB_FIELDS_ALL. */
    uint32_t fields;
    /** Locale items and queries are folded for: BCP 47 tag or ICU id, NUL-terminated; NULL,
     *  "" or "und" for no locale (hard folding). From sb_index_get_options(): the index's
     *  locale, in storage the library keeps for the life of the process. */
    const char *locale;
    /* ---- version 2 ---- */
    /** At most this many of the process pool's threads work on one search or batch of this
     *  index (0: all of them; at most 256). The index starts no thread of its own. */
    uint32_t max_threads;
    /* ---- version 3 ---- */
    /** 1: item texts in Cyrillic, Greek, Armenian, Georgian, Hebrew, Arabic, Hangul, kana and
     *  Devanagari are also found by their Latin transliteration (ICU transforms: BGN/PCGN
     *  romanization for Cyrillic, Armenian and Georgian, UNGEGN for Greek, Revised
     *  Romanization for Hangul, Hepburn for kana, ISO 15919 for Devanagari; Hebrew and Arabic
     *  by their consonants), folded as queries are: `moskva` finds Москва, `athina` Αθήνα,
     *  `seoul` 서울, in every match mode, highlighted on the original text. Han is read as
     *  pinyin without tones (`beijing` finds 北京) only when the locale is Chinese (`zh`),
     *  never under another locale (Japanese kanji read otherwise). Queries are not
     *  transliterated: a query in the original script finds what it found before. 0 (the
     *  default): no transliteration. Saved in the index file by sb_index_save(). */
    int32_t transliterate;
    /* ---- version 4 ---- */
    /** sb_index_open() only (sb_index_new() requires 0). 1: the open also checks the XXH64
     *  checksum of every section and the invariants only the correctness of results depends
     *  on (ids ascending, vocabulary and stored orders sorted, postings ascending): one more
     *  pass over the whole file, which then gives SB_ECORRUPT for any damaged byte. 0 (the
     *  default): the open checks the header, the section table, the small sections'
     *  checksums and every bound the search relies on, and borrows the rest unread, so a
     *  file damaged or crafted inside a large section still never crashes, but may open and
     *  give wrong results. */
    int32_t verify;
} sb_index_options;

/** Initializer of an sb_index_options with the defaults. */
#define SB_INDEX_OPTIONS_INIT {SB_INDEX_OPTIONS_VERSION, SB_MODE_DEFAULT, 0, NULL, 0, 0, 0}

/** The sb_packed_items version this header describes. */
#define SB_PACKED_ITEMS_VERSION 2

/**
 * Items for sb_index_add_packed(), by column: item i is ids[i] with the texts, scope and weight
 * at position i. Each text column is one UTF-8 buffer holding every item's text end to end, and
 * `count + 1` offsets into it: the text of item i is bytes [offsets[i], offsets[i + 1]).
 * A column whose offsets are NULL is empty for every item (its bytes must then be NULL too),
 * except with `nul_separated` 1 (version 2): then a column whose bytes are set and whose offsets
 * are NULL holds its `count` texts separated by one NUL byte each (no NUL after the last, so a
 * text cannot hold NUL), `*_length` bytes in all, and the library finds where each text starts
 * itself, on the executor pool's threads. A host that has its texts as strings packs such a
 * column in one pass (join with "\0") instead of measuring every text.
 */
typedef struct sb_packed_items {
    /** SB_PACKED_ITEMS_VERSION (set by SB_PACKED_ITEMS_INIT / sb_packed_items_init()). */
    uint32_t version;
    /** Number of items. */
    size_t count;
    /** `count` item ids (required when count > 0). */
    const uint64_t *ids;
    /** Every title, end to end (may be NULL when all titles are empty). */
    const char *titles;
    /** `count + 1` non-decreasing offsets into titles, or NULL for no titles. */
    const size_t *title_offsets;
    /** Every subtitle, end to end, or NULL. */
    const char *subtitles;
    /** `count + 1` offsets into subtitles, or NULL for no subtitles. */
    const size_t *subtitle_offsets;
    /** Every item's keywords, end to end, or NULL. */
    const char *keywords;
    /** `count + 1` offsets into keywords, or NULL for no keywords. */
    const size_t *keyword_offsets;
    /** `count` scopes, or NULL for scope 0 everywhere. */
    const uint32_t *scopes;
    /** `count` weights (not NaN), or NULL for weight 0 everywhere. */
    const double *weights;
    /** 1: a text column with bytes and NULL offsets is NUL-separated (see above); 0 (the
     *  default): every column with bytes has offsets, and the lengths below must be 0. A column
     *  with offsets has length 0 either way. */
    int32_t nul_separated;
    /** Bytes of a NUL-separated titles column (exactly `count - 1` of them NUL). */
    size_t titles_length;
    /** Bytes of a NUL-separated subtitles column. */
    size_t subtitles_length;
    /** Bytes of a NUL-separated keywords column. */
    size_t keywords_length;
} sb_packed_items;

/** Initializer of an sb_packed_items with no items. */
#define SB_PACKED_ITEMS_INIT {SB_PACKED_ITEMS_VERSION, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 0}

/**
 * Completion of sb_index_search_async(), called exactly once: on a thread of the library's
 * pool, or, for a search that had not started when sb_index_free() cancelled it, on the
 * thread calling sb_index_free(). Never on a thread the host chose: a host that must handle
 * results on its main thread hands them over itself (or uses a session and its event fd).
 * status is SB_OK with results (the callee owns them: release with sb_results_free()), or an
 * error such as SB_ECANCELED with results NULL. Do not call sb_index_free() on the same index
 * from inside the callback.
 */
typedef void (*sb_search_callback)(void *context, uint64_t ticket, sb_status status, sb_results *results);

/**
 * Fills `*options` with version `version` of sb_index_options and its defaults.
 * Ownership: `options` is the caller's.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
 */
sb_status sb_index_options_init(sb_index_options *options, uint32_t version);

/**
 * Creates an empty index of items.
 * `options`: NULL or SB_INDEX_OPTIONS_INIT for the defaults (no locale, prefix mode, every
 * field, all the pool's threads, no transliteration); any version this library has shipped (a version-1 struct
 * gets the defaults of the fields added later). The index starts no thread: every index of
 * the process shares one executor pool, started with the first index (sb_configure()).
 * On success `*out_index` receives a new handle (NULL on failure).
 * Ownership: the caller owns the handle and releases it with sb_index_free(); the options and
 * their locale string are not retained.
 * Thread safety: any thread.
 * Returns SB_OK; SB_WARN_LOCALE_FALLBACK (a working index with no locale); SB_EINVAL for a NULL
 * out_index, a bad options version, a malformed locale, an unknown mode, unknown field bits,
 * max_threads over 256, transliterate other than 0 or 1 or verify other than 0; SB_ENOMEM when the pool could not start one thread (the process's
 * thread limit; a later call tries again).
 */
sb_status sb_index_new(const sb_index_options *options, sb_index **out_index);

/**
 * Releases an index. Its background merge is cancelled and has stopped when this returns.
 * Pending asynchronous searches are cancelled and their callbacks have
 * returned when this returns (unless it is called from inside one of this index's callbacks,
 * which is misuse: the remaining callbacks then still run later; from inside another index's
 * callback it waits as usual). NULL is a no-op; a handle that is not a live index is left alone,
 * and so is an index in a child process forked after it was made (whose threads stayed in the
 * parent: every call on it returns SB_EMISUSE there).
 * Searches that had not started when it was called complete with SB_ECANCELED on the calling
 * thread (the pool is shared with other indexes).
 * Ownership: takes ownership of `index`; results already returned stay valid.
 * Thread safety: no other call may be using the index.
 * Returns SB_OK (NULL included); SB_EINVAL for a handle that is not a live index (left alone);
 * SB_EMISUSE in a child process forked after the index was made (left alone).
 */
sb_status sb_index_free(sb_index *index);

/**
 * Copies the index's options into `*out_options`: the fields of the version the caller set in
 * `out_options->version`, and nothing past them. `locale` receives the index's locale tag
 * ("" for none), in storage the library keeps for the life of the process; `max_threads` the
 * number of pool threads a search of the index runs on; `transliterate` 1 when the index
 * transliterates; `verify` 0.
 * Ownership: `out_options` is the caller's; do not free `locale`.
 * Thread safety: any thread, concurrently with searches and writers.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_options, a version of 0 or newer than the
 * library's).
 */
sb_status sb_index_get_options(sb_index *index, sb_index_options *out_options);

/**
 * Saves the index to the file at `path` (docs/persistent-index.md describes the format): the
 * items as the index holds them, with checksums, written to a temporary file in the same
 * directory that then replaces `path` atomically, so a crash or kill during the save leaves the
 * old file whole. The file holds the items present when the save began (writers running
 * meanwhile are not waited for). Temporary files of processes that died while saving to
 * `path` are removed first.
 * Ownership: nothing is retained.
 * Thread safety: any thread, concurrently with searches and writers.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL, empty or invalid UTF-8 path); SB_EIO when the
 * file cannot be written (the old file is left as it was); SB_ETOOBIG for a locale identifier
 * over 256 bytes.
 */
sb_status sb_index_save(sb_index *index, const char *path);

/**
 * Opens an index saved by sb_index_save(). The locale, default mode and fields come from the
 * file; `options` (NULL or SB_INDEX_OPTIONS_INIT for the file's settings) may set `mode` (the
 * default match mode, SB_MODE_DEFAULT for the file's) and `max_threads`; a `locale` or
 * `fields` set there must equal the file's, and so must `transliterate` when it is 1 (0 takes
 * the file's: an index saved with transliteration opens with it). Adds and removes on the opened index live in
 * memory until the next save. The file is mapped read-only and its large sections are
 * borrowed from the mapping, unread and uncopied: they cost page cache shared with other
 * processes, not the process's own memory. Before anything is used the open checks the
 * header, the section table, the small sections' checksums and the bounds the search relies
 * on (lengths, offsets, item and term numbers, orders that are permutations); the texts'
 * bytes are not read: their readers decode with repair and never read past a text, so
 * a crafted text gives a wrong string (malformed UTF-8 comes out as U+FFFD), never an
 * out-of-range read or invalid UTF-8 handed to the host. A truncated, foreign or crafted
 * file gives a status or a wrong-but-safe result, never a crash. With `options->verify`
 * 1 it also checks every section's checksum, the texts' UTF-8, and the sort
 * orders (a further pass over the whole file): any damaged byte then gives SB_ECORRUPT, where
 * without it a file damaged inside a large section may open and give wrong results
 * (docs/persistent-index.md). A file
 * saved with another ICU version is rebuilt from the texts it stores (slower, same results).
 * On success `*out_index` receives a new handle (NULL on failure).
 * Ownership: the caller owns the handle and releases it with sb_index_free(); nothing else is
 * retained.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL (NULL out_index, NULL, empty or invalid UTF-8 path, a bad options
 * version, an unknown mode, max_threads over 256, transliterate or verify other than 0 or 1, a locale,
 * fields or transliteration other than the file's);
 * SB_ENOTFOUND when there is no file at `path`; SB_EIO when it cannot be read; SB_ECORRUPT
 * when it is not an index file, has another format version, or is truncated, damaged or
 * inconsistent; SB_ENOMEM as sb_index_new().
 */
sb_status sb_index_open(const char *path, const sb_index_options *options, sb_index **out_index);

/**
 * Stores the number of items in the index in `*out_count`.
 * Thread safety: any thread, concurrently with writers (the count of the current snapshot).
 * Returns SB_OK; SB_EINVAL for a bad handle or a NULL out_count.
 */
sb_status sb_index_count(sb_index *index, size_t *out_count);

/**
 * Adds a batch of items; an item whose id is already in the index replaces it, and within the
 * batch the last item with an id wins. Searches running meanwhile see the index before or after
 * the whole batch, never a part of it. The batch is validated first: on error nothing is added.
 * Ownership: nothing is retained; the strings are copied.
 * Thread safety: any thread, concurrently with searches; concurrent writers take turns.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL items with count > 0, NULL text with non-zero
 * length, invalid UTF-8, NaN weight or number, empty attribute name -- the message names the
 * item and field); SB_ETOOBIG (a text over 64 MiB, more than 2^26 items).
 */
sb_status sb_index_add(sb_index *index, const sb_item *items, size_t count);

/**
 * Fills `*items` with version `version` of sb_packed_items, with no items.
 * Ownership: `items` is the caller's.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL for a NULL items or a version this library does not know.
 */
sb_status sb_packed_items_init(sb_packed_items *items, uint32_t version);

/**
 * Adds a batch of items given by column (see sb_packed_items): one UTF-8 buffer and `count + 1`
 * offsets (or NUL separators) per text field, and arrays of ids, scopes and weights. It behaves as sb_index_add()
 * with the same items (an id already in the index is replaced; within the batch the last item
 * with an id wins; searches see the whole batch or none of it; nothing is added on error), but
 * reads the texts in place and checks and decodes them on the executor pool's threads, so a host with its
 * texts already packed (a binding, a file read into memory) adds millions of items without
 * building one sb_item per item. Fastest when the ids ascend strictly and none is in the index
 * yet.
 * `items->count` 0 adds nothing.
 * Ownership: nothing is retained; the texts are copied. The buffers must stay unchanged until the
 * call returns: they are read in place, more than once (a text changed meanwhile may be indexed
 * as a different or replaced text, or refused).
 * Thread safety: any thread, concurrently with searches; concurrent writers take turns.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL items, NULL ids with count > 0, a NULL text buffer
 * whose offsets span bytes, text bytes without offsets, decreasing offsets, offsets past the end
 * of the address space, invalid UTF-8 or an offset inside a character, NaN weight, a
 * `nul_separated` other than 0 or 1, a column length with `nul_separated` 0, a NUL-separated
 * column without `count - 1` NULs -- the message names the column and item); SB_ETOOBIG (a text
 * over 64 MiB, a count over 2^26 items).
 */
sb_status sb_index_add_packed(sb_index *index, const sb_packed_items *items);

/**
 * Removes the items with these ids; ids not in the index are ignored.
 * Ownership: nothing is retained.
 * Thread safety: any thread, concurrently with searches; concurrent writers take turns.
 * Returns SB_OK; SB_EINVAL for a bad handle or NULL ids with count > 0; SB_ETOOBIG over 2^26 ids.
 */
sb_status sb_index_remove(sb_index *index, const uint64_t *ids, size_t count);

/**
 * Merges the index's segments into one now, on the calling thread (with the executor pool). A
 * background merge running then gives way at its next check rather than being waited for (it
 * runs at the lowest priority); a merge another sb_index_merge() call runs is waited for.
 * Each add makes a segment of its own, and the index merges
 * them in the background (on the process's `searchbar-merge` thread at the lowest priority;
 * into one segment once adds pause), so a host never has to call this; it is for a host that wants the
 * fastest searches right after a bulk load, or one file segment from sb_index_save().
 * Searches never wait for a merge and never see one change their results: a merged segment
 * holds the same items. Writers may run meanwhile (their new segments may remain).
 * Ownership: nothing changes hands.
 * Thread safety: any thread, concurrently with searches and writers (inside a search callback
 * it holds that callback's pool thread for the length of the merge).
 * Returns SB_OK; SB_EINVAL for a bad handle.
 */
sb_status sb_index_merge(sb_index *index);

/**
 * Removes every item. Searches running meanwhile see the index before or after, never a part;
 * results already returned stay valid.
 * Thread safety: any thread, concurrently with searches; concurrent writers take turns.
 * Returns SB_OK; SB_EINVAL for a bad handle.
 */
sb_status sb_index_clear(sb_index *index);

/**
 * Stores the item with id `id` in `*out_item`, as one block released with sb_free(): its
 * title, subtitle and keywords as they were added (NUL-terminated UTF-8 with their lengths; ""
 * for a field the index does not store), its scope, its weight as it ranks (rounded to `float`
 * precision), and its attributes, whose text values are folded as filters compare them.
 * Ownership: the caller releases `*out_item` with sb_free() (one call frees every string).
 * Thread safety: any thread, concurrently with writers (the item in the current snapshot).
 * Returns SB_OK; SB_ENOTFOUND when no item has this id (`*out_item` is then NULL); SB_EINVAL
 * for a bad handle or a NULL out_item; SB_ENOMEM.
 */
sb_status sb_index_get(sb_index *index, uint64_t id, sb_item **out_item);

/**
 * Fills `*options` with version `version` of sb_search_options and its defaults.
 * Ownership: `options` is the caller's.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
 */
sb_status sb_search_options_init(sb_search_options *options, uint32_t version);

/**
 * Searches the index synchronously; the calling thread takes part in the work.
 * `query`, `query_len`: UTF-8 text as typed (an empty query gives no hits unless options or
 * filter tokens select items). `options`: NULL for the defaults.
 * On success `*out_results` receives the hits, best first (NULL on failure).
 * Ownership: the caller releases `*out_results` with sb_results_free().
 * Thread safety: any thread, concurrently with other searches and writers.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_results, bad query text, bad options -- the
 * message names the field); SB_ETOOBIG (query over 4096 bytes or
 * 64 words); SB_ENOMEM.
 */
sb_status sb_index_search(sb_index *index, const char *query, size_t query_len, const sb_search_options *options, sb_results **out_results);

/**
 * Starts a search on the process's executor pool and returns at once. `callback(context, ticket, status, results)` is called exactly once, on a pool thread (or, for a search that had
 * not started when sb_index_free() cancelled it, on the thread calling sb_index_free()): with
 * SB_OK and the results (the callee owns them), or with an error (SB_ECANCELED after
 * sb_index_cancel()) and NULL.
 * Arguments are validated before anything starts; then `*out_ticket` (if not NULL) receives the
 * search's ticket for sb_index_cancel().
 * Ownership: `context` is passed back untouched; it must stay valid until the callback runs.
 * Thread safety: any thread. The callback must not call sb_index_free() on this index.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL callback, bad query or options); SB_ETOOBIG (query
 * over 4096 bytes or 64 words).
 */
sb_status sb_index_search_async(sb_index *index, const char *query, size_t query_len, const sb_search_options *options, sb_search_callback callback, void *context, uint64_t *out_ticket);

/**
 * Cancels an asynchronous search: its callback reports SB_ECANCELED (unless it had already
 * finished), and its work stops at the next chunk.
 * Thread safety: any thread, including from inside a callback.
 * Returns SB_OK; SB_ENOTFOUND when the search has already completed or the ticket is unknown;
 * SB_EINVAL for a bad handle.
 */
sb_status sb_index_cancel(sb_index *index, uint64_t ticket);

/**
 * Builds the built-in sample dataset from the data ICU carries (no download): Unicode
 * character names, emoji, language and country names as displayed in many locales, time-zone
 * cities and currency names; about 185,000 items in dozens of scripts. Item scopes: 0
 * characters, 1 emoji, 2 languages, 3 countries, 4 time zones, 5 currencies (see
 * sb_sample_scope_title()). Ids are stable for one ICU version.
 * `scopes`: a bit mask of the scopes to build (bit N for scope N); 0 means all.
 * On success `*out_items` receives `*out_count` items whose strings live in the same block.
 * Ownership: the caller releases `*out_items` with one sb_free().
 * Thread safety: any thread. Takes a few seconds for the whole dataset.
 * Returns SB_OK; SB_EINVAL (NULL outputs, unknown scope bits); SB_ENOMEM.
 */
sb_status sb_sample_items(uint32_t scopes, sb_item **out_items, size_t *out_count);

/**
 * The scope-bar title of a sample dataset scope ("Characters", "Emoji", "Languages",
 * "Countries", "Time zones", "Currencies"), or NULL for an unknown scope.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 */
const char *sb_sample_scope_title(uint32_t scope);

/**
 * The name of an sb_match_mode value, such as "SB_MODE_DEFAULT", for logs, debugging and hosts
 * that show it; "SB_MODE_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_match_mode_string(uint32_t value);

/**
 * The name of an sb_field value, such as "SB_FIELD_TITLE", for logs, debugging and hosts
 * that show it; "SB_FIELD_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_field_string(uint32_t value);

/**
 * The name of an sb_filter_kind value, such as "SB_FILTER_EQUALS", for logs, debugging and hosts
 * that show it; "SB_FILTER_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_filter_kind_string(uint32_t value);

/**
 * The name of an sb_tiebreak value, such as "SB_TIEBREAK_LENGTH", for logs, debugging and hosts
 * that show it; "SB_TIEBREAK_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_tiebreak_string(uint32_t value);

/* ==============================================================================================
 * Results
 * ============================================================================================== */

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
    /** Sorted, disjoint UTF-8 byte ranges of the field's original text that the query matched
     *  (in a text over 64 KiB, those in its first 64 KiB, up to the last space or line feed
     *  there); owned by the results, valid until sb_results_free(). */
    const sb_range *highlights;
    /** Number of highlight ranges. */
    size_t highlight_count;
} sb_hit;

/** One hit as sb_results_copy() writes it: every text and range is given as an offset into the
 *  blocks sb_results_data() returns, so a binding can copy a whole result in a few calls.
 *  Offsets and lengths are in bytes here; sb_results_export() can give them in code points or
 *  UTF-16 code units. */
typedef struct sb_hit_entry {
    /** The item id. */
    uint64_t id;
    /** Relevance, as in sb_hit. */
    uint64_t score;
    /** The sb_field the highlights and `text_*` refer to. */
    uint32_t field;
    /** How the hit matched, as in sb_hit. */
    uint32_t tier;
    /** The matched field's original UTF-8 text: bytes [text_offset, text_offset + text_len) of the
     *  results' text block. */
    size_t text_offset;
    /** Length of the matched field's text in bytes. */
    size_t text_len;
    /** The title's original UTF-8 text: bytes [title_offset, title_offset + title_len) of the text
     *  block (the same bytes as `text_*` when field is SB_FIELD_TITLE). */
    size_t title_offset;
    /** Length of the title in bytes. */
    size_t title_len;
    /** The highlights: ranges [highlight_offset, highlight_offset + highlight_count) of the
     *  results' range block, byte ranges of the matched field's text as in sb_hit. */
    size_t highlight_offset;
    /** Number of highlight ranges. */
    size_t highlight_count;
} sb_hit_entry;

/** The unit of the offsets, lengths and highlight ranges sb_results_export() and
 *  sb_results_fields() report. Append-only. */
typedef enum sb_unit {
    /** UTF-8 bytes, as everywhere else in this interface. */
    SB_UNIT_BYTES = 0,
    /** Unicode code points (scalar values): the string indices of Python, and of UTF-32. */
    SB_UNIT_CODE_POINTS = 1,
    /** UTF-16 code units (a character beyond U+FFFF counts two): the string indices of Qt
     *  (QString), Java, JavaScript, C# and ICU's UChar APIs. */
    SB_UNIT_UTF16 = 2
} sb_unit;

/** One field of one hit, as sb_results_fields() gives it: three per hit (title, subtitle,
 *  keywords, in sb_field order), in the unit asked for. */
typedef struct sb_field_entry {
    /** The field's original text: [text_offset, text_offset + text_len) of the results' text
     *  block (empty when the item has none, the index does not store the field, or the results
     *  are a hostless session's). */
    size_t text_offset;
    /** Length of the field's text. */
    size_t text_len;
    /** What the query matched in the field: ranges [highlight_offset, highlight_offset +
     *  highlight_count) of the range block sb_results_export() returns for the same unit,
     *  each relative to the field's text (bounded as sb_hit.highlights are). */
    size_t highlight_offset;
    /** Number of highlight ranges (0 when nothing matched in the field). */
    size_t highlight_count;
} sb_field_entry;

/**
 * Stores the number of hits in `results` in `*out_count`.
 * Thread safety: any thread, concurrently on one results object.
 * Returns SB_OK; SB_EINVAL for a bad handle or a NULL out_count (then `*out_count`, if not
 * NULL, is 0).
 */
sb_status sb_results_count(sb_results *results, size_t *out_count);

/**
 * Stores the number of items the search matched in `*out_total`: the hits returned, those
 * skipped by sb_search_options.offset and those beyond its limit. `*out_is_exact` receives 1
 * when the total is exact: always with SB_SEARCH_EXACT_TOTAL; otherwise when the search
 * selected fewer hits than offset + limit (every match is among them), or an empty query
 * lists every item (SB_SEARCH_LIST_ALL without scopes or filters). Otherwise it receives 0 and
 * the total is a lower bound: offset + limit, the hits the search selected ("50+").
 * For a session's results it is the total of the session's search (its own count of hits
 * for a session without an index).
 * Thread safety: any thread, concurrently on one results object.
 * Returns SB_OK; SB_EINVAL for a bad handle or a NULL output (outputs are then 0).
 */
sb_status sb_results_total(sb_results *results, size_t *out_total, int32_t *out_is_exact);

/**
 * Fills `*out_hit` with hit `i` (0 is the best). Its highlight array belongs to `results`.
 * Thread safety: any thread, concurrently on one results object.
 * Returns SB_OK; SB_EINVAL for a bad handle, a NULL out_hit or `i` out of range.
 */
sb_status sb_results_get(sb_results *results, int64_t i, sb_hit *out_hit);

/**
 * Stores the original UTF-8 text of hit `i`'s matched field (`sb_hit.field`; the text its
 * highlight ranges refer to) in `*out_text` and its length in bytes in `*out_len`. The text
 * is as the item was added, read from the index snapshot the search ran on; it is
 * NUL-terminated, but may contain NUL bytes of its own, so use the length. For results of a
 * session without an index the text is empty.
 * Ownership: the text belongs to `results` and stays valid until sb_results_free(); do not
 * free it.
 * Thread safety: any thread, concurrently on one results object.
 * Returns SB_OK; SB_EINVAL for a bad handle, a NULL output or `i` out of range (outputs are
 * then NULL and 0).
 */
sb_status sb_results_text(sb_results *results, int64_t i, const char **out_text, size_t *out_len);

/**
 * The original UTF-8 text of field `field` (an sb_field value) of hit `i` in `*out_text` and
 * `*out_len` (NUL-terminated, but it may hold NULs of its own: use the length), and what the
 * query matched in it in `*out_ranges` and `*out_range_count`: sorted, disjoint byte ranges of
 * that text, as sb_hit.highlights are for the hit's own field (NULL and 0 when nothing matched
 * there). A title hit whose subtitle holds a query word has the subtitle's ranges here. The
 * text is empty when the item has none in that field or the index does not store it.
 * Ownership: text and ranges belong to `results` and stay valid until sb_results_free().
 * Thread safety: any thread, concurrently on one results object.
 * Returns SB_OK; SB_EINVAL for a bad handle, a NULL output, `i` out of range or a field that is
 * not an sb_field value (outputs are then NULL and 0).
 */
sb_status sb_results_field(sb_results *results, int64_t i, uint32_t field, const char **out_text, size_t *out_len, const sb_range **out_ranges, size_t *out_range_count);

/**
 * Copies hits [first, first + count) into the caller's array `out_hits` of `count` entries:
 * ids, scores, fields, tiers, and the offsets and lengths of each hit's texts and highlight
 * ranges in the blocks sb_results_data() returns. With sb_results_data(), a binding reads a
 * whole result in a fixed number of calls.
 * Ownership: `out_hits` is the caller's; nothing is retained.
 * Thread safety: any thread, concurrently on one results object.
 * Returns SB_OK (count 0 copies nothing); SB_EINVAL for a bad handle, NULL out_hits with
 * count > 0, or a range past the last hit (then nothing is written).
 */
sb_status sb_results_copy(sb_results *results, int64_t first, size_t count, sb_hit_entry *out_hits);

/**
 * The two blocks sb_results_copy()'s offsets refer to: `*out_text` receives every hit's
 * original texts one after the other, each followed by a NUL (`*out_text_len` bytes up to the
 * end of the last text, whose NUL follows them), `*out_ranges` every highlight range
 * (`*out_range_count` of them; NULL when there are none).
 * Ownership: both blocks belong to `results` and stay valid until sb_results_free(); do not
 * free them.
 * Thread safety: any thread, concurrently on one results object.
 * Returns SB_OK; SB_EINVAL for a bad handle or a NULL output (outputs are then NULL and 0).
 */
sb_status sb_results_data(sb_results *results, const char **out_text, size_t *out_text_len, const sb_range **out_ranges, size_t *out_range_count);

/**
 * The whole result in one call, in the unit the caller indexes text by: `*out_hits` receives
 * the array of all `*out_count` hits as sb_results_copy() writes them, `*out_text` the text
 * block as sb_results_data() returns it (each text followed by a NUL), and
 * `*out_ranges` the `*out_range_count` highlight ranges the entries' `highlight_offset`s index.
 * With SB_UNIT_BYTES every offset, length and range is in UTF-8 bytes, exactly as from
 * sb_results_copy() and sb_results_data(). With SB_UNIT_CODE_POINTS the entries' text and title
 * offsets and lengths count Unicode code points of the text block from its start, and each
 * highlight range counts code points of its hit's text: the string indices of a language whose
 * strings index code points (Python), once the text block is decoded. SB_UNIT_UTF16 counts
 * UTF-16 code units the same way (Qt, Java, JavaScript). The range block also holds the
 * highlights of the hits' other fields, which sb_results_fields() indexes.
 * Ownership: the three arrays belong to `results` and stay valid until sb_results_free(); do
 * not free them.
 * Thread safety: any thread, concurrently on one results object.
 * Returns SB_OK (NULL arrays and zero counts when there are no hits or no ranges); SB_EINVAL
 * for a bad handle, a unit that is not an sb_unit value, or a NULL output (outputs are then
 * NULL and 0); SB_ENOMEM.
 */
sb_status sb_results_export(sb_results *results, uint32_t unit, const sb_hit_entry **out_hits, size_t *out_count, const char **out_text, size_t *out_text_len, const sb_range **out_ranges, size_t *out_range_count);

/**
 * Every field of every hit in one call, in the unit the caller indexes text by: `*out_fields`
 * receives `*out_count` entries, three per hit (hit i's field f is entry 3 * i + f), whose
 * offsets index the text block and range block that sb_results_export() returns for the same
 * unit (in SB_UNIT_BYTES, also those of sb_results_data()).
 * Ownership: the array belongs to `results` and stays valid until sb_results_free().
 * Thread safety: any thread, concurrently on one results object.
 * Returns SB_OK (NULL and 0 when there are no hits); SB_EINVAL for a bad handle, a unit that is
 * not an sb_unit value or a NULL output (outputs are then NULL and 0); SB_ENOMEM.
 */
sb_status sb_results_fields(sb_results *results, uint32_t unit, const sb_field_entry **out_fields, size_t *out_count);

/**
 * Releases results and their highlight arrays. NULL is a no-op (SB_OK); a handle that is not
 * live results is left alone.
 * Ownership: takes ownership of `results`.
 * Thread safety: no other thread may be using the results.
 * Returns SB_OK; SB_EINVAL for a handle that is not live results (a double free).
 */
sb_status sb_results_free(sb_results *results);

/**
 * The name of an sb_unit value, such as "SB_UNIT_BYTES", for logs, debugging and hosts
 * that show it; "SB_UNIT_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_unit_string(uint32_t value);

/* ==============================================================================================
 * Session: lifecycle
 * ============================================================================================== */

/** The clock a session's timers run on. Append-only. */
typedef enum sb_session_clock {
    /** Real time (the default). */
    SB_CLOCK_SYSTEM = 0,
    /** Time moves only with sb_session_advance_clock(): deterministic tests and replays. */
    SB_CLOCK_MANUAL = 1,
    /** Real time, with timers the host fires: the library's timer thread is never used for the
     *  session; the host asks sb_session_next_deadline() when the next timer is due and calls
     *  sb_session_run_due() then, on its main thread (GTK, Qt, a game loop), so delayed
     *  searches and stall notices happen on that thread. */
    SB_CLOCK_HOST = 2
} sb_session_clock;

/** The sb_session_options version this header describes. */
#define SB_SESSION_OPTIONS_VERSION 1

/** Options of sb_session_new(); NULL or SB_SESSION_OPTIONS_INIT means the defaults. */
typedef struct sb_session_options {
    /** SB_SESSION_OPTIONS_VERSION (set by SB_SESSION_OPTIONS_INIT / sb_session_options_init()). */
    uint32_t version;
    /** An sb_session_clock value. */
    uint32_t clock;
    /** Locale recent searches and suggestions are folded for (NUL-terminated BCP 47; NULL: none). */
    const char *locale;
    /** Absolute directory for named recent-search files; NULL: $XDG_STATE_HOME/searchbar/recents
     *  (or ~/.local/state/searchbar/recents). */
    const char *recents_directory;
    /** Events kept for sb_session_next_event(); 0 means the default (1024). */
    uint32_t event_queue_capacity;
} sb_session_options;

/** Initializer of an sb_session_options with the defaults. */
#define SB_SESSION_OPTIONS_INIT {SB_SESSION_OPTIONS_VERSION, SB_CLOCK_SYSTEM, NULL, NULL, 0}

/**
 * Fills `*options` with version `version` of sb_session_options and its defaults.
 * Ownership: `options` is the caller's.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
 */
sb_status sb_session_options_init(sb_session_options *options, uint32_t version);

/**
 * Creates a search-bar session: the state and behaviour of a search bar with its search
 * controller (UISearchBar + UISearchController), driven by the host's input.
 * `index`: the index searches run on (the session keeps it alive; sb_index_free() is then
 * safe), or NULL for a session whose host searches itself on SB_EVENT_UPDATE_SEARCH_RESULTS and
 * answers with sb_session_deliver_results().
 * `options`: NULL or SB_SESSION_OPTIONS_INIT for the defaults (system clock, no locale,
 * default recents directory, 1024 queued events); any version this library has shipped.
 * On success `*out_session` receives a new handle (NULL on failure).
 * Ownership: the caller owns the handle and releases it with sb_session_free().
 * Thread safety: any thread. Every session function may be called from any thread; calls on
 * one session apply one at a time.
 * Returns SB_OK; SB_WARN_LOCALE_FALLBACK (a working session with no locale); SB_EINVAL for a
 * NULL out_session, a bad index handle, a bad options version, a malformed locale, an unknown
 * clock or a relative recents directory; SB_EIO when no event descriptor can be created.
 */
sb_status sb_session_new(sb_index *index, const sb_session_options *options, sb_session **out_session);

/**
 * Releases a session: timers stop, the running search is cancelled, the event descriptor is
 * closed. Threads waiting in sb_session_next_event() are woken (it returns SB_ETIMEDOUT), and
 * running event callbacks have returned when this returns. NULL is a no-op (SB_OK).
 * Ownership: takes ownership of `session`.
 * Thread safety: no other thread may be starting calls on the session; stop watching its
 * descriptor in the host's loop first.
 * Returns SB_OK; SB_EINVAL for a handle that is not a live session (left alone); SB_EMISUSE
 * when called from inside one of the session's callbacks (the session stays alive: free it
 * after the callback returns), or in a child process forked after the session was made (a
 * child can neither use nor free its parent's sessions and indexes: make new ones there).
 */
sb_status sb_session_free(sb_session *session);

/**
 * Presents (1) or dismisses (0) the search interface (UISearchController isActive):
 * will/did-present, or will-dismiss, did-end-editing if focused, did-dismiss.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE.
 */
sb_status sb_session_set_active(sb_session *session, int32_t active);

/**
 * Sets the options the session's index searches start from: match mode, limit, flags
 * (extended syntax, typos) and fixed scopes and filters, which combine with the scope bar and
 * the tokens. A search for the current text runs at once when the field has text or tokens.
 * `options`: NULL or a zeroed struct for the index's defaults.
 * Ownership: nothing is retained; arrays are copied.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, bad options - the message names the field);
 * SB_EMISUSE for a session made without an index (its host searches itself). On any error
 * the options are unchanged; inside a callback the change and its search are queued together.
 */
sb_status sb_session_set_search_options(sb_session *session, const sb_search_options *options);

/**
 * The name of an sb_session_clock value, such as "SB_CLOCK_SYSTEM", for logs, debugging and hosts
 * that show it; "SB_CLOCK_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_session_clock_string(uint32_t value);

/* ==============================================================================================
 * Session: text and editing
 * ============================================================================================== */

/** How typed text is capitalized (UITextAutocapitalizationType). Append-only. */
typedef enum sb_autocapitalization {
    /** None (the default). */
    SB_AUTOCAP_NONE = 0,
    /** The first letter of every word. */
    SB_AUTOCAP_WORDS = 1,
    /** The first letter of every sentence. */
    SB_AUTOCAP_SENTENCES = 2,
    /** Every letter. */
    SB_AUTOCAP_ALL_CHARACTERS = 3
} sb_autocapitalization;

/** The keyboard the host's field shows (UIKeyboardType; the values are UIKit's). Append-only. */
typedef enum sb_keyboard_type {
    /** The default keyboard for the current input method. */
    SB_KEYBOARD_DEFAULT = 0,
    /** ASCII characters only. */
    SB_KEYBOARD_ASCII_CAPABLE = 1,
    /** Numbers and punctuation. */
    SB_KEYBOARD_NUMBERS_AND_PUNCTUATION = 2,
    /** URLs. */
    SB_KEYBOARD_URL = 3,
    /** A numeric keypad. */
    SB_KEYBOARD_NUMBER_PAD = 4,
    /** A telephone keypad. */
    SB_KEYBOARD_PHONE_PAD = 5,
    /** A telephone keypad that also types names. */
    SB_KEYBOARD_NAME_PHONE_PAD = 6,
    /** E-mail addresses. */
    SB_KEYBOARD_EMAIL_ADDRESS = 7,
    /** Numbers with a decimal point. */
    SB_KEYBOARD_DECIMAL_PAD = 8,
    /** Social posts ("@", "#"). */
    SB_KEYBOARD_TWITTER = 9,
    /** Web search terms and URLs. */
    SB_KEYBOARD_WEB_SEARCH = 10,
    /** A numeric keypad typing ASCII digits. */
    SB_KEYBOARD_ASCII_CAPABLE_NUMBER_PAD = 11
} sb_keyboard_type;

/** Autocorrection or spell checking (UITextAutocorrectionType, UITextSpellCheckingType). Append-only. */
typedef enum sb_text_trait {
    /** The platform decides (the default). */
    SB_TRAIT_DEFAULT = 0,
    /** Off. */
    SB_TRAIT_NO = 1,
    /** On. */
    SB_TRAIT_YES = 2
} sb_text_trait;

/** The title of the keyboard's return key (UIReturnKeyType; the values are UIKit's). Append-only. */
typedef enum sb_return_key_type {
    /** "Return". */
    SB_RETURN_KEY_DEFAULT = 0,
    /** "Go". */
    SB_RETURN_KEY_GO = 1,
    /** "Google". */
    SB_RETURN_KEY_GOOGLE = 2,
    /** "Join". */
    SB_RETURN_KEY_JOIN = 3,
    /** "Next". */
    SB_RETURN_KEY_NEXT = 4,
    /** "Route". */
    SB_RETURN_KEY_ROUTE = 5,
    /** "Search" (a search bar's default). */
    SB_RETURN_KEY_SEARCH = 6,
    /** "Send". */
    SB_RETURN_KEY_SEND = 7,
    /** "Yahoo". */
    SB_RETURN_KEY_YAHOO = 8,
    /** "Done". */
    SB_RETURN_KEY_DONE = 9,
    /** "Emergency Call". */
    SB_RETURN_KEY_EMERGENCY_CALL = 10,
    /** "Continue". */
    SB_RETURN_KEY_CONTINUE = 11
} sb_return_key_type;

/**
 * The field takes the focus: SB_EVENT_SHOULD_BEGIN_EDITING (veto), SB_EVENT_DID_BEGIN_EDITING,
 * the search interface is presented (SB_EVENT_WILL_PRESENT, SB_EVENT_DID_PRESENT) if it was not,
 * and when typing searches, a search for the current text.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_ECANCELED when the veto refused; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_begin_editing(sb_session *session);

/**
 * The field loses the focus: SB_EVENT_SHOULD_END_EDITING (veto), SB_EVENT_DID_END_EDITING. The
 * search interface stays presented.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_ECANCELED when the veto refused; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_end_editing(sb_session *session);

/**
 * Copies the current text.
 * On success `*out_text` receives a NUL-terminated UTF-8 buffer and `*out_len` (if not NULL)
 * its length without the NUL.
 * Ownership: the caller releases `*out_text` with sb_free().
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_text); SB_ENOMEM.
 */
sb_status sb_session_get_text(sb_session *session, char **out_text, size_t *out_len);

/**
 * Sets the text programmatically (UISearchBar text): no veto, no autocapitalization;
 * SB_EVENT_TEXT_DID_CHANGE if it changed, and a search as the timing policy says.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, NULL text with non-zero length, invalid UTF-8);
 * SB_ETOOBIG over 1 MiB; SB_EMISUSE.
 */
sb_status sb_session_set_text(sb_session *session, const char *text, size_t text_len);

/**
 * The user typed `text` at UTF-8 byte `offset`: autocapitalization applies, the veto callback
 * sees SB_EVENT_SHOULD_CHANGE_TEXT, then SB_EVENT_TEXT_DID_CHANGE, and a search as the timing
 * policy says.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_ECANCELED when the veto refused (nothing changed); SB_EINVAL (bad handle,
 * bad text, offset past the end or inside a UTF-8 sequence); SB_ETOOBIG; SB_EMISUSE.
 */
sb_status sb_session_insert_text(sb_session *session, size_t offset, const char *text, size_t text_len);

/**
 * The user deleted UTF-8 bytes [start, end): as sb_session_insert_text() with an empty
 * replacement. Deleting everything searches at once (the default timing).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_ECANCELED (vetoed); SB_EINVAL; SB_EMISUSE.
 */
sb_status sb_session_delete_text(sb_session *session, size_t start, size_t end);

/**
 * The user replaced UTF-8 bytes [start, end) with `text` (typing over a selection,
 * autocorrection): as sb_session_insert_text().
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_ECANCELED (vetoed); SB_EINVAL (bad handle or text, start > end, a range
 * outside the text or inside a UTF-8 sequence); SB_ETOOBIG; SB_EMISUSE.
 */
sb_status sb_session_replace_text(sb_session *session, size_t start, size_t end, const char *text, size_t text_len);

/**
 * The input method's pre-edit (marked) text, as UITextInput setMarkedText(_:selectedRange:):
 * while text is marked, the marked range is replaced (`start` and `end` are then ignored);
 * otherwise UTF-8 bytes [start, end) are (the selection, or the cursor when start == end).
 * `text` becomes the marked range, which sb_session_display() reports (has_marked_text,
 * marked_start, marked_end) for the host to underline; an empty `text` removes the marked
 * text. The veto callback sees SB_EVENT_SHOULD_CHANGE_TEXT (no autocapitalization), then
 * SB_EVENT_TEXT_DID_CHANGE, and a search as the timing policy says: the text is searched as
 * composed (typing 한 as ㅎ, 하, 한 searches each). sb_session_unmark_text() commits it. Other
 * edits commit it first (sb_session_insert_text(), _replace_text(), _delete_text(),
 * _delete_backward(), _delete_forward() then apply to the committed text, same offsets);
 * sb_session_submit() and ending editing commit it; sb_session_set_text(), _clear(),
 * _cancel(), choosing a suggestion and sb_session_restore() replace the text and drop it.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_ECANCELED when the veto refused (nothing changed); SB_EINVAL (bad handle,
 * bad text, start > end, or with no marked text a range outside the text or inside a UTF-8
 * sequence); SB_ETOOBIG; SB_EMISUSE.
 */
sb_status sb_session_set_marked_text(sb_session *session, size_t start, size_t end, const char *text, size_t text_len);

/**
 * Commits the marked text (UITextInput unmarkText()): the text stays, nothing is marked. No
 * event: the text did not change. Does nothing when no text is marked.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_unmark_text(sb_session *session);

/**
 * The marked text's UTF-8 byte range (UITextInput markedTextRange): `*out_start` and
 * `*out_end` receive [start, end) of the current text.
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EMPTY when no text is marked (both set to 0); SB_EINVAL (bad handle, NULL
 * out_start or out_end).
 */
sb_status sb_session_get_marked_range(sb_session *session, size_t *out_start, size_t *out_end);

/**
 * Backspace at UTF-8 byte `offset`: deletes the extended grapheme cluster before it (Unicode's
 * rules as Swift's Character applies them: a flag, an emoji ZWJ sequence or one with a skin
 * tone, a Hangul syllable typed as jamo, a letter with its combining marks, an Indic conjunct
 * such as क्ष, a prepended mark), as sb_session_delete_text() of that cluster (marked text is
 * committed first, the veto sees SB_EVENT_SHOULD_CHANGE_TEXT, a search follows). When
 * `offset` falls inside a cluster the whole cluster is deleted. `*out_new_offset` (may be
 * NULL) receives where the cursor belongs: the deleted cluster's start, or `offset` when
 * nothing was deleted. Inside the session's callbacks the call is queued (SB_OK,
 * `*out_new_offset` = `offset`: the deletion has not happened yet).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EMPTY at offset 0 (nothing to delete); SB_ECANCELED (vetoed); SB_EINVAL
 * (bad handle, offset past the end or inside a UTF-8 sequence); SB_EMISUSE.
 */
sb_status sb_session_delete_backward(sb_session *session, size_t offset, size_t *out_new_offset);

/**
 * Forward delete at UTF-8 byte `offset`: deletes the extended grapheme cluster after it (the
 * whole cluster when `offset` falls inside one); otherwise as sb_session_delete_backward().
 * `*out_new_offset` (may be NULL) receives the deleted cluster's start (`offset`, unless it
 * fell inside the cluster), or `offset` when nothing was deleted.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EMPTY at the end of the text (nothing to delete); SB_ECANCELED (vetoed);
 * SB_EINVAL (bad handle, offset past the end or inside a UTF-8 sequence); SB_EMISUSE.
 */
sb_status sb_session_delete_forward(sb_session *session, size_t offset, size_t *out_new_offset);

/**
 * Sets how typed text is capitalized (an sb_autocapitalization).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE.
 */
sb_status sb_session_set_autocapitalization(sb_session *session, uint32_t value);

/**
 * Sets the keyboard the host's field shows (an sb_keyboard_type; default SB_KEYBOARD_DEFAULT).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
 */
sb_status sb_session_set_keyboard_type(sb_session *session, uint32_t type);

/**
 * Sets autocorrection for the host's field (an sb_text_trait; default SB_TRAIT_DEFAULT).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
 */
sb_status sb_session_set_autocorrection(sb_session *session, uint32_t value);

/**
 * Sets spell checking for the host's field (an sb_text_trait; default SB_TRAIT_DEFAULT).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
 */
sb_status sb_session_set_spell_checking(sb_session *session, uint32_t value);

/**
 * Sets the return key's title (an sb_return_key_type; default SB_RETURN_KEY_SEARCH).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
 */
sb_status sb_session_set_return_key_type(sb_session *session, uint32_t type);

/**
 * Disables the return key while the field has no text and no token (1, the default) or
 * never (0); sb_display.return_key_enabled says whether it can be pressed now.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE (closed session).
 */
sb_status sb_session_set_enables_return_key_automatically(sb_session *session, int32_t enables);

/**
 * The clear button: SB_EVENT_CLEAR, tokens and text removed, and a search at once. Nothing
 * happens on an empty field.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_clear(sb_session *session);

/**
 * The user submitted (Search / Return): SB_EVENT_SEARCH_BUTTON, the text joins the recent
 * searches, and a search runs at once whatever the timing policy.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_submit(sb_session *session);

/**
 * The Cancel button (or Escape): SB_EVENT_CANCEL_BUTTON; tokens and text are removed, the
 * running search is superseded, the field loses the focus and the interface is dismissed.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_cancel(sb_session *session);

/**
 * The name of an sb_autocapitalization value, such as "SB_AUTOCAP_NONE", for logs, debugging and hosts
 * that show it; "SB_AUTOCAP_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_autocapitalization_string(uint32_t value);

/**
 * The name of an sb_keyboard_type value, such as "SB_KEYBOARD_DEFAULT", for logs, debugging and hosts
 * that show it; "SB_KEYBOARD_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_keyboard_type_string(uint32_t value);

/**
 * The name of an sb_text_trait value, such as "SB_TRAIT_DEFAULT", for logs, debugging and hosts
 * that show it; "SB_TRAIT_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_text_trait_string(uint32_t value);

/**
 * The name of an sb_return_key_type value, such as "SB_RETURN_KEY_DEFAULT", for logs, debugging and hosts
 * that show it; "SB_RETURN_KEY_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_return_key_type_string(uint32_t value);

/* ==============================================================================================
 * Session: scopes and tokens
 * ============================================================================================== */

/** When the scope bar is shown (never with fewer than two titles). Append-only. */
typedef enum sb_scope_bar_policy {
    /** While the search is active (the default). */
    SB_SCOPE_BAR_AUTOMATIC = 0,
    /** Always. */
    SB_SCOPE_BAR_ALWAYS = 1,
    /** Never. */
    SB_SCOPE_BAR_NEVER = 2
} sb_scope_bar_policy;

/** What a search token stands for. Append-only. */
typedef enum sb_search_token_kind {
    /** A search term: `value` is matched like typed text. */
    SB_SEARCH_TOKEN_TERM = 0,
    /** A scope filter: `value` is an item scope number ("3"). */
    SB_SEARCH_TOKEN_SCOPE = 1,
    /** An attribute filter on `field`: `value` is text to equal, or >=N, <=N, >N, <N, N...M. */
    SB_SEARCH_TOKEN_ATTRIBUTE = 2
} sb_search_token_kind;

/** A token shown before the text. Strings are UTF-8 with lengths; in library output they are
 *  also NUL-terminated. */
typedef struct sb_search_token {
    /** An sb_search_token_kind value. */
    uint32_t kind;
    /** What the host draws in the token. */
    const char *label;
    /** Length of label in bytes. */
    size_t label_len;
    /** The attribute name (SB_SEARCH_TOKEN_ATTRIBUTE only; else empty). */
    const char *field;
    /** Length of field in bytes. */
    size_t field_len;
    /** The term, scope number or attribute value; NULL/0 means the label. */
    const char *value;
    /** Length of value in bytes. */
    size_t value_len;
    /** An opaque value for the host, returned unchanged. */
    uint64_t host_value;
} sb_search_token;

/**
 * Sets the scope titles (at most 64): `titles[i]` has `lengths[i]` bytes, or is
 * NUL-terminated when `lengths` is NULL. The selection is kept if still in range, else 0.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, NULL titles with count > 0, bad text, or a scope bar
 * that would show in a navigation-bar placement); SB_EMISUSE.
 */
sb_status sb_session_set_scope_titles(sb_session *session, const char * const *titles, const size_t *lengths, size_t count);

/**
 * Sets when the scope bar is shown (an sb_scope_bar_policy).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown policy, or asking for a scope bar in a
 * navigation-bar placement); SB_EMISUSE.
 */
sb_status sb_session_set_scope_bar_policy(sb_session *session, uint32_t policy);

/**
 * The user tapped scope `index`: SB_EVENT_SHOULD_CHANGE_SCOPE (veto), SB_EVENT_SCOPE_DID_CHANGE
 * and, when typing searches, a search at once. Tapping the selected scope does nothing.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_ECANCELED when the veto refused; SB_EINVAL (bad handle, index outside the
 * titles); SB_EMISUSE.
 */
sb_status sb_session_select_scope(sb_session *session, int64_t index);

/**
 * Selects a scope without events or a search (UISearchBar selectedScopeButtonIndex); the
 * user's tap is sb_session_select_scope().
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, index outside the titles); SB_EMISUSE.
 */
sb_status sb_session_set_selected_scope(sb_session *session, int64_t index);

/**
 * Inserts a token before the text at `index` (-1: after the last token): SB_EVENT_TOKEN_ADDED
 * and, when typing searches, a search at once. At most 64 tokens.
 * Ownership: nothing is retained; strings are copied.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, NULL token, unknown kind, bad text, an attribute token
 * without a field or another kind with one, index out of range, too many tokens); SB_EMISUSE.
 */
sb_status sb_session_insert_token(sb_session *session, int64_t index, const sb_search_token *token);

/**
 * Removes the token at `index`: SB_EVENT_TOKEN_REMOVED and a search.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, index out of range); SB_EMISUSE.
 */
sb_status sb_session_remove_token(sb_session *session, int64_t index);

/**
 * The name of an sb_scope_bar_policy value, such as "SB_SCOPE_BAR_AUTOMATIC", for logs, debugging and hosts
 * that show it; "SB_SCOPE_BAR_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_scope_bar_policy_string(uint32_t value);

/**
 * The name of an sb_search_token_kind value, such as "SB_SEARCH_TOKEN_TERM", for logs, debugging and hosts
 * that show it; "SB_SEARCH_TOKEN_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_search_token_kind_string(uint32_t value);

/* ==============================================================================================
 * Session: buttons and appearance
 * ============================================================================================== */

/** The bar's style (UISearchBar searchBarStyle). Append-only. */
typedef enum sb_bar_style {
    /** Stands out: search is a key feature (the default). */
    SB_BAR_STYLE_PROMINENT = 0,
    /** Blends in. */
    SB_BAR_STYLE_MINIMAL = 1,
    /** The platform default (a new session's); drawn as SB_BAR_STYLE_PROMINENT. */
    SB_BAR_STYLE_DEFAULT = 2
} sb_bar_style;

/** The bar's colour scheme (UIKit UIBarStyle; the values are UIKit's). Append-only. */
typedef enum sb_bar_tone {
    /** Translucent white with dark text (the default). */
    SB_BAR_TONE_DEFAULT = 0,
    /** Translucent black with light text. */
    SB_BAR_TONE_BLACK = 1,
    /** Input only: black, and opaque (UIKit's deprecated UIBarStyleBlackOpaque). */
    SB_BAR_TONE_BLACK_OPAQUE = 2,
    /** Input only: black, and translucent (UIKit's deprecated UIBarStyleBlackTranslucent). */
    SB_BAR_TONE_BLACK_TRANSLUCENT = 3
} sb_bar_tone;

/** Where the host places the bar. Append-only. */
typedef enum sb_bar_placement {
    /** In the content area (the default). */
    SB_PLACEMENT_CONTENT = 0,
    /** In a navigation bar or toolbar: no scope bar there (asking for one is SB_EINVAL). */
    SB_PLACEMENT_NAVIGATION_BAR = 1
} sb_bar_placement;

/** When the Cancel button is shown. Append-only. */
typedef enum sb_cancel_button_policy {
    /** While the search is active (the default). */
    SB_CANCEL_BUTTON_AUTOMATIC = 0,
    /** Always. */
    SB_CANCEL_BUTTON_ALWAYS = 1,
    /** Never. */
    SB_CANCEL_BUTTON_NEVER = 2
} sb_cancel_button_policy;

/** Who owns a bar item. Append-only. */
typedef enum sb_bar_item_kind {
    /** The host's item. */
    SB_BAR_ITEM_HOST = 0,
    /** The session's Cancel button (always the last trailing item when shown). */
    SB_BAR_ITEM_CANCEL = 1
} sb_bar_item_kind;

/** A button beside the field, shown while the search is active. */
typedef struct sb_bar_item {
    /** An sb_bar_item_kind value (ignored on input: the host sets host items only). */
    uint32_t kind;
    /** The host's identifier (0 for the Cancel button). */
    uint64_t id;
    /** The title, UTF-8. */
    const char *title;
    /** Length of title in bytes. */
    size_t title_len;
} sb_bar_item;

/** Everything to draw, as sb_session_display() returns it: one block, released with sb_free().
 *  Strings are NUL-terminated UTF-8 with their lengths. */
typedef struct sb_display {
    /** The search text. */
    const char *text;
    /** Length of text in bytes. */
    size_t text_len;
    /** The placeholder. */
    const char *placeholder;
    /** Length of placeholder in bytes. */
    size_t placeholder_len;
    /** The prompt. */
    const char *prompt;
    /** Length of prompt in bytes. */
    size_t prompt_len;
    /** The tokens before the text. */
    const sb_search_token *tokens;
    /** Number of tokens. */
    size_t token_count;
    /** The scope titles. */
    const char *const *scope_titles;
    /** Their lengths in bytes. */
    const size_t *scope_title_lens;
    /** Number of scope titles. */
    size_t scope_count;
    /** The selected scope. */
    int64_t selected_scope;
    /** Items before the field (empty while inactive). */
    const sb_bar_item *leading_items;
    /** Number of leading items. */
    size_t leading_count;
    /** Items after the field; the Cancel button, when shown, is the last. */
    const sb_bar_item *trailing_items;
    /** Number of trailing items. */
    size_t trailing_count;
    /** The newest query's generation (0 before the first). */
    uint64_t generation;
    /** The number of results last delivered. */
    uint64_t result_count;
    /** An sb_bar_placement value. */
    uint32_t placement;
    /** An sb_bar_style value (meaningful when has_tint is 0). */
    uint32_t style;
    /** 1 when a custom tint was set after the style (it wins), else 0. */
    int32_t has_tint;
    /** The custom tint as 0xRRGGBBAA (when has_tint). */
    uint32_t tint_rgba;
    /** Placeholder visible: no text and no token. */
    int32_t shows_placeholder;
    /** Prompt visible: not empty. */
    int32_t shows_prompt;
    /** Clear button visible: text or a token. */
    int32_t shows_clear_button;
    /** Bookmark button visible: enabled, empty field, results-list button not enabled. */
    int32_t shows_bookmark_button;
    /** Results-list button visible: enabled. */
    int32_t shows_results_list_button;
    /** Results-list button drawn selected. */
    int32_t results_list_selected;
    /** Cancel button visible (per policy). */
    int32_t shows_cancel_button;
    /** Scope bar visible (per policy; two titles or more; not in a navigation bar). */
    int32_t shows_scope_bar;
    /** The search interface is presented. */
    int32_t is_active;
    /** The field has the focus. */
    int32_t is_editing;
    /** A search is running. */
    int32_t is_searching;
    /** The running search passed the stall threshold. */
    int32_t is_stalled;
    /** An sb_bar_tone value: SB_BAR_TONE_DEFAULT or SB_BAR_TONE_BLACK (UIKit barStyle). */
    uint32_t bar_tone;
    /** The bar's background, 0xRRGGBBAA: the custom tint when it wins, else white
     *  (SB_BAR_TONE_DEFAULT) or black (SB_BAR_TONE_BLACK); alpha 0xFF while opaque. */
    uint32_t background_rgba;
    /** An sb_keyboard_type value for the host's field. */
    uint32_t keyboard_type;
    /** An sb_text_trait value: autocorrection. */
    uint32_t autocorrection;
    /** An sb_text_trait value: spell checking. */
    uint32_t spell_checking;
    /** An sb_return_key_type value. */
    uint32_t return_key_type;
    /** The search results' title (UISearchDisplayController searchResultsTitle); NULL when
     *  unset: the host shows its own default title. */
    const char *results_title;
    /** Length of results_title in bytes. */
    size_t results_title_len;
    /** The bar is translucent (the default): the content behind it shows through, blurred. */
    int32_t is_translucent;
    /** Draw light text and glyphs (black tone, or a dark tint) rather than dark ones. */
    int32_t uses_light_content;
    /** The return key is disabled while the field is empty (on by default, as in a search bar). */
    int32_t enables_return_key_automatically;
    /** The return key can be pressed now. */
    int32_t return_key_enabled;
    /** 1 while an input method's text is marked (sb_session_set_marked_text()): the host
     *  underlines bytes [marked_start, marked_end) of `text`; 0 otherwise (both are 0). */
    int32_t has_marked_text;
    /** Start of the marked text, a UTF-8 byte offset into `text`. */
    size_t marked_start;
    /** End of the marked text (exclusive). */
    size_t marked_end;
} sb_display;

/**
 * Computes everything to draw (visibility of placeholder, prompt, clear, bookmark,
 * results-list and Cancel buttons and scope bar; tokens; items with Cancel last; style or
 * tint, tone, translucency and the resolved colours; the text-input traits and whether the
 * return key is enabled; the results' title; search progress) in one call.
 * On success `*out_display` receives one block holding the struct, its arrays and strings.
 * Ownership: the caller releases `*out_display` with one sb_free().
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_display); SB_ENOMEM.
 */
sb_status sb_session_display(sb_session *session, sb_display **out_display);

/**
 * Sets the placeholder, shown only while the field has no text and no token.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle or text, over 4096 bytes); SB_EMISUSE.
 */
sb_status sb_session_set_placeholder(sb_session *session, const char *text, size_t text_len);

/**
 * Sets the prompt, a line above the bar shown whether or not there is text.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle or text, over 4096 bytes); SB_EMISUSE.
 */
sb_status sb_session_set_prompt(sb_session *session, const char *text, size_t text_len);

/**
 * Sets the bar's style (an sb_bar_style: default, prominent or minimal; UIKit
 * searchBarStyle); it clears a custom tint (the last one set wins). A new session's style is
 * SB_BAR_STYLE_DEFAULT, drawn as prominent.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown style); SB_EMISUSE.
 */
sb_status sb_session_set_style(sb_session *session, uint32_t style);

/**
 * Sets a custom tint as 0xRRGGBBAA; it overrides the style (the last one set wins).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_set_tint(sb_session *session, uint32_t rgba);

/**
 * Sets the bar's colour scheme (an sb_bar_tone; UIKit barStyle): SB_BAR_TONE_DEFAULT or
 * SB_BAR_TONE_BLACK keep the translucency; SB_BAR_TONE_BLACK_OPAQUE and
 * SB_BAR_TONE_BLACK_TRANSLUCENT set black and make the bar opaque or translucent. Like a
 * style, it clears a custom tint (the last one set wins).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown value); SB_EMISUSE (closed session).
 */
sb_status sb_session_set_bar_tone(sb_session *session, uint32_t tone);

/**
 * Makes the bar translucent (1, the default) or opaque (0): an opaque bar draws black for
 * SB_BAR_TONE_BLACK, white for SB_BAR_TONE_DEFAULT, or its custom tint.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE (closed session).
 */
sb_status sb_session_set_translucent(sb_session *session, int32_t translucent);

/**
 * Sets the search results' title (UISearchDisplayController searchResultsTitle): `title` of
 * `title_len` bytes, or NULL (the default) for the host's own default title.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, invalid UTF-8, over 4096 bytes); SB_EMISUSE (closed session).
 */
sb_status sb_session_set_search_results_title(sb_session *session, const char *title, size_t title_len);

/**
 * Sets where the bar is placed (an sb_bar_placement). A bar in a navigation bar cannot have a
 * scope bar.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown placement, or a navigation-bar placement while
 * the titles and policy show a scope bar); SB_EMISUSE.
 */
sb_status sb_session_set_placement(sb_session *session, uint32_t placement);

/**
 * Sets when the Cancel button is shown (an sb_cancel_button_policy).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, unknown policy); SB_EMISUSE.
 */
sb_status sb_session_set_cancel_button_policy(sb_session *session, uint32_t policy);

/**
 * Sets the Cancel button's title (default "Cancel").
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle or text); SB_EMISUSE.
 */
sb_status sb_session_set_cancel_button_title(sb_session *session, const char *title, size_t title_len);

/**
 * Enables (1) or disables (0) the bookmark button; it shows only while the field is empty.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE.
 */
sb_status sb_session_set_shows_bookmark_button(sb_session *session, int32_t shows);

/**
 * Enables (1) or disables (0) the results-list button; it wins over the bookmark button.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE.
 */
sb_status sb_session_set_shows_results_list_button(sb_session *session, int32_t shows);

/**
 * Draws the results-list button selected (1) or not (0).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, a value other than 0 or 1); SB_EMISUSE.
 */
sb_status sb_session_set_results_list_selected(sb_session *session, int32_t selected);

/**
 * Sets the host's items beside the field (at most 16 a side), shown while the search is
 * active: before the field when `trailing` is 0, after it when 1 (the Cancel button stays
 * last). `items[i].kind` is ignored.
 * Ownership: nothing is retained; titles are copied.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, bad flag, NULL items with count > 0, bad title, too
 * many items); SB_EMISUSE.
 */
sb_status sb_session_set_items(sb_session *session, int32_t trailing, const sb_bar_item *items, size_t count);

/**
 * The bookmark button was tapped: SB_EVENT_BOOKMARK_BUTTON.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_tap_bookmark_button(sb_session *session);

/**
 * The results-list button was tapped: SB_EVENT_RESULTS_LIST_BUTTON.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_tap_results_list_button(sb_session *session);

/**
 * The name of an sb_bar_style value, such as "SB_BAR_STYLE_PROMINENT", for logs, debugging and hosts
 * that show it; "SB_BAR_STYLE_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_bar_style_string(uint32_t value);

/**
 * The name of an sb_bar_tone value, such as "SB_BAR_TONE_DEFAULT", for logs, debugging and hosts
 * that show it; "SB_BAR_TONE_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_bar_tone_string(uint32_t value);

/**
 * The name of an sb_bar_placement value, such as "SB_PLACEMENT_CONTENT", for logs, debugging and hosts
 * that show it; "SB_PLACEMENT_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_bar_placement_string(uint32_t value);

/**
 * The name of an sb_cancel_button_policy value, such as "SB_CANCEL_BUTTON_AUTOMATIC", for logs, debugging and hosts
 * that show it; "SB_CANCEL_BUTTON_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_cancel_button_policy_string(uint32_t value);

/**
 * The name of an sb_bar_item_kind value, such as "SB_BAR_ITEM_HOST", for logs, debugging and hosts
 * that show it; "SB_BAR_ITEM_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_bar_item_kind_string(uint32_t value);

/* ==============================================================================================
 * Session: timing and searches
 * ============================================================================================== */

/** What starts a search. Append-only. */
typedef enum sb_search_trigger {
    /** Typing, after the delay (the default). */
    SB_TRIGGER_AS_YOU_TYPE = 0,
    /** Only submitting (NSSearchField sendsWholeSearchString). */
    SB_TRIGGER_SUBMIT_ONLY = 1
} sb_search_trigger;

/** The sb_search_timing version this header describes. */
#define SB_SEARCH_TIMING_VERSION 1

/** When a session searches. SB_SEARCH_TIMING_INIT, sb_search_timing_init() and a new
 *  session's sb_session_get_timing() give the defaults. Durations are in milliseconds, at most
 *  60000. */
typedef struct sb_search_timing {
    /** SB_SEARCH_TIMING_VERSION (set by SB_SEARCH_TIMING_INIT / sb_search_timing_init()). */
    uint32_t version;
    /** An sb_search_trigger value. */
    uint32_t trigger;
    /** Delay after the last keystroke (default 150, GTK's search-delay; 0 searches at once). */
    uint32_t delay_ms;
    /** 1: the delay shrinks as the text grows, max(shrink_minimum_ms, shrink_initial_ms -
     *  shrink_step_ms * length) (WebKit: 600, 100, 200); 0: delay_ms. */
    int32_t shrinking;
    /** Shrinking delay for zero characters. */
    uint32_t shrink_initial_ms;
    /** Subtracted per character. */
    uint32_t shrink_step_ms;
    /** The shrinking delay's floor. */
    uint32_t shrink_minimum_ms;
    /** Typing searches only from this many characters (0..1000; default 0). */
    uint32_t minimum_characters;
    /** 1 (default): clearing the field searches at once, in either trigger mode. */
    int32_t immediate_on_clear;
    /** A search without results after this long raises SB_EVENT_SEARCH_STALLED; 0 never
     *  (default 300). */
    uint32_t stall_ms;
} sb_search_timing;

/** Initializer of an sb_search_timing with the defaults. */
#define SB_SEARCH_TIMING_INIT {SB_SEARCH_TIMING_VERSION, SB_TRIGGER_AS_YOU_TYPE, 150, 0, 600, 100, 200, 0, 1, 300}

/** What a query was issued for (sb_session_get_query()). */
typedef struct sb_issued_query {
    /** The query's generation. */
    uint64_t generation;
    /** The search text (NUL-terminated UTF-8). */
    const char *text;
    /** Length of text in bytes. */
    size_t text_len;
    /** The selected scope (0 without scope titles). */
    int64_t scope;
    /** The selected scope's title, or NULL without scope titles. */
    const char *scope_title;
    /** Length of scope_title in bytes. */
    size_t scope_title_len;
    /** The tokens before the text (NULL when none). */
    const sb_search_token *tokens;
    /** The number of tokens. */
    size_t token_count;
} sb_issued_query;

/**
 * Fills `*timing` with version `version` of sb_search_timing and the defaults a new session
 * has (as you type, 150 ms, clearing searches at once, 300 ms stall threshold).
 * Ownership: `timing` is the caller's.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL for a NULL timing or a version this library does not know.
 */
sb_status sb_search_timing_init(sb_search_timing *timing, uint32_t version);

/**
 * Copies the search-timing policy into `*out_timing` (a new session holds the defaults:
 * as you type, 150 ms, clearing searches at once, 300 ms stall threshold): the fields of the
 * version the caller set in `out_timing->version`, and nothing past them.
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_timing, a version of 0 or newer than the
 * library's).
 */
sb_status sb_session_get_timing(sb_session *session, sb_search_timing *out_timing);

/**
 * Sets the search-timing policy (a pending delayed search is rescheduled under it).
 * `timing`: any version this library has shipped (fields added later keep their defaults).
 * Ownership: nothing is retained.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, NULL timing, bad version, unknown trigger, a flag
 * other than 0/1, a duration over 60000 ms, more than 1000 minimum characters); SB_EMISUSE.
 */
sb_status sb_session_set_timing(sb_session *session, const sb_search_timing *timing);

/**
 * Moves a session's manual clock (SB_CLOCK_MANUAL) forward by `milliseconds`, firing due
 * timers (delayed searches, stall notices) on the calling thread.
 * Thread safety: any thread; not from inside the session's callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE (a session on the system clock, or from
 * inside a callback).
 */
sb_status sb_session_advance_clock(sb_session *session, uint32_t milliseconds);

/**
 * How long until the host must call sb_session_run_due() on a session created with
 * SB_CLOCK_HOST: `*out_ms` receives the milliseconds until the earliest pending timer (a
 * delayed search, a stall notice), rounded up; 0 when one is due now; -1 when none is pending
 * (wait for input or events only). It is the timeout to give poll() on sb_session_event_fd().
 * Call it after each call the host makes into the session and after draining the event queue:
 * an edit may arm a timer. A timer armed on another thread (an action asked for inside an
 * event callback that runs on a pool thread) that is earlier than every pending one makes the
 * event descriptor readable even with no event queued, so a host waiting on it re-reads the
 * deadline; this call, and sb_session_next_event() returning SB_EMPTY, make the descriptor
 * unreadable again when no event is queued.
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_ms); SB_EMISUSE (a session on another clock).
 */
sb_status sb_session_next_deadline(sb_session *session, int64_t *out_ms);

/**
 * Fires every due timer of a session created with SB_CLOCK_HOST on the calling thread (the
 * host's main thread): a delayed search is issued here (SB_EVENT_UPDATE_SEARCH_RESULTS and the
 * event callback run on this thread before it returns), as are stall notices. The library's
 * timer thread never runs that session's timers. Calling it early is harmless: nothing that is
 * not due fires.
 * Thread safety: any thread (normally the one that drives the host's main loop); not from
 * inside the session's callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE (a session on another clock, or from inside
 * a callback).
 */
sb_status sb_session_run_due(sb_session *session);

/**
 * Runs a search now for the current text, tokens and scope, whatever the timing policy (for
 * instance after the host changed the data). `*out_generation` (if not NULL) receives the
 * new query's generation.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_search_now(sb_session *session, uint64_t *out_generation);

/**
 * What query `generation` was issued for: its text, selected scope (and title) and tokens, as
 * SB_EVENT_UPDATE_SEARCH_RESULTS announced it (a host searching itself reads them here).
 * On success `*out_query` receives one block holding the struct, its strings and tokens.
 * Ownership: the caller releases `*out_query` with one sb_free().
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_ECANCELED when `generation` is no longer the newest query (a newer one
 * superseded it: its results would never be delivered, so there is nothing to search for);
 * SB_EINVAL (bad handle, NULL out_query); SB_ENOMEM.
 */
sb_status sb_session_get_query(sb_session *session, uint64_t generation, sb_issued_query **out_query);

/**
 * Delivers the host's results for query `generation` (a session made without an index:
 * search on SB_EVENT_UPDATE_SEARCH_RESULTS, then call this, possibly from inside that callback).
 * Ownership: the ids are copied.
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_ECANCELED when that query was superseded, cancelled or already answered
 * (the results are dropped: never delivered stale); SB_EINVAL (bad handle, NULL ids with
 * count > 0, more than 1048576 ids); SB_EMISUSE on a session made with an index (the index
 * answers its queries; nothing changes).
 */
sb_status sb_session_deliver_results(sb_session *session, uint64_t generation, const uint64_t *ids, size_t count);

/**
 * Reports that the host's search for `generation` failed with `message` (SB_EVENT_ERROR with
 * status SB_EIO follows).
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_ECANCELED when that query is no longer wanted; SB_EINVAL (bad handle, bad
 * text); SB_EMISUSE on a session made with an index (nothing changes).
 */
sb_status sb_session_fail_search(sb_session *session, uint64_t generation, const char *message, size_t message_len);

/**
 * The newest delivered results: `*out_generation` their query's generation (0 when none),
 * `*out_ids` the item ids best first (NULL when none) and `*out_count` their number.
 * Ownership: the caller releases `*out_ids` with sb_free().
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL outputs); SB_ENOMEM.
 */
sb_status sb_session_results(sb_session *session, uint64_t *out_generation, uint64_t **out_ids, size_t *out_count);

/**
 * The newest delivered results as a results handle with scores, matched fields and highlight
 * ranges (sb_results_get()), and their query's generation in `*out_generation` (0 and NULL
 * results when none were delivered yet). For a session without an index, the hits carry the
 * host's ids in order with no highlights.
 * Ownership: the caller releases `*out_results` with sb_results_free().
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL outputs); SB_ENOMEM.
 */
sb_status sb_session_copy_results(sb_session *session, uint64_t *out_generation, sb_results **out_results);

/**
 * The user chose result `id`: SB_EVENT_RESULT_CHOSEN, and the text joins the recent searches.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_choose_result(sb_session *session, uint64_t id);

/**
 * Move to the next (`direction` 1) or previous (`direction` -1) match (GTK next-match /
 * previous-match): SB_EVENT_NEXT_MATCH or SB_EVENT_PREVIOUS_MATCH.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, direction not 1 or -1); SB_EMISUSE.
 */
sb_status sb_session_move_match(sb_session *session, int32_t direction);

/**
 * The name of an sb_search_trigger value, such as "SB_TRIGGER_AS_YOU_TYPE", for logs, debugging and hosts
 * that show it; "SB_TRIGGER_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_search_trigger_string(uint32_t value);

/* ==============================================================================================
 * Session: events
 * ============================================================================================== */

/** What a session event reports (sb_event.kind). Append-only. */
typedef enum sb_event_kind {
    /** Veto: the field is about to take the focus (searchBarShouldBeginEditing). */
    SB_EVENT_SHOULD_BEGIN_EDITING = 0,
    /** The field took the focus (searchBarTextDidBeginEditing). */
    SB_EVENT_DID_BEGIN_EDITING = 1,
    /** Veto: the field is about to lose the focus (searchBarShouldEndEditing). */
    SB_EVENT_SHOULD_END_EDITING = 2,
    /** The field lost the focus (searchBarTextDidEndEditing). */
    SB_EVENT_DID_END_EDITING = 3,
    /** Veto: bytes `range` of the text are about to be replaced by `text`
     *  (searchBar:shouldChangeTextInRange:replacementText:). */
    SB_EVENT_SHOULD_CHANGE_TEXT = 4,
    /** The text changed; `text` is the new text (searchBar:textDidChange:). */
    SB_EVENT_TEXT_DID_CHANGE = 5,
    /** The user submitted; `text` is the text (searchBarSearchButtonClicked, GTK activate). */
    SB_EVENT_SEARCH_BUTTON = 6,
    /** The Cancel button was tapped (searchBarCancelButtonClicked, GTK stop-search). */
    SB_EVENT_CANCEL_BUTTON = 7,
    /** The bookmark button was tapped (searchBarBookmarkButtonClicked). */
    SB_EVENT_BOOKMARK_BUTTON = 8,
    /** The results-list button was tapped (searchBarResultsListButtonClicked). */
    SB_EVENT_RESULTS_LIST_BUTTON = 9,
    /** The clear button removed the text and tokens. */
    SB_EVENT_CLEAR = 10,
    /** Veto: the scope is about to change from `previous_index` to `index`. */
    SB_EVENT_SHOULD_CHANGE_SCOPE = 11,
    /** The scope changed from `previous_index` to `index` (selectedScopeButtonIndexDidChange). */
    SB_EVENT_SCOPE_DID_CHANGE = 12,
    /** A token was inserted at `index`; `text` is its label, `host_value` its host value. */
    SB_EVENT_TOKEN_ADDED = 13,
    /** The token at `index` was removed; `text` is its label, `host_value` its host value. */
    SB_EVENT_TOKEN_REMOVED = 14,
    /** The search interface is about to be presented (willPresentSearchController). */
    SB_EVENT_WILL_PRESENT = 15,
    /** The search interface was presented (didPresentSearchController). */
    SB_EVENT_DID_PRESENT = 16,
    /** The search interface is about to be dismissed (willDismissSearchController). */
    SB_EVENT_WILL_DISMISS = 17,
    /** The search interface was dismissed (didDismissSearchController). */
    SB_EVENT_DID_DISMISS = 18,
    /** Query `generation` was issued for `text` (updateSearchResultsForSearchController, GTK
     *  search-changed). A session without an index expects the host to search and call
     *  sb_session_deliver_results(). */
    SB_EVENT_UPDATE_SEARCH_RESULTS = 19,
    /** The results of query `generation` are in: `count` hits (sb_session_results()). Never
     *  delivered for a query older than the newest. */
    SB_EVENT_RESULTS_READY = 20,
    /** Query `generation` has no results after the stall threshold: show a spinner. */
    SB_EVENT_SEARCH_STALLED = 21,
    /** Query `generation` will never deliver results: a newer query or a cancel replaced it. */
    SB_EVENT_SUPERSEDED = 22,
    /** Something failed: `status` says what and `text` explains; `generation` is the query's,
     *  or 0 outside a search (for instance saving recent searches). */
    SB_EVENT_ERROR = 23,
    /** The suggestion at `index` was chosen; `text` is its completion. */
    SB_EVENT_SUGGESTION_CHOSEN = 24,
    /** The host reported that the user chose result `host_value` (sb_session_choose_result()). */
    SB_EVENT_RESULT_CHOSEN = 25,
    /** Move to the next match (GTK next-match). */
    SB_EVENT_NEXT_MATCH = 26,
    /** Move to the previous match (GTK previous-match). */
    SB_EVENT_PREVIOUS_MATCH = 27,
    /** The recent searches changed. */
    SB_EVENT_RECENTS_DID_CHANGE = 28,
    /** Remote source `index` is asked for query `generation`: `text` is the text,
     *  `previous_index` the selected scope and `count` the number of tokens
     *  (sb_session_get_query() gives them). Answer with sb_session_answer_source() or
     *  sb_session_fail_source(). Never delivered for a query older than the newest. */
    SB_EVENT_SOURCE_REQUEST = 29,
    /** Remote source `index`'s request for query `generation` is no longer wanted (a newer
     *  query, a cancel or its timeout): stop it on the server; an answer would be dropped. */
    SB_EVENT_SOURCE_CANCEL = 30,
    /** Source `index`'s section of query `generation` is ready or failed; `count` sections of
     *  that query are settled (sb_session_sections()). Never delivered for a query older than
     *  the newest. */
    SB_EVENT_SECTIONS_READY = 31
} sb_event_kind;

/** One session event. Fields a kind does not use are 0, -1 (indices) or NULL/0 (text). */
typedef struct sb_event {
    /** An sb_event_kind value. */
    uint32_t kind;
    /** For SB_EVENT_ERROR: the sb_status of the failure; otherwise SB_OK. */
    uint32_t status;
    /** The query generation of search events; 0 otherwise. */
    uint64_t generation;
    /** Scope, token or suggestion index; -1 when unused. SB_EVENT_UPDATE_SEARCH_RESULTS: the
     *  selected scope the query was issued for (sb_session_get_query() gives its tokens). */
    int64_t index;
    /** The previous scope index; -1 when unused. */
    int64_t previous_index;
    /** SB_EVENT_SHOULD_CHANGE_TEXT: the UTF-8 byte range of the text being replaced. */
    sb_range range;
    /** Text, replacement, label, completion or message, NUL-terminated UTF-8 (NULL when none).
     *  From sb_session_next_event() it is the caller's, released with sb_free(); in a callback
     *  it belongs to the library, is read-only and is valid until the callback returns. */
    char *text;
    /** Length of text in bytes, without the NUL. */
    size_t text_len;
    /** SB_EVENT_RESULTS_READY: the number of results. SB_EVENT_UPDATE_SEARCH_RESULTS: the
     *  number of tokens the query was issued with. */
    uint64_t count;
    /** A token's host value or the chosen result's id. */
    uint64_t host_value;
} sb_event;

/**
 * Answers a veto event (SB_EVENT_SHOULD_*), called synchronously on the thread of the host's
 * call that asks (sb_session_begin_editing(), sb_session_insert_text(), ...), never on a
 * library thread. Return 1 to allow, 0 to refuse (a boolean, as everywhere: any other value
 * allows). `event` is valid during the call only.
 */
typedef int32_t (*sb_veto_callback)(void *user, const sb_event *event);
/**
 * Receives every other event, in order and never two at once. Events a host call raises are
 * delivered on that call's thread before it returns; events of timers and searches
 * (SB_EVENT_UPDATE_SEARCH_RESULTS after the delay, SB_EVENT_RESULTS_READY,
 * SB_EVENT_SEARCH_STALLED, ...) on a library thread. A host that must handle events on its
 * main thread sets no callback and reads the queue there when sb_session_event_fd() becomes
 * readable. `event` is valid during the call only.
 */
typedef void (*sb_event_callback)(void *user, const sb_event *event);

/**
 * Sets the callbacks: `veto` answers SB_EVENT_SHOULD_* synchronously on the calling thread
 * (non-zero allows; without it everything is allowed); `on_event` receives every other event,
 * in order and never two at once. Either may be NULL. Both get `user`. Events also go to the
 * queue read by sb_session_next_event(), whatever the callbacks.
 * Ownership: `user` is not retained; it must stay valid until the callbacks are replaced or
 * the session is freed. When this function (or sb_session_free()) returns, the previous
 * callbacks are not running on any thread and will not be called again.
 * Acting on the bar from a callback: as a delegate does (resign the focus on
 * SB_EVENT_SEARCH_BUTTON, dismiss on SB_EVENT_CANCEL_BUTTON, set the text on
 * SB_EVENT_SUGGESTION_CHOSEN), a callback may call the session's other functions. Reading
 * functions (getters, display, results, suggestions, recents, next_event, deliver_results)
 * run at once. A function that changes the session is queued: its arguments are checked at
 * once (an invalid one returns its error and queues nothing), then it returns SB_OK, meaning
 * "queued", not "done" (a vetoable call cannot yet report SB_ECANCELED; out-values such as
 * sb_session_search_now()'s generation are 0). Queued calls run on the callback's thread, in
 * the order asked, right after the callback returns (after a veto callback: once the call
 * that asked the veto has returned), before the next event is delivered; the events they
 * raise follow in order, and stale results are still never delivered. A queued call that
 * fails when it runs is reported as SB_EVENT_ERROR with generation 0, its `status`, and a
 * `text` naming the call (by its Swift method name, such as "selectScope") and the reason; one
 * refused by a veto is simply not applied. At most 1024 calls
 * may wait per thread (SB_EMISUSE past that). Four functions stay refused inside callbacks
 * with SB_EMISUSE: sb_session_free(), sb_session_set_callbacks(), sb_session_advance_clock() and
 * sb_session_run_due().
 * Thread safety: any thread; not from inside the session's callbacks (SB_EMISUSE).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_set_callbacks(sb_session *session, sb_veto_callback veto, sb_event_callback on_event, void *user);

/**
 * Takes the oldest queued event, waiting up to `timeout_ms` milliseconds for one (0: do not
 * wait; -1: wait forever). Results of a query older than the newest come out as
 * SB_EVENT_SUPERSEDED, never as SB_EVENT_RESULTS_READY.
 * On SB_OK `*out_event` is filled; its `text` (NULL when empty) is the caller's.
 * Ownership: the caller releases `out_event->text` with sb_free().
 * Thread safety: any thread, including from inside callbacks; several threads may wait.
 * Returns SB_OK; SB_EMPTY (not an error: sb_last_error() is left alone) when `timeout_ms` is 0
 * and the queue is empty; SB_ETIMEDOUT when no event came within a wait (or the session is
 * being freed); SB_EINVAL (bad handle, NULL out_event, timeout below -1); SB_ENOMEM.
 */
sb_status sb_session_next_event(sb_session *session, int32_t timeout_ms, sb_event *out_event);

/**
 * The session's event descriptor: readable exactly while events wait in the queue, so a GLib
 * (g_unix_fd_add), asyncio (add_reader), Qt (QSocketNotifier) or poll() loop can wait on it;
 * then drain with sb_session_next_event(session, 0, ...). Do not read, write or close it.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_fd).
 */
sb_status sb_session_event_fd(sb_session *session, int32_t *out_fd);

/**
 * Sets how many events the queue keeps (0 turns it off; at most 1048576). When full the
 * oldest events are dropped; `*out_dropped` (if not NULL) receives how many were dropped so far.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, capacity too large); SB_EMISUSE.
 */
sb_status sb_session_set_event_queue_capacity(sb_session *session, uint32_t capacity, uint64_t *out_dropped);

/**
 * The name of an sb_event_kind value, such as "SB_EVENT_SHOULD_BEGIN_EDITING", for logs, debugging and hosts
 * that show it; "SB_EVENT_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_event_kind_string(uint32_t value);

/* ==============================================================================================
 * Session: suggestions and recents
 * ============================================================================================== */

/** The sb_recents_policy version this header describes. */
#define SB_RECENTS_POLICY_VERSION 1

/** How recent searches are kept. */
typedef struct sb_recents_policy {
    /** SB_RECENTS_POLICY_VERSION (set by SB_RECENTS_POLICY_INIT / sb_recents_policy_init()). */
    uint32_t version;
    /** At most this many per list, newest first (0..254; default 10). */
    uint32_t limit;
    /** 1: one list per scope title; 0 (default): one list. */
    int32_t per_scope;
    /** 1: record nothing (private browsing); 0 (default). */
    int32_t is_private;
    /** Entries older than this many milliseconds are forgotten; 0 (default) keeps them. */
    uint64_t expiry_ms;
} sb_recents_policy;

/** Initializer of an sb_recents_policy with the defaults. */
#define SB_RECENTS_POLICY_INIT {SB_RECENTS_POLICY_VERSION, 10, 0, 0, 0}

/** One recent search, as sb_session_recents() returns it. */
typedef struct sb_recent {
    /** The text, NUL-terminated UTF-8. */
    const char *text;
    /** Length of text in bytes. */
    size_t text_len;
    /** When it was last searched, in milliseconds since the Unix epoch. */
    int64_t time_ms;
} sb_recent;

/** Where a suggestion comes from. Append-only. */
typedef enum sb_suggestion_source {
    /** A recent search. */
    SB_SUGGESTION_RECENT = 0,
    /** A word of the index's vocabulary starting with the word being typed. */
    SB_SUGGESTION_COMPLETION = 1,
    /** The host's (sb_session_set_host_suggestions()). */
    SB_SUGGESTION_HOST = 2
} sb_suggestion_source;

/** What choosing a suggestion does. Append-only. */
typedef enum sb_suggestion_action {
    /** The whole text becomes the completion. */
    SB_SUGGESTION_REPLACE_TEXT = 0,
    /** The word being typed becomes the completion. */
    SB_SUGGESTION_REPLACE_WORD = 1,
    /** The token is added and the word being typed removed. */
    SB_SUGGESTION_ADD_TOKEN = 2
} sb_suggestion_action;

/** A suggestion. Strings are UTF-8 with lengths (NUL-terminated in library output). */
typedef struct sb_suggestion {
    /** An sb_suggestion_source value (ignored on input). */
    uint32_t source;
    /** An sb_suggestion_action value. */
    uint32_t action;
    /** What the host shows. */
    const char *title;
    /** Length of title in bytes. */
    size_t title_len;
    /** The text it puts in the field; NULL/0 means the title. */
    const char *completion;
    /** Length of completion in bytes. */
    size_t completion_len;
    /** The token SB_SUGGESTION_ADD_TOKEN adds; NULL otherwise. */
    const sb_search_token *token;
    /** An opaque value for the host. */
    uint64_t host_value;
} sb_suggestion;

/**
 * What to offer now: before typing, the recent searches and the host's "near the field"
 * items; while typing, matching recent searches, completions of the word being typed from the
 * index's vocabulary, and the host's suggestions. `*out_suggestions` receives an array of
 * `*out_count` entries (NULL when none).
 * Ownership: one block with the strings and tokens; release it with one sb_free().
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL outputs); SB_ENOMEM.
 */
sb_status sb_session_suggestions(sb_session *session, sb_suggestion **out_suggestions, size_t *out_count);

/**
 * Chooses suggestion `index` of sb_session_suggestions(): the text or the word being typed is
 * replaced, or a token added, as its action says; SB_EVENT_SUGGESTION_CHOSEN,
 * SB_EVENT_TEXT_DID_CHANGE / SB_EVENT_TOKEN_ADDED follow, the result joins the recent searches
 * and a search runs at once.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, index out of range); SB_EMISUSE.
 */
sb_status sb_session_choose_suggestion(sb_session *session, int64_t index);

/**
 * Sets the host's suggestions (at most 256): those offered on an empty field when
 * `before_typing` is 1, those offered while typing when 0 (replace them as the text changes).
 * `suggestions[i].source` is ignored; `completion` NULL/0 means the title.
 * Ownership: nothing is retained; strings and tokens are copied.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, bad flag, NULL suggestions with count > 0, bad text,
 * unknown action, an add-token suggestion without a valid token); SB_EMISUSE.
 */
sb_status sb_session_set_host_suggestions(sb_session *session, int32_t before_typing, const sb_suggestion *suggestions, size_t count);

/**
 * Sets how many recent searches and vocabulary completions are offered (each 0..50; default 5).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, a limit over 50); SB_EMISUSE.
 */
sb_status sb_session_set_suggestion_limits(sb_session *session, uint32_t recents, uint32_t completions);

/**
 * Fills `*policy` with version `version` of sb_recents_policy and the defaults a new session
 * has (limit 10, one list, no expiry, not private).
 * Ownership: `policy` is the caller's.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL for a NULL policy or a version this library does not know.
 */
sb_status sb_recents_policy_init(sb_recents_policy *policy, uint32_t version);

/**
 * Copies the recent-search policy into `*out_policy` (defaults: limit 10, one list, no expiry,
 * not private): the fields of the version the caller set in `out_policy->version`, and nothing
 * past them.
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_policy, a version of 0 or newer than the
 * library's).
 */
sb_status sb_session_get_recents_policy(sb_session *session, sb_recents_policy *out_policy);

/**
 * Sets how recent searches are kept (a lower limit or an expiry drops entries at once).
 * `policy`: any version this library has shipped (fields added later keep their defaults).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, NULL policy, bad version, limit over 254, a flag
 * other than 0/1); SB_EMISUSE.
 */
sb_status sb_session_set_recents_policy(sb_session *session, const sb_recents_policy *policy);

/**
 * Saves the recent searches under `name` (letters, digits, '.', '_', '-'; at most 128) in the
 * session's recents directory, loading that file's entries; NULL stops saving. Files are
 * written atomically (temporary file, fsync, rename).
 * A file that cannot be read or parsed is moved aside to `<name>.json.corrupt-<N>` and the
 * session starts with no recent searches: the status says so (the message names the new path)
 * but the session is bound to the name and saves a fresh file from then on.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_ECORRUPT or SB_EIO as above; SB_EINVAL (bad handle, bad name); SB_EMISUSE.
 */
sb_status sb_session_set_recents_name(sb_session *session, const char *name);

/**
 * The recent searches of the current list (the selected scope's with per-scope lists), newest
 * first: `*out_recents` receives an array of `*out_count` entries (NULL when none).
 * Ownership: one block with the strings; release it with one sb_free().
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL outputs); SB_ENOMEM.
 */
sb_status sb_session_recents(sb_session *session, sb_recent **out_recents, size_t *out_count);

/**
 * Adds a search to the current list as submitting it would (not in private mode).
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle or text); SB_EMISUSE.
 */
sb_status sb_session_add_recent(sb_session *session, const char *text, size_t text_len);

/**
 * Removes entry `index` of the current list.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle, index out of range); SB_EMISUSE.
 */
sb_status sb_session_remove_recent(sb_session *session, int64_t index);

/**
 * Forgets every recent search of every list.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK; SB_EINVAL (bad handle); SB_EMISUSE.
 */
sb_status sb_session_clear_recents(sb_session *session);

/**
 * The name of an sb_suggestion_source value, such as "SB_SUGGESTION_RECENT", for logs, debugging and hosts
 * that show it; "SB_SUGGESTION_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_suggestion_source_string(uint32_t value);

/**
 * The name of an sb_suggestion_action value, such as "SB_SUGGESTION_REPLACE_TEXT", for logs, debugging and hosts
 * that show it; "SB_SUGGESTION_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_suggestion_action_string(uint32_t value);

/* ==============================================================================================
 * Session: sources and sections
 * ============================================================================================== */

/** Where a source's items come from. Append-only. */
typedef enum sb_source_kind {
    /** A local index (passed to sb_session_add_source()), searched by the library. */
    SB_SOURCE_LOCAL_INDEX = 0,
    /** The session's recent searches that contain the text. */
    SB_SOURCE_RECENTS = 1,
    /** The host's suggestions (sb_session_set_host_suggestions()) that contain the text. */
    SB_SOURCE_SUGGESTIONS = 2,
    /** A source the host answers: SB_EVENT_SOURCE_REQUEST asks, sb_session_answer_source() or
     *  sb_session_fail_source() answers, SB_EVENT_SOURCE_CANCEL withdraws. */
    SB_SOURCE_REMOTE = 3
} sb_source_kind;

/** Whether a source's section answers the query. Append-only. */
typedef enum sb_section_state {
    /** Not asked for this query (empty field, or text shorter than the source's minimum). */
    SB_SECTION_IDLE = 0,
    /** Asked (or waiting for its delay), no answer yet. */
    SB_SECTION_PENDING = 1,
    /** Answered: the section holds the items. */
    SB_SECTION_READY = 2,
    /** Failed or timed out (`status`, `message`); the other sections are not affected. */
    SB_SECTION_FAILED = 3
} sb_section_state;

/** The sb_source_options version this header describes. */
#define SB_SOURCE_OPTIONS_VERSION 1

/** A source of sb_session_add_source(). */
typedef struct sb_source_options {
    /** SB_SOURCE_OPTIONS_VERSION (set by SB_SOURCE_OPTIONS_INIT / sb_source_options_init()). */
    uint32_t version;
    /** An sb_source_kind value. Default SB_SOURCE_REMOTE. */
    uint32_t kind;
    /** The section's title, NUL-terminated UTF-8; NULL means "". */
    const char *title;
    /** The most items the section shows, 1..1000. Default 20. */
    uint32_t limit;
    /** With deduplication on (sb_session_set_source_dedupe()), an item several sources found
     *  stays in the section of the highest priority (the earlier source on a tie). Default 0. */
    int32_t priority;
    /** Milliseconds from the request (on the session's clock) before the section fails with
     *  SB_ETIMEDOUT and a remote request is cancelled; 0: no limit. Default 0. */
    uint32_t timeout_ms;
    /** The fewest characters the text needs for the source to be asked (tokens do not count).
     *  Default 0. */
    uint32_t min_query_length;
    /** Milliseconds after the session issues a query before the source is asked (on the
     *  session's clock). Default 0. */
    uint32_t delay_ms;
    /** SB_SOURCE_LOCAL_INDEX: an sb_match_mode for its searches (0: the index's). Default 0. */
    uint32_t mode;
} sb_source_options;

/** Initializer of an sb_source_options with the defaults. */
#define SB_SOURCE_OPTIONS_INIT {SB_SOURCE_OPTIONS_VERSION, SB_SOURCE_REMOTE, NULL, 20, 0, 0, 0, 0, 0}

/** One item of a remote source's answer (sb_session_answer_source()). */
typedef struct sb_source_item {
    /** The host's id of the item (deduplication compares it). */
    uint64_t id;
    /** The title, UTF-8 of title_len bytes (NULL only with 0). */
    const char *title;
    /** Length of title in bytes. */
    size_t title_len;
    /** The subtitle, UTF-8 of subtitle_len bytes (NULL only with 0). */
    const char *subtitle;
    /** Length of subtitle in bytes. */
    size_t subtitle_len;
    /** The server's score, higher is better; read only when has_score is 1. */
    double score;
    /** 1 when score is set, else 0. */
    int32_t has_score;
} sb_source_item;

/** One item of a section (sb_session_sections()), highlighted by the session. */
typedef struct sb_section_item {
    /** The item's id. */
    uint64_t id;
    /** The title, NUL-terminated UTF-8 of title_len bytes. */
    const char *title;
    /** Length of title in bytes. */
    size_t title_len;
    /** The subtitle, NUL-terminated UTF-8 of subtitle_len bytes ("" for none). */
    const char *subtitle;
    /** Length of subtitle in bytes. */
    size_t subtitle_len;
    /** The source's score (a local index's ranking score); meaningful when has_score is 1. */
    double score;
    /** 1 when the source gave a score, else 0. */
    int32_t has_score;
    /** Byte ranges of title that match the query, sorted and disjoint (NULL when none). */
    const sb_range *title_highlights;
    /** Number of title_highlights. */
    size_t title_highlight_count;
    /** Byte ranges of subtitle that match the query (NULL when none). */
    const sb_range *subtitle_highlights;
    /** Number of subtitle_highlights. */
    size_t subtitle_highlight_count;
} sb_section_item;

/** One source's section of a query. */
typedef struct sb_section {
    /** The source's position (sb_session_add_source()). */
    int64_t source;
    /** The source's title, NUL-terminated UTF-8. */
    const char *title;
    /** An sb_section_state value. */
    uint32_t state;
    /** SB_SECTION_FAILED: why (SB_ETIMEDOUT for a timeout, SB_EIO for a failure the host
     *  reported); otherwise SB_OK. */
    uint32_t status;
    /** SB_SECTION_FAILED: what failed, NUL-terminated UTF-8; otherwise "". */
    const char *message;
    /** The items, best first (NULL when none). */
    const sb_section_item *items;
    /** Number of items. */
    size_t item_count;
} sb_section;

/** The sections of the newest query, in source order (sb_session_sections()). */
typedef struct sb_sections {
    /** The query the sections answer (0 before the first query and after a cancel). */
    uint64_t generation;
    /** One section per source, in the order they were added (NULL when none). */
    const sb_section *sections;
    /** Number of sections. */
    size_t count;
} sb_sections;

/**
 * Fills `*options` with the defaults of version `version` (SB_SOURCE_OPTIONS_VERSION): a
 * remote source, limit 20, priority 0, no timeout, no minimum length, no delay.
 * Ownership: `options` is the caller's.
 * Thread safety: any thread.
 * Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
 */
sb_status sb_source_options_init(sb_source_options *options, uint32_t version);

/**
 * Appends a source to the session; `*out_source` receives its position, which is its
 * section's place in sb_session_sections() and the `index` of its events. Every query the
 * session issues from then on asks it, with the query's generation: a local index is searched
 * on the library's threads, recents and suggestions are matched at once, a remote source gets
 * SB_EVENT_SOURCE_REQUEST. `index` is the index of an SB_SOURCE_LOCAL_INDEX source (NULL for
 * the other kinds); the session keeps it alive. A session has at most 64 sources. On a session
 * made without an index, the sources are its search: once no section of a query is pending,
 * the query is answered with the sections' items in source order (SB_EVENT_RESULTS_READY,
 * sb_session_results(), sb_session_copy_results() with their titles and highlights).
 * Ownership: `options` and its title are the caller's (copied).
 * Thread safety: any thread; inside the session's callbacks it is queued and `*out_source` is -1.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL options or out_source, bad version, unknown kind
 * or mode, limit outside 1..1000, an index missing or given to another kind, bad title,
 * too many sources); SB_EMISUSE on a closed session.
 */
sb_status sb_session_add_source(sb_session *session, sb_index *index, const sb_source_options *options, int64_t *out_source);

/**
 * Turns deduplication by id across sections on (1) or off (0, the default): with it on, an
 * item several sources found stays only in the section of the source with the highest
 * priority (the earlier source on a tie). Applies to sb_session_sections() from now on.
 * Thread safety: any thread; inside the session's callbacks it is queued.
 * Returns SB_OK; SB_EINVAL (bad handle, a flag other than 0 or 1); SB_EMISUSE.
 */
sb_status sb_session_set_source_dedupe(sb_session *session, int32_t dedupe);

/**
 * Answers remote source `source`'s SB_EVENT_SOURCE_REQUEST for query `generation` with
 * `count` items, best first (the section keeps the source's limit of them). The session
 * highlights titles and subtitles for the query with the same folding as a local index, and
 * SB_EVENT_SECTIONS_READY follows. An answer that comes too late is dropped: a newer query,
 * a cancel, the source's timeout or an earlier answer came first (SB_ECANCELED).
 * Ownership: nothing is retained; the strings are copied.
 * Thread safety: any thread, including from inside the session's callbacks.
 * Returns SB_OK; SB_ECANCELED (late: dropped); SB_EINVAL (bad handle, source out of range or
 * not remote, NULL items with count > 0, bad UTF-8, bad has_score, a score that is not finite);
 * SB_ETOOBIG (more than 65536 items).
 */
sb_status sb_session_answer_source(sb_session *session, int64_t source, uint64_t generation, const sb_source_item *items, size_t count);

/**
 * Reports that remote source `source` could not answer query `generation`: its section shows
 * as SB_SECTION_FAILED with status SB_EIO and `message` (NUL-terminated UTF-8; NULL means "");
 * the other sections stay. SB_EVENT_SECTIONS_READY follows.
 * Ownership: `message` is copied.
 * Thread safety: any thread, including from inside the session's callbacks.
 * Returns SB_OK; SB_ECANCELED (late: dropped); SB_EINVAL (bad handle, source out of range or
 * not remote, bad UTF-8).
 */
sb_status sb_session_fail_source(sb_session *session, int64_t source, uint64_t generation, const char *message);

/**
 * The sections of the newest query, one per source in the order they were added, with their
 * state, items and highlights (deduplicated when sb_session_set_source_dedupe() is on); no
 * sections before the first query and after a cancel.
 * Ownership: `*out_sections` is one block; release it with one sb_free().
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_sections); SB_ENOMEM.
 */
sb_status sb_session_sections(sb_session *session, sb_sections **out_sections);

/**
 * The name of an sb_source_kind value, such as "SB_SOURCE_LOCAL_INDEX", for logs, debugging and hosts
 * that show it; "SB_SOURCE_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_source_kind_string(uint32_t value);

/**
 * The name of an sb_section_state value, such as "SB_SECTION_IDLE", for logs, debugging and hosts
 * that show it; "SB_SECTION_UNKNOWN" for a value this version does not know.
 * Ownership: static storage owned by the library; do not free it.
 * Thread safety: any thread. Never fails.
 * Returns the name, never NULL.
 */
const char *sb_section_state_string(uint32_t value);

/* ==============================================================================================
 * Session: snapshot
 * ============================================================================================== */

/**
 * Serializes the session's state to JSON for state restoration: text, tokens, scope, active
 * and editing, configuration, timing and the recent-search list's name and policy (the format
 * is in docs/uikit-mapping.md). `*out_json` receives NUL-terminated UTF-8 and `*out_len` (if
 * not NULL) its length.
 * Ownership: the caller releases `*out_json` with sb_free().
 * Thread safety: any thread, including from inside callbacks.
 * Returns SB_OK; SB_EINVAL (bad handle, NULL out_json); SB_ENOMEM.
 */
sb_status sb_session_snapshot(sb_session *session, char **out_json, size_t *out_len);

/**
 * Restores a snapshot: the state is replaced as a whole or not at all; the running search is
 * superseded; an active session with text or tokens searches at once. No delegate events are
 * raised for the restored values. When the snapshot names another recent-search list, it is
 * loaded from its file; a file that cannot be read is moved aside as
 * sb_session_set_recents_name() does and the list starts empty.
 * Thread safety: any thread; inside the session's callbacks it is queued (sb_session_set_callbacks()).
 * Returns SB_OK (restored); SB_WARN_RECENTS_RESET (restored, but the recents file could not be
 * read: it was moved aside and the recent searches start empty; sb_last_error() says which file
 * and why); every error status means nothing changed: SB_ECORRUPT (malformed JSON, unknown
 * version or member, wrong types); SB_EINVAL (bad handle, bad UTF-8, values the session refuses
 * such as a scope bar in a navigation bar); SB_ETOOBIG; SB_EMISUSE.
 */
sb_status sb_session_restore(sb_session *session, const char *json, size_t json_len);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SEARCHBAR_H */
