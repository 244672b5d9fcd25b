/* sb_index_add_packed with NUL-separated text columns (sb_packed_items version 2): the same
 * index as with offsets, mixed with offset columns, large batches scanned in parallel chunks,
 * every kind of bad input refused with nothing added, and version 1 still accepted, through
 * the installed library. */
#include <searchbar.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#define REFUSED(call, expected, words)                                    \
    do {                                                                  \
        CHECK((call) == (expected));                                      \
        CHECK(strstr(sb_last_error(), (words)) != NULL);                  \
    } while (0)

static sb_index *new_index(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(NULL, &index), SB_OK);
    return index;
}

static size_t index_count(sb_index *index) {
    size_t count = 0;
    CHECK_STATUS(sb_index_count(index, &count), SB_OK);
    return count;
}

/* `count` items whose titles are `length` NUL-separated bytes at `titles`. */
static sb_packed_items separated_titles(size_t count, const uint64_t *ids, const char *titles, size_t length) {
    sb_packed_items items = SB_PACKED_ITEMS_INIT;
    items.count = count;
    items.ids = ids;
    items.nul_separated = 1;
    items.titles = titles;
    items.titles_length = length;
    return items;
}

/* The first hit's id and text for `query`, or id 0 and "" without hits. */
static void first_hit(sb_index *index, const char *query, uint64_t *id, char *text, size_t capacity) {
    sb_results *results = NULL;
    *id = 0;
    text[0] = 0;
    CHECK_STATUS(sb_index_search(index, query, strlen(query), NULL, &results), SB_OK);
    if (results_count(results) > 0) {
        sb_hit hit;
        const char *t = NULL;
        size_t len = 0;
        CHECK_STATUS(sb_results_get(results, 0, &hit), SB_OK);
        CHECK_STATUS(sb_results_text(results, 0, &t, &len), SB_OK);
        *id = hit.id;
        CHECK(len < capacity);
        if (len < capacity) {
            memcpy(text, t, len);
            text[len] = 0;
        }
    }
    sb_results_free(results);
}

/* Both indexes answer `query` with the same first hit; returns its id. */
static uint64_t same_first_hit(sb_index *a, sb_index *b, const char *query) {
    uint64_t id_a, id_b;
    char text_a[256], text_b[256];
    first_hit(a, query, &id_a, text_a, sizeof text_a);
    first_hit(b, query, &id_b, text_b, sizeof text_b);
    CHECK(id_a == id_b && strcmp(text_a, text_b) == 0);
    return id_a;
}

/* A small batch: NUL-separated titles (one empty), subtitles with offsets. */
static void small_batch(void) {
    const char titles[] = "Zürich Hauptbahnhof\0Straßburg\0\0Zug";
    const char subtitles[] = "Schweizgare";
    size_t subtitle_offsets[] = {0, 7, 7, 7, 11};
    uint64_t ids[] = {10, 20, 30, 40};
    sb_packed_items items = separated_titles(4, ids, titles, sizeof titles - 1);
    CHECK(items.version == 2 && SB_PACKED_ITEMS_VERSION == 2);
    items.subtitles = subtitles;
    items.subtitle_offsets = subtitle_offsets;
    sb_index *index = new_index();
    CHECK_STATUS(sb_index_add_packed(index, &items), SB_OK);
    CHECK(index_count(index) == 4);
    uint64_t id;
    char text[64];
    first_hit(index, "zur", &id, text, sizeof text);
    CHECK(id == 10 && strcmp(text, "Zürich Hauptbahnhof") == 0);
    first_hit(index, "strasb", &id, text, sizeof text);
    CHECK(id == 20 && strcmp(text, "Straßburg") == 0);
    first_hit(index, "zug", &id, text, sizeof text);
    CHECK(id == 40 && strcmp(text, "Zug") == 0);
    first_hit(index, "gare", &id, text, sizeof text);
    CHECK(id == 40 && strcmp(text, "gare") == 0);
    sb_index_free(index);

    /* One item: an empty buffer is one empty title. */
    sb_packed_items one = separated_titles(1, ids, "", 0);
    index = new_index();
    CHECK_STATUS(sb_index_add_packed(index, &one), SB_OK);
    CHECK(index_count(index) == 1);
    sb_index_free(index);
}

/* Bad input: a status naming the problem, and nothing added. */
static void refusals(void) {
    sb_index *index = new_index();
    uint64_t ids[] = {1, 2, 3};
    /* a text holding NUL: one separator too many */
    sb_packed_items items = separated_titles(3, ids, "a\0b\0c\0d", 7);
    REFUSED(sb_index_add_packed(index, &items), SB_EINVAL, "NUL");
    /* too few separators */
    items.titles = "a\0b";
    items.titles_length = 3;
    REFUSED(sb_index_add_packed(index, &items), SB_EINVAL, "items.titles");
    /* invalid UTF-8: the message names the item */
    items.titles = "a\0\xff\0c";
    items.titles_length = 5;
    REFUSED(sb_index_add_packed(index, &items), SB_EINVAL, "items.titles of item 1 is not valid UTF-8");
    /* a column with both offsets and a length */
    size_t offsets[] = {0, 1, 2, 3};
    items.titles = "abc";
    items.title_offsets = offsets;
    items.titles_length = 3;
    REFUSED(sb_index_add_packed(index, &items), SB_EINVAL, "titles_length");
    items.title_offsets = NULL;
    /* a length without bytes */
    items.titles = NULL;
    items.titles_length = 5;
    REFUSED(sb_index_add_packed(index, &items), SB_EINVAL, "items.titles");
    /* a flag that is not 0 or 1 */
    items.titles = "a\0b\0c";
    items.nul_separated = 2;
    REFUSED(sb_index_add_packed(index, &items), SB_EINVAL, "nul_separated");
    /* a length without the flag (and without offsets) */
    items.nul_separated = 0;
    REFUSED(sb_index_add_packed(index, &items), SB_EINVAL, "titles_length");
    CHECK(index_count(index) == 0);
    /* the same batch, right */
    items.nul_separated = 1;
    CHECK_STATUS(sb_index_add_packed(index, &items), SB_OK);
    CHECK(index_count(index) == 3);
    sb_index_free(index);
}

/* 200,000 titles (several MiB, so the library scans them in parallel chunks): the same index
 * from NUL-separated titles as from offsets; bad bytes far into the buffer are found. */
static void large_batch(void) {
    enum { N = 200000 };
    size_t capacity = (size_t)N * 40;
    char *joined = malloc(capacity), *packed = malloc(capacity);
    size_t *offsets = malloc((N + 1) * sizeof *offsets);
    uint64_t *ids = malloc(N * sizeof *ids);
    CHECK(joined && packed && offsets && ids);
    size_t length = 0, packed_length = 0;
    for (size_t i = 0; i < N; i++) {
        char title[40];
        int n = snprintf(title, sizeof title, "w%zu Café%zu 東京%zu", i, i % 997, i % 31);
        if (i > 0) joined[length++] = 0;
        memcpy(joined + length, title, (size_t)n);
        length += (size_t)n;
        offsets[i] = packed_length;
        memcpy(packed + packed_length, title, (size_t)n);
        packed_length += (size_t)n;
        ids[i] = i + 1;
    }
    offsets[N] = packed_length;
    CHECK(length > 4 << 20);

    sb_packed_items separated = separated_titles(N, ids, joined, length);
    sb_packed_items by_offsets = SB_PACKED_ITEMS_INIT;
    by_offsets.count = N;
    by_offsets.ids = ids;
    by_offsets.titles = packed;
    by_offsets.title_offsets = offsets;
    sb_index *a = new_index(), *b = new_index();
    CHECK_STATUS(sb_index_add_packed(a, &separated), SB_OK);
    CHECK_STATUS(sb_index_add_packed(b, &by_offsets), SB_OK);
    CHECK(index_count(a) == N && index_count(b) == N);
    CHECK(same_first_hit(a, b, "w0") == 1);
    CHECK(same_first_hit(a, b, "w123456") == 123457);
    CHECK(same_first_hit(a, b, "w199999") == 200000);
    CHECK(same_first_hit(a, b, "cafe") != 0);
    CHECK(same_first_hit(a, b, "東京18 w199999") == 200000); /* 199999 % 31 == 18 */
    sb_index_free(a);
    sb_index_free(b);

    /* A bad byte 3 MiB in, and a NUL inside a text near the end: refused, nothing added. */
    sb_index *c = new_index();
    char saved = joined[3 << 20];
    joined[3 << 20] = (char)0xC0;
    REFUSED(sb_index_add_packed(c, &separated), SB_EINVAL, "UTF-8");
    packed[3 << 20] = (char)0xC0;
    REFUSED(sb_index_add_packed(c, &by_offsets), SB_EINVAL, "UTF-8");
    joined[3 << 20] = saved;
    joined[length - 2] = 0;
    REFUSED(sb_index_add_packed(c, &separated), SB_EINVAL, "NUL");
    CHECK(index_count(c) == 0);
    sb_index_free(c);
    free(joined);
    free(packed);
    free(offsets);
    free(ids);
}

/* Version 1 (before nul_separated) is still accepted, and its caller's later bytes unread. */
static void version_one(void) {
    sb_packed_items items;
    memset(&items, 0xAB, sizeof items); /* the v2 fields hold garbage a v1 caller never set */
    CHECK_STATUS(sb_packed_items_init(&items, 1), SB_OK);
    items.nul_separated = 7;
    items.titles_length = 99;
    const char titles[] = "OltenAarau";
    size_t offsets[] = {0, 5, 10};
    uint64_t ids[] = {1, 2};
    items.count = 2;
    items.ids = ids;
    items.titles = titles;
    items.title_offsets = offsets;
    sb_index *index = new_index();
    CHECK_STATUS(sb_index_add_packed(index, &items), SB_OK);
    CHECK(index_count(index) == 2);
    sb_index_free(index);
    CHECK_STATUS(sb_packed_items_init(&items, 3), SB_EINVAL);
}

int main(void) {
    small_batch();
    refusals();
    large_batch();
    version_one();
    return check_report();
}
