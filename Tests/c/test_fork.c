/* fork(): a child process can neither use nor free the indexes and sessions its parent made
 * (their threads stayed in the parent): every call returns SB_EMISUSE at once instead of
 * hanging (searches that never completed, frees that waited forever) or draining the event
 * descriptor the parent's loop still watches. Objects the child makes work, timers included
 * (the shared timer thread, which stayed in the parent, is started again). The parent goes on
 * as before. Skipped under ThreadSanitizer, which does not support threads after a fork of a
 * multi-threaded process. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

#if defined(__SANITIZE_THREAD__)
#define SB_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SB_TSAN 1
#endif
#endif

static const char *TITLES[] = {"alpha", "alpine", "beta"};

static sb_index *make_index(void) {
    sb_index *index = NULL;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, NULL, 2, 0, 0}, &index), SB_OK);
    sb_item items[3];
    memset(items, 0, sizeof items);
    for (int i = 0; i < 3; i++) {
        items[i].id = (uint64_t)i;
        items[i].title = TITLES[i];
        items[i].title_len = strlen(TITLES[i]);
    }
    CHECK_STATUS(sb_index_add(index, items, 3), SB_OK);
    return index;
}

/* Types `text` into `session` (searching after a short delay, through the timer thread) and
 * waits up to 10 s for its results; returns how many items were found, or -1. */
static long type_and_wait(sb_session *session, const char *text) {
    sb_search_timing timing = SB_SEARCH_TIMING_INIT;
    if (sb_session_get_timing(session, &timing) != SB_OK) return -1;
    timing.delay_ms = 20;
    if (sb_session_set_timing(session, &timing) != SB_OK) return -1;
    if (sb_session_set_text(session, "", 0) != SB_OK) return -1;
    if (sb_session_insert_text(session, 0, text, strlen(text)) != SB_OK) return -1;
    sb_event event;
    uint64_t wanted = 0; /* the generation of the query for `text` */
    for (int i = 0; i < 100; i++) {
        if (sb_session_next_event(session, 100, &event) != SB_OK) continue;
        if (event.kind == SB_EVENT_UPDATE_SEARCH_RESULTS && event.text && strcmp(event.text, text) == 0)
            wanted = event.generation;
        sb_free(event.text);
        if (event.kind == SB_EVENT_RESULTS_READY && wanted != 0 && event.generation == wanted) {
            uint64_t generation = 0, *ids = NULL;
            size_t count = 0;
            if (sb_session_results(session, &generation, &ids, &count) != SB_OK) return -1;
            sb_free(ids);
            return (long)count;
        }
    }
    return -1;
}

static atomic_int g_async_done;
static void on_done(void *context, uint64_t ticket, sb_status status, sb_results *results) {
    (void)context;
    (void)ticket;
    if (status == SB_OK) sb_results_free(results);
    atomic_store(&g_async_done, 1);
}

static int child(sb_index *inherited_index, sb_session *inherited_session) {
    alarm(60); /* a hang is a failure */
    sb_results *results = NULL;
    sb_event event;
    CHECK_STATUS(sb_index_search(inherited_index, "al", 2, NULL, &results), SB_EMISUSE);
    CHECK(strstr(sb_last_error(), "fork") != NULL);
    CHECK_STATUS(sb_session_insert_text(inherited_session, 0, "x", 1), SB_EMISUSE);
    CHECK_STATUS(sb_session_next_event(inherited_session, 0, &event), SB_EMISUSE);
    CHECK_STATUS(sb_session_free(inherited_session), SB_EMISUSE);
    sb_index_free(inherited_index); /* returns: left alone */

    /* New objects work, their timers and executor threads too. */
    sb_index *index = make_index();
    CHECK_STATUS(sb_index_search(index, "al", 2, NULL, &results), SB_OK);
    CHECK(results_count(results) == 2);
    sb_results_free(results);
    uint64_t ticket = 0;
    CHECK_STATUS(sb_index_search_async(index, "be", 2, NULL, on_done, NULL, &ticket), SB_OK);
    for (int i = 0; i < 10000 && !atomic_load(&g_async_done); i++) usleep(1000);
    CHECK(atomic_load(&g_async_done));
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(index, NULL, &session), SB_OK);
    CHECK(type_and_wait(session, "alp") == 2);
    CHECK_STATUS(sb_session_free(session), SB_OK);
    sb_index_free(index);
    return check_report();
}

int main(void) {
#ifdef SB_TSAN
    printf("skipped under ThreadSanitizer\n");
    return 0;
#else
    alarm(120);
    sb_index *index = make_index();
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(index, NULL, &session), SB_OK);
    CHECK(type_and_wait(session, "al") == 2);

    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) _exit(child(index, session));
    CHECK(pid > 0);
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);

    /* The parent's objects are untouched, and its event descriptor was not drained. */
    CHECK(type_and_wait(session, "alpi") == 1);
    CHECK_STATUS(sb_session_free(session), SB_OK);
    sb_index_free(index);
    return check_report();
#endif
}
