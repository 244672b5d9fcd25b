/*
 * sb_results_text() through the installed library: the text of every hit, not only the last, is
 * NUL-terminated at its length (the text block keeps a NUL after each text), and it is the same
 * text sb_results_copy() and sb_results_data() describe, in bytes and in code points.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fruit_fixture.h"

/* Each hit's text ends with a NUL at [len], not with the next hit's first byte. */
static void results_texts_are_terminated(sb_index *index) {
    sb_results *results = NULL;
    CHECK_STATUS(sb_index_search(index, "ap", 2, NULL, &results), SB_OK);
    size_t count = results_count(results);
    CHECK(count == 3);
    const char *block = NULL;
    size_t block_len = 0;
    const sb_range *ranges = NULL;
    size_t range_count = 0;
    CHECK_STATUS(sb_results_data(results, &block, &block_len, &ranges, &range_count), SB_OK);
    CHECK(block[block_len] == 0);
    for (size_t i = 0; i < count; i++) {
        const char *text = NULL;
        size_t len = 0;
        sb_hit hit;
        CHECK_STATUS(sb_results_get(results, i, &hit), SB_OK);
        CHECK_STATUS(sb_results_text(results, i, &text, &len), SB_OK);
        CHECK(text != NULL && len > 0);
        CHECK(text[len] == 0);
        CHECK(strlen(text) == len);
        const char *expected = hit.id == 1 ? "apple" : hit.id == 2 ? "apricot" : "a vine fruit, apt to ferment";
        CHECK(strcmp(text, expected) == 0);
        /* The copy and data view of the same text agree, title included. */
        sb_hit_entry entry;
        CHECK_STATUS(sb_results_copy(results, i, 1, &entry), SB_OK);
        CHECK(block + entry.text_offset == text && entry.text_len == len);
        CHECK(entry.text_offset + entry.text_len <= block_len);
        CHECK(block[entry.title_offset + entry.title_len] == 0);
        CHECK(entry.title_offset + entry.title_len <= block_len);
    }
    /* In code points (the Python binding's unit), offsets still name the same texts. */
    const sb_hit_entry *entries = NULL;
    size_t entry_count = 0;
    CHECK_STATUS(sb_results_export(results, SB_UNIT_CODE_POINTS, &entries, &entry_count, &block, &block_len, &ranges,
                                   &range_count),
                 SB_OK);
    for (size_t i = 0; i < entry_count; i++) {
        const char *text = NULL;
        size_t len = 0;
        sb_results_text(results, i, &text, &len);
        CHECK(block + entries[i].text_offset == text); /* ASCII: code points are bytes */
    }
    sb_results_free(results);
}

int main(void) {
    char dir[] = "/tmp/sb-results-text-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    sb_index *index = fruit_index();
    results_texts_are_terminated(index);
    sb_index_free(index);
    rmdir(dir);
    return check_report();
}
