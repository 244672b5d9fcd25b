/* When the system refuses new threads (a process at its thread or memory limit), nothing
 * traps or hangs: sb_index_new fails with SB_ENOMEM instead of returning an index whose
 * asynchronous searches never complete (and whose free waited forever), and a session whose
 * timer thread cannot start still searches (its timers fire on the caller's thread, outside
 * the session's lock; they fired under it and trapped with "Recursive call to lock Mutex").
 *
 * The test re-runs itself with a stack limit of 4 TiB: every thread's default stack is then
 * 4 TiB and pthread_create fails with EAGAIN. Skipped under a sanitizer, whose runtime needs
 * the normal address-space layout. */
#define _GNU_SOURCE
#include <searchbar.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SB_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SB_SANITIZED 1
#endif
#endif

static void *nothing(void *arg) { return arg; }

static int without_threads(void) {
    alarm(60); /* a hang is a failure */
    pthread_t probe;
    int refused = pthread_create(&probe, NULL, nothing, NULL);
    if (refused == 0) {
        pthread_join(probe, NULL);
        printf("threads could still be created; nothing tested\n");
        CHECK(0);
        return check_report();
    }

    sb_index *index = (sb_index *)1;
    CHECK_STATUS(sb_index_new(&(sb_index_options){SB_INDEX_OPTIONS_VERSION, SB_MODE_PREFIX, 0, NULL, 2, 0, 0}, &index), SB_ENOMEM);
    CHECK(index == NULL);
    CHECK(strstr(sb_last_error(), "thread") != NULL);

    /* A host-searched session with a search delay: the delay's timer cannot get a thread. */
    sb_session *session = NULL;
    CHECK_STATUS(sb_session_new(NULL, NULL, &session), SB_OK);
    sb_search_timing timing = SB_SEARCH_TIMING_INIT;
    CHECK_STATUS(sb_session_get_timing(session, &timing), SB_OK);
    timing.delay_ms = 200;
    CHECK_STATUS(sb_session_set_timing(session, &timing), SB_OK);
    CHECK_STATUS(sb_session_insert_text(session, 0, "abc", 3), SB_OK);
    int searched = 0;
    sb_event event;
    while (sb_session_next_event(session, 0, &event) == SB_OK) {
        if (event.kind == SB_EVENT_UPDATE_SEARCH_RESULTS) searched = 1;
        sb_free(event.text);
    }
    CHECK(searched); /* early rather than never */
    CHECK_STATUS(sb_session_free(session), SB_OK);
    return check_report();
}

int main(int argc, char **argv) {
#ifdef SB_SANITIZED
    (void)argc;
    (void)argv;
    printf("skipped under a sanitizer\n");
    return 0;
#else
    if (argc > 1 && strcmp(argv[1], "--without-threads") == 0) return without_threads();
    struct rlimit limit = {(rlim_t)1 << 42, (rlim_t)1 << 42};
    if (setrlimit(RLIMIT_STACK, &limit) != 0) {
        perror("setrlimit");
        return 1;
    }
    execl("/proc/self/exe", argv[0], "--without-threads", (char *)NULL);
    perror("exec");
    return 1;
#endif
}
