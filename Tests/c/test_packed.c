/* Behaviour of the packed entry points: sb_index_add_packed (columns, replacement, duplicate ids,
 * scopes and weights), hit texts (sb_results_text, sb_results_copy + sb_results_data,
 * sb_results_export in bytes and code points) and sb_collator_sort_packed, through the installed
 * library. */
#include <searchbar.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

/* The number of code points in the first `n` bytes of UTF-8 `s`. */
static size_t code_points(const char *s, size_t n) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) count += ((unsigned char)s[i] & 0xC0) != 0x80;
    return count;
}

/* sb_results_export() in bytes is sb_results_copy() + sb_results_data(); in code points, every
 * offset, length and range is the byte one counted in code points. */
static void check_export_agrees(sb_results *results, const sb_hit_entry *entries, size_t count, const char *block,
                                size_t block_len, const sb_range *ranges, size_t range_count) {
    const sb_hit_entry *hits = NULL;
    const char *text = NULL;
    const sb_range *export_ranges = NULL;
    size_t hit_count = 0, text_len = 0, export_range_count = 0;
    CHECK_STATUS(sb_results_export(results, SB_UNIT_BYTES, &hits, &hit_count, &text, &text_len, &export_ranges,
                                   &export_range_count), SB_OK);
    CHECK(hit_count == count && text == block && text_len == block_len && export_range_count == range_count);
    CHECK(count == 0 || memcmp(hits, entries, count * sizeof *entries) == 0);
    CHECK(range_count == 0 || memcmp(export_ranges, ranges, range_count * sizeof *ranges) == 0);
    CHECK_STATUS(sb_results_export(results, SB_UNIT_CODE_POINTS, &hits, &hit_count, &text, &text_len,
                                   &export_ranges, &export_range_count), SB_OK);
    CHECK(hit_count == count && text == block && text_len == block_len && export_range_count == range_count);
    for (size_t i = 0; i < count; i++) {
        const sb_hit_entry *e = &entries[i], *cp = &hits[i];
        CHECK(cp->id == e->id && cp->score == e->score && cp->field == e->field && cp->tier == e->tier);
        CHECK(cp->text_offset == code_points(block, e->text_offset));
        CHECK(cp->text_len == code_points(block + e->text_offset, e->text_len));
        CHECK(cp->title_offset == code_points(block, e->title_offset));
        CHECK(cp->title_len == code_points(block + e->title_offset, e->title_len));
        CHECK(cp->highlight_offset == e->highlight_offset && cp->highlight_count == e->highlight_count);
        for (size_t k = e->highlight_offset; k < e->highlight_offset + e->highlight_count; k++) {
            const char *field = block + e->text_offset;
            CHECK(export_ranges[k].start == code_points(field, ranges[k].start));
            CHECK(export_ranges[k].end == code_points(field, ranges[k].end));
        }
    }
}

/* The text of hit `i` as sb_results_copy()/sb_results_data() describe it equals sb_results_text(). */
static void check_copy_agrees(sb_results *results) {
    size_t count = results_count(results);
    sb_hit_entry entries[16];
    CHECK(count <= 16);
    CHECK_STATUS(sb_results_copy(results, 0, count, entries), SB_OK);
    const char *block = NULL;
    size_t block_len = 0, range_count = 0;
    const sb_range *ranges = NULL;
    CHECK_STATUS(sb_results_data(results, &block, &block_len, &ranges, &range_count), SB_OK);
    CHECK(block != NULL && block[block_len] == '\0');
    for (size_t i = 0; i < count; i++) {
        sb_hit hit;
        const char *text = NULL;
        size_t len = 0;
        CHECK_STATUS(sb_results_get(results, i, &hit), SB_OK);
        CHECK_STATUS(sb_results_text(results, i, &text, &len), SB_OK);
        CHECK(entries[i].id == hit.id && entries[i].score == hit.score && entries[i].field == hit.field);
        CHECK(entries[i].tier == hit.tier && entries[i].highlight_count == hit.highlight_count);
        CHECK(entries[i].text_len == len && text == block + entries[i].text_offset);
        CHECK(entries[i].text_offset + entries[i].text_len <= block_len);
        CHECK(entries[i].title_offset + entries[i].title_len <= block_len);
        CHECK(entries[i].highlight_offset + entries[i].highlight_count <= range_count);
        for (size_t k = 0; k < hit.highlight_count; k++) {
            CHECK(hit.highlights[k].start == ranges[entries[i].highlight_offset + k].start);
            CHECK(hit.highlights[k].end <= len);
        }
    }
    check_export_agrees(results, entries, count, block, block_len, ranges, range_count);
}

int main(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, "de", 2, 0, 0}, &index), SB_OK);

    /* Three items by column: titles, subtitles (item 1 has none), no keywords, scopes, weights. */
    const char titles[] = "Zürich HauptbahnhofStraßburgZug";
    size_t title_offsets[] = {0, 20, 30, 33};
    const char subtitles[] = "Schweizgare";
    size_t subtitle_offsets[] = {0, 7, 7, 11};
    uint64_t ids[] = {10, 20, 30};
    uint32_t scopes[] = {1, 2, 1};
    double weights[] = {0, 0, 5};
    sb_packed_items items = SB_PACKED_ITEMS_INIT;
    items.count = 3;
    items.ids = ids;
    items.titles = titles;
    items.title_offsets = title_offsets;
    items.subtitles = subtitles;
    items.subtitle_offsets = subtitle_offsets;
    items.scopes = scopes;
    items.weights = weights;
    CHECK_STATUS(sb_index_add_packed(index, &items), SB_OK);
    size_t count = 0;
    CHECK_STATUS(sb_index_count(index, &count), SB_OK);
    CHECK(count == 3);
    /* Giving freed heap pages back leaves the index as it was (checked by the search below). */
    sb_release_memory();

    /* The hit's text is the original text of the matched field. */
    sb_results *results = NULL;
    CHECK_STATUS(sb_index_search(index, "zur", 3, NULL, &results), SB_OK);
    CHECK(results_count(results) == 1);
    const char *text = NULL;
    size_t len = 0;
    CHECK_STATUS(sb_results_text(results, 0, &text, &len), SB_OK);
    CHECK(len == 20 && memcmp(text, "Zürich Hauptbahnhof", 20) == 0);
    sb_hit hit;
    CHECK_STATUS(sb_results_get(results, 0, &hit), SB_OK);
    CHECK(hit.id == 10 && hit.highlight_count == 1 && hit.highlights[0].start == 0 && hit.highlights[0].end == 4);
    check_copy_agrees(results);
    {
        /* in code points: "Zür" is 3 code points (4 bytes), the title 19 (20 bytes); the text
         * block (its length in bytes) holds the title and the subtitle "Schweiz", each with a NUL */
        const sb_hit_entry *hits = NULL;
        const char *block = NULL;
        const sb_range *ranges = NULL;
        size_t hit_count = 0, block_len = 0, range_count = 0;
        CHECK_STATUS(sb_results_export(results, SB_UNIT_CODE_POINTS, &hits, &hit_count, &block, &block_len, &ranges,
                                       &range_count), SB_OK);
        CHECK(hit_count == 1 && hits[0].text_len == 19 && hits[0].title_len == 19 && block_len == 28);
        CHECK(range_count == 1 && ranges[0].start == 0 && ranges[0].end == 3);
    }
    sb_results_free(results);

    /* A subtitle hit: text is the subtitle, title is the title. */
    CHECK_STATUS(sb_index_search(index, "schweiz", 7, NULL, &results), SB_OK);
    CHECK(results_count(results) == 1);
    CHECK_STATUS(sb_results_text(results, 0, &text, &len), SB_OK);
    CHECK(len == 7 && memcmp(text, "Schweiz", 7) == 0);
    sb_hit_entry entry;
    CHECK_STATUS(sb_results_copy(results, 0, 1, &entry), SB_OK);
    CHECK(entry.field == SB_FIELD_SUBTITLE);
    const char *block = NULL;
    const sb_range *ranges = NULL;
    size_t block_len = 0, range_count = 0;
    CHECK_STATUS(sb_results_data(results, &block, &block_len, &ranges, &range_count), SB_OK);
    CHECK(entry.title_len == 20 && memcmp(block + entry.title_offset, "Zürich Hauptbahnhof", 20) == 0);
    CHECK(range_count == 1 && ranges[0].start == 0 && ranges[0].end == 7);
    check_copy_agrees(results);
    /* copying an empty range past nothing is fine; a partial copy starts at `first` */
    CHECK_STATUS(sb_results_copy(results, 1, 0, NULL), SB_OK);
    sb_results_free(results);

    /* Scopes came through. */
    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    uint32_t scope = 2;
    options.scopes = &scope;
    options.scope_count = 1;
    CHECK_STATUS(sb_index_search(index, "stra", 4, &options, &results), SB_OK);
    CHECK(results_count(results) == 1);
    sb_results_free(results);
    scope = 1;
    CHECK_STATUS(sb_index_search(index, "stra", 4, &options, &results), SB_OK);
    CHECK(results_count(results) == 0);
    sb_results_free(results);

    /* Replacement and duplicates (ids not ascending): id 20 is replaced, the last 40 wins. */
    const char more[] = "OltenAaraufirstsecond";
    size_t more_offsets[] = {0, 5, 10, 15, 21};
    uint64_t more_ids[] = {20, 40, 40, 40};
    CHECK_STATUS(sb_packed_items_init(&items, SB_PACKED_ITEMS_VERSION), SB_OK);
    items.count = 4;
    items.ids = more_ids;
    items.titles = more;
    items.title_offsets = more_offsets;
    CHECK_STATUS(sb_index_add_packed(index, &items), SB_OK);
    CHECK_STATUS(sb_index_count(index, &count), SB_OK);
    CHECK(count == 4);
    CHECK_STATUS(sb_index_search(index, "olten", 5, NULL, &results), SB_OK);
    CHECK(results_count(results) == 1);
    CHECK_STATUS(sb_results_get(results, 0, &hit), SB_OK);
    CHECK(hit.id == 20);
    sb_results_free(results);
    CHECK_STATUS(sb_index_search(index, "strasbourg", 10, NULL, &results), SB_OK);
    CHECK(results_count(results) == 0); /* the old title of 20 is gone */
    sb_results_free(results);
    CHECK_STATUS(sb_index_search(index, "second", 6, NULL, &results), SB_OK);
    CHECK(results_count(results) == 1);
    sb_results_free(results);
    CHECK_STATUS(sb_index_search(index, "first", 5, NULL, &results), SB_OK);
    CHECK(results_count(results) == 0);
    sb_results_free(results);

    /* Results outlive their index, texts included. */
    CHECK_STATUS(sb_index_search(index, "zug", 3, NULL, &results), SB_OK);
    sb_index_free(index);
    CHECK_STATUS(sb_results_text(results, 0, &text, &len), SB_OK);
    CHECK(len == 3 && memcmp(text, "Zug", 3) == 0);
    sb_results_free(results);

    /* Packed sort: same order as sb_collator_sort. */
    sb_collator *collator = NULL;
    CHECK_STATUS(sb_collator_new("sv", &collator), SB_OK);
    const char words[] = "ÖrebroZebraÅsaÄrlig";
    size_t word_offsets[] = {0, 7, 12, 16, 22};
    size_t order[4];
    CHECK_STATUS(sb_collator_sort_packed(collator, words, word_offsets, 4, order), SB_OK);
    CHECK(order[0] == 1 && order[1] == 2 && order[2] == 3 && order[3] == 0); /* Zebra < Åsa < Ärlig < Örebro */
    const char *pointers[] = {"Örebro", "Zebra", "Åsa", "Ärlig"};
    size_t lengths[] = {7, 5, 4, 6};
    size_t order2[4];
    CHECK_STATUS(sb_collator_sort(collator, pointers, lengths, 4, order2), SB_OK);
    CHECK(memcmp(order, order2, sizeof order) == 0);
    /* offsets need not start at 0 */
    size_t shifted[] = {7, 12, 16};
    CHECK_STATUS(sb_collator_sort_packed(collator, words, shifted, 2, order), SB_OK);
    CHECK(order[0] == 0 && order[1] == 1);
    CHECK_STATUS(sb_collator_sort_packed(collator, NULL, NULL, 0, NULL), SB_OK);
    sb_collator_free(collator);
    return check_report();
}
