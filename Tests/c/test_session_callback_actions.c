/*
 * A delegate acting on the bar from its callbacks, through the installed library: what a
 * callback asks for is queued (SB_OK), runs on the same thread right after the callback
 * returns, in order, and its events follow in order on the callback and on the queue; a queued
 * call that fails when it runs is an SB_EVENT_ERROR; freeing stays refused (SB_EMISUSE).
 * Events go to the callback on the thread that raised them unless another thread is already
 * delivering the session's events (a pool thread with results): that thread then delivers them
 * too, and runs what the callback queued. So the checks wait for what they expect (up to 30 s),
 * and the host's record is kept under a lock.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <pthread.h>
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fruit_fixture.h"

typedef struct {
    pthread_mutex_t lock; /* callbacks may run on a pool thread */
    sb_session *session;
    uint32_t kinds[64];
    int count;
    sb_status statuses[16];
    int status_count;
    char error_text[256];
    uint32_t error_status;
} host;

static void record(host *h, const sb_event *event) {
    pthread_mutex_lock(&h->lock);
    if (h->count < 64) h->kinds[h->count++] = event->kind;
    if (event->kind == SB_EVENT_ERROR && event->generation == 0) {
        size_t n = event->text_len < sizeof h->error_text - 1 ? event->text_len : sizeof h->error_text - 1;
        memcpy(h->error_text, event->text, n);
        h->error_text[n] = 0;
        h->error_status = event->status;
    }
    pthread_mutex_unlock(&h->lock);
}

static void keep(host *h, sb_status status) {
    pthread_mutex_lock(&h->lock);
    if (h->status_count < 16) h->statuses[h->status_count++] = status;
    pthread_mutex_unlock(&h->lock);
}

/* A copy of the host's record, taken under its lock. */
static host seen(host *h) {
    pthread_mutex_lock(&h->lock);
    host copy = *h;
    pthread_mutex_unlock(&h->lock);
    return copy;
}

/* Forgets the events recorded so far. */
static void forget(host *h) {
    pthread_mutex_lock(&h->lock);
    h->count = 0;
    pthread_mutex_unlock(&h->lock);
}

static int position(const host *h, uint32_t kind) {
    for (int i = 0; i < h->count; i++)
        if (h->kinds[i] == kind) return i;
    return -1;
}

/* Waits (up to 30 s) until the callback has seen `kind` and made `statuses` calls; 1 if so. */
static int wait_for(host *h, uint32_t kind, int statuses) {
    for (int i = 0; i < 30000; i++) {
        host now = seen(h);
        if ((kind == UINT32_MAX || position(&now, kind) >= 0) && now.status_count >= statuses) return 1;
        usleep(1000);
    }
    return 0;
}

/* searchBarSearchButtonClicked: resign the focus. */
static void resign_on_search(void *user, const sb_event *event) {
    host *h = user;
    record(h, event);
    if (event->kind == SB_EVENT_SEARCH_BUTTON) {
        keep(h, sb_session_end_editing(h->session));
        keep(h, sb_session_free(h->session)); /* stays refused */
    }
}

/* searchBarCancelButtonClicked and a chosen result: deactivate. */
static void deactivate(void *user, const sb_event *event) {
    host *h = user;
    record(h, event);
    if (event->kind == SB_EVENT_CANCEL_BUTTON || event->kind == SB_EVENT_RESULT_CHOSEN)
        keep(h, sb_session_set_active(h->session, 0));
}

/* A suggestion chosen: the field gets the full title. Then two calls in order. */
static void set_text_on_suggestion(void *user, const sb_event *event) {
    host *h = user;
    record(h, event);
    if (event->kind == SB_EVENT_SUGGESTION_CHOSEN) {
        keep(h, sb_session_set_text(h->session, "apple pie", 9));
        keep(h, sb_session_insert_text(h->session, 9, "s", 1));
    }
}

/* A call that fails when it runs: selecting a scope that does not exist. */
static void failing_call(void *user, const sb_event *event) {
    host *h = user;
    record(h, event);
    if (event->kind == SB_EVENT_DID_BEGIN_EDITING) keep(h, sb_session_select_scope(h->session, 5));
}

static sb_session *new_session(sb_index *index, const char *dir, host *h, sb_event_callback callback) {
    memset(h, 0, sizeof *h);
    pthread_mutex_init(&h->lock, NULL);
    h->session = index_session(index, dir);
    CHECK_STATUS(sb_session_set_callbacks(h->session, NULL, callback, h), SB_OK);
    return h->session;
}

static void drain(sb_session *session) {
    sb_event event;
    while (sb_session_next_event(session, 0, &event) == SB_OK) sb_free(event.text);
}

/* Events whose timing depends on the index's threads. */
static int is_async(uint32_t kind) {
    return kind == SB_EVENT_RESULTS_READY || kind == SB_EVENT_SEARCH_STALLED || kind == SB_EVENT_SUPERSEDED;
}

/* The position of `kind` among the recorded events that are not async; -1 when absent. */
static int sync_position(const host *h, uint32_t kind) {
    for (int i = 0, k = 0; i < h->count; i++) {
        if (is_async(h->kinds[i])) continue;
        if (h->kinds[i] == kind) return k;
        k++;
    }
    return -1;
}

static int is_editing(sb_session *session, int *active) {
    sb_display *d = NULL;
    CHECK_STATUS(sb_session_display(session, &d), SB_OK);
    int editing = d ? d->is_editing : -1;
    if (active) *active = d ? d->is_active : -1;
    sb_free(d);
    return editing;
}

static void test_resign_on_search(sb_index *index, const char *dir) {
    host h;
    sb_session *s = new_session(index, dir, &h, resign_on_search);
    CHECK_STATUS(sb_session_begin_editing(s), SB_OK);
    CHECK_STATUS(sb_session_set_text(s, "ap", 2), SB_OK);
    /* Events reach the callback in order: once it has the bookmark tap, it has had every event
     * before it, and none of them can be recorded after forget(). */
    CHECK_STATUS(sb_session_tap_bookmark_button(s), SB_OK);
    CHECK(wait_for(&h, SB_EVENT_BOOKMARK_BUTTON, 0));
    drain(s);
    forget(&h);
    CHECK_STATUS(sb_session_submit(s), SB_OK);
    CHECK(wait_for(&h, SB_EVENT_DID_END_EDITING, 2));
    host record = seen(&h);
    CHECK(record.status_count == 2);
    CHECK(record.statuses[0] == SB_OK);      /* queued */
    CHECK(record.statuses[1] == SB_EMISUSE); /* freeing inside its own callback */
    int active = 0;
    CHECK(is_editing(s, &active) == 0); /* it ran after the callback */
    CHECK(active == 1);
    /* Among the events that are not a search's (results of the earlier "ap" may still come in). */
    int search = sync_position(&record, SB_EVENT_SEARCH_BUTTON);
    int update = sync_position(&record, SB_EVENT_UPDATE_SEARCH_RESULTS);
    int ended = sync_position(&record, SB_EVENT_DID_END_EDITING);
    CHECK(search == 0 && update > search && ended > update);
    /* The queue holds the same events in the same order. */
    sb_event event;
    int i = 0, same = 1;
    while (sb_session_next_event(s, 0, &event) == SB_OK) {
        if (!is_async(event.kind)) {
            while (i < record.count && is_async(record.kinds[i])) i++;
            if (i >= record.count || record.kinds[i] != event.kind) same = 0;
            i++;
        }
        sb_free(event.text);
    }
    CHECK(same);
    CHECK_STATUS(sb_session_free(s), SB_OK);
}

static void test_deactivate(sb_index *index, const char *dir) {
    host h;
    sb_session *s = new_session(index, dir, &h, deactivate);
    CHECK_STATUS(sb_session_begin_editing(s), SB_OK);
    CHECK_STATUS(sb_session_set_text(s, "ap", 2), SB_OK);
    CHECK_STATUS(sb_session_cancel(s), SB_OK);
    CHECK(wait_for(&h, SB_EVENT_DID_DISMISS, 1));
    int active = 1;
    CHECK(is_editing(s, &active) == 0 && active == 0);
    CHECK_STATUS(sb_session_begin_editing(s), SB_OK);
    forget(&h);
    CHECK_STATUS(sb_session_choose_result(s, 2), SB_OK);
    CHECK(wait_for(&h, SB_EVENT_DID_DISMISS, 2));
    CHECK(is_editing(s, &active) == 0 && active == 0);
    host record = seen(&h);
    CHECK(position(&record, SB_EVENT_RESULT_CHOSEN) < position(&record, SB_EVENT_DID_DISMISS));
    CHECK(position(&record, SB_EVENT_ERROR) == -1);
    CHECK(record.status_count == 2 && record.statuses[0] == SB_OK && record.statuses[1] == SB_OK);
    CHECK_STATUS(sb_session_free(s), SB_OK);
}

static void test_set_text_on_suggestion(sb_index *index, const char *dir) {
    host h;
    sb_session *s = new_session(index, dir, &h, set_text_on_suggestion);
    sb_suggestion suggestion;
    memset(&suggestion, 0, sizeof suggestion);
    suggestion.action = SB_SUGGESTION_REPLACE_TEXT;
    suggestion.title = "Apple pie (recipe)";
    suggestion.title_len = strlen(suggestion.title);
    suggestion.completion = "apple";
    suggestion.completion_len = 5;
    CHECK_STATUS(sb_session_set_host_suggestions(s, 0, &suggestion, 1), SB_OK);
    CHECK_STATUS(sb_session_set_text(s, "ap", 2), SB_OK);
    sb_suggestion *list = NULL;
    size_t count = 0;
    CHECK_STATUS(sb_session_suggestions(s, &list, &count), SB_OK);
    int64_t chosen = -1;
    for (size_t i = 0; i < count; i++)
        if (list[i].source == SB_SUGGESTION_HOST) chosen = (int64_t)i;
    sb_free(list);
    CHECK(chosen >= 0);
    CHECK_STATUS(sb_session_choose_suggestion(s, chosen), SB_OK);
    CHECK(wait_for(&h, UINT32_MAX, 2));
    char *text = NULL;
    size_t len = 0;
    int same_text = 0;
    for (int i = 0; i < 30000 && !same_text; i++) { /* the queued calls may still be running */
        CHECK_STATUS(sb_session_get_text(s, &text, &len), SB_OK);
        same_text = text && strcmp(text, "apple pies") == 0;
        sb_free(text);
        if (!same_text) usleep(1000);
    }
    CHECK(same_text); /* both calls ran, in order */
    host record = seen(&h);
    CHECK(record.status_count == 2 && record.statuses[0] == SB_OK && record.statuses[1] == SB_OK);
    /* The newest query is for that text and its results arrive; none older is delivered. */
    sb_display *d = NULL;
    CHECK_STATUS(sb_session_display(s, &d), SB_OK);
    uint64_t newest = d ? d->generation : 0;
    sb_free(d);
    CHECK(wait_results(s, newest) >= 0);
    CHECK_STATUS(sb_session_free(s), SB_OK);
}

static void test_failure_is_an_error_event(sb_index *index, const char *dir) {
    host h;
    sb_session *s = new_session(index, dir, &h, failing_call);
    CHECK_STATUS(sb_session_begin_editing(s), SB_OK);
    CHECK(wait_for(&h, SB_EVENT_ERROR, 1));
    host record = seen(&h);
    CHECK(record.status_count == 1 && record.statuses[0] == SB_OK); /* queued: checked when it runs */
    CHECK(position(&record, SB_EVENT_ERROR) > position(&record, SB_EVENT_DID_BEGIN_EDITING));
    CHECK(record.error_status == SB_EINVAL);
    CHECK(strstr(record.error_text, "selectScope") != NULL);
    CHECK_STATUS(sb_session_free(s), SB_OK);
}

int main(void) {
    char dir[] = "/tmp/sb-callback-actions-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    sb_index *index = fruit_index();
    test_resign_on_search(index, dir);
    test_deactivate(index, dir);
    test_set_text_on_suggestion(index, dir);
    test_failure_is_an_error_event(index, dir);
    sb_index_free(index);
    rmdir(dir);
    return check_report();
}
