/* Searches through the installed C library: the three match modes, typo tolerance, the ranking
 * tiers and fields, weight among equals, determinism, and highlights as UTF-8 byte ranges of the
 * original text (diacritics and all). */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

enum { MAX_HITS = 16 };

typedef struct found {
    size_t count;
    uint64_t ids[MAX_HITS];
    uint32_t tiers[MAX_HITS], fields[MAX_HITS];
    sb_range first_highlight[MAX_HITS];
    size_t highlight_counts[MAX_HITS];
} found;

static void add(sb_index *index, uint64_t id, const char *title, const char *subtitle, const char *keywords,
                double weight) {
    sb_item item = {id, title, strlen(title), subtitle, subtitle ? strlen(subtitle) : 0, keywords,
                    keywords ? strlen(keywords) : 0, 0, weight, NULL, 0};
    CHECK_STATUS(sb_index_add(index, &item, 1), SB_OK);
}

/* The hits of `query` in `mode` (SB_SEARCH_* `flags`), best first. */
static found search(sb_index *index, const char *query, uint32_t mode, uint32_t flags) {
    found out;
    memset(&out, 0, sizeof out);
    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    options.mode = mode;
    options.flags = flags;
    options.limit = MAX_HITS;
    sb_results *results = NULL;
    CHECK_STATUS(sb_index_search(index, query, strlen(query), &options, &results), SB_OK);
    if (!results) return out;
    out.count = results_count(results);
    for (size_t i = 0; i < out.count && i < MAX_HITS; i++) {
        sb_hit hit;
        CHECK_STATUS(sb_results_get(results, i, &hit), SB_OK);
        out.ids[i] = hit.id;
        out.tiers[i] = hit.tier;
        out.fields[i] = hit.field;
        out.highlight_counts[i] = hit.highlight_count;
        if (hit.highlight_count > 0) out.first_highlight[i] = hit.highlights[0];
    }
    sb_results_free(results);
    return out;
}

/* The position of `id` among the hits, or -1. */
static int position(const found *f, uint64_t id) {
    for (size_t i = 0; i < f->count; i++)
        if (f->ids[i] == id) return (int)i;
    return -1;
}

int main(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, "en", 2, 0, 0}, &index), SB_OK);
    if (!index) return check_report();
    add(index, 1, "Zürich Hauptbahnhof", "Bahnhofplatz", "train station", 0);
    add(index, 2, "Zurich", NULL, NULL, 0);
    add(index, 3, "Zurich Airport", NULL, NULL, 0);
    add(index, 4, "Airport of Zurich", NULL, NULL, 0);
    add(index, 5, "Bazurichstrasse", NULL, NULL, 0);
    add(index, 6, "Landesmuseum", "Zurich museum of history", NULL, 0);
    add(index, 7, "Hauptbahnhof Bern", NULL, NULL, 0);
    add(index, 8, "Cafe Odeon", NULL, NULL, 1);
    add(index, 9, "Cafe Odeon", NULL, NULL, 5);
    add(index, 10, "Report 2025", NULL, NULL, 0);
    size_t count = 0;
    CHECK(sb_index_count(index, &count) == SB_OK && count == 10);

    /* prefix: exact title, then titles starting with the word, then the word later in a title,
     * then other fields; an infix is no prefix match. Tiers never rise down the list. */
    {
        found f = search(index, "zurich", SB_MODE_DEFAULT, 0);
        const uint64_t expected[] = {2, 3, 1, 4, 6}; /* the two title prefixes in collation order */
        const uint32_t tiers[] = {7, 6, 6, 5, 5};
        CHECK(f.count == 5 && memcmp(f.ids, expected, sizeof expected) == 0);
        CHECK(memcmp(f.tiers, tiers, sizeof tiers) == 0);
        CHECK(f.fields[3] == SB_FIELD_TITLE && f.fields[4] == SB_FIELD_SUBTITLE);
        CHECK(position(&f, 5) == -1);
        for (size_t i = 1; i < f.count; i++) CHECK(f.tiers[i] <= f.tiers[i - 1]);
        /* The same search again gives the same hits in the same order. */
        found again = search(index, "zurich", SB_MODE_DEFAULT, 0);
        CHECK(again.count == f.count && memcmp(again.ids, f.ids, sizeof f.ids) == 0);
    }
    /* words in order rank above words in any order */
    {
        found f = search(index, "zurich airport", SB_MODE_PREFIX, 0);
        CHECK(f.count == 2 && f.ids[0] == 3 && f.ids[1] == 4 && f.tiers[0] > f.tiers[1]);
    }
    /* contains: the infix matches too, below every word-start match */
    {
        found f = search(index, "zurich", SB_MODE_CONTAINS, 0);
        CHECK(f.count == 6 && f.ids[0] == 2 && f.ids[5] == 5 && f.tiers[5] == 3);
        CHECK(f.first_highlight[5].start == 2 && f.first_highlight[5].end == 8); /* Ba[zurich]strasse */
    }
    /* fuzzy: an in-order subsequence */
    {
        found f = search(index, "zrhb", SB_MODE_FUZZY, 0);
        CHECK(f.count >= 1 && f.ids[0] == 1 && f.tiers[0] == 1);
        CHECK(position(&f, 7) == -1); /* no z before the r, h, b */
    }
    /* typos: two edits from 9 letters, none with SB_SEARCH_NO_TYPOS, none in numbers */
    {
        found f = search(index, "hauptbanhf", SB_MODE_PREFIX, 0);
        CHECK(f.count == 2 && position(&f, 1) >= 0 && position(&f, 7) >= 0);
        CHECK(f.tiers[0] == 2 && f.tiers[1] == 2);
        CHECK(search(index, "hauptbanhf", SB_MODE_PREFIX, SB_SEARCH_NO_TYPOS).count == 0);
        CHECK(search(index, "2024", SB_MODE_PREFIX, 0).count == 0);
        CHECK(search(index, "2025", SB_MODE_PREFIX, 0).count == 1);
        /* an exact match ranks above a typo match */
        found exact = search(index, "hauptbahnhof", SB_MODE_PREFIX, 0);
        CHECK(exact.count == 2 && exact.tiers[0] > 2 && exact.tiers[1] > 2);
    }
    /* fields: subtitle and keywords matches say so, their highlights index that field's text */
    {
        found f = search(index, "bahnhofplatz", SB_MODE_PREFIX, 0);
        CHECK(f.count == 1 && f.ids[0] == 1 && f.fields[0] == SB_FIELD_SUBTITLE);
        CHECK(f.highlight_counts[0] == 1 && f.first_highlight[0].start == 0 && f.first_highlight[0].end == 12);
        found k = search(index, "station", SB_MODE_PREFIX, 0);
        CHECK(k.count == 1 && k.ids[0] == 1 && k.fields[0] == SB_FIELD_KEYWORDS);
        CHECK(k.highlight_counts[0] == 1 && k.first_highlight[0].start == 6 && k.first_highlight[0].end == 13);
    }
    /* highlights: byte ranges of the original text, the ü's two bytes included */
    {
        found f = search(index, "zur", SB_MODE_PREFIX, 0);
        int at = position(&f, 1);
        CHECK(at >= 0);
        if (at >= 0) CHECK(f.first_highlight[at].start == 0 && f.first_highlight[at].end == 4); /* "Zür" */
        found h = search(index, "hauptb", SB_MODE_PREFIX, 0);
        at = position(&h, 1);
        CHECK(at >= 0);
        if (at >= 0) CHECK(h.first_highlight[at].start == 8 && h.first_highlight[at].end == 14);
    }
    /* weight: the more popular of two equal items first */
    {
        found f = search(index, "cafe", SB_MODE_PREFIX, 0);
        CHECK(f.count == 2 && f.ids[0] == 9 && f.ids[1] == 8);
    }
    sb_index_free(index);
    return check_report();
}
