/*
 * Every integer that crosses the C interface, at the edges of its C type, through the installed
 * library: size_t counts, offsets and lengths at and past 2^63 and at SIZE_MAX, uint32_t values at
 * UINT32_MAX, int64_t and int32_t indices at their minimum and maximum. Each must give a status
 * with a message (never a trap, never SB_OK for a request that was not carried out), and a
 * refused call must leave the index or session as it was.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fruit_fixture.h"

#define HALF ((size_t)1 << (sizeof(size_t) * 8 - 1)) /* 2^63: the first size_t Swift's Int cannot hold */

/* The status is `expected` and a message says why. */
#define CHECK_REFUSED(call, expected)                      \
    do {                                                   \
        sb_status status_ = (call);                        \
        CHECK(status_ == (expected));                      \
        if (status_ != SB_OK) CHECK(sb_last_error()[0] != 0); \
    } while (0)

static sb_packed_items one_title(const uint64_t *id, const char *title, const size_t *offsets) {
    sb_packed_items items = SB_PACKED_ITEMS_INIT;
    items.count = 1;
    items.ids = id;
    items.titles = title;
    items.title_offsets = offsets;
    return items;
}

static size_t index_count(sb_index *index) {
    size_t count = 0;
    sb_index_count(index, &count);
    return count;
}

/* sb_index_add_packed: offsets and counts past 2^63 (these trapped, or returned SB_OK and added
 * nothing). */
static void packed_items(sb_index *index) {
    const char *title = "apple";
    uint64_t id = 1;
    size_t before = index_count(index);
    const size_t huge_offsets[][2] = {
        {SIZE_MAX - 5, SIZE_MAX}, {HALF, HALF + 5}, {HALF - 1, HALF + 4}, {HALF + 1, HALF + 1},
        {SIZE_MAX, SIZE_MAX}, {SIZE_MAX - 1, SIZE_MAX},
    };
    for (size_t i = 0; i < sizeof huge_offsets / sizeof huge_offsets[0]; i++) {
        sb_packed_items items = one_title(&id, title, huge_offsets[i]);
        sb_status status = sb_index_add_packed(index, &items);
        /* An empty span ({X, X}) names no bytes: an empty title, which is fine. */
        if (huge_offsets[i][0] == huge_offsets[i][1]) {
            CHECK(status == SB_OK);
            uint64_t gone = 1;
            sb_index_remove(index, &gone, 1);
        } else {
            CHECK(status == SB_EINVAL);
            CHECK(strstr(sb_last_error(), "title_offsets") != NULL);
        }
    }
    /* The same in the subtitle and keyword columns. */
    {
        const size_t ok[2] = {0, 5}, bad[2] = {SIZE_MAX - 5, SIZE_MAX};
        sb_packed_items items = one_title(&id, title, ok);
        items.subtitles = title;
        items.subtitle_offsets = bad;
        CHECK_REFUSED(sb_index_add_packed(index, &items), SB_EINVAL);
        CHECK(strstr(sb_last_error(), "subtitle_offsets") != NULL);
        items.subtitle_offsets = NULL;
        items.subtitles = NULL;
        items.keywords = title;
        items.keyword_offsets = bad;
        CHECK_REFUSED(sb_index_add_packed(index, &items), SB_EINVAL);
        CHECK(strstr(sb_last_error(), "keyword_offsets") != NULL);
    }
    /* A text buffer near the top of the address space: its offsets would wrap past it. Refused
     * before a byte is read. */
    {
        const char *top = (const char *)(uintptr_t)(UINTPTR_MAX - 15);
        const size_t offsets[2] = {0, 32};
        sb_packed_items items = one_title(&id, top, offsets);
        CHECK_REFUSED(sb_index_add_packed(index, &items), SB_EINVAL);
    }
    /* Counts at and past 2^63 (they looked negative: SB_OK, nothing added). */
    {
        const size_t offsets[2] = {0, 5};
        const size_t counts[] = {HALF, HALF + 1, SIZE_MAX, SIZE_MAX - 1, ((size_t)1 << 26) + 1};
        for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
            sb_packed_items items = one_title(&id, title, offsets);
            items.count = counts[i];
            CHECK_REFUSED(sb_index_add_packed(index, &items), SB_ETOOBIG);
            CHECK(strstr(sb_last_error(), "count") != NULL);
        }
    }
    CHECK(index_count(index) == before);
    /* The valid batch still works. */
    {
        const size_t offsets[2] = {0, 5};
        sb_packed_items items = one_title(&id, title, offsets);
        CHECK_STATUS(sb_index_add_packed(index, &items), SB_OK);
        CHECK(index_count(index) == before + 1);
    }
}

/* sb_collator_sort_packed and sb_collator_sort. */
static void collator_sorts(void) {
    sb_collator *collator = NULL;
    CHECK_STATUS(sb_collator_new("en", &collator), SB_OK);
    const char *bytes = "pearapple";
    size_t order[2] = {7, 7};
    const size_t bad[][3] = {
        {SIZE_MAX - 5, SIZE_MAX - 3, SIZE_MAX}, {HALF, HALF + 4, HALF + 9}, {HALF - 2, HALF + 2, HALF + 7},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_REFUSED(sb_collator_sort_packed(collator, bytes, bad[i], 2, order), SB_EINVAL);
        CHECK(strstr(sb_last_error(), "offsets") != NULL);
    }
    const size_t long_span[3] = {0, 4, HALF}; /* a string of 2^63 - 4 bytes */
    CHECK_REFUSED(sb_collator_sort_packed(collator, bytes, long_span, 2, order), SB_ETOOBIG);
    const char *top = (const char *)(uintptr_t)(UINTPTR_MAX - 7);
    const size_t wrap[3] = {0, 4, 16};
    CHECK_REFUSED(sb_collator_sort_packed(collator, top, wrap, 2, order), SB_EINVAL);
    const size_t good[3] = {0, 4, 9};
    CHECK_REFUSED(sb_collator_sort_packed(collator, bytes, good, HALF, order), SB_ETOOBIG);
    CHECK_REFUSED(sb_collator_sort_packed(collator, bytes, good, SIZE_MAX, order), SB_ETOOBIG);
    CHECK_STATUS(sb_collator_sort_packed(collator, bytes, good, 2, order), SB_OK);
    CHECK(order[0] == 1 && order[1] == 0);

    const char *strings[2] = {"pear", "apple"};
    size_t lengths[2] = {4, 5};
    CHECK_REFUSED(sb_collator_sort(collator, strings, lengths, HALF, order), SB_ETOOBIG);
    CHECK_REFUSED(sb_collator_sort(collator, strings, lengths, SIZE_MAX, order), SB_ETOOBIG);
    CHECK_REFUSED(sb_collator_sort(collator, strings, lengths, (size_t)INT32_MAX + 1, order), SB_ETOOBIG);
    size_t huge_lengths[2] = {SIZE_MAX, 5};
    CHECK_REFUSED(sb_collator_sort(collator, strings, huge_lengths, 2, order), SB_ETOOBIG);
    int32_t cmp = 9;
    CHECK_REFUSED(sb_collator_compare(collator, "a", SIZE_MAX, "b", 1, &cmp), SB_ETOOBIG);
    CHECK_REFUSED(sb_collator_compare(collator, "a", 1, "b", HALF, &cmp), SB_ETOOBIG);
    uint8_t *key = NULL;
    size_t key_len = 0;
    CHECK_REFUSED(sb_collator_sort_key(collator, "a", SIZE_MAX, &key, &key_len), SB_ETOOBIG);
    sb_collator_free(collator);

    char *folded = NULL;
    size_t folded_len = 0;
    CHECK_REFUSED(sb_fold(NULL, "a", SIZE_MAX, &folded, &folded_len), SB_ETOOBIG);
    sb_token *tokens = NULL;
    size_t token_count = 0;
    CHECK_REFUSED(sb_tokenize(NULL, "a", HALF, &tokens, &token_count), SB_ETOOBIG);
}

/* sb_index_new, sb_index_add, sb_index_remove, search options and results readers. */
static void index_and_results(sb_index *index) {
    sb_index *other = NULL;
    CHECK_REFUSED(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, UINT32_MAX, 0, NULL, 1, 0, 0}, &other), SB_EINVAL);
    CHECK_REFUSED(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, UINT32_MAX, NULL, 1, 0, 0}, &other), SB_EINVAL);
    CHECK_REFUSED(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, 0, 0, NULL, UINT32_MAX, 0, 0}, &other), SB_EINVAL);
    CHECK(other == NULL);

    size_t before = index_count(index);
    sb_item item;
    memset(&item, 0, sizeof item);
    item.id = 99;
    item.title = "zebra";
    item.title_len = 5;
    CHECK_REFUSED(sb_index_add(index, &item, HALF), SB_ETOOBIG);
    CHECK_REFUSED(sb_index_add(index, &item, SIZE_MAX), SB_ETOOBIG);
    item.title_len = SIZE_MAX;
    CHECK_REFUSED(sb_index_add(index, &item, 1), SB_ETOOBIG);
    item.title_len = HALF;
    CHECK_REFUSED(sb_index_add(index, &item, 1), SB_ETOOBIG);
    item.title_len = 5;
    sb_attribute attribute;
    memset(&attribute, 0, sizeof attribute);
    attribute.name = "n";
    attribute.name_len = 1;
    item.attributes = &attribute;
    item.attribute_count = SIZE_MAX;
    CHECK_REFUSED(sb_index_add(index, &item, 1), SB_ETOOBIG);
    item.attribute_count = HALF;
    CHECK_REFUSED(sb_index_add(index, &item, 1), SB_ETOOBIG);
    item.attribute_count = 1;
    attribute.name_len = SIZE_MAX;
    CHECK_REFUSED(sb_index_add(index, &item, 1), SB_ETOOBIG);
    CHECK(index_count(index) == before);
    uint64_t ids[1] = {1};
    CHECK_REFUSED(sb_index_remove(index, ids, SIZE_MAX), SB_ETOOBIG);
    CHECK_REFUSED(sb_index_remove(index, ids, HALF), SB_ETOOBIG);
    CHECK(index_count(index) == before);

    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    uint32_t scope = 0;
    sb_results *results = NULL;
    options.limit = SIZE_MAX; /* any limit is allowed: it is capped */
    CHECK_STATUS(sb_index_search(index, "apple", 5, &options, &results), SB_OK);
    CHECK(results_count(results) == 1);
    sb_results_free(results);
    results = NULL;
    options.limit = 0;
    options.mode = UINT32_MAX;
    CHECK_REFUSED(sb_index_search(index, "apple", 5, &options, &results), SB_EINVAL);
    options.mode = 0;
    options.flags = UINT32_MAX;
    CHECK_REFUSED(sb_index_search(index, "apple", 5, &options, &results), SB_EINVAL);
    options.flags = 0;
    options.scopes = &scope;
    options.scope_count = SIZE_MAX;
    CHECK_REFUSED(sb_index_search(index, "apple", 5, &options, &results), SB_ETOOBIG);
    options.scope_count = HALF;
    CHECK_REFUSED(sb_index_search(index, "apple", 5, &options, &results), SB_ETOOBIG);
    options.scope_count = 0;
    sb_filter filter;
    memset(&filter, 0, sizeof filter);
    filter.attribute = "n";
    filter.attribute_len = 1;
    options.filters = &filter;
    options.filter_count = SIZE_MAX;
    CHECK_REFUSED(sb_index_search(index, "apple", 5, &options, &results), SB_ETOOBIG);
    options.filter_count = 1;
    filter.kind = UINT32_MAX;
    CHECK_REFUSED(sb_index_search(index, "apple", 5, &options, &results), SB_EINVAL);
    filter.kind = SB_FILTER_EQUALS;
    filter.text_len = SIZE_MAX;
    filter.text = "x";
    CHECK_REFUSED(sb_index_search(index, "apple", 5, &options, &results), SB_ETOOBIG);
    CHECK(results == NULL);
    CHECK_REFUSED(sb_index_search(index, "apple", SIZE_MAX, NULL, &results), SB_ETOOBIG);
    CHECK_REFUSED(sb_index_search(index, "apple", HALF, NULL, &results), SB_ETOOBIG);
    CHECK_REFUSED(sb_index_cancel(index, UINT64_MAX), SB_ENOTFOUND);

    CHECK_STATUS(sb_index_search(index, "apple", 5, NULL, &results), SB_OK);
    sb_hit hit;
    CHECK_REFUSED(sb_results_get(results, SIZE_MAX, &hit), SB_EINVAL);
    CHECK_REFUSED(sb_results_get(results, HALF, &hit), SB_EINVAL);
    const char *text = NULL;
    size_t text_len = 0;
    CHECK_REFUSED(sb_results_text(results, SIZE_MAX, &text, &text_len), SB_EINVAL);
    CHECK_REFUSED(sb_results_text(results, HALF, &text, &text_len), SB_EINVAL);
    sb_hit_entry entries[2];
    CHECK_REFUSED(sb_results_copy(results, SIZE_MAX, 2, entries), SB_EINVAL); /* first + count wraps */
    CHECK_REFUSED(sb_results_copy(results, 1, SIZE_MAX, entries), SB_EINVAL);
    CHECK_REFUSED(sb_results_copy(results, HALF, HALF, entries), SB_EINVAL);
    CHECK_STATUS(sb_results_copy(results, 1, 0, entries), SB_OK);
    const sb_hit_entry *all = NULL;
    size_t count = 0, range_count = 0;
    const sb_range *ranges = NULL;
    CHECK_REFUSED(sb_results_export(results, UINT32_MAX, &all, &count, &text, &text_len, &ranges, &range_count),
                  SB_EINVAL);
    sb_results_free(results);

    sb_item *samples = NULL;
    size_t sample_count = 0;
    CHECK_REFUSED(sb_sample_items(UINT32_MAX, &samples, &sample_count), SB_EINVAL);
    CHECK(sb_sample_scope_title(UINT32_MAX) == NULL);
}

/* The sb_session_* functions that take integers. */
static void session_integers(sb_index *index, const char *dir) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.recents_directory = dir;
    sb_session *session = NULL;
    options.clock = UINT32_MAX;
    CHECK_REFUSED(sb_session_new(index, &options, &session), SB_EINVAL);
    options.clock = SB_CLOCK_MANUAL;
    options.event_queue_capacity = UINT32_MAX;
    CHECK_REFUSED(sb_session_new(index, &options, &session), SB_EINVAL);
    options.event_queue_capacity = 0;
    CHECK_STATUS(sb_session_new(index, &options, &session), SB_OK);

    CHECK_STATUS(sb_session_set_text(session, "ab", 2), SB_OK);
    CHECK_REFUSED(sb_session_insert_text(session, SIZE_MAX, "x", 1), SB_EINVAL);
    CHECK_REFUSED(sb_session_insert_text(session, HALF, "x", 1), SB_EINVAL);
    CHECK_REFUSED(sb_session_insert_text(session, (size_t)UINT32_MAX + 1, "x", 1), SB_EINVAL);
    CHECK_REFUSED(sb_session_insert_text(session, 0, "x", SIZE_MAX), SB_ETOOBIG);
    CHECK_REFUSED(sb_session_replace_text(session, 0, SIZE_MAX, "x", 1), SB_EINVAL);
    CHECK_REFUSED(sb_session_replace_text(session, HALF, HALF, "x", 1), SB_EINVAL);
    CHECK_REFUSED(sb_session_delete_text(session, SIZE_MAX, SIZE_MAX), SB_EINVAL);
    CHECK_REFUSED(sb_session_delete_text(session, 0, (size_t)UINT32_MAX + 2), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_text(session, "x", SIZE_MAX), SB_ETOOBIG);
    char *text = NULL;
    size_t text_len = 0;
    CHECK_STATUS(sb_session_get_text(session, &text, &text_len), SB_OK);
    CHECK(text_len == 2 && strcmp(text, "ab") == 0);
    sb_free(text);

    const int64_t indices[] = {INT64_MIN, INT64_MIN + 1, -2, (int64_t)INT32_MAX + 1, INT64_MAX};
    for (size_t i = 0; i < sizeof indices / sizeof indices[0]; i++) {
        CHECK_REFUSED(sb_session_select_scope(session, indices[i]), SB_EINVAL);
        CHECK_REFUSED(sb_session_set_selected_scope(session, indices[i]), SB_EINVAL);
        CHECK_REFUSED(sb_session_remove_token(session, indices[i]), SB_EINVAL);
        CHECK_REFUSED(sb_session_remove_recent(session, indices[i]), SB_EINVAL);
        CHECK_REFUSED(sb_session_choose_suggestion(session, indices[i]), SB_EINVAL);
        sb_search_token token;
        memset(&token, 0, sizeof token);
        token.label = "t";
        token.label_len = 1;
        CHECK_REFUSED(sb_session_insert_token(session, indices[i], &token), SB_EINVAL);
    }
    sb_search_token token;
    memset(&token, 0, sizeof token);
    token.kind = UINT32_MAX;
    CHECK_REFUSED(sb_session_insert_token(session, -1, &token), SB_EINVAL);
    token.kind = 0;
    token.label = "t";
    token.label_len = SIZE_MAX;
    CHECK_REFUSED(sb_session_insert_token(session, -1, &token), SB_ETOOBIG);

    const char *titles[1] = {"All"};
    size_t title_lengths[1] = {SIZE_MAX};
    CHECK_REFUSED(sb_session_set_scope_titles(session, titles, NULL, SIZE_MAX), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_scope_titles(session, titles, NULL, HALF), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_scope_titles(session, titles, title_lengths, 1), SB_ETOOBIG);
    sb_bar_item bar_item;
    memset(&bar_item, 0, sizeof bar_item);
    CHECK_REFUSED(sb_session_set_items(session, 0, &bar_item, SIZE_MAX), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_items(session, INT32_MIN, &bar_item, 1), SB_EINVAL);
    bar_item.title = "x";
    bar_item.title_len = SIZE_MAX;
    CHECK_REFUSED(sb_session_set_items(session, 0, &bar_item, 1), SB_ETOOBIG);
    sb_suggestion suggestion;
    memset(&suggestion, 0, sizeof suggestion);
    CHECK_REFUSED(sb_session_set_host_suggestions(session, 0, &suggestion, SIZE_MAX), SB_EINVAL);
    suggestion.action = UINT32_MAX;
    CHECK_REFUSED(sb_session_set_host_suggestions(session, 0, &suggestion, 1), SB_EINVAL);
    suggestion.action = 0;
    suggestion.title = "x";
    suggestion.title_len = HALF;
    CHECK_REFUSED(sb_session_set_host_suggestions(session, 0, &suggestion, 1), SB_ETOOBIG);
    CHECK_REFUSED(sb_session_set_host_suggestions(session, INT32_MAX, NULL, 0), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_suggestion_limits(session, UINT32_MAX, 1), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_suggestion_limits(session, 1, UINT32_MAX), SB_EINVAL);

    const int32_t flags[] = {INT32_MIN, -1, 2, INT32_MAX};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        CHECK_REFUSED(sb_session_set_active(session, flags[i]), SB_EINVAL);
        CHECK_REFUSED(sb_session_set_shows_bookmark_button(session, flags[i]), SB_EINVAL);
        CHECK_REFUSED(sb_session_set_shows_results_list_button(session, flags[i]), SB_EINVAL);
        CHECK_REFUSED(sb_session_set_results_list_selected(session, flags[i]), SB_EINVAL);
        CHECK_REFUSED(sb_session_move_match(session, flags[i] == -1 ? 0 : flags[i]), SB_EINVAL);
    }
    CHECK_REFUSED(sb_session_set_scope_bar_policy(session, UINT32_MAX), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_placement(session, UINT32_MAX), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_cancel_button_policy(session, UINT32_MAX), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_autocapitalization(session, UINT32_MAX), SB_EINVAL);
    CHECK_REFUSED(sb_session_set_style(session, UINT32_MAX), SB_EINVAL);
    CHECK_STATUS(sb_session_set_tint(session, UINT32_MAX), SB_OK); /* every 0xRRGGBBAA is a tint */
    CHECK_REFUSED(sb_session_set_cancel_button_title(session, "x", SIZE_MAX), SB_ETOOBIG);
    CHECK_REFUSED(sb_session_set_placeholder(session, "x", HALF), SB_ETOOBIG);
    CHECK_REFUSED(sb_session_set_prompt(session, "x", SIZE_MAX), SB_ETOOBIG);

    sb_search_timing timing = SB_SEARCH_TIMING_INIT;
    CHECK_STATUS(sb_session_get_timing(session, &timing), SB_OK);
    sb_search_timing saved = timing;
    /* The int32_t booleans get their all-ones bits (-1); a version of UINT32_MAX is from the future. */
    uint32_t *fields[] = {&timing.trigger, &timing.delay_ms, (uint32_t *)&timing.shrinking, &timing.minimum_characters,
                          (uint32_t *)&timing.immediate_on_clear, &timing.stall_ms, &timing.version};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        timing = saved;
        *fields[i] = UINT32_MAX;
        CHECK_REFUSED(sb_session_set_timing(session, &timing), SB_EINVAL);
    }
    timing = saved;
    timing.shrinking = 1;
    timing.shrink_initial_ms = UINT32_MAX;
    CHECK_REFUSED(sb_session_set_timing(session, &timing), SB_EINVAL);
    CHECK_STATUS(sb_session_get_timing(session, &timing), SB_OK);
    CHECK(memcmp(&timing, &saved, sizeof timing) == 0);

    sb_recents_policy policy = SB_RECENTS_POLICY_INIT;
    CHECK_STATUS(sb_session_get_recents_policy(session, &policy), SB_OK);
    sb_recents_policy saved_policy = policy;
    policy.limit = UINT32_MAX;
    CHECK_REFUSED(sb_session_set_recents_policy(session, &policy), SB_EINVAL);
    policy = saved_policy;
    policy.expiry_ms = UINT64_MAX;
    CHECK_REFUSED(sb_session_set_recents_policy(session, &policy), SB_EINVAL);
    policy.expiry_ms = (uint64_t)INT64_MAX;
    CHECK_REFUSED(sb_session_set_recents_policy(session, &policy), SB_EINVAL);
    policy = saved_policy;
    policy.per_scope = -1;
    CHECK_REFUSED(sb_session_set_recents_policy(session, &policy), SB_EINVAL);
    policy = saved_policy;
    policy.is_private = 2;
    CHECK_REFUSED(sb_session_set_recents_policy(session, &policy), SB_EINVAL);
    /* The largest expiry accepted reads back without overflowing. */
    policy = saved_policy;
    policy.expiry_ms = (uint64_t)(INT64_MAX / 1000000);
    CHECK_STATUS(sb_session_set_recents_policy(session, &policy), SB_OK);
    CHECK_STATUS(sb_session_get_recents_policy(session, &policy), SB_OK);
    CHECK(policy.expiry_ms == (uint64_t)(INT64_MAX / 1000000));
    CHECK_REFUSED(sb_session_add_recent(session, "x", SIZE_MAX), SB_ETOOBIG);

    uint64_t dropped = 0;
    CHECK_REFUSED(sb_session_set_event_queue_capacity(session, UINT32_MAX, &dropped), SB_EINVAL);
    sb_event event;
    CHECK_REFUSED(sb_session_next_event(session, INT32_MIN, &event), SB_EINVAL);
    CHECK_REFUSED(sb_session_next_event(session, -2, &event), SB_EINVAL);

    uint64_t id = 5;
    CHECK_REFUSED(sb_session_deliver_results(session, UINT64_MAX, &id, SIZE_MAX), SB_EINVAL);
    CHECK_REFUSED(sb_session_deliver_results(session, UINT64_MAX, &id, HALF), SB_EINVAL);
    CHECK_REFUSED(sb_session_fail_search(session, UINT64_MAX, "x", SIZE_MAX), SB_ETOOBIG);
    CHECK_REFUSED(sb_session_restore(session, "{}", SIZE_MAX), SB_ETOOBIG);
    CHECK_STATUS(sb_session_choose_result(session, UINT64_MAX), SB_OK); /* any id may be chosen */
    /* The largest step of a manual clock moves it by 49.7 days, not by a wrapped amount. */
    CHECK_STATUS(sb_session_advance_clock(session, UINT32_MAX), SB_OK);
    sb_session_free(session);
}

int main(void) {
    char dir[] = "/tmp/sb-abi-integers-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    sb_index *index = prefix_index("en");
    packed_items(index);
    collator_sorts();
    index_and_results(index);
    session_integers(index, dir);
    sb_index_free(index);
    rmdir(dir);
    return check_report();
}
