/*
 * The C types of searchbar's public interface. The header generator copies this file into
 * include/searchbar.h (without the Swift-only region), section by section: each
 * "SB_SECTION(key)" comment starts a section, and the generator puts that section's functions
 * (include/generate_header.py, SECTIONS) after its types.
 */
#ifndef SEARCHBAR_TYPES_H
#define SEARCHBAR_TYPES_H

#include <stddef.h>
#include <stdint.h>

/* SB_SECTION(version) */

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

/* SB_SECTION(text) */

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

/* SB_SECTION(collator) */

/* SB_SECTION(index) */

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

/* SB_SECTION(results) */

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

/* SB_SECTION(session_lifecycle) */

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

/* SB_SECTION(session_text) */

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

/* SB_SECTION(session_scopes) */

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

/* SB_SECTION(session_appearance) */

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

/* SB_SECTION(session_timing) */

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

/* SB_SECTION(session_events) */

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

/* SB_SECTION(session_suggestions) */

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

/* SB_SECTION(session_sources) */

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

/* SB_SECTION(session_snapshot) */

/* SB_SWIFT_ONLY_BEGIN: handle spellings for the Swift exporter; the generator maps them back. */
typedef struct sb_collator *sb_collator_ref;
typedef struct sb_index *sb_index_ref;
typedef struct sb_session *sb_session_ref;
typedef struct sb_results *sb_results_ref;
/* SB_SWIFT_ONLY_END */

#endif /* SEARCHBAR_TYPES_H */
