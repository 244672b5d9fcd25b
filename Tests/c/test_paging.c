/*
 * Paging is exact, through the installed library: page p of n (sb_search_options.offset p * n,
 * limit n) is the slice [p * n, p * n + n) of the unpaged list, for every mode, with scopes and
 * filters, where titles share long starts ("Report 2024-01-01 ...") and where titles are equal:
 * the pages put together are the unpaged list, with no hit twice and none skipped.
 */
#include <searchbar.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define ITEM_COUNT 360

/* Report titles that agree in their first 16+ characters, equal titles and a few others, ids
 * scrambled so that id order is not title order; scopes 0-2 and a "kind" attribute. */
static sb_index *reports_index(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, "en", 2, 0, 0}, &index), SB_OK);
    static char titles[ITEM_COUNT][48];
    static sb_attribute kinds[ITEM_COUNT];
    sb_item items[ITEM_COUNT];
    memset(items, 0, sizeof items);
    for (int k = 0; k < ITEM_COUNT; k++) {
        switch (k % 6) {
        case 0: case 1: case 2:
            snprintf(titles[k], sizeof titles[k], "Report 2024-01-%02d sales %d", k % 28 + 1, k % 37);
            break;
        case 3: snprintf(titles[k], sizeof titles[k], "Report 2024-01-01 sales"); break;
        case 4: snprintf(titles[k], sizeof titles[k], "Reporting period %d summary", k % 11); break;
        default: snprintf(titles[k], sizeof titles[k], "Quarterly report %d", k % 5); break;
        }
        kinds[k] = (sb_attribute){"kind", 4, k % 2 ? "odd" : "even", k % 2 ? 3u : 4u, 0};
        items[k].id = (uint64_t)((k * 7919) % 1009 + 1); /* distinct, scrambled */
        items[k].title = titles[k];
        items[k].title_len = strlen(titles[k]);
        items[k].scope = (uint32_t)(k % 3);
        items[k].attributes = &kinds[k];
        items[k].attribute_count = 1;
    }
    /* Two batches: the hits come from more than one part of the index. */
    CHECK_STATUS(sb_index_add(index, items, ITEM_COUNT / 2), SB_OK);
    CHECK_STATUS(sb_index_add(index, items + ITEM_COUNT / 2, ITEM_COUNT - ITEM_COUNT / 2), SB_OK);
    return index;
}

/* The ids of one search's hits into `ids` (room for `room`); returns their count. */
static size_t search_ids(sb_index *index, const char *query, const sb_search_options *options, uint64_t *ids, size_t room) {
    sb_results *results = NULL;
    CHECK_STATUS(sb_index_search(index, query, strlen(query), options, &results), SB_OK);
    size_t count = results_count(results);
    for (size_t i = 0; i < count && i < room; i++) {
        sb_hit hit;
        CHECK_STATUS(sb_results_get(results, (int64_t)i, &hit), SB_OK);
        ids[i] = hit.id;
    }
    sb_results_free(results);
    return count;
}

static void pages_are_slices(sb_index *index, const char *query, sb_search_options options, const char *what) {
    static uint64_t whole[ITEM_COUNT + 1], paged[ITEM_COUNT + 64], page[64];
    sb_search_options all = options;
    all.limit = 10000;
    size_t count = search_ids(index, query, &all, whole, ITEM_COUNT + 1);
    if (count <= 40 || count > ITEM_COUNT) fprintf(stderr, "%s: %zu hits unpaged\n", what, count);
    CHECK(count > 40 && count <= ITEM_COUNT);
    static const size_t sizes[] = {1, 4, 9, 50};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s], got = 0;
        for (size_t offset = 0; offset < count + n; offset += n) {
            options.limit = n;
            options.offset = offset;
            size_t k = search_ids(index, query, &options, page, 64);
            size_t expected = offset >= count ? 0 : (count - offset < n ? count - offset : n);
            if (k != expected) fprintf(stderr, "%s: page at %zu of %zu has %zu hits\n", what, offset, n, k);
            CHECK(k == expected);
            for (size_t i = 0; i < k && got < ITEM_COUNT + 64; i++) paged[got++] = page[i];
        }
        CHECK(got == count);
        int same = got == count && memcmp(paged, whole, count * sizeof whole[0]) == 0;
        if (!same) fprintf(stderr, "%s: pages of %zu differ from the unpaged list\n", what, n);
        CHECK(same);
    }
    /* No id twice in the unpaged list (so none in pages equal to it). */
    size_t twice = 0;
    for (size_t i = 0; i < count; i++)
        for (size_t j = i + 1; j < count; j++) twice += whole[i] == whole[j];
    CHECK(twice == 0);
}

int main(void) {
    sb_index *index = reports_index();
    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    pages_are_slices(index, "report", options, "prefix report");
    pages_are_slices(index, "report sa", options, "prefix report sa");
    options.mode = SB_MODE_CONTAINS;
    pages_are_slices(index, "port", options, "contains port");
    options.mode = SB_MODE_FUZZY;
    pages_are_slices(index, "rprt", options, "fuzzy rprt");
    options.mode = SB_MODE_DEFAULT;
    uint32_t scopes[2] = {1, 2};
    options.scopes = scopes;
    options.scope_count = 2;
    pages_are_slices(index, "report", options, "scopes 1 2");
    options.scopes = NULL;
    options.scope_count = 0;
    sb_filter even = {"kind", 4, SB_FILTER_EQUALS, "even", 4, 0, 0};
    options.filters = &even;
    options.filter_count = 1;
    pages_are_slices(index, "report", options, "filter kind even");
    options.filters = NULL;
    options.filter_count = 0;
    options.flags = SB_SEARCH_LIST_ALL;
    pages_are_slices(index, "", options, "empty query listing all");
    sb_index_free(index);
    return check_report();
}
