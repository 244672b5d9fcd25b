/*
 * What a session searches for, through the installed library: completions keep the items'
 * spelling ("Zürich", "Straße") and the current scope, and choosing one puts that spelling in
 * the field; SB_EVENT_UPDATE_SEARCH_RESULTS says the scope and the token count of its
 * generation and sb_session_get_query() gives its text, scope title and tokens (SB_ECANCELED
 * once superseded); in submit-only timing a scope or token change after a submit searches again.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fruit_fixture.h"

static void add_places(sb_index *index) {
    static const char *titles[] = {"Zürich Hauptbahnhof", "Zurigo centro", "Große Straße", "Strand"};
    static const uint32_t scopes[] = {1, 2, 1, 2};
    add_titled(index, titles, scopes, 4);
}

/* The completions offered now, joined by "|" (sources other than completions skipped). */
static void completions(sb_session *s, char *out, size_t size) {
    sb_suggestion *list = NULL;
    size_t count = 0;
    out[0] = 0;
    CHECK_STATUS(sb_session_suggestions(s, &list, &count), SB_OK);
    for (size_t i = 0; i < count; i++) {
        if (list[i].source != SB_SUGGESTION_COMPLETION) continue;
        if (out[0]) strncat(out, "|", size - strlen(out) - 1);
        strncat(out, list[i].completion, size - strlen(out) - 1);
    }
    sb_free(list);
}

static int64_t first_completion(sb_session *s) {
    sb_suggestion *list = NULL;
    size_t count = 0;
    int64_t found = -1;
    CHECK_STATUS(sb_session_suggestions(s, &list, &count), SB_OK);
    for (size_t i = 0; i < count && found < 0; i++)
        if (list[i].source == SB_SUGGESTION_COMPLETION) found = (int64_t)i;
    sb_free(list);
    return found;
}

static int text_is(sb_session *s, const char *expected) {
    char *text = NULL;
    size_t len = 0;
    CHECK_STATUS(sb_session_get_text(s, &text, &len), SB_OK);
    int same = text && strcmp(text, expected) == 0;
    sb_free(text);
    return same;
}

static void test_completions(sb_index *index, const char *dir) {
    sb_session *s = index_session(index, dir);
    const char *titles[] = {"All", "Switzerland", "Italy"};
    CHECK_STATUS(sb_session_set_scope_titles(s, titles, NULL, 3), SB_OK);
    char got[256];
    CHECK_STATUS(sb_session_set_text(s, "zur", 3), SB_OK);
    completions(s, got, sizeof got);
    CHECK(strcmp(got, "Zurigo|Zürich") == 0 || strcmp(got, "Zürich|Zurigo") == 0);
    CHECK_STATUS(sb_session_select_scope(s, 1), SB_OK);
    completions(s, got, sizeof got);
    CHECK(strcmp(got, "Zürich") == 0);
    CHECK_STATUS(sb_session_select_scope(s, 2), SB_OK);
    completions(s, got, sizeof got);
    CHECK(strcmp(got, "Zurigo") == 0);
    CHECK_STATUS(sb_session_select_scope(s, 1), SB_OK);
    CHECK_STATUS(sb_session_set_text(s, "Weg STR", 7), SB_OK);
    completions(s, got, sizeof got);
    CHECK(strcmp(got, "Straße") == 0);
    int64_t chosen = first_completion(s);
    CHECK(chosen >= 0);
    CHECK_STATUS(sb_session_choose_suggestion(s, chosen), SB_OK);
    CHECK(text_is(s, "Weg Straße"));
    sb_session_free(s);
}

/* The newest SB_EVENT_UPDATE_SEARCH_RESULTS in the queue (kind 0 when none). */
static sb_event last_update(sb_session *s) {
    sb_event event, found;
    memset(&found, 0, sizeof found);
    while (sb_session_next_event(s, 0, &event) == SB_OK) {
        if (event.kind == SB_EVENT_UPDATE_SEARCH_RESULTS) {
            sb_free(found.text);
            found = event;
        } else {
            sb_free(event.text);
        }
    }
    return found;
}

static void test_update_event_and_query(sb_index *index, const char *dir) {
    sb_session *s = index_session(index, dir);
    const char *titles[] = {"All", "Switzerland", "Italy"};
    CHECK_STATUS(sb_session_set_scope_titles(s, titles, NULL, 3), SB_OK);
    CHECK_STATUS(sb_session_select_scope(s, 2), SB_OK);
    sb_search_token token;
    memset(&token, 0, sizeof token);
    token.kind = SB_SEARCH_TOKEN_TERM;
    token.label = "Strand";
    token.label_len = 6;
    token.value = "strand";
    token.value_len = 6;
    token.host_value = 42;
    CHECK_STATUS(sb_session_insert_token(s, -1, &token), SB_OK);
    uint64_t generation = 0;
    CHECK_STATUS(sb_session_set_text(s, "st", 2), SB_OK);
    CHECK_STATUS(sb_session_search_now(s, &generation), SB_OK);
    sb_event update = last_update(s);
    CHECK(update.kind == SB_EVENT_UPDATE_SEARCH_RESULTS && update.generation == generation);
    CHECK(update.index == 2 && update.count == 1);
    CHECK(update.text && strcmp(update.text, "st") == 0);
    sb_free(update.text);
    sb_issued_query *query = NULL;
    CHECK_STATUS(sb_session_get_query(s, generation, &query), SB_OK);
    CHECK(query && query->generation == generation && query->scope == 2);
    CHECK(query && query->scope_title && strcmp(query->scope_title, "Italy") == 0);
    CHECK(query && strcmp(query->text, "st") == 0 && query->text_len == 2);
    CHECK(query && query->token_count == 1 && query->tokens[0].host_value == 42);
    CHECK(query && strcmp(query->tokens[0].label, "Strand") == 0);
    sb_free(query);
    /* A newer query supersedes it: nothing to search for. */
    CHECK_STATUS(sb_session_select_scope(s, 0), SB_OK);
    query = (sb_issued_query *)1;
    CHECK_STATUS(sb_session_get_query(s, generation, &query), SB_ECANCELED);
    CHECK(query == NULL);
    update = last_update(s);
    CHECK(update.index == 0 && update.count == 1 && update.generation == generation + 1);
    sb_free(update.text);
    CHECK_STATUS(sb_session_get_query(s, generation + 1, NULL), SB_EINVAL);
    CHECK_STATUS(sb_session_get_query(NULL, generation + 1, &query), SB_EINVAL);
    sb_session_free(s);
}

/* The count of the delivered results of `generation`, polled from sb_session_results() (the
 * queue may already have been drained past its event); -1 after 30 s. */
static long results_for(sb_session *s, uint64_t generation) {
    for (int i = 0; i < 3000; i++) {
        uint64_t delivered = 0, *ids = NULL;
        size_t count = 0;
        CHECK_STATUS(sb_session_results(s, &delivered, &ids, &count), SB_OK);
        sb_free(ids);
        if (delivered == generation) return (long)count;
        usleep(10000);
    }
    return -1;
}

static void test_submit_only(sb_index *index, const char *dir) {
    sb_session *s = index_session(index, dir);
    sb_search_timing timing = SB_SEARCH_TIMING_INIT;
    CHECK_STATUS(sb_session_get_timing(s, &timing), SB_OK);
    timing.trigger = SB_TRIGGER_SUBMIT_ONLY;
    CHECK_STATUS(sb_session_set_timing(s, &timing), SB_OK);
    const char *titles[] = {"All", "Switzerland", "Italy"};
    CHECK_STATUS(sb_session_set_scope_titles(s, titles, NULL, 3), SB_OK);
    CHECK_STATUS(sb_session_set_text(s, "str", 3), SB_OK);
    CHECK_STATUS(sb_session_select_scope(s, 1), SB_OK);
    sb_event update = last_update(s);
    CHECK(update.kind == 0); /* not submitted: no search */
    CHECK_STATUS(sb_session_submit(s), SB_OK);
    update = last_update(s);
    CHECK(update.kind == SB_EVENT_UPDATE_SEARCH_RESULTS && update.index == 1);
    uint64_t submitted = update.generation;
    sb_free(update.text);
    CHECK(results_for(s, submitted) == 1); /* Straße, in Switzerland */
    CHECK_STATUS(sb_session_select_scope(s, 2), SB_OK);
    update = last_update(s);
    CHECK(update.kind == SB_EVENT_UPDATE_SEARCH_RESULTS && update.index == 2 && update.generation == submitted + 1);
    sb_free(update.text);
    CHECK(results_for(s, submitted + 1) == 1); /* Strand, in Italy */
    sb_search_token token;
    memset(&token, 0, sizeof token);
    token.kind = SB_SEARCH_TOKEN_SCOPE;
    token.label = "Switzerland";
    token.label_len = 11;
    token.value = "1";
    token.value_len = 1;
    CHECK_STATUS(sb_session_insert_token(s, -1, &token), SB_OK);
    update = last_update(s);
    CHECK(update.kind == SB_EVENT_UPDATE_SEARCH_RESULTS && update.count == 1 && update.generation == submitted + 2);
    sb_free(update.text);
    CHECK(results_for(s, submitted + 2) == 0); /* Italy and Switzerland: nothing */
    sb_session_free(s);
}

int main(void) {
    char dir[] = "/tmp/sb-session-queries-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    sb_index *index = prefix_index("de");
    add_places(index);
    test_completions(index, dir);
    test_update_event_and_query(index, dir);
    test_submit_only(index, dir);
    sb_index_free(index);
    rmdir(dir);
    return check_report();
}
