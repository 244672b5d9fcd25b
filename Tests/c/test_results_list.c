/*
 * What a list view needs, through the installed library: highlights in every field that matched
 * (sb_results_field, sb_results_fields), the total besides the page (sb_results_total,
 * SB_SEARCH_EXACT_TOTAL), pages (sb_search_options.offset), an empty query listing every item
 * (SB_SEARCH_LIST_ALL), positions in UTF-16 code units (SB_UNIT_UTF16), an item by id
 * (sb_index_get) and removing every item (sb_index_clear); the same total and subtitle
 * highlights in a session's results.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <searchbar.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fruit_fixture.h"

static sb_search_options options_with(size_t limit, size_t offset, uint32_t flags) {
    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    options.limit = limit;
    options.offset = offset;
    options.flags = flags;
    return options;
}

static sb_results *search(sb_index *index, const char *query, const sb_search_options *options) {
    sb_results *results = NULL;
    CHECK_STATUS(sb_index_search(index, query, strlen(query), options, &results), SB_OK);
    return results;
}

/* True when field `field` of hit `i` has text `text` and exactly the one highlight [start, end). */
static int field_is(sb_results *results, size_t i, uint32_t field, const char *text, size_t start, size_t end) {
    const char *got = NULL;
    size_t len = 0;
    const sb_range *ranges = NULL;
    size_t count = 0;
    if (sb_results_field(results, i, field, &got, &len, &ranges, &count) != SB_OK) return 0;
    if (len != strlen(text) || memcmp(got, text, len) != 0 || got[len] != '\0') return 0;
    if (end == 0) return count == 0 && ranges == NULL;
    return count == 1 && ranges[0].start == start && ranges[0].end == end;
}

/* A title hit also highlights its subtitle and keywords; a field without a match has none. */
static void highlights_in_every_field(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_DEFAULT, 0, NULL, 1, 0, 0}, &index), SB_OK);
    sb_item items[2];
    memset(items, 0, sizeof items);
    items[0].id = 1;
    items[0].title = "Apple pie";
    items[0].title_len = 9;
    items[0].subtitle = "Baked apple";
    items[0].subtitle_len = 11;
    items[0].keywords = "apple dessert";
    items[0].keywords_len = 13;
    items[1].id = 2;
    items[1].title = "Pear tart";
    items[1].title_len = 9;
    items[1].subtitle = "no match here";
    items[1].subtitle_len = 13;
    CHECK_STATUS(sb_index_add(index, items, 2), SB_OK);
    sb_results *results = search(index, "apple", NULL);
    CHECK(results_count(results) == 1);
    sb_hit hit;
    CHECK_STATUS(sb_results_get(results, 0, &hit), SB_OK);
    CHECK(hit.field == SB_FIELD_TITLE && hit.highlight_count == 1);
    CHECK(field_is(results, 0, SB_FIELD_TITLE, "Apple pie", 0, 5));
    CHECK(field_is(results, 0, SB_FIELD_SUBTITLE, "Baked apple", 6, 11));
    CHECK(field_is(results, 0, SB_FIELD_KEYWORDS, "apple dessert", 0, 5));
    /* Every field of every hit in one call, indexing the export's blocks. */
    const sb_field_entry *fields = NULL;
    size_t field_count = 0;
    CHECK_STATUS(sb_results_fields(results, SB_UNIT_BYTES, &fields, &field_count), SB_OK);
    const sb_hit_entry *entries = NULL;
    size_t count = 0, text_len = 0, range_count = 0;
    const char *text = NULL;
    const sb_range *ranges = NULL;
    CHECK_STATUS(sb_results_export(results, SB_UNIT_BYTES, &entries, &count, &text, &text_len, &ranges, &range_count),
                 SB_OK);
    CHECK(field_count == 3 && count == 1 && range_count == 3);
    if (field_count == 3 && range_count == 3) {
        CHECK(fields[1].text_len == 11 && memcmp(text + fields[1].text_offset, "Baked apple", 11) == 0);
        CHECK(fields[1].highlight_count == 1 && ranges[fields[1].highlight_offset].start == 6);
        CHECK(fields[2].highlight_count == 1 && ranges[fields[2].highlight_offset].end == 5);
        CHECK(entries[0].highlight_offset == fields[0].highlight_offset && entries[0].text_offset == fields[0].text_offset);
    }
    /* Misuse. */
    const char *t = NULL;
    size_t l = 0;
    const sb_range *r = NULL;
    size_t c = 0;
    CHECK_STATUS(sb_results_field(results, 0, 3, &t, &l, &r, &c), SB_EINVAL);
    CHECK(t == NULL && l == 0 && r == NULL && c == 0);
    CHECK_STATUS(sb_results_field(results, 1, SB_FIELD_TITLE, &t, &l, &r, &c), SB_EINVAL);
    CHECK_STATUS(sb_results_field(results, 0, SB_FIELD_TITLE, NULL, &l, &r, &c), SB_EINVAL);
    CHECK_STATUS(sb_results_field(NULL, 0, SB_FIELD_TITLE, &t, &l, &r, &c), SB_EINVAL);
    CHECK_STATUS(sb_results_fields(results, 3, &fields, &field_count), SB_EINVAL);
    CHECK(fields == NULL && field_count == 0);
    CHECK_STATUS(sb_results_fields(results, SB_UNIT_BYTES, NULL, &field_count), SB_EINVAL);
    sb_results_free(results);
    /* The pear's subtitle alone does not match "here tart"'s first word: both words must match. */
    results = search(index, "tart here", NULL);
    CHECK(results_count(results) == 1);
    CHECK(field_is(results, 0, SB_FIELD_TITLE, "Pear tart", 5, 9));
    CHECK(field_is(results, 0, SB_FIELD_SUBTITLE, "no match here", 9, 13));
    CHECK(field_is(results, 0, SB_FIELD_KEYWORDS, "", 0, 0));
    sb_results_free(results);
    sb_index_free(index);
}

/* Ranges and offsets in UTF-16 code units count a character beyond U+FFFF twice. */
static void utf16_positions(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_DEFAULT, 0, NULL, 1, 0, 0}, &index), SB_OK);
    /* "😀 é apple": the emoji is 4 bytes, 1 code point, 2 UTF-16 units; é is 2 bytes, 1 and 1. */
    const char *title = "\xF0\x9F\x98\x80 \xC3\xA9 apple";
    sb_item item;
    memset(&item, 0, sizeof item);
    item.id = 9;
    item.title = title;
    item.title_len = strlen(title);
    item.subtitle = "\xF0\x9F\x98\x80 apple";
    item.subtitle_len = strlen(item.subtitle);
    CHECK_STATUS(sb_index_add(index, &item, 1), SB_OK);
    sb_results *results = search(index, "apple", NULL);
    const size_t expected_start[3] = {8, 4, 5}; /* bytes, code points, UTF-16 */
    const size_t expected_title_len[3] = {13, 9, 10};
    const size_t expected_subtitle_start[3] = {5, 2, 3};
    for (uint32_t unit = SB_UNIT_BYTES; unit <= SB_UNIT_UTF16; unit++) {
        const sb_hit_entry *entries = NULL;
        size_t count = 0, text_len = 0, range_count = 0;
        const char *text = NULL;
        const sb_range *ranges = NULL;
        CHECK_STATUS(sb_results_export(results, unit, &entries, &count, &text, &text_len, &ranges, &range_count), SB_OK);
        CHECK(count == 1 && range_count == 2);
        if (count != 1 || range_count != 2) continue;
        CHECK(entries[0].title_len == expected_title_len[unit]);
        CHECK(ranges[entries[0].highlight_offset].start == expected_start[unit]);
        CHECK(ranges[entries[0].highlight_offset].end == expected_start[unit] + 5);
        const sb_field_entry *fields = NULL;
        size_t field_count = 0;
        CHECK_STATUS(sb_results_fields(results, unit, &fields, &field_count), SB_OK);
        CHECK(field_count == 3);
        if (field_count != 3) continue;
        /* The subtitle follows the title and its NUL in the text block. */
        CHECK(fields[1].text_offset == expected_title_len[unit] + 1);
        CHECK(fields[1].highlight_count == 1);
        CHECK(ranges[fields[1].highlight_offset].start == expected_subtitle_start[unit]);
    }
    sb_results_free(results);
    sb_index_free(index);
}

/* 120 items "NNN apple", NNN = 000..119; weights 0 except item 50 (weight 3). */
static sb_index *numbered_index(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_DEFAULT, 0, NULL, 2, 0, 0}, &index), SB_OK);
    static char titles[120][16];
    sb_item items[120];
    memset(items, 0, sizeof items);
    for (int i = 0; i < 120; i++) {
        snprintf(titles[i], sizeof titles[i], "%03d apple", i);
        items[i].id = (uint64_t)(1000 - i); /* ids descend as the titles ascend */
        items[i].title = titles[i];
        items[i].title_len = strlen(titles[i]);
        items[i].scope = (uint32_t)(i % 2);
        items[i].weight = i == 50 ? 3.0 : 0.0;
    }
    CHECK_STATUS(sb_index_add(index, items, 120), SB_OK);
    return index;
}

static void total_of(sb_results *results, size_t *total, int32_t *exact) {
    *total = 0;
    *exact = 9;
    CHECK_STATUS(sb_results_total(results, total, exact), SB_OK);
}

/* The total: exact when every match fits, a lower bound otherwise, exact when asked. */
static void totals(void) {
    sb_index *index = numbered_index();
    size_t total;
    int32_t exact;
    sb_search_options options = options_with(10, 0, 0);
    sb_results *results = search(index, "appl", &options);
    CHECK(results_count(results) == 10);
    total_of(results, &total, &exact);
    CHECK(total == 10 && exact == 0);
    sb_results_free(results);
    options = options_with(10, 0, SB_SEARCH_EXACT_TOTAL);
    results = search(index, "appl", &options);
    total_of(results, &total, &exact);
    CHECK(results_count(results) == 10 && total == 120 && exact == 1);
    sb_results_free(results);
    options = options_with(500, 0, 0);
    results = search(index, "apple", &options);
    total_of(results, &total, &exact);
    CHECK(results_count(results) == 120 && total == 120 && exact == 1);
    sb_results_free(results);
    /* Scopes count too. */
    uint32_t scope = 1;
    options = options_with(5, 0, SB_SEARCH_EXACT_TOTAL);
    options.scopes = &scope;
    options.scope_count = 1;
    results = search(index, "apple", &options);
    total_of(results, &total, &exact);
    CHECK(total == 60 && exact == 1);
    sb_results_free(results);
    /* Misuse. */
    CHECK_STATUS(sb_results_total(NULL, &total, &exact), SB_EINVAL);
    CHECK(total == 0 && exact == 0);
    results = search(index, "apple", NULL);
    CHECK_STATUS(sb_results_total(results, NULL, &exact), SB_EINVAL);
    CHECK_STATUS(sb_results_total(results, &total, NULL), SB_EINVAL);
    sb_results_free(results);
    sb_index_free(index);
}

/* Pages of 7 follow one another, and end with the total. */
static void pages(void) {
    sb_index *index = numbered_index();
    sb_search_options options = options_with(120, 0, 0);
    sb_results *whole = search(index, "apple", &options);
    CHECK(results_count(whole) == 120);
    size_t seen = 0;
    for (size_t offset = 0; offset < 130; offset += 7) {
        options = options_with(7, offset, 0);
        sb_results *page = search(index, "apple", &options);
        size_t n = results_count(page);
        CHECK(n == (offset >= 120 ? 0 : (120 - offset < 7 ? 120 - offset : 7)));
        for (size_t k = 0; k < n; k++) {
            sb_hit a, b;
            CHECK_STATUS(sb_results_get(page, k, &a), SB_OK);
            CHECK_STATUS(sb_results_get(whole, offset + k, &b), SB_OK);
            CHECK(a.id == b.id);
            seen++;
        }
        size_t total;
        int32_t exact;
        total_of(page, &total, &exact);
        if (offset + 7 > 120) {
            CHECK(total == 120 && exact == 1); /* the page has room left: every match is counted */
        } else {
            CHECK(total == offset + 7 && exact == 0); /* a lower bound: the hits selected */
        }
        sb_results_free(page);
    }
    CHECK(seen == 120);
    sb_results_free(whole);
    /* The offset's bound. */
    options = options_with(7, SB_SEARCH_MAX_OFFSET + 1, 0);
    sb_results *results = (sb_results *)1;
    CHECK_STATUS(sb_index_search(index, "apple", 5, &options, &results), SB_EINVAL);
    CHECK(results == NULL);
    CHECK(strstr(sb_last_error(), "offset") != NULL);
    options = options_with(7, SB_SEARCH_MAX_OFFSET, 0);
    results = search(index, "apple", &options);
    CHECK(results_count(results) == 0);
    sb_results_free(results);
    options = options_with(7, 0, 1u << 20); /* an unknown flag */
    CHECK_STATUS(sb_index_search(index, "apple", 5, &options, &results), SB_EINVAL);
    sb_index_free(index);
}

/* An empty query lists every item with SB_SEARCH_LIST_ALL: heavier first, then by title. */
static void listing_everything(void) {
    sb_index *index = numbered_index();
    sb_results *results = search(index, "", NULL);
    CHECK(results_count(results) == 0);
    sb_results_free(results);
    sb_search_options options = options_with(5, 0, SB_SEARCH_LIST_ALL);
    results = search(index, "", &options);
    CHECK(results_count(results) == 5);
    uint64_t expected[5] = {950, 1000, 999, 998, 997}; /* "050 apple" (weight 3), then 000, 001... */
    for (size_t k = 0; k < 5 && k < results_count(results); k++) {
        sb_hit hit;
        CHECK_STATUS(sb_results_get(results, k, &hit), SB_OK);
        CHECK(hit.id == expected[k] && hit.highlight_count == 0);
    }
    size_t total;
    int32_t exact;
    total_of(results, &total, &exact);
    CHECK(total == 120 && exact == 1);
    sb_results_free(results);
    /* With a scope, a page and an exact total. */
    uint32_t scope = 1;
    options = options_with(3, 2, SB_SEARCH_LIST_ALL | SB_SEARCH_EXACT_TOTAL);
    options.scopes = &scope;
    options.scope_count = 1;
    results = search(index, " ", &options);
    CHECK(results_count(results) == 3);
    sb_hit hit;
    CHECK_STATUS(sb_results_get(results, 0, &hit), SB_OK);
    CHECK(hit.id == 995); /* scope 1: 001, 003, 005... skipping two */
    total_of(results, &total, &exact);
    CHECK(total == 60 && exact == 1);
    sb_results_free(results);
    sb_index_free(index);
}

/* An item by id, with its texts, scope, weight and attributes; removing every item. */
static void items_by_id_and_clearing(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_DEFAULT, 0, "en", 1, 0, 0}, &index), SB_OK);
    sb_attribute attributes[2];
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "kind";
    attributes[0].name_len = 4;
    attributes[0].text = "pdf";
    attributes[0].text_len = 3;
    attributes[1].name = "year";
    attributes[1].name_len = 4;
    attributes[1].number = 2024;
    sb_item item;
    memset(&item, 0, sizeof item);
    item.id = UINT64_MAX;
    item.title = "Cr\xC3\xA8me br\xC3\xBBl\xC3\xA9" "e";
    item.title_len = strlen(item.title);
    item.subtitle = "Dessert";
    item.subtitle_len = 7;
    item.keywords = "custard";
    item.keywords_len = 7;
    item.scope = 4;
    item.weight = 1.5;
    item.attributes = attributes;
    item.attribute_count = 2;
    CHECK_STATUS(sb_index_add(index, &item, 1), SB_OK);
    sb_item *got = NULL;
    CHECK_STATUS(sb_index_get(index, UINT64_MAX, &got), SB_OK);
    CHECK(got != NULL);
    if (got) {
        CHECK(got->id == UINT64_MAX && got->scope == 4 && got->weight == 1.5);
        CHECK(got->title_len == item.title_len && strcmp(got->title, item.title) == 0);
        CHECK(got->subtitle_len == 7 && strcmp(got->subtitle, "Dessert") == 0);
        CHECK(got->keywords_len == 7 && strcmp(got->keywords, "custard") == 0);
        CHECK(got->attribute_count == 2);
        if (got->attribute_count == 2) {
            CHECK(strcmp(got->attributes[0].name, "kind") == 0 && got->attributes[0].text_len == 3);
            CHECK(strcmp(got->attributes[0].text, "pdf") == 0);
            CHECK(got->attributes[1].text == NULL && got->attributes[1].number == 2024);
        }
        sb_free(got);
    }
    got = (sb_item *)1;
    CHECK_STATUS(sb_index_get(index, 7, &got), SB_ENOTFOUND);
    CHECK(got == NULL);
    CHECK_STATUS(sb_index_get(index, 7, NULL), SB_EINVAL);
    CHECK_STATUS(sb_index_get(NULL, 7, &got), SB_EINVAL);
    /* Clearing: nothing left to find, and the index takes items again. */
    sb_results *before = search(index, "creme", NULL);
    CHECK(results_count(before) == 1);
    CHECK_STATUS(sb_index_clear(index), SB_OK);
    size_t count = 9;
    CHECK_STATUS(sb_index_count(index, &count), SB_OK);
    CHECK(count == 0);
    CHECK_STATUS(sb_index_get(index, UINT64_MAX, &got), SB_ENOTFOUND);
    sb_results *after = search(index, "creme", NULL);
    CHECK(results_count(after) == 0);
    sb_results_free(after);
    sb_search_options options = options_with(0, 0, SB_SEARCH_LIST_ALL);
    after = search(index, "", &options);
    CHECK(results_count(after) == 0);
    sb_results_free(after);
    /* Results from before the clear stay valid. */
    CHECK(field_is(before, 0, SB_FIELD_SUBTITLE, "Dessert", 0, 0));
    sb_results_free(before);
    CHECK_STATUS(sb_index_clear(NULL), SB_EINVAL);
    CHECK_STATUS(sb_index_add(index, &item, 1), SB_OK);
    CHECK_STATUS(sb_index_count(index, &count), SB_OK);
    CHECK(count == 1);
    sb_index_free(index);
}

/* A session over an index delivers the total and the subtitle highlights too. */
static void session_results(const char *dir) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_DEFAULT, 0, NULL, 1, 0, 0}, &index), SB_OK);
    add_fruit(index);
    sb_session *session = index_session(index, dir);
    CHECK_STATUS(sb_session_set_text(session, "ap", 2), SB_OK);
    uint64_t generation = 0;
    CHECK_STATUS(sb_session_search_now(session, &generation), SB_OK);
    CHECK(wait_results(session, generation) == 3);
    sb_results *results = NULL;
    uint64_t delivered = 0;
    CHECK_STATUS(sb_session_copy_results(session, &delivered, &results), SB_OK);
    CHECK(delivered == generation && results_count(results) == 3);
    size_t total;
    int32_t exact;
    total_of(results, &total, &exact);
    CHECK(total == 3 && exact == 1);
    /* "grape" matched through its subtitle "a vine fruit, apt to ferment". */
    int found = 0;
    for (size_t k = 0; k < results_count(results); k++) {
        sb_hit hit;
        CHECK_STATUS(sb_results_get(results, k, &hit), SB_OK);
        if (hit.id == 3) found = field_is(results, k, SB_FIELD_SUBTITLE, "a vine fruit, apt to ferment", 14, 16);
    }
    CHECK(found);
    sb_results_free(results);
    /* With SB_SEARCH_LIST_ALL in its options, the cleared field lists every item. */
    sb_search_options options = options_with(0, 0, SB_SEARCH_LIST_ALL);
    CHECK_STATUS(sb_session_set_search_options(session, &options), SB_OK);
    CHECK_STATUS(sb_session_set_text(session, "", 0), SB_OK);
    CHECK_STATUS(sb_session_search_now(session, &generation), SB_OK);
    CHECK(wait_results(session, generation) == 3);
    CHECK_STATUS(sb_session_copy_results(session, &delivered, &results), SB_OK);
    total_of(results, &total, &exact);
    CHECK(results_count(results) == 3 && total == 3 && exact == 1);
    sb_results_free(results);
    sb_session_free(session);
    sb_index_free(index);
}

int main(void) {
    char dir[] = "/tmp/sb_results_list_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    highlights_in_every_field();
    utf16_positions();
    totals();
    pages();
    listing_everything();
    items_by_id_and_clearing();
    session_results(dir);
    rmdir(dir);
    return check_report();
}
