/*
 * sb_session_set_search_options() through the installed library: from inside one of the session's
 * callbacks it is queued, and the change and its search run together once the callback has
 * returned; bad options are refused at once and change nothing, inside a callback or not.
 * A callback runs on the thread whose call raised its event, or on the thread already delivering
 * the session's events (a pool thread with results), so the checks wait for what they expect.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <searchbar.h>
#include <stdatomic.h>
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
static atomic_int g_inside_calls;
static atomic_int g_bad_inside;
static void set_options_inside(void *user, const sb_event *event) {
    sb_session *session = (sb_session *)user;
    if (event->kind != SB_EVENT_DID_BEGIN_EDITING && event->kind != SB_EVENT_TEXT_DID_CHANGE) return;
    sb_search_options options = nothing_options();
    int calls = atomic_load(&g_inside_calls);
    if (calls < 2) {
        sb_search_options bad = options;
        bad.mode = 99;
        atomic_store(&g_bad_inside, sb_session_set_search_options(session, &bad) == SB_EINVAL);
        g_inside_status[calls] = sb_session_set_search_options(session, &options);
        atomic_store(&g_inside_calls, calls + 1);
    }
}

/* Waits (up to 30 s) until the callback has made `calls` calls; 1 if so. */
static int wait_inside_calls(int calls) {
    for (int i = 0; i < 30000; i++) {
        if (atomic_load(&g_inside_calls) >= calls) return 1;
        usleep(1000);
    }
    return 0;
}

/* Waits (up to 30 s) for results with `count` hits; returns count, or -1. */
static long wait_count(sb_session *session, long count) {
    for (int i = 0; i < 3000; i++) {
        sb_event event;
        if (sb_session_next_event(session, 10, &event) == SB_OK) {
            sb_free(event.text);
            if (event.kind == SB_EVENT_RESULTS_READY && (long)event.count == count) return count;
        }
    }
    return -1;
}

/* The newest generation's result count, waiting for it. */
static long newest_results(sb_session *session) {
    sb_display *display = NULL;
    CHECK_STATUS(sb_session_display(session, &display), SB_OK);
    uint64_t latest = display ? display->generation : 0;
    sb_free(display);
    return wait_results(session, latest);
}

static void options_queued_inside_callbacks(sb_index *index, const char *dir) {
    sb_session *session = index_session(index, dir);
    uint64_t generation = 0;
    CHECK_STATUS(sb_session_set_text(session, "ap", 2), SB_OK);
    CHECK_STATUS(sb_session_search_now(session, &generation), SB_OK);
    CHECK(newest_results(session) == 3);
    CHECK_STATUS(sb_session_set_callbacks(session, NULL, set_options_inside, session), SB_OK);
    CHECK_STATUS(sb_session_begin_editing(session), SB_OK); /* did-begin-editing */
    CHECK(wait_inside_calls(1));
    CHECK(atomic_load(&g_bad_inside) == 1); /* bad options: refused at once, inside a callback too */
    CHECK(g_inside_status[0] == SB_OK); /* queued */
    /* It ran after the callback, and searched again with the new options. */
    CHECK(wait_count(session, 0) == 0);
    /* Outside a callback the defaults come back at once. */
    CHECK_STATUS(sb_session_set_search_options(session, NULL), SB_OK);
    CHECK(newest_results(session) == 3);
    /* On text-did-change: the same, the change and its search together. */
    CHECK_STATUS(sb_session_set_text(session, "apr", 3), SB_OK);
    CHECK(wait_inside_calls(2));
    CHECK(g_inside_status[1] == SB_OK);
    CHECK(wait_count(session, 0) == 0);
    CHECK_STATUS(sb_session_set_callbacks(session, NULL, NULL, NULL), SB_OK);
    /* Bad options outside a callback change nothing either. */
    CHECK_STATUS(sb_session_set_search_options(session, NULL), SB_OK);
    sb_search_options options = nothing_options();
    options.mode = 99;
    CHECK_STATUS(sb_session_set_search_options(session, &options), SB_EINVAL);
    CHECK_STATUS(sb_session_search_now(session, &generation), SB_OK);
    CHECK(wait_results(session, generation) == 1); /* "apr": apricot */
    sb_session_free(session);
}

int main(void) {
    char dir[] = "/tmp/sb-session-options-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    sb_index *index = fruit_index();
    options_queued_inside_callbacks(index, dir);
    sb_index_free(index);
    rmdir(dir);
    return check_report();
}
