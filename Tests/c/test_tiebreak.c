/*
 * sb_search_options.tiebreak (version 3), through the installed library: fuzzy-mode hits of
 * equal quality ordered by fzf's tiebreaks; version-2 structs still accepted (the field
 * unread, the default length tiebreak); an unknown value is SB_EINVAL with a message.
 *
 * The titles (expected orders worked out by hand): "ab" sits inside a word after 'x' in each,
 * and each match ends at a boundary, so all three score the same. 1 "yxab": 4 bytes, the match
 * begins at 2 and ends at the end; 2 "xab zzzzzz": 10 bytes, begins at 1, ends 7 bytes before
 * the end; 3 "aaxab": 5 bytes, begins at 3, ends at the end. Collation: 3 < 2 < 1.
 */
#include <searchbar.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

/* The ids `options` finds for "ab", compared with `expected` (3 of them). */
static void check_order(sb_index *index, const sb_search_options *options, const uint64_t expected[3]) {
    sb_results *results = NULL;
    CHECK_STATUS(sb_index_search(index, "ab", 2, options, &results), SB_OK);
    CHECK(results_count(results) == 3);
    for (int64_t i = 0; i < 3 && (size_t)i < results_count(results); i++) {
        sb_hit hit;
        CHECK_STATUS(sb_results_get(results, i, &hit), SB_OK);
        CHECK(hit.id == expected[i]);
    }
    sb_results_free(results);
}

int main(void) {
    sb_index *index = NULL;
    sb_index_options index_options = SB_INDEX_OPTIONS_INIT;
    index_options.mode = SB_MODE_FUZZY;
    index_options.locale = "en";
    CHECK_STATUS(sb_index_new(&index_options, &index), SB_OK);
    const char *titles[3] = {"yxab", "xab zzzzzz", "aaxab"};
    sb_item items[3];
    memset(items, 0, sizeof items);
    for (int k = 0; k < 3; k++) {
        items[k].id = (uint64_t)k + 1;
        items[k].title = titles[k];
        items[k].title_len = strlen(titles[k]);
    }
    CHECK_STATUS(sb_index_add(index, items, 3), SB_OK);

    static const uint64_t by_length[3] = {1, 3, 2};
    static const uint64_t by_begin[3] = {2, 1, 3};
    static const uint64_t by_end[3] = {3, 1, 2}; /* 1 and 3 tie: collation */
    static const uint64_t by_index[3] = {3, 2, 1};

    /* The default (SB_SEARCH_OPTIONS_INIT, and NULL options on a fuzzy index): length. */
    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    CHECK(options.version == 3 && options.tiebreak == SB_TIEBREAK_LENGTH);
    check_order(index, &options, by_length);
    check_order(index, NULL, by_length);
    options.tiebreak = SB_TIEBREAK_BEGIN;
    check_order(index, &options, by_begin);
    options.tiebreak = SB_TIEBREAK_END;
    check_order(index, &options, by_end);
    options.tiebreak = SB_TIEBREAK_INDEX;
    check_order(index, &options, by_index);
    options.tiebreak = SB_TIEBREAK_LENGTH;
    check_order(index, &options, by_length);

    /* sb_search_options_init() sets the default for version 3. */
    sb_search_options initialized;
    memset(&initialized, 0xAB, sizeof initialized);
    CHECK_STATUS(sb_search_options_init(&initialized, SB_SEARCH_OPTIONS_VERSION), SB_OK);
    CHECK(initialized.tiebreak == SB_TIEBREAK_LENGTH);

    /* A version-2 struct: the tiebreak field is not read (here it holds garbage). */
    sb_search_options older;
    memset(&older, 0, sizeof older);
    CHECK_STATUS(sb_search_options_init(&older, 2), SB_OK);
    older.tiebreak = 77;
    check_order(index, &older, by_length);

    /* An unknown value: SB_EINVAL, naming the field; nothing is returned. */
    options.tiebreak = 4;
    sb_results *results = NULL;
    CHECK_STATUS(sb_index_search(index, "ab", 2, &options, &results), SB_EINVAL);
    CHECK(results == NULL);
    CHECK(strstr(sb_last_error(), "tiebreak") != NULL);

    /* The names. */
    CHECK(strcmp(sb_tiebreak_string(SB_TIEBREAK_END), "SB_TIEBREAK_END") == 0);
    CHECK(strcmp(sb_tiebreak_string(SB_TIEBREAK_INDEX), "SB_TIEBREAK_INDEX") == 0);
    CHECK(strcmp(sb_tiebreak_string(99), "SB_TIEBREAK_UNKNOWN") == 0);

    sb_index_free(index);
    return check_report();
}
