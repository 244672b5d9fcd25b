/* Every public i18n case (Tests/Fixtures/i18n-cases.json) through the installed C library:
 * match cases as prefix-mode index searches (with highlight ranges checked against the item's
 * UTF-8), token cases through sb_tokenize(), sort cases through sb_collator_sort(). */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

enum { MAX_CASES = 512, MAX_PARTS = 64 };

/* One case of the fixture; every field is a NUL-terminated UTF-8 string (NULL for JSON null). */
typedef struct i18n_case {
    long id;
    char *locale, *item, *query, *mode, *expect, *note;
} i18n_case;

/* ---- A reader for the fixture's JSON: an array of flat objects of strings, integers and nulls. */

typedef struct reader {
    const char *at, *end;
    int failed;
} reader;

static void skip_space(reader *r) {
    while (r->at < r->end && (*r->at == ' ' || *r->at == '\n' || *r->at == '\r' || *r->at == '\t')) r->at++;
}

static int take(reader *r, char c) {
    skip_space(r);
    if (r->at < r->end && *r->at == c) {
        r->at++;
        return 1;
    }
    return 0;
}

static void append_utf8(char **out, uint32_t c) {
    char *o = *out;
    if (c < 0x80) {
        *o++ = (char)c;
    } else if (c < 0x800) {
        *o++ = (char)(0xC0 | c >> 6);
        *o++ = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        *o++ = (char)(0xE0 | c >> 12);
        *o++ = (char)(0x80 | (c >> 6 & 0x3F));
        *o++ = (char)(0x80 | (c & 0x3F));
    } else {
        *o++ = (char)(0xF0 | c >> 18);
        *o++ = (char)(0x80 | (c >> 12 & 0x3F));
        *o++ = (char)(0x80 | (c >> 6 & 0x3F));
        *o++ = (char)(0x80 | (c & 0x3F));
    }
    *out = o;
}

static int hex4(reader *r, uint32_t *value) {
    *value = 0;
    for (int k = 0; k < 4; k++) {
        if (r->at >= r->end) return 0;
        char h = *r->at++;
        int digit = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (digit < 0) return 0;
        *value = *value << 4 | (uint32_t)digit;
    }
    return 1;
}

/* A JSON string (the opening quote already taken) as a new NUL-terminated UTF-8 string. */
static char *read_string(reader *r) {
    /* The string's bytes up to its closing quote bound its decoded size: an escape never grows
     * (\uXXXX, 6 bytes, is at most 3 bytes; a surrogate pair, 12, is 4). */
    const char *close = r->at;
    while (close < r->end && *close != '"') close += *close == '\\' && close + 1 < r->end ? 2 : 1;
    char *text = malloc((size_t)(close - r->at) + 1), *o = text;
    if (!text) {
        r->failed = 1;
        return NULL;
    }
    while (r->at < r->end && *r->at != '"') {
        char c = *r->at++;
        if (c != '\\') {
            *o++ = c;
            continue;
        }
        if (r->at >= r->end) break;
        char e = *r->at++;
        uint32_t u = 0, low = 0;
        switch (e) {
        case 'n': *o++ = '\n'; break;
        case 't': *o++ = '\t'; break;
        case 'r': *o++ = '\r'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'u':
            if (!hex4(r, &u)) r->failed = 1;
            if (u >= 0xD800 && u < 0xDC00) {
                if (r->end - r->at >= 6 && r->at[0] == '\\' && r->at[1] == 'u') {
                    r->at += 2;
                    if (hex4(r, &low) && low >= 0xDC00 && low < 0xE000) {
                        u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
                    } else {
                        r->failed = 1;
                    }
                } else {
                    r->failed = 1;
                }
            }
            append_utf8(&o, u);
            break;
        default: *o++ = e; break; /* \" \\ \/ */
        }
    }
    if (!take(r, '"')) r->failed = 1;
    *o = 0;
    return text;
}

/* Reads the fixture into `cases`; returns how many, or -1 when it cannot be read or parsed. */
static int read_cases(const char *path, i18n_case *cases, int capacity) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    static char buffer[1 << 20];
    size_t size = fread(buffer, 1, sizeof buffer, f);
    fclose(f);
    reader r = {buffer, buffer + size, 0};
    int count = 0;
    if (!take(&r, '[')) return -1;
    while (!r.failed && count < capacity && take(&r, '{')) {
        i18n_case *c = &cases[count++];
        memset(c, 0, sizeof *c);
        do {
            if (!take(&r, '"')) {
                r.failed = 1;
                break;
            }
            char *key = read_string(&r);
            if (!take(&r, ':') || !key) {
                free(key);
                r.failed = 1;
                break;
            }
            skip_space(&r);
            char *value = NULL;
            long number = 0;
            if (take(&r, '"')) {
                value = read_string(&r);
            } else if (r.end - r.at >= 4 && memcmp(r.at, "null", 4) == 0) {
                r.at += 4;
            } else {
                char *stop = NULL;
                number = strtol(r.at, &stop, 10);
                if (stop == r.at) r.failed = 1;
                r.at = stop;
            }
            char **slot = strcmp(key, "locale") == 0   ? &c->locale
                          : strcmp(key, "item") == 0   ? &c->item
                          : strcmp(key, "query") == 0  ? &c->query
                          : strcmp(key, "mode") == 0   ? &c->mode
                          : strcmp(key, "expect") == 0 ? &c->expect
                          : strcmp(key, "note") == 0   ? &c->note
                                                       : NULL;
            if (strcmp(key, "id") == 0) c->id = number;
            if (slot) {
                *slot = value;
            } else {
                free(value);
            }
            free(key);
        } while (take(&r, ','));
        if (!take(&r, '}')) r.failed = 1;
        if (!take(&r, ',')) break;
    }
    if (r.failed || !take(&r, ']')) return -1;
    return count;
}

/* ---- The cases through the library */

/* Splits `text` at `separator` into trimmed parts (pointers into `text`, which is changed). */
static int split(char *text, char separator, char **parts) {
    int count = 0;
    char *start = text;
    for (;;) {
        char *stop = strchr(start, separator);
        if (stop) *stop = 0;
        while (*start == ' ') start++;
        char *last = start + strlen(start);
        while (last > start && last[-1] == ' ') *--last = 0;
        if (count < MAX_PARTS) parts[count++] = start;
        if (!stop) return count;
        start = stop + 1;
    }
}

/* The expectation's list after its "tokens:" or "order:" label. */
static char *after_label(char *expect) {
    char *colon = strchr(expect, ':');
    return colon ? colon + 1 : expect;
}

static int is_scalar_start(const char *text, size_t offset, size_t length) {
    return offset == length || ((unsigned char)text[offset] & 0xC0) != 0x80;
}

/* Whether a prefix-mode index holding the case's item finds exactly it for the case's query;
 * a hit's highlights must be sorted, disjoint, non-empty ranges of the title on scalar starts. */
static int finds_item(const i18n_case *c) {
    sb_index *index = NULL;
    sb_status status = sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, c->locale, 1, 0, 0}, &index);
    CHECK(status == SB_OK || status == SB_WARN_LOCALE_FALLBACK);
    if (!index) return -1;
    size_t length = strlen(c->item);
    sb_item item = {1, c->item, length, NULL, 0, NULL, 0, 0, 0.0, NULL, 0};
    CHECK_STATUS(sb_index_add(index, &item, 1), SB_OK);
    sb_results *results = NULL;
    CHECK_STATUS(sb_index_search(index, c->query, strlen(c->query), NULL, &results), SB_OK);
    int found = 0;
    if (results && results_count(results) == 1) {
        sb_hit hit;
        CHECK_STATUS(sb_results_get(results, 0, &hit), SB_OK);
        found = hit.id == 1;
        CHECK(hit.field == SB_FIELD_TITLE && hit.highlight_count >= 1);
        size_t previous_end = 0;
        for (size_t h = 0; h < hit.highlight_count; h++) {
            sb_range range = hit.highlights[h];
            int well_formed = range.start < range.end && range.end <= length && range.start >= previous_end &&
                              is_scalar_start(c->item, range.start, length) &&
                              is_scalar_start(c->item, range.end, length);
            if (!well_formed) fprintf(stderr, "case %ld: highlight %zu..%zu in %s\n", c->id, range.start, range.end, c->item);
            CHECK(well_formed);
            previous_end = range.end;
        }
    }
    sb_results_free(results);
    sb_index_free(index);
    return found;
}

static void check_tokens(const i18n_case *c) {
    char *expected[MAX_PARTS];
    int expected_count = split(after_label(c->expect), '|', expected);
    sb_token *tokens = NULL;
    size_t count = 0;
    CHECK_STATUS(sb_tokenize(c->locale, c->item, strlen(c->item), &tokens, &count), SB_OK);
    int words = 0, same = 1;
    for (size_t t = 0; t < count; t++) {
        if (tokens[t].kind == SB_TOKEN_PART) continue;
        same = same && words < expected_count && strcmp(tokens[t].text, expected[words]) == 0;
        words++;
    }
    same = same && words == expected_count;
    if (!same) fprintf(stderr, "case %ld: tokens of %s differ from the expected %d\n", c->id, c->item, expected_count);
    CHECK(same);
    sb_free(tokens);
}

static void check_order(const i18n_case *c) {
    char *items[MAX_PARTS], *expected[MAX_PARTS];
    int count = split(c->item, ',', items);
    int expected_count = split(after_label(c->expect), '<', expected);
    CHECK(count == expected_count);
    sb_collator *collator = NULL;
    sb_status status = sb_collator_new(c->locale, &collator);
    CHECK(status == SB_OK || status == SB_WARN_LOCALE_FALLBACK);
    size_t order[MAX_PARTS];
    CHECK_STATUS(sb_collator_sort(collator, (const char *const *)items, NULL, (size_t)count, order), SB_OK);
    int same = count == expected_count;
    for (int k = 0; same && k < count; k++) same = strcmp(items[order[k]], expected[k]) == 0;
    if (!same) {
        fprintf(stderr, "case %ld (%s): sorted", c->id, c->locale);
        for (int k = 0; k < count; k++) fprintf(stderr, " %s", items[order[k]]);
        fprintf(stderr, "; expected %d items\n", expected_count);
    }
    CHECK(same);
    sb_collator_free(collator);
}

/* The fixture's path: argv[1], else found from this source file's path (absolute in CMake
 * builds, relative to the repository in Tests/sanitize.sh, which runs from there). */
static void fixture_path(int argc, char **argv, char *path, size_t size) {
    if (argc > 1) {
        snprintf(path, size, "%s", argv[1]);
        return;
    }
    const char *source = __FILE__;
    const char *slash = strrchr(source, '/');
    int directory = slash ? (int)(slash - source + 1) : 0;
    snprintf(path, size, "%.*s../Fixtures/i18n-cases.json", directory, source);
}

int main(int argc, char **argv) {
    static i18n_case cases[MAX_CASES];
    char path[4096];
    fixture_path(argc, argv, path, sizeof path);
    int count = read_cases(path, cases, MAX_CASES);
    if (count < 0) fprintf(stderr, "cannot read the cases from %s\n", path);
    CHECK(count >= 60);
    int matches = 0, misses = 0, token_cases = 0, order_cases = 0;
    for (int k = 0; k < count; k++) {
        i18n_case *c = &cases[k];
        CHECK(c->locale && c->item && c->query && c->expect);
        if (!c->locale || !c->item || !c->query || !c->expect) continue;
        if (strcmp(c->query, "(tokenize)") == 0) {
            check_tokens(c);
            token_cases++;
        } else if (strcmp(c->query, "(sort)") == 0) {
            check_order(c);
            order_cases++;
        } else if (strcmp(c->expect, "match") == 0 || strcmp(c->expect, "no match") == 0) {
            int want = strcmp(c->expect, "match") == 0;
            int found = finds_item(c);
            if (found != want) fprintf(stderr, "case %ld (%s): %s for %s in %s: %s\n", c->id, c->locale,
                                       want ? "no hit" : "a hit", c->query, c->item, c->note ? c->note : "");
            CHECK(found == want);
            if (want) matches++; else misses++;
        } else {
            fprintf(stderr, "case %ld: unknown expectation %s\n", c->id, c->expect);
            CHECK(0);
        }
    }
    /* Every kind of case was run. */
    CHECK(matches > 0 && misses > 0 && token_cases > 0 && order_cases > 0);
    printf("%d cases: %d match, %d no match, %d tokens, %d order\n", count, matches, misses, token_cases, order_cases);
    for (int k = 0; k < count; k++) {
        free(cases[k].locale); free(cases[k].item); free(cases[k].query);
        free(cases[k].mode); free(cases[k].expect); free(cases[k].note);
    }
    return check_report();
}
