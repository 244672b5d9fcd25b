/*
 * sb_session_deliver_results() and sb_session_fail_search() through the installed library: only a
 * session made without an index takes results or failures from its host; on a session with an
 * index they are SB_EMISUSE and its own results stand.
 */
#define _GNU_SOURCE /* mkdtemp under -std=c99 */
#include <searchbar.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fruit_fixture.h"

/* A session with an index takes no results from the host. */
static void index_sessions_refuse_host_results(sb_index *index, const char *dir) {
    sb_session *session = index_session(index, dir);
    CHECK_STATUS(sb_session_set_text(session, "ap", 2), SB_OK);
    uint64_t generation = 0;
    CHECK_STATUS(sb_session_search_now(session, &generation), SB_OK);
    uint64_t foreign[2] = {900, 901};
    CHECK_STATUS(sb_session_deliver_results(session, generation, foreign, 2), SB_EMISUSE);
    CHECK(strstr(sb_last_error(), "index") != NULL || strstr(sb_last_error(), "backend") != NULL);
    CHECK_STATUS(sb_session_fail_search(session, generation, "down", 4), SB_EMISUSE);
    CHECK(wait_results(session, generation) == 3);
    uint64_t shown = 0, *ids = NULL;
    size_t count = 0;
    CHECK_STATUS(sb_session_results(session, &shown, &ids, &count), SB_OK);
    CHECK(shown == generation && count == 3);
    for (size_t i = 0; i < count; i++) CHECK(ids[i] >= 1 && ids[i] <= 3);
    sb_free(ids);
    /* Answering an old, already answered generation is refused the same way. */
    CHECK_STATUS(sb_session_deliver_results(session, generation, foreign, 2), SB_EMISUSE);
    CHECK_STATUS(sb_session_results(session, &shown, &ids, &count), SB_OK);
    CHECK(count == 3 && ids[0] != 900);
    sb_free(ids);
    sb_session_free(session);

    /* A session without an index still takes them. */
    sb_session_options options = SB_SESSION_OPTIONS_INIT;
    options.clock = SB_CLOCK_MANUAL;
    options.recents_directory = dir;
    sb_session *host = NULL;
    CHECK_STATUS(sb_session_new(NULL, &options, &host), SB_OK);
    CHECK_STATUS(sb_session_set_text(host, "ap", 2), SB_OK);
    CHECK_STATUS(sb_session_search_now(host, &generation), SB_OK);
    CHECK_STATUS(sb_session_deliver_results(host, generation, foreign, 2), SB_OK);
    CHECK_STATUS(sb_session_results(host, &shown, &ids, &count), SB_OK);
    CHECK(count == 2 && ids[0] == 900 && ids[1] == 901);
    sb_free(ids);
    CHECK_STATUS(sb_session_search_now(host, &generation), SB_OK);
    CHECK_STATUS(sb_session_fail_search(host, generation, "down", 4), SB_OK);
    sb_session_free(host);
}

int main(void) {
    char dir[] = "/tmp/sb-host-results-XXXXXX";
    if (!mkdtemp(dir)) return 2;
    sb_index *index = fruit_index();
    index_sessions_refuse_host_results(index, dir);
    sb_index_free(index);
    rmdir(dir);
    return check_report();
}
