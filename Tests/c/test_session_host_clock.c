/* A session on the host's clock (SB_CLOCK_HOST), driven the way a GTK or Qt main loop drives
 * it: poll() on the event descriptor with sb_session_next_deadline() as the timeout, drain the
 * queue when it is readable, sb_session_run_due() when the deadline comes. The delayed search
 * and the stall notice happen only through sb_session_run_due(), on the main thread; no timer
 * fires on another thread; a timer armed on another thread wakes the poll. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "fruit_fixture.h"

static pthread_t main_thread;
/* Timer-driven events (a delayed search's update, a stall notice) seen on another thread. */
static int timer_events_elsewhere = 0;
static int timer_events_here = 0;

static void on_event(void *user, const sb_event *event) {
    (void)user;
    if (event->kind == SB_EVENT_UPDATE_SEARCH_RESULTS || event->kind == SB_EVENT_SEARCH_STALLED) {
        if (pthread_equal(pthread_self(), main_thread)) {
            timer_events_here++;
        } else {
            timer_events_elsewhere++;
        }
    }
}

static long monotonic_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static sb_session *host_session(sb_index *index, uint32_t delay_ms, uint32_t stall_ms) {
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_HOST;
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(index, &options, &session), SB_OK);
    sb_search_timing timing = SB_SEARCH_TIMING_INIT;
    timing.delay_ms = delay_ms;
    timing.stall_ms = stall_ms;
    CHECK_STATUS(sb_session_set_timing(session, &timing), SB_OK);
    return session;
}

/* Drains the queue, counting events of `kind` (and remembering the last results count). */
static int drain(sb_session *session, uint32_t kind, uint64_t *results) {
    int seen = 0;
    sb_event event;
    while (sb_session_next_event(session, 0, &event) == SB_OK) {
        if (event.kind == kind) seen++;
        if (event.kind == SB_EVENT_RESULTS_READY && results) *results = event.count;
        sb_free(event.text);
    }
    return seen;
}

/* The host's main loop, for up to 30 s (a bound that holds on a loaded machine): poll the
 * descriptor with the deadline as timeout, drain, run what is due. Returns once results came. */
static int main_loop_until_results(sb_session *session, uint64_t *results, int *updates, int *run_due_calls) {
    int32_t fd = -1;
    CHECK_STATUS(sb_session_event_fd(session, &fd), SB_OK);
    long give_up = monotonic_ms() + 30000;
    while (monotonic_ms() < give_up) {
        int64_t deadline = -2;
        CHECK_STATUS(sb_session_next_deadline(session, &deadline), SB_OK);
        CHECK(deadline >= -1);
        if (deadline == 0) {
            CHECK_STATUS(sb_session_run_due(session), SB_OK);
            (*run_due_calls)++;
            continue;
        }
        struct pollfd entry = {fd, POLLIN, 0};
        int timeout = deadline < 0 || deadline > 1000 ? 1000 : (int)deadline;
        if (poll(&entry, 1, timeout) > 0) {
            *updates += drain(session, SB_EVENT_UPDATE_SEARCH_RESULTS, results);
            if (*results != UINT64_MAX) return 1;
        }
    }
    return 0;
}

static void typing_searches_only_through_run_due(void) {

    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(NULL, &index), SB_OK);
    add_fruit(index);
    sb_session *session = host_session(index, 150, 0);
    CHECK_STATUS(sb_session_set_callbacks(session, NULL, on_event, NULL), SB_OK);

    int64_t deadline = -2;
    CHECK_STATUS(sb_session_next_deadline(session, &deadline), SB_OK);
    CHECK(deadline == -1); /* nothing pending */

    long typed = monotonic_ms();
    CHECK_STATUS(sb_session_insert_text(session, 0, "ap", 2), SB_OK);
    CHECK_STATUS(sb_session_next_deadline(session, &deadline), SB_OK);
    CHECK(deadline > 0 && deadline <= 150);

    /* Past the deadline without run_due: no thread of the library searched. */
    usleep(400 * 1000);
    CHECK(drain(session, SB_EVENT_UPDATE_SEARCH_RESULTS, NULL) == 0);
    CHECK_STATUS(sb_session_next_deadline(session, &deadline), SB_OK);
    CHECK(deadline == 0); /* due now */
    CHECK(timer_events_here == 0 && timer_events_elsewhere == 0);

    uint64_t results = UINT64_MAX;
    int updates = 0, run_due_calls = 0;
    CHECK(main_loop_until_results(session, &results, &updates, &run_due_calls));
    CHECK(results >= 2); /* apple, apricot at least */
    CHECK(updates == 1);
    CHECK(run_due_calls >= 1);
    CHECK(monotonic_ms() - typed >= 150);
    /* The first search's update reached the callback on this thread, from run_due. */
    CHECK(timer_events_here == 1 && timer_events_elsewhere == 0);

    /* Each keystroke moves the deadline; the search runs once, for the last text. (The event
     * callback is not checked here: a pool thread still delivering the previous results to it
     * would deliver the new update too, in order; the queue shows where the timer fired.) */
    CHECK_STATUS(sb_session_insert_text(session, 2, "r", 1), SB_OK);
    CHECK_STATUS(sb_session_insert_text(session, 3, "i", 1), SB_OK);
    results = UINT64_MAX;
    updates = 0;
    CHECK(main_loop_until_results(session, &results, &updates, &run_due_calls));
    CHECK(results == 1); /* apricot */
    CHECK(updates == 1);
    CHECK_STATUS(sb_session_next_deadline(session, &deadline), SB_OK);
    CHECK(deadline == -1);
    CHECK_STATUS(sb_session_run_due(session), SB_OK); /* nothing due: harmless */

    CHECK_STATUS(sb_session_free(session), SB_OK);
    CHECK_STATUS(sb_index_free(index), SB_OK);
}

static void stall_notice_fires_on_the_main_thread(void) {
    /* A host-searched session that never answers: the stall notice is a timer too. */
    sb_session *session = host_session(NULL, 0, 50);
    CHECK_STATUS(sb_session_set_callbacks(session, NULL, on_event, NULL), SB_OK);
    timer_events_here = timer_events_elsewhere = 0;
    CHECK_STATUS(sb_session_submit(session), SB_OK); /* searches at once, arms the stall timer */
    CHECK(timer_events_here == 1); /* the update of the submit itself, on this thread */
    int64_t deadline = -2;
    CHECK_STATUS(sb_session_next_deadline(session, &deadline), SB_OK);
    CHECK(deadline > 0 && deadline <= 50);
    usleep(200 * 1000);
    CHECK(drain(session, SB_EVENT_SEARCH_STALLED, NULL) == 0);
    CHECK_STATUS(sb_session_run_due(session), SB_OK);
    CHECK(drain(session, SB_EVENT_SEARCH_STALLED, NULL) == 1);
    CHECK(timer_events_here == 2 && timer_events_elsewhere == 0);
    CHECK_STATUS(sb_session_free(session), SB_OK);
}

/* Types "a" after 100 ms; the status goes back through `typed_status` (checked by the main
 * thread after the join: CHECK's counters belong to the main thread). */
static sb_status typed_status = SB_EINTERNAL;
static void *type_from_another_thread(void *arg) {
    usleep(100 * 1000);
    typed_status = sb_session_insert_text((sb_session *)arg, 0, "a", 1);
    return NULL;
}

static void a_deadline_armed_elsewhere_wakes_the_host(void) {
    /* No queue (callbacks only): the descriptor becomes readable only to wake the host. */
    sb_session *session = host_session(NULL, 150, 0);
    CHECK_STATUS(sb_session_set_callbacks(session, NULL, on_event, NULL), SB_OK);
    CHECK_STATUS(sb_session_set_event_queue_capacity(session, 0, NULL), SB_OK);
    int32_t fd = -1;
    CHECK_STATUS(sb_session_event_fd(session, &fd), SB_OK);
    int64_t deadline = -2;
    CHECK_STATUS(sb_session_next_deadline(session, &deadline), SB_OK);
    CHECK(deadline == -1);
    struct pollfd entry = {fd, POLLIN, 0};
    CHECK(poll(&entry, 1, 0) == 0);

    pthread_t typist;
    CHECK(pthread_create(&typist, NULL, type_from_another_thread, session) == 0);
    /* The host sleeps "forever" (30 s bound): the new deadline must wake it. */
    CHECK(poll(&entry, 1, 30000) == 1);
    pthread_join(typist, NULL);
    CHECK(typed_status == SB_OK);
    CHECK_STATUS(sb_session_next_deadline(session, &deadline), SB_OK);
    CHECK(deadline >= 0 && deadline <= 150);
    entry.revents = 0;
    CHECK(poll(&entry, 1, 0) == 0); /* reading the deadline consumed the wake-up */
    CHECK_STATUS(sb_session_free(session), SB_OK);
}

static void misuse_and_bad_input(void) {
    sb_session *system_session = NULL;
    CHECK_STATUS(sb_session_new(NULL, NULL, &system_session), SB_OK);
    int64_t deadline = 7;
    CHECK_STATUS(sb_session_next_deadline(system_session, &deadline), SB_EMISUSE);
    CHECK(deadline == -1);
    CHECK_STATUS(sb_session_run_due(system_session), SB_EMISUSE);
    CHECK_STATUS(sb_session_free(system_session), SB_OK);

    sb_session *session = host_session(NULL, 150, 0);
    CHECK_STATUS(sb_session_next_deadline(session, NULL), SB_EINVAL);
    CHECK_STATUS(sb_session_next_deadline(NULL, &deadline), SB_EINVAL);
    CHECK_STATUS(sb_session_run_due(NULL), SB_EINVAL);
    CHECK_STATUS(sb_session_free(session), SB_OK);
    CHECK_STATUS(sb_session_run_due(session), SB_EINVAL); /* freed */

    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = 3; /* unknown */
    CHECK_STATUS(sb_session_new(NULL, &options, &session), SB_EINVAL);
}

int main(void) {
    alarm(120); /* a hang is a failure */
    main_thread = pthread_self();
    typing_searches_only_through_run_due();
    stall_notice_fires_on_the_main_thread();
    a_deadline_armed_elsewhere_wakes_the_host();
    misuse_and_bad_input();
    return check_report();
}
