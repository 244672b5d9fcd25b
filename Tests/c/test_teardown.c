/* Freeing while other threads are inside the library:
 *  - sb_session_free() wakes the threads blocked in sb_session_next_event(session, -1, ...), as
 *    the header promises, and returns even when the blocked thread is the session's own event
 *    callback (free waits for running callbacks, so it waited for itself forever);
 *  - sb_index_free(B) called from inside index A's search callback returns only after B's
 *    pending callbacks have returned (a thread-wide "inside a callback" flag made it return at
 *    once, and the host then freed B's context under a running callback).
 * A watchdog turns a hang into a failure. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

static sb_session *g_session;
static atomic_int g_waiting, g_returned;
static sb_status g_waiter_status = -1;

static void *blocked_reader(void *arg) {
    (void)arg;
    sb_event event;
    atomic_store(&g_waiting, 1);
    g_waiter_status = sb_session_next_event(g_session, -1, &event);
    if (g_waiter_status == SB_OK) sb_free(event.text);
    atomic_store(&g_returned, 1);
    return NULL;
}

/* Waits up to `seconds` for `flag`; returns whether it was set. */
static int wait_for(atomic_int *flag, double seconds) {
    for (int i = 0; i < (int)(seconds * 1000) && !atomic_load(flag); i++) usleep(1000);
    return atomic_load(flag);
}

static void *watchdog(void *arg) {
    (void)arg;
    sleep(60);
    fprintf(stderr, "watchdog: the test hung for 60 s\n");
    _exit(3);
}

/* The event callback drains the queue with a blocking wait, so it blocks once the queue is
 * empty (a host that reads its events from inside the callback). */
static atomic_int g_in_callback_wait, g_callback_returned;
static void on_event(void *user, const sb_event *event) {
    (void)event;
    sb_session *session = user;
    sb_event next;
    atomic_store(&g_in_callback_wait, 1);
    while (sb_session_next_event(session, -1, &next) == SB_OK) sb_free(next.text);
    atomic_store(&g_callback_returned, 1);
}

static void *type_and_search(void *arg) {
    sb_session *session = arg;
    sb_session_set_text(session, "al", 2);
    sb_session_search_now(session, NULL);
    return NULL;
}

/* Index B's callback takes a while; index A's callback frees B. */
static sb_index *g_b;
static atomic_int g_b_callback_returned, g_a_checked;
static int g_b_returned_before_free_returned = -1;
static void b_done(void *context, uint64_t ticket, sb_status status, sb_results *results) {
    (void)context;
    (void)ticket;
    (void)status;
    usleep(200 * 1000);
    sb_results_free(results);
    atomic_store(&g_b_callback_returned, 1);
}
static void a_done(void *context, uint64_t ticket, sb_status status, sb_results *results) {
    (void)context;
    (void)ticket;
    (void)status;
    sb_results_free(results);
    uint64_t b_ticket = 0;
    if (sb_index_search_async(g_b, "al", 2, NULL, b_done, NULL, &b_ticket) == SB_OK) {
        sb_index_free(g_b);
        g_b_returned_before_free_returned = atomic_load(&g_b_callback_returned);
    }
    atomic_store(&g_a_checked, 1);
}

int main(void) {
    pthread_t dog;
    pthread_create(&dog, NULL, watchdog, NULL);

    /* A thread blocked in next_event(-1) on a session with nothing queued. */
    CHECK_STATUS(sb_session_new(NULL, NULL, &g_session), SB_OK);
    sb_event event;
    while (sb_session_next_event(g_session, 0, &event) == SB_OK) sb_free(event.text);
    pthread_t reader;
    pthread_create(&reader, NULL, blocked_reader, NULL);
    wait_for(&g_waiting, 10);
    usleep(50 * 1000); /* into poll() */
    CHECK(!atomic_load(&g_returned));
    CHECK_STATUS(sb_session_free(g_session), SB_OK);
    CHECK(wait_for(&g_returned, 10));
    pthread_join(reader, NULL);
    /* woken by the free (SB_ETIMEDOUT: "or the session is being freed"), or, had it not yet
     * entered the call, refused as a freed handle */
    CHECK(g_waiter_status == SB_ETIMEDOUT || g_waiter_status == SB_EINVAL);

    /* The waiter is the session's own event callback, on a pool thread. */
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, NULL, 1, 0, 0}, &index), SB_OK);
    sb_item item = {.id = 1, .title = "alpha", .title_len = 5};
    CHECK_STATUS(sb_index_add(index, &item, 1), SB_OK);
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(index, NULL, &session), SB_OK);
    CHECK_STATUS(sb_session_set_callbacks(session, NULL, on_event, session), SB_OK);
    /* Events are delivered on the thread that caused them (here the typist's, or a pool
     * thread's for the results), so the typing happens on a thread of its own. */
    pthread_t typist;
    pthread_create(&typist, NULL, type_and_search, session);
    CHECK(wait_for(&g_in_callback_wait, 10));
    usleep(50 * 1000);
    CHECK_STATUS(sb_session_free(session), SB_OK); /* returned: the callback was woken */
    CHECK(atomic_load(&g_callback_returned));
    pthread_join(typist, NULL);
    sb_index_free(index);

    /* sb_index_free(B) from inside A's callback. */
    sb_index *a = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, NULL, 1, 0, 0}, &a), SB_OK);
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, NULL, 1, 0, 0}, &g_b), SB_OK);
    CHECK_STATUS(sb_index_add(a, &item, 1), SB_OK);
    CHECK_STATUS(sb_index_add(g_b, &item, 1), SB_OK);
    uint64_t ticket = 0;
    CHECK_STATUS(sb_index_search_async(a, "al", 2, NULL, a_done, NULL, &ticket), SB_OK);
    CHECK(wait_for(&g_a_checked, 20));
    CHECK(g_b_returned_before_free_returned == 1);
    sb_index_free(a);
    return check_report();
}
