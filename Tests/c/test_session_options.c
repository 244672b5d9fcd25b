/*
 * sb_session_set_search_options() through the installed library: from inside one of the session's
 * callbacks it is refused (SB_EMISUSE) before anything changes, with an empty field and with text;
 * outside, it applies; bad options change nothing.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fruit_fixture.h"

/* Options that find nothing here (scope 7 holds no item), to see whether they were applied. */
static uint32_t g_empty_scope = 7;
static sb_search_options nothing_options(void) {
    sb_search_options options = SB_SEARCH_OPTIONS_INIT;
    options.scopes = &g_empty_scope;
    options.scope_count = 1;
    return options;
}

static sb_status g_inside_status[2];
static int g_inside_calls = 0;
static void set_options_inside(void *user, const sb_event *event) {
    sb_session *session = (sb_session *)user;
    if (event->kind != SB_EVENT_DID_BEGIN_EDITING && event->kind != SB_EVENT_TEXT_DID_CHANGE) return;
    sb_search_options options = nothing_options();
    if (g_inside_calls < 2) g_inside_status[g_inside_calls++] = sb_session_set_search_options(session, &options);
}

/* sb_session_set_search_options() from inside a callback is refused before anything changes,
 * with an empty field and with text. */
static void options_refused_inside_callbacks(sb_index *index, const char *dir) {
    sb_session *session = index_session(index, dir);
    CHECK_STATUS(sb_session_set_callbacks(session, NULL, set_options_inside, session), SB_OK);
    CHECK_STATUS(sb_session_begin_editing(session), SB_OK); /* empty field: did-begin-editing */
    CHECK_STATUS(sb_session_set_text(session, "ap", 2), SB_OK); /* with text: text-did-change */
    CHECK(g_inside_calls == 2);
    CHECK(g_inside_status[0] == SB_EMISUSE);
    CHECK(g_inside_status[1] == SB_EMISUSE);
    CHECK_STATUS(sb_session_set_callbacks(session, NULL, NULL, NULL), SB_OK);
    /* The options are still the defaults: the three fruits are found. */
    uint64_t generation = 0;
    CHECK_STATUS(sb_session_search_now(session, &generation), SB_OK);
    CHECK(wait_results(session, generation) == 3);
    /* Outside a callback the same call applies (and searches again at once). */
    sb_search_options options = nothing_options();
    CHECK_STATUS(sb_session_set_search_options(session, &options), SB_OK);
    CHECK_STATUS(sb_session_search_now(session, &generation), SB_OK);
    CHECK(wait_results(session, generation) == 0);
    /* Bad options change nothing either. */
    options.mode = 99;
    CHECK_STATUS(sb_session_set_search_options(session, &options), SB_EINVAL);
    CHECK_STATUS(sb_session_set_search_options(session, NULL), SB_OK);
    CHECK_STATUS(sb_session_search_now(session, &generation), SB_OK);
    CHECK(wait_results(session, generation) == 3);
    sb_session_free(session);
}

int main(void) {
    char dir[] = "/tmp/sb-session-options-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, "en", 2}, &index), SB_OK);
    add_fruit(index);
    options_refused_inside_callbacks(index, dir);
    sb_index_free(index);
    rmdir(dir);
    return check_report();
}
